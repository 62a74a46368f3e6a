/**
 * Every time the UI shows is in the tenant's zone with the same instant in UTC on hover (issue 34):
 * a `<time>` element whose text is the tenant's local time, whose `datetime` is the instant and
 * whose title says it in UTC. Checked in the outbound view, a call's detail, the inspector's list
 * and detail, at 1280x800 and 1920x1080.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { browserTest, watchedPage } from "./browser.ts";
import { SignedClient } from "../../harness/client.ts";

const ZONE = "Asia/Shanghai";

/** Each shown `<time>` under `scope`, checked against the tenant's zone; answers how many. */
async function checkTimes(page: Page, scope: string) {
  const times = await page.locator(`${scope} time`).evaluateAll((nodes) =>
    nodes.map((n) => ({
      text: n.textContent ?? "",
      datetime: n.getAttribute("datetime") ?? "",
      title: n.getAttribute("title") ?? "",
    }))
  );
  for (const time of times) {
    const instant = Date.parse(time.datetime);
    assert.ok(Number.isFinite(instant), `datetime ${time.datetime}`);
    const local = new Intl.DateTimeFormat("sv-SE", {
      timeZone: ZONE,
      dateStyle: "short",
      timeStyle: "medium",
    }).format(instant);
    assert.ok(local.endsWith(time.text), `${time.text} is ${local} in ${ZONE}`);
    const utc = `${new Date(instant).toISOString().slice(0, 19).replace("T", " ")} UTC`;
    assert.equal(time.title, utc);
  }
  return times.length;
}

for (const [width, height] of [[1280, 800], [1920, 1080]]) {
  browserTest(`times are the tenant's, UTC on hover, at ${width}x${height}`, async (t, ui) => {
    const problems: string[] = [];
    const page = await watchedPage(ui.browser, problems);
    await page.setViewportSize({ width, height });
    const api = new SignedClient({
      url: ui.running.url,
      now: () => ui.running.emulator.clock.now(),
    });
    const created = await api.post("/gateway/task_create", {
      enterpriseId: "7000001",
      callJobName: "Times",
      callJobType: 2,
      robotDefId: 3002,
      userPhoneIds: "[501]",
      concurrencyNum: 1,
      concurrencyQuota: 1,
    });
    const { callJobId } = created.body.result as { callJobId: number };

    await t.step("outbound: the tenant's time", async () => {
      await page.goto(`${ui.running.url}/#outbound/${callJobId}`);
      await page.locator("ccemu-outbound time").first().waitFor();
      assert.ok(await checkTimes(page, "ccemu-outbound") >= 1);
    });

    await t.step("inspector: the list's time column and the detail", async () => {
      await page.goto(`${ui.running.url}/#inspector`);
      await page.locator("ccemu-inspector td.time time").first().waitFor();
      assert.ok(await checkTimes(page, "ccemu-inspector td.time") >= 1);
      await page.locator("ccemu-inspector tr.entry").first().click();
      await page.locator("ccemu-inspector section.detail time").first().waitFor();
      assert.ok(await checkTimes(page, "ccemu-inspector section.detail") >= 1);
    });
    assert.deepEqual(problems, []);
  });
}
