/**
 * The Overview (issue 34): the first view on load, the fixture's counts, counts that move on live
 * events without a reload, every link landing on its view, nothing cut off at 1280x800 and
 * 1920x1080, text at 4.5:1 at least, and no console error.
 */
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { envelope, message, startTestAgent } from "../gateway/test-agent.ts";
import { browserTest, contrasts, SHOTS, watchedPage } from "./browser.ts";

const SIZES = [[1280, 800], [1920, 1080]] as const;

async function post(base: string, path: string, body: unknown) {
  const response = await fetch(`${base}${path}`, { method: "POST", body: JSON.stringify(body) });
  const json = await response.json();
  assert.ok(response.ok, JSON.stringify(json));
  return json;
}

/** A signed operation, signed by ccemu with the demo key (as the UI's API view sends it). */
const signed = async (base: string, operation: string, params: Record<string, unknown>) =>
  (await post(base, "/_emulator/api/send", {
    operation,
    params,
    accessKeyId: "ccemu-demo-key",
  })).body;

/** The number a card shows under `label`. */
const count = (page: Page, card: string, label: string) =>
  page.locator(`ccemu-overview #overview-${card} dl.counts > div`, {
    has: page.locator("dt", { hasText: label }),
  }).locator("dd");

/** Tasks, a fault rule and its error, and a push with findings, all made the way clients do. */
async function fill(base: string, agentUrl: string) {
  const task = await signed(base, "POST /gateway/task_create", {
    enterpriseId: "7000001",
    callJobName: "overview task",
    callJobType: 2,
    robotDefId: 3001,
    userPhoneIds: "[501]",
    concurrencyQuota: 1,
  });
  await post(base, "/_emulator/faults", {
    operation: "/gateway/robot_list",
    effect: { type: "error", code: "TooManyRequests" },
    note: "overview throttle",
  });
  await signed(base, "POST /gateway/robot_list", { robotStatus: 1 });
  const robot = await post(base, "/_emulator/gateway/robots", {
    name: "flawed agent",
    url: `${agentUrl}/message`,
    platform: "Default",
  });
  const { sessionId } = await post(base, "/_emulator/gateway/sessions", {
    robotId: robot.robotId,
    responseMode: "blocking",
  });
  await post(base, `/_emulator/gateway/sessions/${sessionId}/messages`, { text: "hello" });
  return { callJobId: task.result.callJobId as number, sessionId: sessionId as string };
}

