/**
 * The Inspector filters by a time range (issue 43, the Firebase Emulator Suite row), typed as its
 * rows show times, in the tenant's zone: a day alone or a time to the minute or second. Rows show
 * their dates; text that is not a time says so and leaves that bound out. At 1280 and 1920 the
 * filters stay inside the list.
 */
import assert from "node:assert/strict";
import { browserTest, quickPage, SHOTS } from "./browser.ts";

const DAY = 86_400_000;

browserTest("inspector: a time range in the tenant's zone, rows with dates", async (
  t,
  { running, browser },
) => {
  const control = (path: string, body: unknown) =>
    fetch(`${running.url}${path}`, { method: "POST", body: JSON.stringify(body) }).then((r) =>
      r.json()
    );
  // One signed exchange a day at 09:00 Asia/Shanghai: 01-05, 01-06, 01-07.
  for (const day of [0, 1, 2]) {
    if (day) await control("/_emulator/clock/advance", { ms: DAY });
    await control("/_emulator/api/send", {
      operation: "POST /gateway/task_list",
      params: { enterpriseId: "7000001" },
      accessKeyId: "ccemu-demo-key",
    });
  }
  const problems: string[] = [];
  const page = await quickPage(browser, problems);
  const inspector = page.locator("ccemu-inspector");
  // The day of each row, from its <time> (the text drops the day where every row has the same).
  const days = async () =>
    (await inspector.locator("td.time time").evaluateAll((times) =>
      times.map((t) => t.getAttribute("datetime") ?? "")
    )).map((iso) => iso.slice(5, 10));
  const range = async (from: string, to: string) => {
    await inspector.locator("#filter-from").fill(from);
    await inspector.locator("#filter-to").fill(to);
  };
  await page.goto(`${running.url}/#inspector`);
  await inspector.locator("td.time").nth(2).waitFor();

  await t.step("rows show their dates, newest first", async () => {
    assert.deepEqual(await days(), ["01-07", "01-06", "01-05"]);
    const shown = (await inspector.locator("td.time").allTextContents()).map((s) => s.trim());
    assert.deepEqual(shown, ["01-07 09:00:00", "01-06 09:00:00", "01-05 09:00:00"]);
  });

  await t.step("a day alone: from its start, to its end", async () => {
    await range("2026-01-06", "");
    await inspector.locator("#count", { hasText: "2 of 3" }).waitFor();
    assert.deepEqual(await days(), ["01-07", "01-06"]);
    await range("", "2026-01-06");
    await inspector.locator("#count", { hasText: "2 of 3" }).waitFor();
    assert.deepEqual(await days(), ["01-06", "01-05"]);
  });

  await t.step("a time to the minute covers that minute; with seconds, to the second", async () => {
    await range("2026-01-06 09:00", "2026-01-06 09:00");
    await inspector.locator("#count", { hasText: "1 of 3" }).waitFor();
    assert.deepEqual(await days(), ["01-06"]);
    await range("2026-01-06 09:00:01", "");
    await inspector.locator("#count", { hasText: "1 of 3" }).waitFor();
    assert.deepEqual(await days(), ["01-07"]);
  });

  await t.step("text that is not a time says so and that bound is left out", async () => {
    await range("yesterday", "2026-01-06");
    const hint = inspector.locator("#range-hint");
    await hint.waitFor();
    assert.match(
      await hint.textContent() ?? "",
      /From: type a time as the list shows it, in Asia\/Shanghai/,
    );
    await inspector.locator("#count", { hasText: "2 of 3" }).waitFor();
    await range("", "");
    await hint.waitFor({ state: "detached" });
    await inspector.locator("#count", { hasText: "3 of 3" }).waitFor();
  });

  await t.step("the filters stay inside the list at 1280 and 1920", async () => {
    await range("2026-01-05", "2026-01-07");
    for (const [width, height] of [[1280, 800], [1920, 1080]]) {
      await page.setViewportSize({ width, height });
      const fits = await inspector.locator("section.list").evaluate((list) => {
        const box = list.getBoundingClientRect();
        return [...list.querySelectorAll(".filters input, .filters select, .filters button")]
          .every((el) => {
            const r = el.getBoundingClientRect();
            return r.left >= box.left - 1 && r.right <= box.right + 1 && r.width > 0;
          });
      });
      assert.ok(fits, `every filter inside the list at ${width}`);
      await page.screenshot({ path: `${SHOTS}inspector-range-${width}.png` });
    }
  });
  assert.deepEqual(problems, []);
});
