/**
 * Issue 43, defect 11: a scenario run against a chosen robot ("my agent") says so where the verdict
 * is read (it read like the shipped scenario failing, the robot only in the report's header), and
 * in the run history; the Runs column does not wrap a name to four lines at 1280.
 */
import assert from "node:assert/strict";
import { envelope, message, startTestAgent } from "../gateway/test-agent.ts";
import { browserTest, watchedPage } from "./browser.ts";

browserTest("scenarios: a run against my agent says so; run names keep to two lines", async (
  _t,
  { running, browser },
) => {
  await using agent = startTestAgent(() =>
    Response.json(envelope([message(100, { content: "not what the scenario expects" })]))
  );
  const robot = await (await fetch(`${running.url}/_emulator/gateway/robots`, {
    method: "POST",
    body: JSON.stringify({ name: "my agent", url: `${agent.url}/message`, platform: "Default" }),
  })).json();
  const problems: string[] = [];
  const page = await watchedPage(browser, problems);
  page.setDefaultTimeout(20_000);
  page.setDefaultNavigationTimeout(60_000); // the first load builds ui.js
  const view = page.locator("ccemu-scenarios");
  await page.goto(`${running.url}/#scenarios`);
  await view.getByLabel("Run against").selectOption(robot.robotId);
  const first = view.locator("button.run").first();
  const name = await first.getAttribute("data-name");
  await first.click();
  await view.locator("#verdict", { hasText: "against my agent" }).waitFor();
  const note = await view.locator("#against").textContent() ?? "";
  assert.match(note, /Run against my agent/);
  assert.match(note, /not this scenario's own robot/);
  const item = view.locator("button.run-item").first();
  assert.match(await item.textContent() ?? "", /against my agent/);
  const lines = await item.locator(".run-name").evaluate((el) => {
    const style = getComputedStyle(el);
    return Math.round(el.getBoundingClientRect().height / parseFloat(style.lineHeight));
  });
  assert.ok(lines <= 2, `${name} takes ${lines} lines in the Runs column`);
  assert.deepEqual(problems, []);
});
