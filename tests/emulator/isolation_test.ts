/**
 * Two emulators in one process (the harness in parallel tests) share nothing: control request ids,
 * dialers and their clocks, visitor sessions and journals are each their own.
 */
import { internals } from "../../harness/internals.ts";
import assert from "node:assert/strict";
import { startEmulator } from "../../harness/mod.ts";

const control = async (url: string, method: string, path: string, body?: unknown) => {
  const res = await fetch(url + path, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
};

Deno.test("two emulators in one process share nothing", async () => {
  await using a = await startEmulator({ seed: 5 });
  await using b = await startEmulator({ seed: 5 });

  // Control request ids are counted per emulator.
  for (const expected of ["control-1", "control-2"]) {
    const refused = await control(a.url, "GET", "/_emulator/gateway/robots/none");
    assert.equal(refused.json.requestId, expected);
  }
  assert.equal((await control(b.url, "GET", "/_emulator/no-such")).json.requestId, "control-1");

  // A task dialed to completion on A: B's dialer, clock and records never see it.
  const client = a.client();
  const created = await client.post("/gateway/task_create", {
    enterpriseId: "7000001",
    callJobName: "isolation",
    callJobType: 2,
    robotDefId: 3002,
    userPhoneIds: "[501]",
  });
  const callJobId = (created.body.result as { callJobId: number }).callJobId;
  await client.post("/gateway/task_import", {
    enterpriseId: "7000001",
    callJobId,
    customerInfoVOList: JSON.stringify([{ phone: "13800000001" }, { phone: "13800000002" }]),
  });
  await client.post("/gateway/task_execute", { enterpriseId: "7000001", callJobId, command: 1 });
  const idle = await control(a.url, "POST", "/_emulator/outbound/advance-until-idle");
  assert.equal(idle.json.idle, true);
  assert.ok(a.clock.now() > b.clock.now(), "only A's clock moved");
  assert.equal(internals(a).areas.outbound.dialer.done(callJobId).length, 2);
  assert.equal(internals(b).areas.outbound.dialer.done(callJobId).length, 0);
  assert.equal(
    internals(b).emulator.state.outbound.calls.some((c) => c.callJobId === callJobId),
    false,
  );
  const other = await b.client().post("/gateway/task", { enterpriseId: "7000001", callJobId });
  assert.equal(other.body.error?.code, "ResourceNotFound");

  // Sessions: both emulators number their own from s-1, and list only their own.
  const opened = await control(a.url, "POST", "/_emulator/gateway/sessions", {
    robotId: "sample-default",
  });
  assert.equal(opened.json.sessionId, "s-1");
  await control(a.url, "POST", "/_emulator/gateway/sessions/s-1/messages", { text: "hello" });
  assert.deepEqual((await control(b.url, "GET", "/_emulator/gateway/sessions")).json.sessions, []);
  const mine = await control(b.url, "POST", "/_emulator/gateway/sessions", {
    robotId: "sample-default",
  });
  assert.equal(mine.json.sessionId, "s-1");
  assert.equal(
    internals(b).areas.gateway.store.findSession("s-1").history.length,
    1,
    "B's opening only",
  );

  // Journals: each holds only its own exchanges and pushes.
  const pushesTo = (entries: { push?: { sessionId: string } }[]) =>
    entries.filter((e) => e.push).length;
  assert.equal(pushesTo(a.journal.list()), 2, "A: the open call and one message");
  assert.equal(pushesTo(b.journal.list()), 1, "B: its own open call");
  assert.equal(b.journal.list({ area: "outbound" }).length, 1, "B: only its own task lookup");
});
