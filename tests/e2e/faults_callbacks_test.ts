/**
 * Faults and callbacks in the UI (issue 18), in Debian's chromium: a fault rule added from the
 * state bar, its firings marked in the inspector and counted in the bar; an enterprise's callback
 * URL registered from the task pane, the delivery log through a failed attempt, a retry and a
 * "deliver again", the exactly-once check saying what happened. Screenshots go to
 * artifacts/screenshots/.
 */
import assert from "node:assert/strict";
import { SignedClient } from "../../harness/client.ts";
import { browserTest, SHOTS, watchedPage } from "./browser.ts";

browserTest(
  "faults and callbacks: rules, marks, the delivery log",
  async (t, { running, browser }) => {
    const problems: string[] = [];
    const page = await watchedPage(browser, problems);
    const state = page.locator("ccemu-state-controls");
    const api = new SignedClient({ url: running.url, now: () => running.emulator.clock.now() });

    await t.step(
      "a rule added from the state bar fires twice, marked in the inspector",
      async () => {
        await page.goto(`${running.url}/#inspector`);
        await state.locator("summary", { hasText: "Faults (0)" }).click();
        const rules = state.locator("ccemu-fault-rules");
        await rules.locator("#fault-operation").fill("/gateway/robot_list");
        await rules.locator("#fault-trigger").selectOption("first");
        await rules.getByLabel("Count").fill("2");
        await rules.locator("#fault-effect").selectOption("error");
        await rules.locator("#fault-code").selectOption("TooManyRequests");
        await rules.locator("#fault-note").fill("rate limit storm");
        await rules.locator("#add-fault").click();
        await rules.locator('tr[data-rule="1"]', { hasText: "TooManyRequests" }).waitFor();

        const statuses = [];
        for (let i = 0; i < 3; i++) {
          statuses.push(
            (await api.post("/gateway/robot_list", { robotStatus: 0 })).status,
          );
        }
        assert.deepEqual(statuses, [429, 429, 200]);
        await state.locator("summary", { hasText: "Faults (1, fired 2)" }).waitFor();
        await rules.locator('tr[data-rule="1"] td.fired', { hasText: "3 / 2" }).waitFor();
        await page.screenshot({ path: `${SHOTS}faults-pane.png` });

        await page.keyboard.press("Escape");
        const inspector = page.locator("ccemu-inspector");
        assert.equal(await inspector.locator("tr.entry .badge.fault").count(), 2);
        await inspector.locator("tr.entry", { has: page.locator(".badge.fault") }).first().click();
        await inspector.locator("#fault-note", {
          hasText: "Fault rule 1 (rate limit storm) fired: TooManyRequests",
        })
          .waitFor();
        await page.screenshot({ path: `${SHOTS}inspector-fault.png` });
      },
    );

    await t.step(
      "callbacks: registered in the task pane, retried, delivered again, checked",
      async () => {
        let answers = 0;
        const receiver = Deno.serve(
          { hostname: "127.0.0.1", port: 0, onListen() {} },
          async (r) => {
            await r.text();
            return new Response(null, { status: ++answers === 1 ? 500 : 200 });
          },
        );
        try {
          const created = await api.post("/gateway/task_create", {
            enterpriseId: "7000001",
            callJobName: "Callbacks",
            callJobType: 2,
            robotDefId: 3002,
            userPhoneIds: "[501]",
            concurrencyNum: 1,
            concurrencyQuota: 1,
          });
          const callJobId = (created.body.result as { callJobId: number }).callJobId;
          await api.post("/gateway/task_import", {
            enterpriseId: "7000001",
            callJobId,
            customerInfoVOList: JSON.stringify([{ phone: "19900000000", name: "张三" }]),
          });
          await api.post("/gateway/task_execute", {
            enterpriseId: "7000001",
            callJobId,
            command: 1,
          });

          await page.goto(`${running.url}/#outbound/${callJobId}`);
          const outbound = page.locator("ccemu-outbound");
          const callbacks = outbound.locator("ccemu-callbacks");
          await callbacks.getByLabel("Callback URL").fill(
            `http://127.0.0.1:${receiver.addr.port}/calls`,
          );
          await callbacks.getByRole("button", { name: "Register" }).click();
          await callbacks.getByRole("button", { name: "Change" }).waitFor();

          await outbound.locator("#advance-idle").click();
          await running.areas.outbound.callbacks.settled();
          await callbacks.locator("#delivery-log td.pending", { hasText: "pending" }).waitFor();
          await callbacks.locator("#callback-check", { hasText: "0 of 1 finished calls" })
            .waitFor();

          await outbound.locator("#advance-minute").click(); // the retry is due 10 s later
          await running.areas.outbound.callbacks.settled();
          await callbacks.locator("#delivery-log td.delivered").waitFor();
          await callbacks.locator("#callback-check", { hasText: "✓ 1 of 1" }).waitFor();
          assert.equal(
            (await callbacks.locator("#delivery-log tr[data-delivery] td:nth-child(4)")
              .textContent())?.trim(),
            "500, 200",
          );

          await callbacks.getByRole("button", { name: "Deliver 1 again" }).click();
          await running.areas.outbound.callbacks.settled();
          await callbacks.locator("#callback-check", { hasText: "received 2 times" }).waitFor();
          await page.screenshot({ path: `${SHOTS}callbacks-log.png` });

          await page.goto(`${running.url}/#inspector`);
          const inspector = page.locator("ccemu-inspector");
          await inspector.locator("tr.entry", { hasText: "callback 2, attempt 1 → 200" }).click();
          await inspector.locator("#deliver-again").waitFor();
        } finally {
          await receiver.shutdown();
        }
        assert.deepEqual(problems, []);
      },
    );
  },
);
