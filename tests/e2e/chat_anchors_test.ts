/**
 * What a Bot Framework Emulator user expects of the chat (issue 43, "What users of the anchors
 * would miss"): a click on any bubble shows the push that carried it, request and reply as JSON,
 * in the log beside the chat; "Restart" opens a new session as the same visitor, and "New
 * visitor" as a new one, in one click; while a stream arrives the chat says the agent is typing.
 */
import assert from "node:assert/strict";
import {
  envelope,
  message,
  type ReceivedPush,
  sse,
  startTestAgent,
} from "../gateway/test-agent.ts";
import { addAgentByUrl, browserTest, quickPage, SHOTS } from "./browser.ts";
import type { RunningEmulator } from "../../emulator/server.ts";

const CHUNK_MS = 400;

const chunk = (content: string) =>
  `data: ${
    JSON.stringify({
      event: "message",
      answer: [{ message_id: "m1", content_type: "markdown", content }],
    })
  }\n\n`;
const END = `data: ${JSON.stringify({ event: "end", answer: [{ metadata: {} }] })}\n\n`;

/** Echoes the visitor: streamed slowly, word by word, or whole when blocking. */
function echo(push: ReceivedPush): Response {
  const text = (push.body.data as { message: { content: string } }[])[0].message.content;
  if (push.body.responseMode === "streaming") {
    return sse([chunk("you "), chunk("said: "), chunk(text), chunk(" (streamed)"), END], CHUNK_MS);
  }
  return Response.json(envelope([message(100, { content: `echo ${text}` })]));
}

const sessionOf = (running: RunningEmulator, sessionId: string) =>
  fetch(`${running.url}/_emulator/gateway/sessions/${sessionId}`).then((r) => r.json()) as Promise<
    { visitorId: string; robotId: string; responseMode: string; visitor: { name?: string } }
  >;

browserTest("chat: bubbles open their push, restart in one click, typing while streaming", async (
  t,
  { running, browser },
) => {
  await using agent = startTestAgent(echo);
  const problems: string[] = [];
  const page = await quickPage(browser, problems);
  const chat = page.locator("ccemu-conversation");
  const log = chat.locator("ccemu-session-log");
  await page.goto(`${running.url}/#conversations`);
  await addAgentByUrl(page, "slow streamer", `${agent.url}/message`);
  await chat.locator("#open").click();
  await chat.locator(".chat-head", { hasText: "s-1" }).waitFor();

  await t.step("while the stream arrives the chat says the agent is typing", async () => {
    await chat.locator("#text").fill("hello");
    await chat.locator("#text").press("Enter");
    await chat.locator(".bubble.streaming", { hasText: "you said" }).waitFor();
    const typing = chat.locator("#typing");
    assert.match(await typing.textContent() ?? "", /The agent is typing/);
    assert.equal(await typing.getAttribute("role"), "status");
    await page.screenshot({ path: `${SHOTS}chat-typing-1280.png` });
    await chat.locator(".bubble.agent ccemu-message", { hasText: "you said: hello (streamed)" })
      .waitFor();
    await typing.waitFor({ state: "detached" });
  });

  await t.step("a click on a bubble shows its push and reply JSON in the log", async () => {
    // The log lists pushes until a bubble is clicked.
    await log.locator("li").first().waitFor();
    await chat.locator(".bubble.agent ccemu-message", { hasText: "(streamed)" }).click();
    const push = running.emulator.journal.list().findLast((e) =>
      (e as { push?: { sessionId: string } }).push?.sessionId === "s-1"
    )!;
    await log.locator("h3", { hasText: `Push #${push.id}` }).waitFor();
    const detail = log.locator("ccemu-push-detail");
    const reply = detail.locator('ccemu-json[label="Reply"] pre');
    const replyText = await reply.textContent() ?? "";
    assert.match(replyText, /"event": "end"/);
    assert.match(replyText, /"content": "said: "/);
    const request = detail.locator('ccemu-json[label="Request"]');
    await request.locator("summary").click();
    assert.match(await request.locator("pre").textContent() ?? "", /"content": "hello"/);
    await page.screenshot({ path: `${SHOTS}chat-bubble-push-1280.png` });

    // The visitor's bubble opens the same push; the log folded away unfolds for it.
    await log.locator("#log-back").click();
    await log.locator("#fold-log").click();
    await chat.locator(".bubble.visitor", { hasText: "hello" }).click();
    await log.locator("h3", { hasText: `Push #${push.id}` }).waitFor();
    // A button inside a bubble keeps its own job (the inspector), it does not open the log.
    await log.locator("#log-back").click();
    await chat.locator(".bubble.agent .inspect").click();
    await page.locator(`ccemu-inspector tr.entry[data-id="${push.id}"][aria-selected="true"]`)
      .waitFor();
    await page.goBack();
    await chat.locator(".chat-head", { hasText: "s-1" }).waitFor();
  });

  await t.step(
    "Restart keeps the visitor, New visitor starts another, one click each",
    async () => {
      const first = await sessionOf(running, "s-1");
      for (const [width, height] of [[1280, 800], [1920, 1080]]) {
        await page.setViewportSize({ width, height });
        const fits = await chat.locator("section.chat").evaluate((el) => {
          const box = el.getBoundingClientRect();
          const buttons = [...el.querySelectorAll(".restart button")].map((b) =>
            b.getBoundingClientRect()
          );
          const head = el.querySelector(".chat-head")!;
          // One line: every part of the head overlaps every other vertically.
          const parts = [...head.children].map((c) => c.getBoundingClientRect());
          const oneLine = Math.max(...parts.map((p) => p.top)) <
            Math.min(...parts.map((p) => p.bottom));
          return { inside: buttons.every((b) => b.right <= box.right + 1 && b.width > 0), oneLine };
        });
        assert.ok(fits.inside, `the restart buttons show inside the chat panel at ${width}`);
        assert.ok(fits.oneLine, `the chat's head stays one line at ${width}`);
      }
      await page.setViewportSize({ width: 1280, height: 800 });
      await chat.locator("#restart-same").click();
      await chat.locator(".chat-head", { hasText: "s-2" }).waitFor();
      const same = await sessionOf(running, "s-2");
      assert.equal(same.visitorId, first.visitorId);
      assert.equal(same.robotId, first.robotId);
      assert.equal(same.responseMode, "streaming");
      assert.equal(same.visitor.name, first.visitor.name);
      assert.equal(await chat.locator(".bubble").count(), 0, "the new session starts empty");

      await chat.locator("#restart-new").click();
      await chat.locator(".chat-head", { hasText: "s-3" }).waitFor();
      const fresh = await sessionOf(running, "s-3");
      assert.notEqual(fresh.visitorId, first.visitorId);
      assert.equal(fresh.robotId, first.robotId);
      assert.equal(fresh.visitor.name, first.visitor.name);
      await chat.locator(".pick-tab", { hasText: "s-3" }).waitFor();
      await page.screenshot({ path: `${SHOTS}chat-restart-1280.png` });
    },
  );
  assert.deepEqual(problems, []);
});
