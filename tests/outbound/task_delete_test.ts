/**
 * Deleting outbound tasks through the control API (issue 43: clear one area at a time, and a task
 * deleted in place): a deleted task takes its customers, calls and callback deliveries with it, and
 * its timers (calls in progress, its wake-up, callback retries) are cancelled, so that moving the
 * clock on afterwards makes no call, sends no callback and records no error. An unknown id is
 * refused with ResourceNotFound and changes nothing.
 */
import assert from "node:assert/strict";
import { type RunningEmulator, startEmulator } from "../../harness/mod.ts";
import { startedTask } from "./started-task.ts";

const E = "7000001";

/** A receiver that always answers 500, so each delivery waits for a retry. */
function failingReceiver() {
  const received: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    received.push(await request.text());
    return new Response("busy", { status: 500 });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}/ccemu/calls`,
    received,
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
}

async function control(ccemu: RunningEmulator, method: string, path: string) {
  const response = await fetch(`${ccemu.url}/_emulator${path}`, { method });
  return { status: response.status, json: await response.json() };
}

const startTask = (ccemu: RunningEmulator, name: string, phones: string[]) =>
  startedTask(ccemu, phones, { name, concurrencyNum: 1 });

/** Moves the clock in steps until the task has a callback delivery waiting for its retry. */
async function untilFirstDelivery(ccemu: RunningEmulator, callJobId: number) {
  for (let i = 0; i < 200 && !ccemu.callbacks.deliveries({ callJobId }).length; i++) {
    ccemu.clock.advance(5_000);
    await ccemu.callbacks.settled();
  }
  assert.equal(ccemu.callbacks.deliveries({ callJobId })[0]?.status, "pending");
}

const pendingTimers = async (ccemu: RunningEmulator) =>
  (await control(ccemu, "GET", "/clock")).json.pendingTimers as number;

const outboundEntries = (ccemu: RunningEmulator) =>
  ccemu.journal.list().filter((e) => e.kind === "callback" || e.kind === "sms").length;

Deno.test("DELETE /_emulator/outbound/tasks/:callJobId: the task, its calls and deliveries go; nothing fires for it afterwards", async () => {
  await using receiver = failingReceiver();
  await using ccemu = await startEmulator();
  ccemu.callbacks.register(receiver.url);
  const timersBefore = await pendingTimers(ccemu);
  const callJobId = await startTask(ccemu, "to delete", [
    "19900000001",
    "19900000002",
    "19900000003",
  ]);
  await untilFirstDelivery(ccemu, callJobId);
  // A call in progress (the second number) and a retry are waiting on the clock.
  assert.ok(await pendingTimers(ccemu) >= timersBefore + 2);
  const receivedBefore = receiver.received.length;
  const entriesBefore = outboundEntries(ccemu);

  const deleted = await control(ccemu, "DELETE", `/outbound/tasks/${callJobId}`);
  assert.equal(deleted.status, 200);
  assert.deepEqual(deleted.json, { deleted: callJobId });
  assert.equal(await pendingTimers(ccemu), timersBefore, "the task's timers were cancelled");

  ccemu.clock.advance(86_400_000);
  await ccemu.callbacks.settled();
  assert.equal(receiver.received.length, receivedBefore, "no callback after the delete");
  assert.equal(outboundEntries(ccemu), entriesBefore, "no call, SMS or callback journaled");
  const tasks = (await control(ccemu, "GET", "/outbound/tasks")).json.tasks as {
    callJobId: number;
  }[];
  assert.ok(!tasks.some((t) => t.callJobId === callJobId));
  const calls = await control(ccemu, "GET", `/outbound/tasks/${callJobId}/calls`);
  assert.equal(calls.status, 404);
  assert.deepEqual(ccemu.callbacks.deliveries({ callJobId }), []);
  const signed = await ccemu.client().post("/gateway/task_execute", {
    enterpriseId: E,
    callJobId,
    command: 2,
  });
  assert.match(
    JSON.stringify(signed.body),
    /No task \(callJobId\)/,
    "the signed API no longer knows it",
  );
});

Deno.test("DELETE /_emulator/outbound/tasks/:callJobId: an unknown id is ResourceNotFound and changes nothing", async () => {
  await using ccemu = await startEmulator();
  const before = (await control(ccemu, "GET", "/outbound/tasks")).json;
  const missing = await control(ccemu, "DELETE", "/outbound/tasks/999999");
  assert.equal(missing.status, 404);
  assert.equal(missing.json.error.code, "ResourceNotFound");
  assert.match(missing.json.error.message, /No task 999999/);
  assert.deepEqual((await control(ccemu, "GET", "/outbound/tasks")).json, before);
});

Deno.test("DELETE /_emulator/outbound/tasks: every task goes; the other areas and the callback URL stay; advancing the clock does nothing", async () => {
  await using receiver = failingReceiver();
  await using ccemu = await startEmulator();
  ccemu.callbacks.register(receiver.url);
  const first = await startTask(ccemu, "first", ["19900000011", "19900000012"]);
  const second = await startTask(ccemu, "second", ["19900000021", "19900000022"]);
  await untilFirstDelivery(ccemu, first);
  const all = (await control(ccemu, "GET", "/outbound/tasks")).json.tasks as {
    callJobId: number;
  }[];
  assert.ok(all.some((t) => t.callJobId === second));

  const cleared = await control(ccemu, "DELETE", "/outbound/tasks");
  assert.equal(cleared.status, 200);
  assert.deepEqual(cleared.json.deleted, all.map((t) => t.callJobId));
  assert.deepEqual((await control(ccemu, "GET", "/outbound/tasks")).json.tasks, []);
  assert.equal((await control(ccemu, "GET", "/outbound/callback-deliveries")).json.total ?? 0, 0);
  const receivedBefore = receiver.received.length;
  const entriesBefore = outboundEntries(ccemu);
  const idle = await control(ccemu, "POST", "/outbound/advance-until-idle");
  assert.equal(idle.json.idle, true);
  ccemu.clock.advance(86_400_000);
  await ccemu.callbacks.settled();
  assert.equal(receiver.received.length, receivedBefore);
  assert.equal(outboundEntries(ccemu), entriesBefore);
  assert.equal(
    (await control(ccemu, "GET", "/outbound/callback-urls")).json.callbackUrls.length,
    1,
  );
  // The next task starts afresh and dials.
  const next = await startTask(ccemu, "after", ["19900000031"]);
  ccemu.clock.advance(600_000);
  await ccemu.callbacks.settled();
  assert.equal(ccemu.callbacks.deliveries({ callJobId: next }).length, 1);
});

Deno.test("the task deletes are in the control API's OpenAPI document", async () => {
  await using ccemu = await startEmulator();
  const document = await (await fetch(`${ccemu.url}/_emulator/openapi.json`)).json();
  assert.ok(document.paths["/_emulator/outbound/tasks"]?.delete?.summary);
  assert.ok(document.paths["/_emulator/outbound/tasks/{callJobId}"]?.delete?.summary);
});
