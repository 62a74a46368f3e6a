/**
 * What the browser tests and the UI benchmark share: Debian's chromium (whether it is here, and
 * whether CI demands it), where screenshots go, and a ccemu on a free port with the manual clock
 * at its default start and seed 1, so that every run draws the same screens.
 */
import assert from "node:assert/strict";
import { type Browser, chromium, type Page } from "playwright-core";
import { type Config, DEFAULT_CONFIG, MANUAL_CLOCK_START } from "../../emulator/core/config.ts";
import { type RunningEmulator, startServer } from "../../emulator/server.ts";

export const CHROMIUM = "/usr/bin/chromium";
export const hasBrowser = await Deno.stat(CHROMIUM).then(() => true, () => false);
export const inCI = Deno.env.get("CI") === "true";
export const SHOTS = new URL("../../artifacts/screenshots/", import.meta.url).pathname;

export function startUiServer(config: Partial<Config> = {}) {
  return startServer({
    ...DEFAULT_CONFIG,
    port: 0,
    clock: "manual",
    clockStart: MANUAL_CLOCK_START,
    seed: 1,
    ...config,
  });
}

export function launchChromium() {
  return chromium.launch({ executablePath: CHROMIUM, headless: true });
}

/** A 1280x800 page (downloads allowed) whose console errors and page errors go to `problems`. */
export async function watchedPage(browser: Browser, problems: string[]) {
  const page = await browser.newPage({
    viewport: { width: 1280, height: 800 },
    acceptDownloads: true,
  });
  page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
  page.on("pageerror", (e) => problems.push(String(e)));
  return page;
}

/**
 * A browser test: ccemu (as `startUiServer`) and chromium, both closed afterwards whatever happens.
 * Skipped without chromium on a workstation; under CI a missing chromium fails it.
 */
export function browserTest(
  name: string,
  fn: (t: Deno.TestContext, ui: { running: RunningEmulator; browser: Browser }) => Promise<void>,
  config: Partial<Config> = {},
) {
  Deno.test({
    name,
    ignore: !hasBrowser && !inCI,
    async fn(t) {
      assert.ok(hasBrowser, `CI needs ${CHROMIUM} (.ci/run installs Debian's chromium)`);
      await Deno.mkdir(SHOTS, { recursive: true });
      const running = await startUiServer(config);
      try {
        const browser = await launchChromium();
        try {
          await fn(t, { running, browser });
        } finally {
          await browser.close();
        }
      } finally {
        await running.close();
      }
    },
  });
}

/**
 * Registers an agent through the chat's "Add an agent by URL" form and waits until the robot
 * picker holds it (chosen, as the form leaves it).
 */
export async function addAgentByUrl(page: Page, name: string, url: string) {
  const chat = page.locator("ccemu-conversation");
  const robots = chat.locator("#robot option");
  await robots.first().waitFor({ state: "attached" });
  const known = await robots.count();
  await chat.locator("summary", { hasText: "Add an agent by URL" }).click();
  await chat.locator('input[name="name"]').fill(name);
  await chat.locator('input[name="url"]').fill(url);
  await chat.locator("#add-agent").click();
  await robots.nth(known).waitFor({ state: "attached" });
}
