/**
 * The knowledge base's repository and open entry are in the address (issue 34, defect 9): a reload
 * or a shared link opens the same FAQ or document.
 */
import assert from "node:assert/strict";
import { browserTest, watchedPage } from "./browser.ts";

browserTest(
  "knowledge base: the repository and entry survive a reload",
  async (t, { running, browser }) => {
    const problems: string[] = [];
    const page = await watchedPage(browser, problems);
    const kb = page.locator("ccemu-kb");
    const detail = kb.locator("ccemu-kb-detail");

    await t.step("opening a FAQ writes it into the address; a reload opens it again", async () => {
      await page.goto(`${running.url}/#kb`);
      await kb.locator('.item.faq[data-id="2001"]').click();
      await detail.locator("#detail-title", { hasText: "如何申请退款" }).waitFor();
      await page.waitForFunction(() => /^#kb\/\d+\/faq\/2001$/.test(location.hash));
      const address = new URL(page.url()).hash;
      await page.reload();
      await detail.locator("#detail-title", { hasText: "如何申请退款" }).waitFor();
      assert.equal(new URL(page.url()).hash, address);
    });

    await t.step("a document's link opens it", async () => {
      const file = kb.locator(".item.file", { hasText: "会员权益说明.md" });
      await file.click();
      await page.waitForFunction(() => /^#kb\/\d+\/file\/\d+$/.test(location.hash));
      const address = new URL(page.url()).hash;
      const other = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      try {
        await other.goto(`${running.url}/${address}`);
        await other.locator("ccemu-kb ccemu-kb-detail", { hasText: "会员权益说明.md" }).waitFor();
      } finally {
        await other.close();
      }
    });
    assert.deepEqual(problems, []);
  },
);
