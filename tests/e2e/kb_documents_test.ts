/**
 * Issue 43, defect 3: the knowledge base view uploads and deletes documents itself. Upload goes
 * the way a client goes (get_file_upload_url, a PUT to the pre-signed address, create_file, all in
 * the journal); Delete sits beside each document (delete_files: to the recycle bin); the
 * directories show their ids, the `directoryId` the operations ask for.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { browserTest, watchedPage } from "./browser.ts";

browserTest(
  "knowledge base: upload a document through the pre-signed flow, delete it, directory ids shown",
  async (t, { running, browser }) => {
    const problems: string[] = [];
    const page = await watchedPage(browser, problems);
    const kb = page.locator("ccemu-kb");
    const detail = kb.locator("ccemu-kb-detail");
    await page.goto(`${running.url}/#kb/101`);

    await t.step("directory ids are shown", async () => {
      await kb.locator("li", { hasText: "产品文档" }).locator(".dir-id", { hasText: "1004" })
        .waitFor();
    });

    await t.step("Upload: get_file_upload_url, PUT, create_file; the document opens", async () => {
      await kb.getByLabel("Document to upload").setInputFiles({
        name: "returns.md",
        mimeType: "text/markdown",
        buffer: Buffer.from("# Returns\n\nWithin 30 days, with the receipt.\n"),
      });
      await kb.getByLabel("Upload into directory").selectOption("1004");
      await kb.locator("#upload").click();
      await kb.locator(".item.file", { hasText: "returns.md" }).waitFor();
      await detail.locator("#detail-title", { hasText: "returns.md" }).waitFor();
      const journal = await (await fetch(`${running.url}/_emulator/journal?limit=50`)).json();
      const paths = journal.entries.map((e: { method: string; path: string }) =>
        `${e.method} ${e.path.replace(/\/f-[^/]+$/, "/…")}`
      );
      for (
        const step of [
          "POST /aikb/get_file_upload_url",
          "PUT /_storage/uploads/…",
          "POST /aikb/create_file",
        ]
      ) {
        assert.ok(paths.includes(step), `${step} is in the journal: ${paths.join(", ")}`);
      }
    });

    await t.step("Delete beside the document: gone to the recycle bin", async () => {
      await kb.getByRole("button", { name: "Delete returns.md" }).click();
      await kb.locator(".item.file", { hasText: "returns.md" }).waitFor({ state: "detached" });
      await kb.locator("#recycled", { hasText: "returns.md" }).waitFor();
      assert.equal(await detail.locator("#detail-title", { hasText: "returns.md" }).count(), 0);
    });
    assert.deepEqual(problems, []);
  },
);
