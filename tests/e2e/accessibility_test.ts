/**
 * Accessibility, walked every time (issue 43): axe-core, injected into the page, on every screen
 * of the walk (each view, the forms and panes they open) at 1280x800 and 1920x1080, finds no
 * serious or critical violation, and every form field has a name (axe's `label` and `select-name`
 * rules, whatever their impact). Each screen is photographed into artifacts/screenshots/ on the
 * way, for whoever reads the CI run.
 */
import assert from "node:assert/strict";
import axe from "axe-core";
import type { Page } from "playwright-core";
import { browserTest, SHOTS, watchedPage } from "./browser.ts";
import { SCREENS, shotName, SIZES, visit } from "./walk.ts";

/** axe's own source, as its Node entry exposes it for injection into a page. */
const AXE_SOURCE = (axe as unknown as { source: string }).source;
const FIELD_RULES = new Set(["label", "select-name", "aria-input-field-name"]);

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string }[];
}

/** axe on the whole page (through open shadow roots), the violations that count. */
async function audit(page: Page): Promise<Violation[]> {
  if (!await page.evaluate(() => "axe" in globalThis)) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const run = (globalThis as unknown as {
      axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: Violation[] }> };
    }).axe.run;
    const result = await run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html.slice(0, 160) })),
    }));
  });
  return violations.filter((v) =>
    v.impact === "serious" || v.impact === "critical" || FIELD_RULES.has(v.id)
  );
}

browserTest("accessibility: axe finds no serious violation on any screen at either size", async (
  t,
  { running, browser },
) => {
  const problems: string[] = [];
  const page = await watchedPage(browser, problems);
  const found: string[] = [];
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    for (const screen of SCREENS) {
      await t.step(`${screen.name} at ${width}x${height}`, async () => {
        await visit(page, running.url, screen);
        await page.screenshot({ path: `${SHOTS}${shotName(screen, width)}` });
        for (const v of await audit(page)) {
          found.push(
            `${screen.name} ${width}: ${v.id} (${v.impact}) ${v.help}: ${
              v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.html}`).join(" | ")
            }`,
          );
        }
      });
    }
  }
  assert.deepEqual(found, []);
  assert.deepEqual(problems, []);
});
