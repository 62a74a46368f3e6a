/**
 * Resizable chat and log panes (issue 43, the Bot Framework Emulator row): at 1280x800 a separator
 * between the chat and the docked log (role="separator", aria-valuenow in px) is dragged with the
 * mouse and moved with the arrow keys; the log takes the width, the chat gives it up, the chat
 * keeps 240 px at least, and the width is remembered across a reload.
 */
import assert from "node:assert/strict";
import { browserTest, quickPage, SHOTS } from "./browser.ts";

browserTest(
  "conversations: the splitter between the chat and the log resizes both, remembered",
  async (
    _t,
    { running, browser },
  ) => {
    const post = (path: string, body: unknown) =>
      fetch(`${running.url}${path}`, { method: "POST", body: JSON.stringify(body) }).then((r) =>
        r.json()
      );
    const { sessionId } = await post("/_emulator/gateway/sessions", {
      robotId: "sample-default",
      responseMode: "blocking",
    });
    await post(`/_emulator/gateway/sessions/${sessionId}/messages`, { text: "hello" });
    const problems: string[] = [];
    const page = await quickPage(browser, problems);
    const chat = page.locator("ccemu-conversation");
    const splitter = chat.getByRole("separator", { name: "Resize the chat and the log" });
    const log = chat.locator("ccemu-session-log");
    const talk = chat.locator(".talk");
    const width = async (locator: typeof log) => (await locator.boundingBox())!.width;
    const valueNow = async () => Number(await splitter.getAttribute("aria-valuenow"));

    await page.goto(`${running.url}/#conversations/${sessionId}`);
    await splitter.waitFor();
    const [log0, talk0] = [await width(log), await width(talk)];
    assert.equal(log0, 280, "the log's default width");
    assert.equal(await valueNow(), 280);

    // Dragged 120 px to the left: the log is 120 px wider, the chat 120 px narrower.
    const box = (await splitter.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 60, y, { steps: 4 });
    await page.mouse.move(box.x + box.width / 2 - 120, y, { steps: 4 });
    await page.mouse.up();
    assert.equal(await width(log), log0 + 120);
    assert.ok(Math.abs(await width(talk) - (talk0 - 120)) <= 1, "the chat gave the width up");
    assert.equal(await valueNow(), log0 + 120);
    await page.screenshot({ path: `${SHOTS}pane-splitter-1280.png` });

    // The keyboard: focused, ArrowRight narrows the log by 16 px, ArrowLeft widens it again.
    await splitter.focus();
    await page.keyboard.press("ArrowRight");
    assert.equal(await width(log), log0 + 104);
    assert.equal(await valueNow(), log0 + 104);

    // Dragged far to the left, the chat keeps 240 px.
    const far = (await splitter.boundingBox())!;
    await page.mouse.move(far.x + far.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(0, y, { steps: 6 });
    await page.mouse.up();
    assert.ok(
      Math.abs(await width(talk) - 240) <= 1,
      `the chat keeps 240 px: ${await width(talk)}`,
    );
    const widest = await width(log);
    assert.equal(await valueNow(), widest);
    assert.equal(Number(await splitter.getAttribute("aria-valuemax")), widest);

    // Remembered: after a reload the log has the width it was given.
    await page.keyboard.press("ArrowRight");
    const chosen = await width(log);
    await page.reload();
    await splitter.waitFor();
    assert.equal(await width(log), chosen);
    assert.equal(
      await page.evaluate(() => localStorage.getItem("ccemu.sessionLogWidth")),
      String(chosen),
    );
    assert.deepEqual(problems, []);
  },
);
