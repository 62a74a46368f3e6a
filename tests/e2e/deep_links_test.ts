/**
 * Links that name what is gone say so (issue 34, defect 5): a journal entry the journal dropped,
 * one that never was, a session that does not exist, as `#outbound/99999` says "No task 99999".
 */
import assert from "node:assert/strict";
import { browserTest, watchedPage } from "./browser.ts";

browserTest(
  "deep links to a dropped or unknown entry and an unknown session say what happened",
  async (t, { running, browser }) => {
    const problems: string[] = [];
    const page = await watchedPage(browser, problems);
    // Six exchanges into a journal that keeps four: #1 and #2 are dropped.
    for (let i = 0; i < 6; i++) {
      await (await fetch(`${running.url}/gateway/nothing`)).body?.cancel();
    }
    const inspector = page.locator("ccemu-inspector");

    await t.step("a dropped entry", async () => {
      await page.goto(`${running.url}/#inspector/1`);
      await inspector.locator("#entry-missing", {
        hasText: "Exchange #1 is no longer in the journal",
      }).waitFor();
      assert.match(await inspector.locator("#entry-missing").textContent() ?? "", /#1 was dropped/);
    });

    await t.step("an entry that never was", async () => {
      await page.goto(`${running.url}/#inspector/999999`);
      await inspector.locator("#entry-missing", {
        hasText: "No exchange #999999: the newest is #6.",
      })
        .waitFor();
    });

    await t.step("a session that does not exist", async () => {
      await page.goto(`${running.url}/#conversations/s-999`);
      await page.locator("ccemu-app .problem", { hasText: "No session s-999" }).waitFor();
    });
    assert.deepEqual(problems.filter((p) => !/404/.test(p)), []);
  },
  { journalSize: 4 },
);
