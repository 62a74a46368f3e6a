import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { RETRY_DELAYS_MS } from "../../emulator/outbound/callbacks.ts";
import { type RunningEmulator, startEmulator } from "../../harness/mod.ts";
import { startedTask } from "./started-task.ts";

const E = "7000001";

/**
 * A callback receiver whose answers the test scripts (`HANG`: never answer, until it stops); it
 * keeps what it received.
 */
const HANG = Symbol("hang");
function startReceiver(answer: (n: number) => Response | typeof HANG) {
  const received: { headers: Headers; body: string }[] = [];
  const hanging = new Set<() => void>();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    const body = await request.text();
    received.push({ headers: request.headers, body });
    const answered = answer(received.length);
    if (answered !== HANG) return answered;
    await new Promise<void>((resolve) => hanging.add(resolve));
    return new Response(null);
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}/ccemu/calls`,
    received,
    [Symbol.asyncDispose]: () => {
      for (const release of hanging) release();
      return server.shutdown();
    },
  };
}

const runTask = (ccemu: RunningEmulator, phones: string[]) => startedTask(ccemu, phones);

async function advanceUntilIdle(ccemu: RunningEmulator) {
  const response = await fetch(`${ccemu.url}/_emulator/outbound/advance-until-idle`, {
    method: "POST",
  });
  return await response.json();
}

Deno.test("callbacks: a receiver failing twice gets the record on the third attempt, at T, T+10 s and T+70 s", async () => {
  await using receiver = startReceiver((n) =>
    new Response(n <= 2 ? "busy" : "ok", { status: n <= 2 ? 500 : 200 })
  );
  await using ccemu = await startEmulator();
  ccemu.callbacks.register(receiver.url);
  const callJobId = await runTask(ccemu, ["19900000000"]);
  await advanceUntilIdle(ccemu);
  await ccemu.callbacks.settled();
  const [delivery] = ccemu.callbacks.deliveries({ callJobId });
  const finishedAt = delivery.attempts[0].at;
  assert.equal(delivery.status, "pending");
  assert.equal(delivery.nextAttemptAt, finishedAt + 10_000);

  ccemu.clock.advance(9_999);
  await ccemu.callbacks.settled();
  assert.equal(receiver.received.length, 1, "not before its time");
  ccemu.clock.advance(1);
  await ccemu.callbacks.settled();
  assert.equal(receiver.received.length, 2);
  ccemu.clock.advance(60_000);
  await ccemu.callbacks.settled();

  const [done] = ccemu.callbacks.deliveries({ callJobId });
  assert.equal(done.status, "delivered");
  assert.deepEqual(done.attempts.map((a) => [a.at - finishedAt, a.status]), [
    [0, 500],
    [10_000, 500],
    [70_000, 200],
  ]);
  assert.equal(done.nextAttemptAt, null);

  // The body is the call as call_done_list shows it, properties included; every attempt the same.
  const list = await ccemu.client().post("/gateway/call_done_list", { enterpriseId: E, callJobId });
  const record = (list.body.result as { list: unknown[] }).list[0];
  for (const { body } of receiver.received) assert.deepEqual(JSON.parse(body), record);
  assert.equal(JSON.parse(receiver.received[0].body).properties.includes("o-19900000000"), true);

  // The signature as the README says to check it: HMAC-SHA256 over `t.body` with the key's secret.
  const third = receiver.received[2];
  assert.equal(third.headers.get("x-ccemu-delivery"), String(done.deliveryId));
  assert.equal(third.headers.get("x-ccemu-attempt"), "3");
  assert.equal(third.headers.get("x-ccemu-key"), "ccemu-demo-key");
  const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(third.headers.get("x-ccemu-signature")!)!;
  assert.equal(Number(t), Math.floor((finishedAt + 70_000) / 1000));
  const expected = createHmac("sha256", "ccemu-demo-secret").update(`${t}.${third.body}`).digest(
    "hex",
  );
  assert.equal(v1, expected);

  const entries = ccemu.journal.list().filter((e) => e.kind === "callback");
  assert.deepEqual(entries.map((e) => e.response.status), [500, 500, 200]);
  assert.equal(entries[0].target, receiver.url);
  assert.deepEqual(ccemu.callbacks.check(callJobId), {
    callJobId,
    passed: true,
    unfinished: 0,
    calls: [{
      callInstanceId: done.callInstanceId,
      customerTelephone: "19900000000",
      passed: true,
      received: 1,
      attempts: 3,
      unanswered: 0,
    }],
  });
});

Deno.test("callbacks: a receiver that hangs neither slows nor changes the dialing", async () => {
  const phones = ["19900000000", "19900000100", "13912345678", "13912345679", "19900000600"];
  async function dial(withReceiver: boolean) {
    await using receiver = startReceiver(() => HANG);
    await using ccemu = await startEmulator({ seed: 3 });
    if (withReceiver) ccemu.callbacks.register(receiver.url, { timeoutMs: 200 });
    const callJobId = await runTask(ccemu, phones);
    const idle = await advanceUntilIdle(ccemu);
    assert.equal(idle.idle, true);
    const list = await ccemu.client().post("/gateway/call_done_list", {
      enterpriseId: E,
      callJobId,
      pageSize: 50,
    });
    const deliveries = ccemu.callbacks.deliveries();
    if (withReceiver) {
      // Every call finished while every delivery still waited on the receiver.
      assert.equal(deliveries.length, phones.length);
      assert.ok(deliveries.every((d) => d.status === "pending" && d.attempts.length === 0));
      await ccemu.callbacks.settled();
      // Retries the clock had passed went at once; the next is due on the virtual clock.
      for (const d of ccemu.callbacks.deliveries()) {
        assert.ok(d.attempts.every((a) => a.error === "no answer within 200 ms"));
        const last = d.attempts.at(-1)!;
        assert.equal(d.nextAttemptAt, last.at + RETRY_DELAYS_MS[d.attempts.length - 1]);
        assert.ok(d.nextAttemptAt! > ccemu.clock.now());
      }
    } else assert.equal(deliveries.length, 0, "callbacks are off by default");
    // Recording URLs name the port, which differs run to run.
    return JSON.stringify({ list: list.body.result, clock: ccemu.clock.now() })
      .replaceAll(ccemu.url, "ORIGIN");
  }
  assert.equal(await dial(true), await dial(false));
});

Deno.test("callbacks: six failures end a delivery; deliver again; the check counts what was received", async () => {
  let up = false;
  await using receiver = startReceiver(() => new Response(null, { status: up ? 204 : 503 }));
  await using ccemu = await startEmulator();
  ccemu.callbacks.register(receiver.url);
  const callJobId = await runTask(ccemu, ["19900000000"]);
  await advanceUntilIdle(ccemu);
  for (let i = 0; i < 6; i++) {
    await ccemu.callbacks.settled();
    ccemu.clock.advance(7_200_000);
  }
  await ccemu.callbacks.settled();
  const [failed] = ccemu.callbacks.deliveries();
  assert.equal(failed.status, "failed");
  assert.equal(failed.attempts.length, 6);
  const report = ccemu.callbacks.check(callJobId);
  assert.equal(report.passed, false);
  assert.match(report.calls[0].problem!, /never received: 503; 503.*failed after 6 attempts/);

  const control = (path: string, method = "GET") =>
    fetch(`${ccemu.url}/_emulator/outbound${path}`, { method }).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));
  up = true;
  const again = await control(`/callback-deliveries/${failed.deliveryId}/redeliver`, "POST");
  assert.equal(again.status, 201);
  assert.equal(again.body.redeliveryOf, failed.deliveryId);
  assert.equal(again.body.sending, true);
  await ccemu.callbacks.settled();
  assert.equal((await control(`/tasks/${callJobId}/callback-check`)).body.passed, true);

  await control(`/callback-deliveries/${again.body.deliveryId}/redeliver`, "POST");
  await ccemu.callbacks.settled();
  const twice = (await control(`/tasks/${callJobId}/callback-check`)).body;
  assert.equal(twice.passed, false);
  assert.match(twice.calls[0].problem, /received 2 times/);
  const log = (await control(`/callback-deliveries?callJobId=${callJobId}`)).body;
  assert.equal(log.total, 3);
  assert.deepEqual(log.deliveries.map((d: { status: string }) => d.status), [
    "delivered",
    "delivered",
    "failed",
  ]);
});

Deno.test("callbacks: the control API registers and refuses with reasons; unregistered calls are 'never sent'", async () => {
  await using ccemu = await startEmulator();
  const put = (enterpriseId: string, body: unknown) =>
    fetch(`${ccemu.url}/_emulator/outbound/callback-urls/${enterpriseId}`, {
      method: "PUT",
      body: JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, body: await r.json() }));
  const bad = await put(E, { url: "ftp://x" });
  assert.equal(bad.status, 400);
  assert.match(bad.body.error.message, /url.*http or https URL/);
  assert.equal((await put("999", { url: "http://127.0.0.1:1/x" })).status, 404);
  const wrongKey = await put(E, { url: "http://127.0.0.1:1/x", accessKeyId: "nope" });
  assert.match(
    wrongKey.body.error.message,
    /accessKeyId: callbacks are signed with one of the enterprise's keys \(ccemu-demo-key/,
  );
  const slow = await put(E, { url: "http://127.0.0.1:1/x", timeoutMs: 10 });
  assert.match(slow.body.error.message, /timeoutMs/);
  assert.deepEqual(
    (ccemu.snapshot().state.outbound as { callbackUrls: unknown[] }).callbackUrls,
    [],
    "refusals change nothing",
  );

  const ok = await put(E, { url: "http://127.0.0.1:1/x", accessKeyId: "ccemu-office-key" });
  assert.deepEqual(ok.body, {
    enterpriseId: E,
    url: "http://127.0.0.1:1/x",
    accessKeyId: "ccemu-office-key",
    timeoutMs: 5000,
  });
  const removed = await fetch(`${ccemu.url}/_emulator/outbound/callback-urls/${E}`, {
    method: "DELETE",
  });
  assert.equal(removed.status, 200);
  await removed.body?.cancel();

  const callJobId = await runTask(ccemu, ["19900000000"]);
  await advanceUntilIdle(ccemu);
  const report = ccemu.callbacks.check(callJobId);
  assert.equal(report.passed, false);
  assert.match(report.calls[0].problem!, /never sent: no callback URL was registered/);
});

Deno.test("ccemu callbacks-check: a line per task, the calls that failed, JUnit, the exit status", async () => {
  let answers = 0;
  await using receiver = startReceiver(() =>
    new Response(null, { status: ++answers === 2 ? 500 : 200 })
  );
  await using ccemu = await startEmulator();
  ccemu.callbacks.register(receiver.url);
  const callJobId = await runTask(ccemu, ["19900000000", "19900000100", "13912345678"]);
  await advanceUntilIdle(ccemu);
  await ccemu.callbacks.settled();
  const dir = await Deno.makeTempDir();
  const junit = `${dir}/callbacks.xml`;
  const check = async () => {
    const { code, stdout } = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        "main.ts",
        "callbacks-check",
        String(callJobId),
        "--url",
        ccemu.url,
        "--junit",
        junit,
      ],
      stdout: "piped",
    }).output();
    return { code, out: new TextDecoder().decode(stdout), xml: await Deno.readTextFile(junit) };
  };
  try {
    const failing = await check();
    assert.equal(failing.code, 1);
    assert.match(
      failing.out,
      new RegExp(`^FAIL task ${callJobId}: 2 of 3 finished calls received once\n`),
    );
    assert.match(failing.out, /call \d+ \(\d+\): not delivered yet: attempt 2 of 6 is due/);
    assert.match(failing.xml, /<testsuites name="ccemu callbacks" tests="3" failures="1">/);

    ccemu.clock.advance(10_000);
    await ccemu.callbacks.settled();
    const passing = await check();
    assert.equal(passing.code, 0, passing.out);
    assert.equal(passing.out, `PASS task ${callJobId}: 3 of 3 finished calls received once\n`);
    assert.match(passing.xml, /tests="3" failures="0"/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("callbacks: a snapshot taken with a retry due continues it, at the same virtual time", async () => {
  await using receiver = startReceiver((n) => new Response(null, { status: n === 1 ? 500 : 200 }));
  await using first = await startEmulator();
  first.callbacks.register(receiver.url);
  const callJobId = await runTask(first, ["19900000000"]);
  await advanceUntilIdle(first);
  await first.callbacks.settled();
  const [due] = first.callbacks.deliveries();
  const snapshot = first.snapshot();

  await using second = await startEmulator();
  second.restore(snapshot);
  second.clock.advanceTo(due.nextAttemptAt! - 1);
  await second.callbacks.settled();
  assert.equal(receiver.received.length, 1, "not before its time");
  second.clock.advance(1);
  await second.callbacks.settled();
  const [done] = second.callbacks.deliveries({ callJobId });
  assert.equal(done.status, "delivered");
  assert.deepEqual(done.attempts.map((a) => a.at), [due.attempts[0].at, due.nextAttemptAt]);
});
