/**
 * Issue 43, defect 1: "advance until idle" stops at once when what is left cannot dial whatever
 * the time (a task queued for 50 seats on a tenant of 10), and says which task and why, instead of
 * moving the clock 30 days with the task still queued.
 */
import assert from "node:assert/strict";
import { startEmulator } from "../../harness/mod.ts";

Deno.test("advance-until-idle stops when nothing can dial and names the task and why", async () => {
  await using ccemu = await startEmulator();
  const api = ccemu.client();
  const control = (method: string, path: string) =>
    fetch(`${ccemu.url}${path}`, { method }).then((r) => r.json());
  const { callJobId } = (await api.post("/gateway/task_create", {
    enterpriseId: "7000001",
    callJobName: "too wide",
    callJobType: 2,
    robotDefId: 3002,
    userPhoneIds: "[501]",
    concurrencyQuota: 50,
  })).body.result as { callJobId: number };
  await api.post("/gateway/task_import", {
    enterpriseId: "7000001",
    callJobId,
    customerInfoVOList: '[{"phone":"13800000001"}]',
  });
  await api.post("/gateway/task_execute", { enterpriseId: "7000001", callJobId, command: 1 });
  const before = (await control("GET", "/_emulator/clock")).now;

  const idle = await control("POST", "/_emulator/outbound/advance-until-idle");
  assert.equal(idle.idle, false);
  assert.ok(idle.now - before < 86_400_000, `stopped within a day, not 30 (${idle.now - before})`);
  assert.deepEqual(idle.stuck, [{
    callJobId,
    jobName: "too wide",
    waiting: "no free AI seat: needs 50, 10 of the tenant's 10 free " +
      "(tasks of higher priority go first)",
  }]);
});