browserTest("overview: first view, counts, live, links, sizes, contrast", async (t, ui) => {
  const { running, browser } = ui;
  await using agent = startTestAgent(() =>
    Response.json({ status: 200, code: "success", data: { answers: "?" } })
  );
  const problems: string[] = [];
  const page = await watchedPage(browser, problems);
  const overview = page.locator("ccemu-overview");

  await t.step("the bare address opens the overview with the fixture's counts", async () => {
    await page.goto(`${running.url}/`);
    await overview.locator("h2", { hasText: "Overview" }).waitFor();
    const current = page.locator('nav button[aria-current="page"]');
    assert.equal(await current.textContent(), "Overview");
    assert.equal(await page.locator("nav button").first().textContent(), "Overview");
    assert.equal(await count(page, "conversations", "Robots").textContent(), "2");
    assert.equal(await count(page, "conversations", "Sessions").textContent(), "0");
    assert.equal(await count(page, "kb", "FAQs").textContent(), "6");
    assert.equal(await count(page, "kb", "Documents").textContent(), "3");
    assert.equal(await count(page, "outbound", "Tasks").textContent(), "0");
    assert.equal(await count(page, "faults", "In force").textContent(), "0");
    assert.equal(await overview.locator("#overview-keys li").count(), 3);
    assert.doesNotMatch(await overview.textContent() ?? "", /ccemu-demo-secret/);
    const time = overview.locator("#overview-clock dd time");
    assert.equal(await time.textContent(), "2026-01-05 09:00:00");
    assert.equal(await time.getAttribute("title"), "2026-01-05 01:00:00 UTC");
  });

  const made = await fill(running.url, agent.url);
  agent.answer(() => Response.json(envelope([message(100, { content: "fine" })])));

  await t.step("the counts move on live events, without a reload", async () => {
    await overview.locator("#overview-findings li").first().waitFor();
    await count(page, "conversations", "Sessions").filter({ hasText: "1" }).waitFor();
    assert.equal(await count(page, "conversations", "Robots").textContent(), "3");
    await count(page, "outbound", "Tasks").filter({ hasText: "1" }).waitFor();
    await count(page, "faults", "In force").filter({ hasText: "1" }).waitFor();
    await overview.locator("#overview-errors li", { hasText: "TooManyRequests" }).waitFor();
  });

  await t.step("at 1280x800 and 1920x1080 nothing is cut off", async () => {
    for (const [width, height] of SIZES) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${SHOTS}overview-${width}.png` });
      const cut = await overview.evaluate((host, innerWidth) => {
        const root = host.shadowRoot!;
        const boxes = [host, ...root.querySelectorAll(".card, .card li")] as HTMLElement[];
        return boxes.filter((el) =>
          el.scrollWidth > el.clientWidth || el.getBoundingClientRect().right > innerWidth
        ).map((el) => el.id || el.textContent!.trim().slice(0, 40));
      }, width);
      assert.deepEqual(cut, [], `cut off at ${width}x${height}`);
    }
  });

  await t.step("its text keeps 4.5:1", async () => {
    const found = await contrasts(
      overview.locator("h2, h3 a, dt, dd, li a, li .line, p, .badge, code"),
    );
    assert.deepEqual(found.filter(([, ratio]) => ratio < 4.5), []);
  });

  await t.step("each link lands on its view", async () => {
    const errorHref = await overview.locator("#overview-errors li a").first().getAttribute("href");
    const pushId = (await overview.locator("#overview-findings li a").first()
      .getAttribute("href"))!.split("/")[1];
    const heading = (id: string) =>
      page.locator("ccemu-inspector h3", { hasText: new RegExp(`^#${id} `) });
    const lands: [link: string, where: Locator][] = [
      ['#overview-conversations h3 a[href="#conversations"]', page.locator("ccemu-conversation")],
      [
        `a[href="#outbound/${made.callJobId}"]`,
        page.locator(`tr.task[data-id="${made.callJobId}"][aria-selected="true"]`),
      ],
      ['#overview-callbacks h3 a[href="#outbound"]', page.locator("ccemu-outbound")],
      [
        'a[href="#kb/102"]',
        page.locator('ccemu-kb button.repo[aria-current="true"]', { hasText: "Product manuals" }),
      ],
      [`#overview-errors li a[href="${errorHref}"]`, heading(errorHref!.split("/")[1])],
      [`a[href="#inspector/${pushId}"]`, heading(pushId)],
      [
        `a[href="#conversations/${made.sessionId}"]`,
        page.locator(
          `ccemu-session-list li[aria-current="true"][data-session="${made.sessionId}"]`,
        ),
      ],
      ['#overview-faults h3 a[href="#faults"]', page.locator("ccemu-state-controls #faults[open]")],
      ['#overview-stubs h3 a[href="#stubs"]', page.locator("ccemu-state-controls #stubs[open]")],
      ['#overview-keys li a[href="#keys"]', page.locator("ccemu-state-controls #keys[open]")],
      [
        '#overview-clock h3 a[href="#clock"]',
        page.locator("ccemu-state-controls #clock-controls[open]"),
      ],
    ];
    for (const [link, where] of lands) {
      await page.locator("nav button", { hasText: "Overview" }).click();
      await page.keyboard.press("Escape"); // an open pane would cover the cards
      await overview.locator(link).first().click();
      await where.first().waitFor();
    }
  });

  assert.deepEqual(problems, []);
});
