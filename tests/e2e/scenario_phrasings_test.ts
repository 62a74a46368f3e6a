/**
 * The Scenarios view shows a scenario with several phrasings as the other reports do: "ask: 2 of
 * 3 phrasings passed", with the phrasing that failed (issue 45).
 */
import { Buffer } from "node:buffer";
import assert from "node:assert/strict";
import { browserTest, quickPage } from "./browser.ts";

browserTest("scenarios: a run with several phrasings says how many passed", async (t, {
  running,
  browser,
}) => {
  const problems: string[] = [];
  const page = await quickPage(browser, problems);
  const view = page.locator("ccemu-scenarios");
  await page.goto(`${running.url}/#scenarios`);
  await view.locator("button.run").first().waitFor();
  await view.getByLabel("Load a scenario file").setInputFiles({
    name: "refunds.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify({
      name: "refunds in three phrasings",
      robot: { name: "Sample agent (default way)" },
      steps: [{
        name: "ask",
        send: { text: ["退款多久到账", "退款什么时候到账", "refund: how long?"] },
        expect: { textContains: "工作日" },
      }],
    })),
  });
  await t.step(
    "run it: FAILED, ask: 2 of 3 phrasings passed, naming the one that failed",
    async () => {
      const row = view.locator('.scenario[data-scenario="refunds in three phrasings"]');
      await row.locator("button.run").click();
      await view.locator("#phrasings li", { hasText: "ask: 2 of 3 phrasings passed" }).waitFor();
      assert.match(
        await view.locator("#phrasings li").textContent() ?? "",
        /failed: "refund: how long\?"/,
      );
      assert.match(await view.locator("#verdict").textContent() ?? "", /^FAILED/);
    },
  );
  assert.deepEqual(problems, []);
});
