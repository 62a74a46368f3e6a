/**
 * The outbound console's read views (`/_emulator/outbound`): why a task waits, in the order that
 * decided its state; statuses as the vendor's word with a translation; outcome counts that add up
 * to the task's counts; the scripts and lines a new task can use.
 */
import assert from "node:assert/strict";
import { testEmulator } from "../helpers.ts";

const E = "7000001";
const HOUR = 3_600_000;
type Ccemu = ReturnType<typeof testEmulator>;

async function task(ccemu: Ccemu, callJobId: number) {
  const { json } = await ccemu.control("GET", "/_emulator/outbound/tasks");
  return json.tasks.find((t: { callJobId: number }) => t.callJobId === callJobId);
}

/** A task on script 3001 calling from line 501; answers its callJobId. */
async function createTask(ccemu: Ccemu, callJobName: string, concurrencyQuota: number) {
  const created = await ccemu.signed("POST", "/gateway/task_create", {
    body: {
      enterpriseId: E,
      callJobName,
      callJobType: 2,
      robotDefId: 3001,
      userPhoneIds: "[501]",
      concurrencyQuota,
    },
  });
  return created.json.result.callJobId as number;
}

const execute = (ccemu: Ccemu, callJobId: number, command: number) =>
  ccemu.signed("POST", "/gateway/task_execute", { body: { enterpriseId: E, callJobId, command } });

Deno.test("a task says why it waits: not started, no customers, outside its window, no seat, no line, paused", async () => {
  using ccemu = testEmulator();
  const id = await createTask(ccemu, "waits", 2);
  let t = await task(ccemu, id);
  assert.equal(t.callJobStatusDesc, "未开始");
  assert.equal(t.callJobStatusName, "not started");
  assert.match(t.waiting, /^not started: start it/);

  await execute(ccemu, id, 1);
  t = await task(ccemu, id);
  assert.equal(t.callJobStatus, 3);
  assert.equal(t.waiting, "no customers imported yet (task_import)");

  // 09:00 local is the manual clock's start; at 21:30 the default window (09:00-21:00) is closed.
  ccemu.emulator.clock.advance(12.5 * HOUR);
  await ccemu.signed("POST", "/gateway/task_import", {
    body: {
      enterpriseId: E,
      callJobId: id,
      customerInfoVOList: JSON.stringify([
        { phone: "19900000000", name: "A", properties: { 客户姓名: "A", 分期金额: 1 } },
      ]),
    },
  });
  t = await task(ccemu, id);
  assert.equal(t.callJobStatus, 3, "still runnable, holding no seat");
  assert.match(
    t.waiting,
    /^outside its working window until \d{4}-\d{2}-\d{2} 09:00 \(Asia\/Shanghai\)$/,
  );

  await ccemu.control("PATCH", `/_emulator/outbound/accounts/${E}`, { aiSeats: 1 });
  ccemu.emulator.clock.advance(12 * HOUR); // 09:30 the next day
  t = await task(ccemu, id);
  assert.equal(t.callJobStatus, 7);
  assert.equal(t.callJobStatusName, "queued");
  assert.match(t.waiting, /^no free AI seat: needs 2, 1 of the tenant's 1 free/);

  await ccemu.control("PATCH", "/_emulator/outbound/lines/501", { enabled: false });
  t = await task(ccemu, id);
  assert.equal(t.callJobStatus, 5);
  assert.equal(t.waiting, "none of its lines is enabled");

  await execute(ccemu, id, 2);
  t = await task(ccemu, id);
  assert.match(t.waiting, /^paused by a user: resume it/);

  await ccemu.control("PATCH", "/_emulator/outbound/lines/501", { enabled: true });
  await ccemu.control("PATCH", `/_emulator/outbound/accounts/${E}`, { aiSeats: 10 });
  await execute(ccemu, id, 1);
  t = await task(ccemu, id);
  assert.equal(t.callJobStatus, 1);
  assert.equal(t.waiting, null, "a task that dials waits for nothing");
});

Deno.test("outcome counts add up to the task's counts; call rows carry both words", async () => {
  using ccemu = testEmulator();
  const id = await createTask(ccemu, "outcomes", 3);
  const phones = ["19900000000", "19900000100", "19900000600", "19900000800", "19900000001"];
  await ccemu.signed("POST", "/gateway/task_import", {
    body: {
      enterpriseId: E,
      callJobId: id,
      customerInfoVOList: JSON.stringify(
        phones.map((phone) => ({ phone, properties: { 客户姓名: "x", 分期金额: 1 } })),
      ),
    },
  });
  await execute(ccemu, id, 1);
  await ccemu.control("POST", "/_emulator/outbound/advance-until-idle");
  const t = await task(ccemu, id);
  assert.equal(t.callJobStatus, 2);
  assert.deepEqual(
    t.outcomes.map((
      o: { finishStatusName: string; count: number },
    ) => [o.finishStatusName, o.count]),
    [["answered", 2], ["refused", 1], ["busy", 1], ["no answer", 1]],
  );
  const sum = t.outcomes.reduce((n: number, o: { count: number }) => n + o.count, 0);
  assert.equal(sum, t.doneCount);
  assert.equal(t.outcomes[0].count, t.calledCount);
  assert.equal(t.outcomes[1].finishStatusDesc, "拒接");
  const { json } = await ccemu.control("GET", `/_emulator/outbound/tasks/${id}/calls`);
  const busy = json.calls.find((c: { customerTelephone: string }) =>
    c.customerTelephone === "19900000600"
  );
  assert.equal(busy.finishStatusDesc, "占线");
  assert.equal(busy.finishStatusName, "busy");
  assert.equal(busy.callInstanceStatusName, "completed");
});

Deno.test("the console's resources: each tenant's scripts with their variables, and lines", async () => {
  using ccemu = testEmulator();
  const { json } = await ccemu.control("GET", "/_emulator/outbound/resources");
  const script = json.scripts.find((s: { robotDefId: number }) => s.robotDefId === 3001);
  assert.deepEqual(script.variables, ["客户姓名", "分期金额"]);
  assert.ok(json.lines.some((l: { userPhoneId: number }) => l.userPhoneId === 501));
});
