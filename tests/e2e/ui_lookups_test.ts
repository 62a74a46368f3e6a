/**
 * Issue 43, defect 12: a problem belongs to the view it arose in ("No session s-999." stayed on
 * the Knowledge base page); `#kb/999` says there is no repository 999 (it showed 101 without a
 * word); and the UI's own lookups stay out of the journal, so they never reach the Overview's
 * "Last errors" (`#kb/101/faq/99999` landed there as a describe_faq 404). The UI reads a FAQ by
 * id through the control API, as it reads everything else it shows; the journal is for what
 * clients send.
 */
import assert from "node:assert/strict";
import { browserTest, quickPage } from "./browser.ts";

browserTest(
  "problems stay in their view; #kb/999 is unknown; UI lookups are not Last errors",
  async (
    t,
    { running, browser },
  ) => {
    const problems: string[] = [];
    const page = await quickPage(browser, problems);
    const problem = page.locator("ccemu-app .problem");

    await t.step("a problem does not follow to another view", async () => {
      await page.goto(`${running.url}/#conversations/s-999`);
      await problem.filter({ hasText: "No session s-999" }).waitFor();
      await page.locator("nav button", { hasText: "Knowledge base" }).click();
      await page.locator("ccemu-kb .item.faq").first().waitFor();
      await problem.waitFor({ state: "detached" });
    });

    await t.step(
      "#kb/999 says the repository does not exist, opened fresh or from a view",
      async () => {
        await page.goto("about:blank");
        await page.goto(`${running.url}/#kb/999`);
        await problem.filter({ hasText: "No repository 999" }).waitFor();
        await page.goto(`${running.url}/#overview`);
        await page.goto(`${running.url}/#kb/999`);
        await problem.filter({ hasText: "No repository 999" }).waitFor();
      },
    );

    await t.step("a FAQ looked up by address is not journaled, nor a Last error", async () => {
      await page.goto(`${running.url}/#overview`);
      await page.goto(`${running.url}/#kb/101/faq/99999`);
      await problem.filter({ hasText: "99999" }).waitFor();
      const journal = await (await fetch(`${running.url}/_emulator/journal?limit=100`)).json();
      const lookups = journal.entries.filter((e: { path: string }) =>
        e.path.includes("describe_faq")
      );
      assert.deepEqual(lookups, []);
      await page.locator("nav button", { hasText: "Overview" }).click();
      const errors = page.locator("ccemu-overview #overview-errors");
      await errors.waitFor();
      assert.doesNotMatch(await errors.textContent() ?? "", /describe_faq|99999/);
    });
    assert.deepEqual(problems.filter((p) => !/404/.test(p)), []);
  },
);
