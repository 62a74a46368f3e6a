/**
 * Issue 43, defect 2: Reset's question says what a reset does. It said "Sessions, tasks and the
 * journal go" while the journal stays (as the README says): now it says the journal is kept, and
 * after "Yes, reset" the journal still holds what it held.
 */
import assert from "node:assert/strict";
import { browserTest, watchedPage } from "./browser.ts";

browserTest("Reset's question says the journal and the clock are kept, and they are", async (
  _t,
  { running, browser },
) => {
  const problems: string[] = [];
  const page = await watchedPage(browser, problems);
  const journal = async () =>
    (await (await fetch(`${running.url}/_emulator/journal?limit=100`)).json()).entries.length;
  for (let i = 0; i < 3; i++) await (await fetch(`${running.url}/gateway/nothing`)).body?.cancel();
  await page.goto(`${running.url}/#overview`);
  const state = page.locator("ccemu-state-controls");
  await state.getByRole("button", { name: "Reset" }).click();
  const question = await state.locator("span.row", { hasText: "Reset to the fixtures?" })
    .textContent() ?? "";
  assert.doesNotMatch(question, /journal go/);
  assert.match(question, /journal and the clock's time are kept/);
  const before = await journal();
  const reset = page.waitForResponse((r) => r.url().endsWith("/_emulator/reset"));
  await state.getByRole("button", { name: "Yes, reset" }).click();
  await reset;
  assert.ok(await journal() >= before, "the journal is kept");
  assert.deepEqual(problems.filter((p) => !/404/.test(p)), []);
});
