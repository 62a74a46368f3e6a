// The faults and callbacks example shown in the README, kept here so it provably passes as written.
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { startEmulator } from "../../harness/mod.ts";

Deno.test("my client retries TooManyRequests, and my receiver gets every call once", async () => {
  await using ccemu = await startEmulator();
  const api = ccemu.client();

  // Two refusals, then the service recovers: the rule is removed when the block ends.
  {
    using fault = ccemu.withFault({
      operation: "/gateway/add_black_info",
      first: 2,
      effect: { type: "error", code: "TooManyRequests" },
    });
    let answer;
    for (let tries = 0; tries < 5; tries++) {
      answer = await api.post("/gateway/add_black_info", {
        enterpriseId: "7000001",
        mobile: "13800138000",
      });
      if (answer.status !== 429) break;
    }
    assert.equal(answer?.status, 200);
    assert.equal(fault.fired, 2);
  }

  // A receiver that checks the signature: HMAC-SHA256 of `t.body` with the key's secret.
  const received: unknown[] = [];
  const receiver = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    async (request) => {
      const body = await request.text();
      const [, t, v1] = /^t=(\d+),v1=(\w+)$/.exec(request.headers.get("x-ccemu-signature")!)!;
      const expected = createHmac("sha256", "ccemu-demo-secret").update(`${t}.${body}`).digest(
        "hex",
      );
      if (v1 !== expected) return new Response("bad signature", { status: 401 });
      received.push(JSON.parse(body));
      return new Response(null, { status: 204 });
    },
  );
  ccemu.callbacks.register(`http://127.0.0.1:${receiver.addr.port}/calls`);

  const task = await api.post("/gateway/task_create", {
    enterpriseId: "7000001",
    callJobName: "callbacks",
    callJobType: 2,
    robotDefId: 3002,
    userPhoneIds: "[501]",
    concurrencyNum: 1,
  });
  const callJobId = (task.body.result as { callJobId: number }).callJobId;
  await api.post("/gateway/task_import", {
    enterpriseId: "7000001",
    callJobId,
    customerInfoVOList: '[{"phone":"19900000000"},{"phone":"19900000100"}]',
  });
  await api.post("/gateway/task_execute", { enterpriseId: "7000001", callJobId, command: 1 });
  ccemu.clock.advance(10 * 60 * 1000); // ten virtual minutes: both calls finish
  await ccemu.callbacks.settled();

  assert.equal(received.length, 2);
  assert.ok(ccemu.callbacks.check(callJobId).passed);
  await receiver.shutdown();
});
