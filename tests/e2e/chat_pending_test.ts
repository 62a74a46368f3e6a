/**
 * The visitor's own message shows at once, marked as sending, with a typing line while a slow
 * agent works; Enter while waiting says why nothing was sent and keeps the text (issue 34, 3).
 */
import assert from "node:assert/strict";
import { envelope, message, startTestAgent } from "../gateway/test-agent.ts";
import { addAgentByUrl, browserTest, watchedPage } from "./browser.ts";

const AGENT_MS = 2500;

browserTest(
  "a message to a slow agent shows at once as sending, then the reply",
  async (t, { running, browser }) => {
    await using agent = startTestAgent(async (push) => {
      await new Promise((resolve) => setTimeout(resolve, AGENT_MS));
      const text = (push.body.data as { message: { content: string } }[])[0].message.content;
      return Response.json(envelope([message(100, { content: `slow echo: ${text}` })]));
    });
    const problems: string[] = [];
    const page = await watchedPage(browser, problems);
    const chat = page.locator("ccemu-conversation");
    await page.goto(`${running.url}/#conversations`);
    await addAgentByUrl(page, "slow agent", `${agent.url}/message`);
    await chat.locator("#mode").selectOption("blocking");
    await chat.locator("#open").click();
    await chat.locator(".tabs").waitFor();

    await t.step("sent: the message shows at once as sending, with a typing line", async () => {
      const sent = Date.now();
      await chat.locator("#text").fill("你好");
      await chat.locator("#text").press("Enter");
      await chat.locator("#pending", { hasText: "你好" }).waitFor({ timeout: 1000 });
      assert.match(await chat.locator("#pending").textContent() ?? "", /sending/);
      await chat.locator("#typing", { hasText: "The agent is answering" }).waitFor();
      assert.ok(Date.now() - sent < AGENT_MS, "shown before the agent answered");
    });

    await t.step("Enter while waiting keeps the text and says why", async () => {
      await chat.locator("#text").fill("还在吗");
      await chat.locator("#text").press("Enter");
      await page.locator("ccemu-composer #wait-note").waitFor();
      assert.equal(await chat.locator("#text").inputValue(), "还在吗");
    });

    await t.step(
      "answered: the visitor line stays, the reply follows, nothing pending",
      async () => {
        await chat.locator("ccemu-message", { hasText: "slow echo: 你好" }).waitFor();
        assert.equal(await chat.locator("#pending").count(), 0);
        assert.equal(await chat.locator("#typing").count(), 0);
        assert.equal(await chat.locator(".bubble.visitor", { hasText: "你好" }).count(), 1);
        assert.equal(await page.locator("ccemu-composer #wait-note").count(), 0);
      },
    );
    assert.deepEqual(problems, []);
  },
);
