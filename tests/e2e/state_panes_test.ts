/**
 * Issue 43, defect 8: the Clock, Faults and Access keys panes close as menus do — on a press
 * outside (which still reaches what it was on), on going to another view, on Escape — and the
 * Faults pane shows its own error inside itself, where it was hidden under the pane.
 */
import assert from "node:assert/strict";
import { browserTest, quickPage } from "./browser.ts";

browserTest(
  "state panes close on an outside click, navigation and Escape; Faults shows its error",
  async (
    t,
    { running, browser },
  ) => {
    const problems: string[] = [];
    const page = await quickPage(browser, problems);
    const state = page.locator("ccemu-state-controls");
    const open = (id: string) => state.locator(`details#${id}[open]`);
    await page.goto(`${running.url}/#overview`);
    await page.locator("ccemu-overview h2", { hasText: "Overview" }).waitFor();

    await t.step(
      "an outside click closes the Clock pane and still does what it was on",
      async () => {
        await state.locator("summary", { hasText: "Clock" }).click();
        await open("clock-controls").waitFor();
        await page.locator("nav button", { hasText: "Inspector" }).click();
        await open("clock-controls").waitFor({ state: "detached" });
        await page.waitForFunction(() => location.hash.startsWith("#inspector"));
      },
    );

    await t.step("on the Overview, a card link under no pane works with a pane open", async () => {
      await page.goto(`${running.url}/#overview`);
      await state.locator("summary", { hasText: "Access keys" }).click();
      await open("keys").waitFor();
      await page.locator("ccemu-overview #overview-errors h3 a").click();
      await page.waitForFunction(() => location.hash.startsWith("#inspector"));
      assert.equal(await open("keys").count(), 0);
    });

    await t.step("Escape closes the Access keys pane; going to a view closes Faults", async () => {
      await state.locator("summary", { hasText: "Access keys" }).click();
      await open("keys").waitFor();
      await page.keyboard.press("Escape");
      await open("keys").waitFor({ state: "detached" });
      await state.locator("summary", { hasText: "Faults" }).click();
      await open("faults").waitFor();
      await page.evaluate(() => (location.hash = "#kb"));
      await open("faults").waitFor({ state: "detached" });
    });

    await t.step("the Faults pane shows its own error, visibly", async () => {
      await state.locator("summary", { hasText: "Faults" }).click();
      await open("faults").waitFor();
      await state.locator("#fault-body").fill("{not json");
      await state.getByRole("button", { name: "Add rule" }).click();
      const error = state.locator("#faults .pane-problem", { hasText: "Parameters must be" });
      await error.waitFor();
      const onTop = await error.evaluate((el) => {
        const box = el.getBoundingClientRect();
        let hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        while (hit?.shadowRoot) {
          const inner = hit.shadowRoot.elementFromPoint(
            box.x + box.width / 2,
            box.y + box.height / 2,
          );
          if (!inner || inner === hit) break;
          hit = inner;
        }
        return hit === el || el.contains(hit);
      });
      assert.ok(onTop, "the error is not covered");
    });
    assert.deepEqual(problems, []);
  },
);
