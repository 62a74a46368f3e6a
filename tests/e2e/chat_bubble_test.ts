/**
 * Issue 43, defect 7: a long unbroken reply (600 characters without a space, a 300-character URL)
 * stays inside its chat bubble, at 1280x800 and at 1920x1080; it ran out of the bubble.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { envelope, message, startTestAgent } from "../gateway/test-agent.ts";
import { addAgentByUrl, browserTest, quickPage } from "./browser.ts";

const LONG = "x".repeat(600);
const URL_TEXT = `https://example.com/${"a".repeat(280)}`;

/** How far, in px, any text or element of each agent bubble reaches past the bubble's right edge. */
function overflow(page: Page) {
  return page.locator("ccemu-conversation .bubble.agent").evaluateAll((bubbles) =>
    bubbles.map((bubble) => {
      const right = bubble.getBoundingClientRect().right;
      let widest = 0;
      const walk = (node: Node) => {
        if (node.nodeType === Node.TEXT_NODE && node.textContent?.trim()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          widest = Math.max(widest, range.getBoundingClientRect().right);
        }
        if (node instanceof Element) {
          widest = Math.max(widest, node.getBoundingClientRect().right);
          if (node.shadowRoot) walk(node.shadowRoot);
        }
        node.childNodes.forEach(walk);
      };
      walk(bubble);
      return Math.round(widest - right);
    })
  );
}

browserTest("chat: long unbroken replies stay inside their bubble at 1280 and 1920", async (
  _t,
  { running, browser },
) => {
  await using agent = startTestAgent(() =>
    Response.json(envelope([message(100, { content: LONG }), message(100, { content: URL_TEXT })]))
  );
  const problems: string[] = [];
  const page = await quickPage(browser, problems);
  const chat = page.locator("ccemu-conversation");
  await page.goto(`${running.url}/#conversations`);
  await addAgentByUrl(page, "long talker", `${agent.url}/message`);
  await chat.locator("#open").click();
  await chat.locator(".chat-head", { hasText: "s-1" }).waitFor();
  await chat.locator("#text").fill("hello");
  await chat.locator("#text").press("Enter");
  await chat.locator(".bubble.agent", { hasText: "xxxxxxxx" }).waitFor();
  await chat.locator(".bubble.agent", { hasText: "example.com" }).waitFor();
  for (const [width, height] of [[1280, 800], [1920, 1080]]) {
    await page.setViewportSize({ width, height });
    const over = await overflow(page);
    assert.ok(over.every((px) => px <= 1), `at ${width}: past the bubble by ${over.join(", ")} px`);
  }
  assert.deepEqual(problems, []);
});
