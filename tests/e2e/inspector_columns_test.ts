/**
 * Issue 43, defect 9: the Inspector's rows at 1280 and 1920. An error code breaks only between its
 * words ("403 UnauthorizedOp/eration" broke mid-word in the fixed status column), each code shows
 * once a row (it showed twice), and the operation's name is not cut ("POST /gateway/task_…" made
 * task_create and task_list look alike at 1280).
 */
import assert from "node:assert/strict";
import type { Locator } from "playwright-core";
import { browserTest, quickPage } from "./browser.ts";

/** The lines a cell's text is laid out on (through <wbr> and child elements). */
function renderedLines(cell: Locator) {
  return cell.evaluate((el) => {
    const lines: { top: number; text: string }[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (let i = 0; i < text.length; i++) {
        if (!text[i].trim()) continue;
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const top = Math.round(range.getBoundingClientRect().top);
        const line = lines.find((l) => Math.abs(l.top - top) < 4);
        if (line) line.text += text[i];
        else lines.push({ top, text: text[i] });
      }
    }
    return lines.sort((a, b) => a.top - b.top).map((l) => l.text);
  });
}

browserTest("inspector: codes break between words, once a row; operation names not cut", async (
  t,
  { running, browser },
) => {
  const send = (operation: string, params: unknown, accessKeyId = "ccemu-demo-key") =>
    fetch(`${running.url}/_emulator/api/send`, {
      method: "POST",
      body: JSON.stringify({ operation, params, accessKeyId }),
    }).then((r) => r.json());
  await send("POST /gateway/task_list", { enterpriseId: "7000001" });
  await send("POST /gateway/task_create", {
    enterpriseId: "7000001",
    callJobName: "read-only try",
    callJobType: 2,
    robotDefId: 3002,
    userPhoneIds: "[501]",
  }, "ccemu-readonly-key");
  const problems: string[] = [];
  const page = await quickPage(browser, problems);
  const inspector = page.locator("ccemu-inspector");
  const row = (path: string) => inspector.locator("tr.entry", { hasText: path });

  for (const [width, height] of [[1280, 800], [1920, 1080]]) {
    await t.step(`at ${width}x${height}`, async () => {
      await page.setViewportSize({ width, height });
      await page.goto(`${running.url}/#inspector`);
      const denied = row("task_create");
      await denied.waitFor();
      const status = denied.locator("td.status");
      const lines = await renderedLines(status);
      for (const line of lines.slice(1)) {
        assert.match(line, /^[A-Z0-9]/, `a line of ${JSON.stringify(lines)} starts mid-word`);
      }
      const text = await denied.textContent() ?? "";
      assert.equal(text.split("UnauthorizedOperation").length - 1, 1, `once a row: ${text}`);
      for (const name of ["task_create", "task_list"]) {
        const main = row(name).locator("td.line .main");
        const cut = await main.evaluate((el) =>
          el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1
        );
        assert.ok(!cut, `${name}'s line is cut at ${width}`);
        assert.match(await main.textContent() ?? "", new RegExp(name));
      }
    });
  }
  assert.deepEqual(problems, []);
});
