/**
 * Issue 43, defect 27: the first load after a start was blank for 2.5-4.6 s while ui.js was
 * built. The page now says it is loading at once, and `ccemu start` builds the script at start
 * (in the background), so that a first load a moment later waits for less of the build, or none.
 * Measured on a fresh server each, opened 4 s after its start: the first contentful paint, and
 * when the views' navigation shows (printed; the machine's load decides those numbers).
 */
import assert from "node:assert/strict";
import type { Browser } from "playwright-core";
import { DEFAULT_CONFIG, MANUAL_CLOCK_START } from "../../emulator/core/config.ts";
import { startServer } from "../../emulator/server.ts";
import { CHROMIUM, hasBrowser, inCI, launchChromium } from "./browser.ts";

/** A first load of a fresh ccemu: first contentful paint, the navigation shown (ms). */
async function firstLoad(browser: Browser, buildUi: boolean, openAfterMs = 0) {
  const running = await startServer(
    {
      ...DEFAULT_CONFIG,
      port: 0,
      clock: "manual",
      clockStart: MANUAL_CLOCK_START,
      seed: 1,
    },
    undefined,
    { buildUi },
  );
  try {
    // A person opens the address a moment after the start line.
    await new Promise((resolve) => setTimeout(resolve, openAfterMs));
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const opened = performance.now();
    await page.goto(`${running.url}/`, { waitUntil: "commit" });
    await page.locator("body").filter({ hasText: /ccemu/ }).waitFor();
    const paint = await page.evaluate(() =>
      new Promise<number>((resolve) => {
        const seen = performance.getEntriesByName("first-contentful-paint")[0];
        if (seen) return resolve(seen.startTime);
        new PerformanceObserver((list) => resolve(list.getEntries()[0].startTime))
          .observe({ type: "paint", buffered: true });
      })
    );
    const loading = await page.locator("body > ccemu-app > p").textContent().catch(() => null);
    await page.locator("ccemu-app nav button").first().waitFor({ timeout: 60_000 });
    const ready = performance.now() - opened;
    await page.close();
    return { paint, ready, loading };
  } finally {
    await running.close();
  }
}

Deno.test({
  name: "first load: the page says it is loading at once; ccemu start builds the script early",
  ignore: !hasBrowser && !inCI,
  async fn(t) {
    assert.ok(hasBrowser, `CI needs ${CHROMIUM}`);
    const browser = await launchChromium();
    try {
      await t.step("built on the first request: something shows at once", async () => {
        const first = await firstLoad(browser, false, 4000);
        console.log(
          `first load 4 s after start, built on request: first paint ${
            Math.round(first.paint)
          } ms, navigation ${Math.round(first.ready)} ms`,
        );
        assert.match(first.loading ?? "", /loading the UI/);
        assert.ok(first.paint < 1500, `first paint after ${Math.round(first.paint)} ms`);
      });
      await t.step("built at start: the first load waits for less of it", async () => {
        const early = await firstLoad(browser, true, 4000);
        console.log(
          `first load 4 s after start, built at start: first paint ${
            Math.round(early.paint)
          } ms, navigation ${Math.round(early.ready)} ms`,
        );
        assert.ok(early.paint < 1500, `first paint after ${Math.round(early.paint)} ms`);
      });
    } finally {
      await browser.close();
    }
  },
});
