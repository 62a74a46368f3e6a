/**
 * The session list (issue 34, defect 12): a row's preview is the words a visitor reads (no
 * markdown marks, no "[message type 102]"), and its badges are never cut by the row's ellipsis.
 */
import assert from "node:assert/strict";
import { sse, startTestAgent } from "../gateway/test-agent.ts";
import { addAgentByUrl, browserTest, watchedPage } from "./browser.ts";

/** An unknown event (a warning) and no end event (an error): a row with two badges. */
const INCOMPLETE = [
  'event: ping\ndata: {"event":"ping"}\n\n',
  'event: message\ndata: {"event":"message","conversation_id":"c","answer":[{"message_id":"m1","content_type":"text","content":"hi"}]}\n\n',
];

browserTest("session list: plain previews, whole badges", async (t, { running, browser }) => {
  await using agent = startTestAgent(() => sse(INCOMPLETE));
  const problems: string[] = [];
  const page = await watchedPage(browser, problems);
  const chat = page.locator("ccemu-conversation");
  const list = page.locator("ccemu-session-list");
  await page.goto(`${running.url}/#conversations`);
  await chat.locator("#open").click();
  const say = async (text: string) => {
    await chat.locator("#text").fill(text);
    await chat.locator("#text").press("Enter");
  };

  await t.step("a card and rich text read as words in the list", async () => {
    await say("card");
    await list.locator("li .line", { hasText: "card: ccemu" }).waitFor();
    await say("rich");
    await list.locator("li .line", { hasText: "Rich text with bold, a link and an image:" })
      .waitFor();
    const lines = await list.locator("li .line").allTextContents();
    assert.ok(!lines.some((l) => /\[message type|<b>|\*\*/.test(l)), lines.join("\n"));
  });

  await t.step("a row's error and warning badges show whole", async () => {
    await addAgentByUrl(page, "incomplete agent", `${agent.url}/message`);
    await chat.locator("#open").click();
    await say("hi");
    await list.locator(".badge.warn", { hasText: "1 warning" }).waitFor();
    const cut = await list.locator(".badge").evaluateAll((badges) =>
      badges.filter((b) => {
        const own = b.getBoundingClientRect();
        const row = b.closest("button")!.getBoundingClientRect();
        return own.right > row.right + 0.5 || b.scrollWidth > b.clientWidth + 1;
      }).map((b) => b.textContent)
    );
    assert.deepEqual(cut, []);
  });
  assert.deepEqual(problems, []);
});
