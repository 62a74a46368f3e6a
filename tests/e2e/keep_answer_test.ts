/**
 * "Keep this answer as fixture data" in the inspector (issue 34, 2): a recorded tenant's answer,
 * an `upstream` entry of ccemu as a recording proxy, is kept in ccemu's state from its detail,
 * which then says what was added and changed.
 */
import assert from "node:assert/strict";
import { launchChromium, SHOTS, startUiServer, watchedPage } from "./browser.ts";
import { hasBrowser, inCI } from "./browser.ts";
import {
  SECRET_ENV,
  signedCall,
  startUpstream,
  UPSTREAM_KEY,
  UPSTREAM_ROBOT,
  UPSTREAM_SECRET,
} from "../upstream/helpers.ts";

Deno.test({
  name: "a recorded tenant's answer is kept from the inspector",
  ignore: !hasBrowser && !inCI,
  async fn() {
    await using real = await startUpstream();
    Deno.env.set(SECRET_ENV, UPSTREAM_SECRET);
    // A real clock from now: the client signs with the wall clock, as the proxy's users do.
    const proxy = await startUiServer({
      clock: "real",
      clockStart: Date.now(),
      upstream: {
        url: real.url,
        accessKeyId: UPSTREAM_KEY,
        secretEnv: SECRET_ENV,
        timeoutMs: 30_000,
      },
    }).finally(() => Deno.env.delete(SECRET_ENV)); // read once, at start-up
    const browser = await launchChromium();
    try {
      const through = await signedCall(proxy.url, "POST", "/gateway/robot_list", {
        body: '{"robotStatus":0}',
      });
      assert.equal(through.status, 200, through.text);
      const id = proxy.emulator.journal.list().at(-1)!.id;
      const problems: string[] = [];
      const page = await watchedPage(browser, problems);
      await page.goto(`${proxy.url}/#inspector/${id}`);
      const actions = page.locator("ccemu-inspector ccemu-entry-actions");
      await actions.locator("#fixture-data", { hasText: "recorded from" }).waitFor();
      await actions.locator("#keep-answer").click();
      const kept = await actions.locator("#kept").textContent() ?? "";
      assert.match(kept, new RegExp(`added scripts ${UPSTREAM_ROBOT.robotDefId}`));
      assert.match(kept, /enterprise 7000001/);
      const scripts = proxy.emulator.state.outbound.scripts;
      assert.ok(scripts.some((s) => s.robotDefId === UPSTREAM_ROBOT.robotDefId));
      await page.screenshot({ path: `${SHOTS}keep-answer.png` });
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
      await proxy.close();
    }
  },
});
