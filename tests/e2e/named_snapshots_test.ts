/**
 * Named snapshots on the Overview (issue 43, the LocalStack row): "Save as" a name lists it with
 * its time and size; Restore (confirmed in place) brings the state back — a robot added since is
 * gone from the counts; Delete (confirmed) forgets it. At 1280x800 and 1920x1080.
 */
import assert from "node:assert/strict";
import { browserTest, quickPage, SHOTS } from "./browser.ts";

browserTest("overview: named snapshots saved, listed, restored and deleted", async (
  t,
  { running, browser },
) => {
  const problems: string[] = [];
  const page = await quickPage(browser, problems);
  const card = page.locator("ccemu-overview #overview-snapshots");
  const robots = page.locator("ccemu-overview #overview-conversations dl.counts > div", {
    has: page.locator("dt", { hasText: "Robots" }),
  }).locator("dd");
  await page.goto(`${running.url}/#overview`);
  await card.locator("#no-snapshots").waitFor();
  const before = await robots.textContent();

  await t.step("Save as a name: listed with its time and size", async () => {
    await card.locator("#snapshot-name").fill("fixture state");
    await card.locator("#save-snapshot").click();
    const row = card.locator('li[data-snapshot="fixture state"]');
    await row.waitFor();
    assert.match(
      (await row.textContent() ?? "").replace(/\s+/g, " "),
      /fixture state saved at 2026-01-05 09:00:00 · \d+(\.\d)? KiB/,
    );
    assert.equal(await card.locator("#snapshot-name").inputValue(), "", "the box empties");
    const listed = await fetch(`${running.url}/_emulator/snapshots`).then((r) => r.json());
    assert.deepEqual(listed.snapshots.map((s: { name: string }) => s.name), ["fixture state"]);
  });

  await t.step("Restore, confirmed in place, brings the saved state back", async () => {
    const added = await fetch(`${running.url}/_emulator/gateway/robots`, {
      method: "POST",
      body: JSON.stringify({ name: "extra", url: "http://127.0.0.1:9/m", platform: "Default" }),
    });
    assert.equal(added.status, 201, await added.text());
    await page.waitForFunction(
      (n) => {
        const o = document.querySelector("ccemu-app")!.shadowRoot!.querySelector("ccemu-overview")!;
        const dd = o.shadowRoot!.querySelector("#overview-conversations dd");
        return dd?.textContent === String(n);
      },
      Number(before) + 1,
    );
    await card.getByRole("button", { name: "Restore snapshot fixture state" }).click();
    assert.match(await card.locator(".confirm").textContent() ?? "", /Replace the whole state/);
    for (const [width, height] of [[1280, 800], [1920, 1080]]) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `${SHOTS}overview-snapshots-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await card.getByRole("button", { name: "Yes, restore snapshot fixture state" }).click();
    await page.waitForFunction(
      (n) => {
        const o = document.querySelector("ccemu-app")!.shadowRoot!.querySelector("ccemu-overview")!;
        const dd = o.shadowRoot!.querySelector("#overview-conversations dd");
        return dd?.textContent === n;
      },
      before,
    );
    await card.locator('li[data-snapshot="fixture state"]').waitFor(); // kept for another time
  });

  await t.step("Delete, confirmed in place, forgets it", async () => {
    await card.getByRole("button", { name: "Delete snapshot fixture state" }).click();
    await card.getByRole("button", { name: "Yes, delete snapshot fixture state" }).click();
    await card.locator("#no-snapshots").waitFor();
  });
  assert.deepEqual(problems, []);
});
