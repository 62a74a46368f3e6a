/**
 * Issue 43, defect 13: addresses naming nothing say so: `#inspector/abc` read "No exchange #NaN",
 * `#api/not_an_op` showed "Pick an operation." as if nothing had been asked for.
 */
import assert from "node:assert/strict";
import { browserTest, quickPage } from "./browser.ts";

browserTest("#inspector/abc and #api/not_an_op say the id or name is unknown", async (
  t,
  { running, browser },
) => {
  const problems: string[] = [];
  const page = await quickPage(browser, problems);

  await t.step("#inspector/abc", async () => {
    await page.goto(`${running.url}/#inspector/abc`);
    await page.locator("ccemu-app .problem", { hasText: "No exchange “abc”" }).waitFor();
    assert.doesNotMatch(
      await page.locator("ccemu-app").evaluate((el) => el.shadowRoot!.textContent ?? ""),
      /NaN/,
    );
    assert.equal(await page.locator("ccemu-inspector", { hasText: "NaN" }).count(), 0);
  });

  await t.step("#api/not_an_op", async () => {
    await page.goto(`${running.url}/#api/not_an_op`);
    await page.locator("ccemu-api #unknown-operation", { hasText: "No operation “not_an_op”" })
      .waitFor();
  });
  assert.deepEqual(problems, []);
});
