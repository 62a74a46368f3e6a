/**
 * The inspector lists the recording proxy's `upstream` entries with their badge, and shows both
 * sides of one (what was forwarded, what came back), a failed one too, without a page error.
 */
import assert from "node:assert/strict";
import { hasBrowser, inCI, launchChromium, watchedPage } from "../e2e/browser.ts";
import { closedPort, journalOf, signedCall, startProxy, startUpstream } from "./helpers.ts";

Deno.test({
  name: "the inspector shows upstream entries",
  ignore: !hasBrowser && !inCI,
  async fn() {
    await using real = await startUpstream();
    await using proxy = await startProxy(real.url, [], { ui: true });
    await using down = await startProxy(`http://127.0.0.1:${closedPort()}`, [], { ui: true });
    await signedCall(proxy.url, "POST", "/gateway/robot_list", { body: '{"robotStatus":1}' });
    await signedCall(down.url, "POST", "/gateway/robot_list", { body: '{"robotStatus":1}' });
    const browser = await launchChromium();
    try {
      const problems: string[] = [];
      const page = await watchedPage(browser, problems);
      for (const [base, answered] of [[proxy.url, "upstream answered"], [down.url, "no answer"]]) {
        const { entries } = await journalOf(base);
        const id = entries.at(-1)!.id;
        await page.goto(`${base}/#inspector/${id}`);
        const inspector = page.locator("ccemu-inspector");
        await inspector.locator(`tr.entry[data-id="${id}"] .badge.upstream`).waitFor();
        await inspector.locator("#upstream-note").waitFor();
        const detail = await inspector.locator("section.detail").textContent() ?? "";
        assert.match(detail, /Forwarded to the upstream 127\.0\.0\.1:\d+/);
        assert.match(detail, new RegExp(answered));
        assert.doesNotMatch(detail, /Signature=/);
      }
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
    }
  },
});
