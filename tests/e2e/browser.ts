/**
 * What the browser tests and the UI benchmark share: Debian's chromium (whether it is here, and
 * whether CI demands it), where screenshots go, and a ccemu on a free port with the manual clock
 * at its default start and seed 1, so that every run draws the same screens.
 */
import assert from "node:assert/strict";
import { type Browser, chromium, type Locator, type Page } from "playwright-core";
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
 * A watched page that fails a step fast (10 s) but gives a page load a minute: the first load of a
 * fresh ccemu builds ui.js, which takes seconds on a loaded machine.
 */
export async function quickPage(browser: Browser, problems: string[]) {
  const page = await watchedPage(browser, problems);
  page.setDefaultTimeout(10_000);
  page.setDefaultNavigationTimeout(60_000);
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

/**
 * WCAG 2 contrast ratio of each element's text: its computed colour against the first opaque
 * background at or above it (through shadow roots; white when none), a translucent text colour
 * blended over that background first. Answers `[text, ratio]` per element.
 */
export function contrasts(locator: Locator) {
  return locator.evaluateAll((elements) => {
    const parse = (css: string) => {
      const [r, g, b, a = 1] = (css.match(/[\d.]+/g) ?? ["255", "255", "255"]).map(Number);
      return { r, g, b, a };
    };
    const channel = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    const luminance = ({ r, g, b }: { r: number; g: number; b: number }) =>
      0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    return elements.map((el) => {
      let node: Element | null = el;
      let ground = { r: 255, g: 255, b: 255, a: 1 };
      while (node) {
        const colour = parse(getComputedStyle(node).backgroundColor);
        if (colour.a === 1) {
          ground = colour;
          break;
        }
        node = node.parentElement ?? ((node.getRootNode() as ShadowRoot).host ?? null);
      }
      const ink = parse(getComputedStyle(el).color);
      const blend = (c: "r" | "g" | "b") => ink[c] * ink.a + ground[c] * (1 - ink.a);
      const [light, dark] = [
        luminance({ r: blend("r"), g: blend("g"), b: blend("b") }),
        luminance(ground),
      ].sort((a, b) => b - a);
      const text = (el.textContent ?? "").trim().replace(/\s+/g, " ");
      return [text, Math.round((light + 0.05) / (dark + 0.05) * 100) / 100] as [string, number];
    });
  });
}
