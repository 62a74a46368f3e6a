/**
 * Issue 43, defect 5: the Overview's "Last findings" says what it looked at. It read the newest
 * 100 pushes and said "None: the agents' replies checked clean" while an older session's push had
 * an error; now it says none were found in the newest 100 of the pushes held, and where to look.
 */
import assert from "node:assert/strict";
import { envelope, message, startTestAgent } from "../gateway/test-agent.ts";
import { browserTest, watchedPage } from "./browser.ts";

const post = async (base: string, path: string, body: unknown) =>
  await (await fetch(`${base}${path}`, { method: "POST", body: JSON.stringify(body) })).json();

browserTest(
  "overview: Last findings says which pushes it read, not 'None' over older findings",
  async (
    _t,
    { running, browser },
  ) => {
    // The first push draws a finding (an answer that is not a message list); every later one is clean.
    let pushes = 0;
    await using agent = startTestAgent(() =>
      pushes++ === 0
        ? Response.json({ status: 200, code: "success", data: { answers: "?" } })
        : Response.json(envelope([message(100, { content: "fine" })]))
    );
    const robot = await post(running.url, "/_emulator/gateway/robots", {
      name: "once flawed",
      url: `${agent.url}/message`,
      platform: "Default",
    });
    const open = async () =>
      (await post(running.url, "/_emulator/gateway/sessions", {
        robotId: robot.robotId,
        responseMode: "blocking",
      })).sessionId as string;
    const flawed = await open();
    await post(running.url, `/_emulator/gateway/sessions/${flawed}/messages`, { text: "hello" });
    const clean = await open();
    for (let i = 0; i < 100; i++) {
      await post(running.url, `/_emulator/gateway/sessions/${clean}/messages`, { text: `n${i}` });
    }
    const problems: string[] = [];
    const page = await watchedPage(browser, problems);
    await page.goto(`${running.url}/#overview`);
    const card = page.locator("ccemu-overview #overview-findings");
    await card.locator("p", { hasText: "newest 100 of the 101 pushes" }).waitFor();
    const text = (await card.textContent() ?? "").replace(/\s+/g, " ");
    assert.doesNotMatch(text, /checked clean/);
    assert.match(text, /None in the newest 100 of the 101 pushes the sessions hold/);
    assert.deepEqual(problems, []);
  },
);
