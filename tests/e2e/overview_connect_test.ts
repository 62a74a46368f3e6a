/**
 * The Overview's "Connect a client" card (issue 43, the Firebase Emulator Suite row): base URL,
 * host and port as the browser reached ccemu, the signed API's paths, and the shipped demo key
 * with its secret, at 1280x800 and 1920x1080. No other key's secret reaches the page; a demo key id
 * with a secret of its own keeps it hidden.
 */
import assert from "node:assert/strict";
import { browserTest, quickPage, SHOTS } from "./browser.ts";

browserTest("overview: how to connect, with the demo key's secret and no other", async (
  t,
  { running, browser },
) => {
  const problems: string[] = [];
  const page = await quickPage(browser, problems);
  const card = page.locator("ccemu-overview #overview-connect");
  const url = new URL(running.url);
  await page.goto(`${running.url}/#overview`);

  await t.step("the address, the paths and the demo key, at both sizes", async () => {
    await card.locator("#connect-secret").waitFor();
    assert.equal(await card.locator("#connect-base").textContent(), url.origin);
    assert.equal(await card.locator("#connect-host").textContent(), url.hostname);
    assert.equal(await card.locator("#connect-port").textContent(), url.port);
    const text = (await card.textContent() ?? "").replace(/\s+/g, " ");
    assert.match(text, /\/gateway · \/aikb · \/livechat\/third_part_bot_register/);
    assert.match(text, /enterpriseId 7000001/);
    assert.match(text, /AccessKeyId ccemu-demo-key/);
    assert.equal(await card.locator("#connect-secret").textContent(), "ccemu-demo-secret");
    assert.match(text, /Other keys \(ccemu-readonly-key, ccemu-office-key\): secrets not shown/);
    for (const [width, height] of [[1280, 800], [1920, 1080]]) {
      await page.setViewportSize({ width, height });
      const box = await card.evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { cut: el.scrollWidth > el.clientWidth + 1, top: r.top, bottom: r.bottom };
      });
      assert.ok(!box.cut, `nothing of the card is cut at ${width}`);
      assert.ok(box.bottom <= height, `the card is in view on load at ${width}`);
      await page.screenshot({ path: `${SHOTS}overview-connect-${width}.png` });
    }
    const page_ = await page.locator("body").evaluate(() => document.body.innerText);
    assert.doesNotMatch(page_, /ccemu-readonly-secret|ccemu-office-secret/);
  });

  await t.step("a demo key id with a secret of its own: the secret stays hidden", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const control = (method: string, path: string, body?: unknown) =>
      fetch(`${running.url}/_emulator${path}`, {
        method,
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then(async (r) => assert.ok(r.ok, await r.text()));
    await control("DELETE", "/keys/ccemu-demo-key");
    await control("POST", "/keys", {
      accessKeyId: "ccemu-demo-key",
      accessKeySecret: "a-secret-of-my-own",
      enterpriseId: "7000001",
    });
    await card.locator("#connect-demo", { hasText: "Not loaded" }).waitFor();
    assert.equal(await card.locator("#connect-secret").count(), 0);
    const everything = await page.content();
    assert.doesNotMatch(everything, /a-secret-of-my-own/);
    assert.match(await card.textContent() ?? "", /ccemu-demo-key/);
  });
  assert.deepEqual(problems, []);
});
