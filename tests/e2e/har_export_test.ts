/**
 * "Export HAR" in the inspector (issue 34), at 1280x800 and 1920x1080: the download is a HAR file
 * with as many entries as the journal (or, filtered by area, as the list shows), oldest first.
 * Screenshots go to artifacts/screenshots/.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { SignedClient } from "../../harness/client.ts";
import { browserTest, SHOTS, watchedPage } from "./browser.ts";

type Har = { log: { version: string; entries: { _ccemu: { id: number; area: string } }[] } };

/** Clicks Export HAR and answers the downloaded file, parsed, with its suggested name. */
async function exportHar(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.locator("ccemu-inspector #export-har").click(),
  ]);
  const har: Har = JSON.parse(await Deno.readTextFile(await download.path()));
  return { har, name: download.suggestedFilename() };
}

browserTest(
  "inspector: Export HAR downloads the journal as HAR",
  async (t, { running, browser }) => {
    const journal = async (query = "") =>
      (await (await fetch(`${running.url}/_emulator/journal?limit=5000${query}`)).json())
        .entries as { id: number }[];
    const api = new SignedClient({ url: running.url, now: () => running.emulator.clock.now() });
    await api.post("/gateway/robot_list", { robotStatus: 1 });
    await api.get("/aikb/list_public_repositories");
    const opened = await (await fetch(`${running.url}/_emulator/gateway/sessions`, {
      method: "POST",
      body: JSON.stringify({ robotId: "sample-default", responseMode: "streaming" }),
    })).json();
    await (await fetch(`${running.url}/_emulator/gateway/sessions/${opened.sessionId}/messages`, {
      method: "POST",
      body: JSON.stringify({ text: "markdown" }),
    })).body?.cancel();

    const problems: string[] = [];
    const page = await watchedPage(browser, problems);
    const inspector = page.locator("ccemu-inspector");
    const all = await journal();
    assert.ok(all.length >= 4, `traffic in the journal (${all.length})`);

    for (const [width, height] of [[1280, 800], [1920, 1080]]) {
      await t.step(`${width}x${height}: every entry, oldest first`, async () => {
        await page.setViewportSize({ width, height });
        await page.goto(`${running.url}/#inspector`);
        await inspector.locator("#count", { hasText: `${all.length} of ${all.length}` }).waitFor();
        const button = inspector.getByRole("button", { name: "Export HAR" });
        assert.ok(await button.isVisible());
        await page.screenshot({ path: `${SHOTS}har-export-${width}x${height}.png` });
        const { har, name } = await exportHar(page);
        assert.equal(name, "ccemu-journal.har");
        assert.equal(har.log.version, "1.2");
        assert.deepEqual(har.log.entries.map((e) => e._ccemu.id), all.map((e) => e.id));
      });
    }

    await t.step("filtered by area: the entries the list shows", async () => {
      const gateway = await journal("&area=gateway");
      assert.ok(gateway.length > 0 && gateway.length < all.length);
      await inspector.getByLabel("Area").selectOption("gateway");
      await inspector.locator("#count", { hasText: `${gateway.length} of ${all.length}` })
        .waitFor();
      const { har } = await exportHar(page);
      assert.deepEqual(har.log.entries.map((e) => e._ccemu.id), gateway.map((e) => e.id));
    });

    await t.step("filtered by text in the browser: only what the list shows", async () => {
      await inspector.getByLabel("Area").selectOption("");
      await inspector.getByLabel("Search the journal").fill("list_public_repositories");
      await inspector.locator("#count", { hasText: `1 of ${all.length}` }).waitFor();
      const { har } = await exportHar(page);
      assert.deepEqual(har.log.entries.map((e) => e._ccemu.area), ["kb"]);
    });
    assert.deepEqual(problems, []);
  },
);
