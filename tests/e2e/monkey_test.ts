/**
 * The monkey, walked every time (issue 43): on each view at 1280x800 and 1920x1080, a seeded
 * random clicker (monkey.ts) uses the controls it finds for a bounded number of actions. No page
 * error, no console error but the browser's own line for a 4xx the UI shows, no 5xx from ccemu,
 * and ccemu still answers its health check afterwards. A failure names the seed's actions so far.
 */
import assert from "node:assert/strict";
import { browserTest, watchedPage } from "./browser.ts";
import { monkeyStep, seeded } from "./monkey.ts";
import { SCREENS, SIZES, visit } from "./walk.ts";

/** MONKEY_SEED and MONKEY_ACTIONS make a longer walk by hand; CI runs the default. */
const SEED = Number(Deno.env.get("MONKEY_SEED") ?? 43);
/** Actions per view and size: 7 views at 2 sizes stay within a minute on 2 cores. */
const ACTIONS = Number(Deno.env.get("MONKEY_ACTIONS") ?? 10);
/** And at most this long per view and size (ms), whatever the machine's load: the walk is bounded. */
const STEP_MS = Number(Deno.env.get("MONKEY_STEP_MS") ?? 3000);
const VIEWS = ["overview", "conversations", "inspector", "scenarios", "outbound", "kb", "api"];
/** The browser's own console line for a response the UI reads and shows as a 4xx problem. */
const SHOWN_4XX = /^Failed to load resource: the server responded with a status of 4\d\d/;

browserTest("monkey: random use of every view leaves no error and ccemu answering", async (
  t,
  { running, browser },
) => {
  const problems: string[] = [];
  const page = await watchedPage(browser, problems);
  page.on("dialog", (dialog) => dialog.dismiss().catch(() => {}));
  page.context().on("page", (popup) => popup.close().catch(() => {}));
  page.on("response", (response) => {
    if (response.status() >= 500 && response.url().startsWith(running.url)) {
      problems.push(`${response.status()} from ${response.request().method()} ${response.url()}`);
    }
  });
  const random = seeded(SEED);
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    for (const screen of SCREENS.filter((s) => VIEWS.includes(s.name))) {
      await t.step(`${screen.name} at ${width}x${height}`, async () => {
        await visit(page, running.url, screen);
        const done: string[] = [];
        const until = performance.now() + STEP_MS;
        for (let i = 0; i < ACTIONS && performance.now() < until; i++) {
          done.push(await monkeyStep(page, random));
          const unexpected = problems.filter((p) => !SHOWN_4XX.test(p));
          assert.deepEqual(unexpected, [], `after: ${done.join("; ")}`);
        }
      });
    }
  }
  const health = await fetch(`${running.url}/_emulator/health`);
  assert.equal(health.status, 200, await health.text());
});
