/**
 * The log docked beside the chat (issue 34, 1): each push of the open session shows there, live,
 * with its time in the tenant's zone (UTC on hover), status, latency and findings; a click shows
 * the push in place (findings with JSON paths, the stream, the reply) with a link to the
 * inspector. It fits beside the chat at 1280x800 and 1920x1080, and folds away.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { startTestAgent } from "../gateway/test-agent.ts";
import { addAgentByUrl, browserTest, SHOTS, watchedPage } from "./browser.ts";
import type { RunningEmulator } from "../../emulator/server.ts";

/** The pushes ccemu journaled for a session, oldest first. */
const pushesOf = (running: RunningEmulator, sessionId: string) =>
  running.emulator.journal.list().filter((e) =>
    (e as { push?: { sessionId: string } }).push?.sessionId === sessionId
  );

/** Nothing of the chat or its log is cut or runs out of its panel. */
async function fitsBeside(page: Page) {
  const chat = page.locator("ccemu-conversation");
  const boxes = await chat.locator("section.chat").evaluate((section) => {
    const log = section.querySelector("ccemu-session-log")!.getBoundingClientRect();
    const talk = section.querySelector(".talk")!;
    const panel = section.getBoundingClientRect();
    return {
      logInside: log.left >= panel.left && log.right <= panel.right + 1,
      talkWidth: talk.getBoundingClientRect().width,
      talkScrolls: talk.scrollWidth > talk.clientWidth + 1,
      logWidth: log.width,
    };
  });
  assert.ok(boxes.logInside, "the log stays inside the chat panel");
  assert.ok(!boxes.talkScrolls, "the chat is not cut");
  assert.ok(boxes.talkWidth >= 300, `the chat keeps room (${boxes.talkWidth}px)`);
  assert.ok(boxes.logWidth >= 250, `the log has room (${boxes.logWidth}px)`);
}

browserTest("the log beside the chat shows each push, and one in place", async (t, ui) => {
  const { running, browser } = ui;
  // An agent whose reply breaks the contract: its push draws an error finding.
  await using agent = startTestAgent(() =>
    Response.json({ status: 200, code: "success", data: { answers: "?" } })
  );
  const problems: string[] = [];
  const page = await watchedPage(browser, problems);
  const chat = page.locator("ccemu-conversation");
  const log = chat.locator("ccemu-session-log");
  const say = async (text: string) => {
    await chat.locator("#text").fill(text);
    await chat.locator("#text").press("Enter");
  };
  // The Conversations view by its address (another view may be the first one shown).
  await page.goto(`${running.url}/#conversations`);

  await t.step("a sample agent's session: one row per push, with its facts", async () => {
    await chat.locator("#open").click();
    await chat.locator(".chat-head", { hasText: "s-1" }).waitFor();
    await say("hello");
    await log.locator("li", { hasText: "“hello”" }).waitFor();
    await chat.locator("#pending").waitFor({ state: "detached" });
    await say("card");
    await log.locator("li", { hasText: "“card”" }).waitFor();
    const pushes = pushesOf(running, "s-1");
    assert.ok(pushes.length >= 2, `pushes: ${pushes.length}`);
    await log.locator("li").nth(pushes.length - 1).waitFor();
    assert.equal(await log.locator("li").count(), pushes.length);
    for (const [i, e] of pushes.entries()) {
      const row = log.locator("li").nth(i);
      const local = new Intl.DateTimeFormat("sv-SE", {
        timeZone: "Asia/Shanghai",
        timeStyle: "medium",
      }).format(e.time);
      assert.equal(await row.locator(".time").textContent(), local);
      assert.equal(
        await row.locator(".time time").getAttribute("title"),
        `${new Date(e.time).toISOString().slice(0, 19).replace("T", " ")} UTC`,
      );
      assert.equal(await row.locator(".status").textContent(), String(e.response.status));
      assert.match(await row.locator(".latency").textContent() ?? "", /^\d+ ms$/);
      assert.equal(await row.locator(".findings").textContent(), "no findings");
    }
    assert.match(await log.locator("li").last().textContent() ?? "", /“card”/);
    await fitsBeside(page);
    await page.screenshot({ path: `${SHOTS}chat-log-1280.png` });
  });

  await t.step("a push with findings: counted in its row, listed in place", async () => {
    await addAgentByUrl(page, "contract breaker", `${agent.url}/message`);
    await chat.locator("#mode").selectOption("blocking");
    await chat.locator("#open").click();
    await chat.locator(".chat-head", { hasText: "s-2" }).waitFor();
    await say("hi");
    await log.locator("li .badge.bad", { hasText: "1 error" }).waitFor();
    const push = pushesOf(running, "s-2").at(-1)!;
    await log.locator(`li button[data-id="${push.id}"]`).click();
    const detail = log.locator("ccemu-push-detail");
    await detail.locator("table.findings").waitFor();
    const path = (push as { push?: { findings: { path: string }[] } }).push!.findings[0].path;
    assert.equal(await detail.locator("table.findings code").first().textContent(), path);
    assert.equal(
      await detail.locator("#open-in-inspector").getAttribute("href"),
      `#inspector/${push.id}`,
    );
    await fitsBeside(page);
    await page.screenshot({ path: `${SHOTS}chat-log-detail-1280.png` });
    await page.keyboard.press("Escape");
    await log.locator("li").first().waitFor();
  });

  await t.step("a streamed push shows its stream in place, at 1920x1080", async () => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await chat.locator(".pick-tab", { hasText: "s-1" }).click();
    await chat.locator(".chat-head", { hasText: "s-1" }).waitFor();
    const streamed = pushesOf(running, "s-1").at(-1)!;
    await log.locator(`li button[data-id="${streamed.id}"]`).click();
    await log.locator("ccemu-push-detail ccemu-waterfall").waitFor();
    await log.locator("ccemu-push-detail #no-findings").waitFor();
    await fitsBeside(page);
    await page.screenshot({ path: `${SHOTS}chat-log-1920.png` });
    await log.locator("ccemu-push-detail #open-in-inspector").click();
    await page.locator(`ccemu-inspector tr.entry[data-id="${streamed.id}"][aria-selected="true"]`)
      .waitFor();
  });

  await t.step("the log folds away, and the chat takes the room", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goBack();
    await log.locator("#fold-log").click();
    const folded = await log.evaluate((el) => el.getBoundingClientRect().width);
    assert.ok(folded < 40, `folded to ${folded}px`);
    await log.locator("#unfold-log").click();
    await log.locator("li").first().waitFor();
  });
  assert.deepEqual(problems, []);
});
