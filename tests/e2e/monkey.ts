/**
 * A seeded random clicker (the monkey of issue 43): on the page as it stands, picks one visible,
 * enabled control at random — a button, a summary, a link within the UI, a select, a text field —
 * and uses it as a person would: clicks it, picks an option, types one of a few awkward texts and
 * maybe presses Enter. The same seed makes the same choices on the same screen.
 */
import type { Page } from "playwright-core";

/** mulberry32: small, seeded, good enough to choose controls. */
export function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TEXTS = ["", "hello", "0", "-1", "999999999999", "{", '{"a":1}', "<b>x</b>", "退款", "  "];

/** Marks every usable control of the page (through open shadow roots) and answers their kinds. */
function markControls(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    const walk = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll<HTMLElement>("*")) {
        if (el.shadowRoot) walk(el.shadowRoot);
        el.removeAttribute("data-monkey");
        const tag = el.tagName.toLowerCase();
        const usable = tag === "button" || tag === "summary" || tag === "select" ||
          tag === "textarea" ||
          (tag === "input" && !["file", "hidden"].includes((el as HTMLInputElement).type)) ||
          (tag === "a" && (el.getAttribute("href") ?? "").startsWith("#"));
        if (!usable || (el as HTMLButtonElement).disabled) continue;
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        el.setAttribute("data-monkey", String(found.length));
        const type = (el as HTMLInputElement).type;
        found.push(
          tag === "input" && ["checkbox", "radio"].includes(type)
            ? "click"
            : tag === "input" || tag === "textarea"
            ? "text"
            : tag === "select"
            ? "select"
            : "click",
        );
      }
    };
    walk(document);
    return found;
  });
}

/** One random action; answers what it did (for the failure message). */
export async function monkeyStep(page: Page, random: () => number): Promise<string> {
  const kinds = await markControls(page);
  if (!kinds.length) return "nothing to use";
  const index = Math.floor(random() * kinds.length);
  const control = page.locator(`[data-monkey="${index}"]`);
  const name = await control.evaluate((el) =>
    `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""} "${
      (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)
    }"`
  ).catch(() => "gone");
  // A control covered by a pane or gone by now is skipped, as a person's click would miss it.
  const quick = { timeout: 400 };
  try {
    if (kinds[index] === "select") {
      const count = await control.locator("option").count();
      if (count) await control.selectOption({ index: Math.floor(random() * count) }, quick);
      return `select ${name}`;
    }
    if (kinds[index] === "text") {
      const text = TEXTS[Math.floor(random() * TEXTS.length)];
      await control.fill(text, quick).catch(() => control.click(quick));
      if (random() < 0.5) await control.press("Enter", quick);
      return `type ${JSON.stringify(text)} into ${name}`;
    }
    await control.click(quick);
    return `click ${name}`;
  } catch {
    return `missed ${name}`;
  }
}
