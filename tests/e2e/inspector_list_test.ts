/**
 * The inspector's list at 1280x800 (issue 34, defect 8): each cell stays in its column (a long
 * area cut with an ellipsis, a long error code wrapped), both finding counts show, a time column
 * in the tenant's zone with UTC on hover, and the stream timeline's numbers carry their unit.
 */
import assert from "node:assert/strict";
import { SignedClient } from "../../harness/client.ts";
import { startTestAgent } from "../gateway/test-agent.ts";
import { sse } from "../gateway/test-agent.ts";
import { addAgentByUrl, browserTest, watchedPage } from "./browser.ts";

/** A stream with an event the default way does not know (a warning) and no end event (an error). */
const INCOMPLETE = [
  'event: ping\ndata: {"event":"ping"}\n\n',
  'event: message\ndata: {"event":"message","conversation_id":"c","answer":[{"message_id":"m1","content_type":"text","content":"hi"}]}\n\n',
];

browserTest(
  "inspector list: columns hold, both finding counts, time, units",
  async (t, { running, browser }) => {
    await using agent = startTestAgent(() => sse(INCOMPLETE));
    const problems: string[] = [];
    const page = await watchedPage(browser, problems);
    const chat = page.locator("ccemu-conversation");
    await page.goto(`${running.url}/#conversations`);
    await addAgentByUrl(page, "incomplete agent", `${agent.url}/message`);
    await chat.locator("#open").click();
    await chat.locator("#text").fill("hi");
    await chat.locator("#text").press("Enter");
    await chat.locator(".error", { hasText: "AgentStreamIncomplete" }).waitFor();
    const api = new SignedClient({ url: running.url, now: () => running.emulator.clock.now() });
    await api.post("/gateway/robot_list", { robotStatus: 1 });

    await page.goto(`${running.url}/#inspector`);
    const inspector = page.locator("ccemu-inspector");
    const push = inspector.locator("tr.entry", { hasText: "AgentStreamIncomplete" }).first();
    await push.waitFor();

    await t.step("a push with an error and a warning shows both counts", async () => {
      assert.equal(await push.locator(".badge.bad", { hasText: "1 error" }).count(), 1);
      assert.equal(await push.locator(".badge.warn", { hasText: "1 warn" }).count(), 1);
    });

    await t.step("no cell runs into the next: area cut, error code wrapped", async () => {
      const overflowing = await inspector.locator("tr.entry td").evaluateAll((cells) =>
        cells.filter((td) => td.scrollWidth > td.clientWidth + 1).map((td) => td.textContent)
      );
      assert.deepEqual(overflowing, []);
      const outbound = inspector.locator("tr.entry td.area", { hasText: "outbound" }).first();
      assert.equal(await outbound.getAttribute("title"), "outbound");
    });

    await t.step("a time column in the tenant's zone, UTC on hover; ms in the header", async () => {
      const time = push.locator("td.time time");
      assert.match(await time.textContent() ?? "", /^\d\d:\d\d:\d\d$/);
      assert.match(await time.getAttribute("title") ?? "", /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
      assert.equal(await inspector.locator("th", { hasText: "time" }).count(), 1);
    });

    await t.step("the stream timeline's numbers say ms", async () => {
      await push.click();
      const numbers = await inspector.locator("ccemu-waterfall .num").allTextContents();
      assert.ok(numbers.length > 0);
      for (const n of numbers) assert.match(n, /^\+?\d+(\.\d+)? ms$/, n);
    });
    assert.deepEqual(problems, []);
  },
);
