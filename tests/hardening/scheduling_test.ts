/**
 * Issue defect 13: a started task with nothing to dial holds no AI seat. With one seat, a task
 * started without numbers stays runnable and lets a second task dial to completion.
 */
import assert from "node:assert/strict";
import { startEmulator } from "../../harness/mod.ts";

Deno.test("a task with nothing to dial holds no seat; advance-until-idle reaches idle", async () => {
  await using ccemu = await startEmulator();
  const api = ccemu.client();
  const control = (method: string, path: string, body?: unknown) =>
    fetch(`${ccemu.url}${path}`, { method, body: JSON.stringify(body) }).then((r) => r.json());
  await control("PATCH", "/_emulator/outbound/accounts/7000001", { aiSeats: 1 });
  const create = async (name: string) =>
    ((await api.post("/gateway/task_create", {
      enterpriseId: "7000001",
      callJobName: name,
      callJobType: 2,
      robotDefId: 3002,
      userPhoneIds: "[501]",
    })).body.result as { callJobId: number }).callJobId;
  const start = (callJobId: number) =>
    api.post("/gateway/task_execute", { enterpriseId: "7000001", callJobId, command: 1 });
  const status = async (callJobId: number) =>
    ((await api.post("/gateway/task", { enterpriseId: "7000001", callJobId })).body.result as {
      callJobStatus: number;
    }).callJobStatus;

  const a = await create("no numbers");
  await start(a);
  const b = await create("one number");
  await api.post("/gateway/task_import", {
    enterpriseId: "7000001",
    callJobId: b,
    customerInfoVOList: '[{"phone":"13800000001"}]',
  });
  await start(b);
  assert.equal(await status(a), 3, "runnable: started, nothing to dial");
  assert.equal(await status(b), 1, "in progress: it has the seat");

  const idle = await control("POST", "/_emulator/outbound/advance-until-idle");
  assert.equal(idle.idle, true);
  assert.ok(idle.now - Date.UTC(2026, 0, 5, 1) < 86_400_000, "idle within a day, not 30");
  assert.equal(await status(b), 2, "completed");
  assert.equal(await status(a), 3);

  // Numbers imported into A later: it takes the free seat and dials them.
  await api.post("/gateway/task_import", {
    enterpriseId: "7000001",
    callJobId: a,
    customerInfoVOList: '[{"phone":"13800000002"}]',
  });
  assert.equal(await status(a), 1);
  assert.equal((await control("POST", "/_emulator/outbound/advance-until-idle")).idle, true);
  assert.equal(await status(a), 2);
});
