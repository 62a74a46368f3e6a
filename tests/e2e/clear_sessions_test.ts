/**
 * Clearing one area at a time (issue 43, the Firebase Emulator Suite row): the session list's
 * "Clear all", confirmed in place, deletes every session through `DELETE
 * /_emulator/gateway/sessions`; the tabs close, the robots and the journal stay.
 */
import assert from "node:assert/strict";
import { browserTest, quickPage, SHOTS } from "./browser.ts";

browserTest("conversations: Clear all deletes every session, robots and journal stay", async (
  _t,
  { running, browser },
) => {
  const post = (path: string, body: unknown) =>
    fetch(`${running.url}${path}`, { method: "POST", body: JSON.stringify(body) }).then((r) =>
      r.json()
    );
  for (const robotId of ["sample-default", "sample-platform-a"]) {
    const { sessionId } = await post("/_emulator/gateway/sessions", {
      robotId,
      responseMode: "blocking",
    });
    await post(`/_emulator/gateway/sessions/${sessionId}/messages`, { text: "hello" });
  }
  const journalSize = running.emulator.journal.size;
  const problems: string[] = [];
  const page = await quickPage(browser, problems);
  const chat = page.locator("ccemu-conversation");
  const list = chat.locator("ccemu-session-list");
  await page.goto(`${running.url}/#conversations/s-2`);
  await chat.locator(".chat-head", { hasText: "s-2" }).waitFor();
  await list.locator("li[data-session]").nth(1).waitFor();

  await list.locator("#clear-sessions").click();
  const confirm = list.locator("#clear-confirm");
  assert.match(
    (await confirm.textContent() ?? "").replace(/\s+/g, " "),
    /Delete all 2 sessions\? \(Robots and the journal stay\.\)/,
  );
  await page.screenshot({ path: `${SHOTS}clear-sessions-1280.png` });
  await list.locator("#clear-sessions-yes").click();
  await list.locator("li", { hasText: "No session yet" }).waitFor();
  assert.equal(await chat.locator(".tabs").count(), 0, "no tab is left open");
  assert.equal(await chat.locator(".chat-head").count(), 0);
  assert.equal(await page.evaluate(() => location.hash), "#conversations");
  const sessions = await fetch(`${running.url}/_emulator/gateway/sessions`).then((r) => r.json());
  assert.deepEqual(sessions.sessions, []);
  assert.ok(await chat.locator("#robot option").count() >= 2, "the robots stay");
  assert.equal(running.emulator.journal.size, journalSize, "the journal stays");
  assert.equal(await list.locator("#clear-sessions").count(), 0, "nothing left to clear");
  assert.deepEqual(problems, []);
});
