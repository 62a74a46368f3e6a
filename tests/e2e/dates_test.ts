/**
 * Issue 43, defect 14: where shown times fall on different days, the day is shown too. The
 * Inspector's rows read "#18 09:04:00", "#19 09:00:00" a month apart; the outbound timeline's
 * axis showed times of day only for calls on two days.
 */
import assert from "node:assert/strict";
import { browserTest, quickPage } from "./browser.ts";

browserTest("dates are shown where days differ: inspector rows, outbound timeline", async (
  t,
  { running, browser },
) => {
  const control = (method: string, path: string, body?: unknown) =>
    fetch(`${running.url}${path}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then((r) => r.json());
  const send = async (operation: string, params: unknown) =>
    (await control("POST", "/_emulator/api/send", {
      operation,
      params,
      accessKeyId: "ccemu-demo-key",
    })).body;
  const enterpriseId = "7000001";
  const { result: { callJobId } } = await send("POST /gateway/task_create", {
    enterpriseId,
    callJobName: "two days",
    callJobType: 2,
    robotDefId: 3002,
    userPhoneIds: "[501]",
  });
  const customer = (phone: string) =>
    send("POST /gateway/task_import", {
      enterpriseId,
      callJobId,
      customerInfoVOList: JSON.stringify([{ phone }]),
    });
  await customer("13800000001");
  await send("POST /gateway/task_execute", { enterpriseId, callJobId, command: 1 });
  await control("POST", "/_emulator/outbound/advance-until-idle");
  await control("POST", "/_emulator/clock/advance", { ms: 86_400_000 });
  await customer("13800000002");
  await control("POST", "/_emulator/outbound/advance-until-idle");
  await control("POST", "/_emulator/clock/advance", { ms: 30 * 86_400_000 });
  await send("POST /gateway/task_list", { enterpriseId });

  const problems: string[] = [];
  const page = await quickPage(browser, problems);

  await t.step("inspector rows a month apart show their days", async () => {
    await page.goto(`${running.url}/#inspector`);
    const times = page.locator("ccemu-inspector td.time");
    await times.first().waitFor();
    const texts = (await times.allTextContents()).map((s) => s.trim());
    for (const text of texts) assert.match(text, /^\d\d-\d\d \d\d:\d\d:\d\d$/, text);
    assert.ok(new Set(texts.map((s) => s.slice(0, 5))).size >= 2, texts.join(" | "));
  });

  await t.step("the timeline's axis over two days shows the day", async () => {
    await page.goto(`${running.url}/#outbound/${callJobId}`);
    const chart = page.locator("ccemu-outbound #timeline-chart");
    await chart.waitFor();
    await page.waitForFunction(() => {
      const outbound = document.querySelector("ccemu-app")!.shadowRoot!
        .querySelector("ccemu-outbound")!;
      const chart = outbound.shadowRoot!.querySelector("#timeline-chart") as unknown as {
        config: { data: { datasets: { data: unknown[] }[] } } | null;
      };
      return (chart.config?.data.datasets[0].data.length ?? 0) >= 4;
    });
    const labels = await chart.evaluate((el) => {
      const config = (el as unknown as {
        config: {
          options: {
            scales: { x: { min: number; max: number; ticks: { callback: (v: number) => string } } };
          };
        };
      }).config;
      const x = config.options.scales.x;
      return [x.ticks.callback(x.min), x.ticks.callback(x.max)];
    });
    assert.notEqual(labels[0].slice(0, 5), labels[1].slice(0, 5), labels.join(" / "));
    for (const label of labels) assert.match(label, /^\d\d-\d\d \d\d:\d\d/, label);
  });
  assert.deepEqual(problems, []);
});
