/**
 * Every screen of the UI, as the checks that walk it every time (accessibility, screenshots, the
 * monkey) reach it: each view by its address, and the panes and forms a view opens, each waited
 * for until it shows what it is about.
 */
import type { Page } from "playwright-core";

export const SIZES = [[1280, 800], [1920, 1080]] as const;

/** A screen: its name (also its screenshot's), its address, and what opens it once there. */
export interface Screen {
  name: string;
  hash: string;
  /** Waits until the screen shows what it is about (and opens what it must). */
  open: (page: Page) => Promise<void>;
}

const view = (page: Page, tag: string) => page.locator(tag);

export const SCREENS: Screen[] = [
  {
    name: "overview",
    hash: "#overview",
    open: (page) => view(page, "ccemu-overview").locator("h2", { hasText: "Overview" }).waitFor(),
  },
  {
    name: "conversations",
    hash: "#conversations",
    async open(page) {
      const chat = view(page, "ccemu-conversation");
      await chat.locator("#robot option").first().waitFor({ state: "attached" });
      await chat.locator("#open").click();
      await chat.locator("#text").fill("hello");
      await chat.locator("#text").press("Enter");
      await chat.locator(".bubble").nth(1).waitFor();
    },
  },
  {
    name: "inspector",
    hash: "#inspector/1",
    // The entry, or the note that it is gone (after a reset or a cleared journal).
    open: (page) =>
      view(page, "ccemu-inspector").locator("#copy-curl, #entry-missing").first().waitFor(),
  },
  {
    name: "scenarios",
    hash: "#scenarios",
    open: (page) => view(page, "ccemu-scenarios").locator("#run-all").waitFor(),
  },
  {
    name: "outbound",
    hash: "#outbound",
    open: (page) => view(page, "ccemu-outbound").locator("#new-task").waitFor(),
  },
  {
    name: "outbound-new-task",
    hash: "#outbound",
    async open(page) {
      await view(page, "ccemu-outbound").locator("#new-task").click();
      await view(page, "ccemu-outbound").locator("#concurrency").waitFor();
    },
  },
  {
    name: "kb",
    hash: "#kb",
    open: (page) => view(page, "ccemu-kb").locator(".item.faq").first().waitFor(),
  },
  {
    name: "kb-new-faq",
    hash: "#kb",
    async open(page) {
      const kb = view(page, "ccemu-kb");
      await kb.locator(".item.faq").first().waitFor();
      await kb.locator("#new-faq").click();
      await kb.locator("#save-faq").waitFor();
    },
  },
  {
    name: "api",
    hash: "#api/task_create",
    open: (page) => view(page, "ccemu-api").locator("#send").waitFor(),
  },
  ...(["keys", "faults", "stubs", "clock"] as const).map((pane) => ({
    name: `pane-${pane}`,
    hash: `#${pane}`,
    async open(page: Page) {
      const id = pane === "clock" ? "clock-controls" : pane;
      await page.locator(`ccemu-state-controls #${id}[open] .pop`).waitFor();
    },
  })),
];

/**
 * Loads a screen afresh (from a blank page: the same address twice would not reload it, and the
 * view would keep what the last screen opened) and opens it.
 */
export async function visit(page: Page, base: string, screen: Screen) {
  await page.goto("about:blank");
  await page.goto(`${base}/${screen.hash}`);
  await screen.open(page);
}

/** The screenshot's file name of a screen at a size. */
export const shotName = (screen: Screen, width: number) => `view-${screen.name}-${width}.png`;
