/**
 * Issue 43, defect 6: a JSON file that is not a scenario is refused when it is loaded, naming what
 * is wrong (it was listed as "(unnamed) 0 steps" and failed only on Run, and Run all ran the rest
 * then failed on it), as transcript import refuses a non-transcript; loaded files survive a reload
 * of the tab, and the list says where they live.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { browserTest, quickPage } from "./browser.ts";

browserTest(
  "scenarios: a file that is not a scenario is refused on load; loaded ones survive a reload",
  async (
    t,
    { running, browser },
  ) => {
    const problems: string[] = [];
    const page = await quickPage(browser, problems);
    const view = page.locator("ccemu-scenarios");
    await page.goto(`${running.url}/#scenarios`);
    await view.locator("button.run").first().waitFor();
    const listed = await view.locator(".scenario").count();
    const load = (name: string, json: unknown) =>
      view.getByLabel("Load a scenario file").setInputFiles({
        name,
        mimeType: "application/json",
        buffer: Buffer.from(JSON.stringify(json)),
      });

    await t.step("a JSON file that is not a scenario is refused at once", async () => {
      await load("package.json", { name: "left-pad", version: "1.0.0" });
      await page.locator("ccemu-app .problem", { hasText: "not a ccemu scenario" }).waitFor();
      assert.match(await page.locator("ccemu-app .problem").textContent() ?? "", /steps/);
      assert.equal(await view.locator(".scenario").count(), listed, "nothing listed");
    });

    await t.step("a scenario file is listed, and a reload keeps it", async () => {
      await load("mine.json", {
        name: "my file scenario",
        robot: { robotId: "sample-default" },
        steps: [{ send: { text: "hello" } }],
      });
      await view.locator('.scenario[data-scenario="my file scenario"]', { hasText: "1 steps" })
        .waitFor();
      await view.locator("#loaded-note", { hasText: "live in this browser tab" }).waitFor();
      await page.reload();
      await view.locator('.scenario[data-scenario="my file scenario"]').waitFor();
    });
    assert.deepEqual(problems.filter((p) => !/400/.test(p)), []);
  },
);
