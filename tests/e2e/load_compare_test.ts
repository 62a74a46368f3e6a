/**
 * The Load and Compare views: a load against a sample robot draws its latency chart and a row per
 * step; two robots run side by side show the matrix, the regression, and one scenario's two
 * conversations with the texts' differences marked.
 */
import assert from "node:assert/strict";
import { browserTest, quickPage, SHOTS } from "./browser.ts";

browserTest("load view: a load against the sample robot, its chart and its steps", async (
  _t,
  { running, browser },
) => {
  const problems: string[] = [];
  const page = await quickPage(browser, problems);
  page.setDefaultTimeout(30_000);
  await page.goto(`${running.url}/#load`);
  const view = page.locator("ccemu-load");
  await view.getByLabel("Robot to load").selectOption("sample-default");
  await view.getByLabel("Visitors (1–500)").fill("3");
  await view.getByLabel("Duration, seconds (0.1–600)").fill("1");
  await view.getByLabel("p95 budget, ms (a step over it fails)").fill("60000");
  await view.getByRole("checkbox", { name: "sample agent, default way, streaming" }).check();
  await view.getByRole("button", { name: "Start load" }).click();
  await view.getByRole("heading", { name: "Load 1: finished" }).waitFor();
  const figures = await view.locator("#load-figures").textContent() ?? "";
  assert.match(figures, /\/_emulator\/sample-agents\/default\/message/);
  assert.match(figures, /\d+ replies in [\d.]+ s/);
  assert.match(figures, /PASS/);
  const rows = view.locator("#load-steps tbody tr");
  assert.equal(await rows.count(), 17);
  assert.match(await rows.first().textContent() ?? "", /open session/);
  const chart = view.locator("#latency-chart canvas");
  assert.equal(
    await chart.getAttribute("aria-label"),
    "Reply latency over the load: p50 and p95 a second, and replies a second",
  );
  const box = await chart.boundingBox();
  assert.ok(box && box.width > 300 && box.height > 150, JSON.stringify(box));
  // The load's visitors closed their sessions as they went.
  const sessions = await (await fetch(`${running.url}/_emulator/gateway/sessions`)).json();
  assert.equal(sessions.sessions.length, 0);
  await page.screenshot({ path: `${SHOTS}load-view.png` });
  assert.deepEqual(problems, []);
}, { clock: "real" });

browserTest("compare view: two robots, the matrix, the regression, the two chats", async (
  _t,
  { running, browser },
) => {
  const problems: string[] = [];
  const page = await quickPage(browser, problems);
  page.setDefaultTimeout(30_000);
  await page.goto(`${running.url}/#compare`);
  const view = page.locator("ccemu-compare");
  await view.getByLabel("Robot A (the reference)").selectOption("sample-default");
  await view.getByLabel("Robot B (the candidate)").selectOption("sample-platform-a");
  await view.getByRole("checkbox", { name: "sample agent, default way, blocking" }).check();
  await view.getByRole("button", { name: "Run both" }).click();
  const matrix = view.locator("#compare-matrix");
  await matrix.waitFor();
  const row = matrix.locator("tbody tr").first();
  assert.match(
    await row.textContent() ?? "",
    /sample agent, default way, blocking\s+pass.*fail.*regression/s,
  );
  assert.match(
    await view.locator("#compare-result-title").textContent() ?? "",
    /A: Sample agent \(default way\) \(robot sample-default\) · B: Sample agent \(platform-A way\)/,
  );
  const chats = view.locator("#compare-chats");
  // The open-session call and every step, each with both sides.
  assert.ok(await chats.locator(".step").count() >= 10);
  assert.ok(await chats.locator(".step", { hasText: "regression" }).count() >= 1);
  assert.ok(await chats.locator("ccemu-message").count() >= 20);
  // A text both answered differently: the difference marked, removed struck, added underlined.
  assert.ok(await chats.locator(".diff del").count() >= 1);
  assert.equal(
    await chats.locator(".diff ins").first().evaluate((el) =>
      getComputedStyle(el).textDecorationLine
    ),
    "underline",
  );
  await page.screenshot({ path: `${SHOTS}compare-view.png`, fullPage: false });
  assert.deepEqual(problems, []);
}, { clock: "real" });
