/**
 * The scenario run whose report is shown is in the address (issue 34, defect 9): running one puts
 * `#scenarios/<run>` there, a reload shows the same report, and a run ccemu no longer keeps says so.
 */
import assert from "node:assert/strict";
import { browserTest, watchedPage } from "./browser.ts";

browserTest("the shown scenario run is in the address and survives a reload", async (t, ui) => {
  const problems: string[] = [];
  const page = await watchedPage(ui.browser, problems);
  const view = page.locator("ccemu-scenarios");
  await page.goto(`${ui.running.url}/#scenarios`);

  await t.step("running a scenario puts its run in the address", async () => {
    const name = await view.locator("button.run").first().getAttribute("data-name");
    await view.locator("button.run").first().click();
    await page.waitForFunction(() => location.hash === "#scenarios/1");
    await view.locator(".report", { hasText: name! }).first().waitFor();
  });

  await t.step("a reload shows the same run's report", async () => {
    await page.reload();
    await view.locator("button.run-item[aria-current=true]", { hasText: "#1" }).waitFor();
    assert.equal(await page.evaluate(() => location.hash), "#scenarios/1");
  });

  await t.step("a run that is not kept says which are", async () => {
    await page.goto(`${ui.running.url}/#scenarios/99`);
    await page.locator("ccemu-app .problem", { hasText: "No scenario run 99" }).waitFor();
  });
  assert.deepEqual(problems.filter((p) => !/404/.test(p)), []);
});
