/**
 * `GET /_emulator/overview` (issue 34): the fixture's counts, and each count moving when the
 * state it counts moves — a task and its calls (in the tenant's day), a FAQ, a fault rule firing,
 * a push whose reply has findings and one that fails, a call-result delivery retried then given
 * up on. Manual clock: every run the same.
 */
import assert from "node:assert/strict";
import { testEmulator } from "../helpers.ts";
import { envelope, message, startTestAgent } from "../gateway/test-agent.ts";
import { RETRY_DELAYS_MS } from "../../emulator/outbound/callbacks.ts";
import { startEmulator } from "../../harness/mod.ts";

type Ccemu = ReturnType<typeof testEmulator>;
const E = "7000001";

const overview = async (ccemu: Ccemu) => {
  const answer = await ccemu.control("GET", "/_emulator/overview");
  assert.equal(answer.status, 200, answer.text);
  return answer.json;
};

Deno.test("overview: the fixture's counts, the clock, keys without secrets", async () => {
  using ccemu = testEmulator();
  const o = await overview(ccemu);
  assert.equal(o.clock.mode, "manual");
  assert.equal(o.clock.iso, "2026-01-05T01:00:00.000Z");
  assert.equal(o.clock.timeZone, "Asia/Shanghai");
  assert.deepEqual(o.keys.map((k: { accessKeyId: string }) => k.accessKeyId), [
    "ccemu-demo-key",
    "ccemu-readonly-key",
    "ccemu-office-key",
  ]);
  assert.equal(o.keys[0].enterpriseId, E);
  assert.doesNotMatch(JSON.stringify(o), /secret/i, "no secret, not even the field's name");
  assert.deepEqual(o.errors, []);
  const { outbound, kb, gateway, faults } = o.areas;
  assert.deepEqual(gateway, {
    robots: 2,
    sessions: 0,
    transferred: 0,
    findings: [],
    pushesRead: 0,
    pushes: 0,
  });
  assert.deepEqual(outbound.tasksByState, []);
  assert.deepEqual(outbound.callsToday, [
    { enterpriseId: E, timeZone: "Asia/Shanghai", date: "2026-01-05", calls: 0 },
  ]);
  assert.deepEqual(outbound.callbacks, { pending: 0, failed: 0, latest: [] });
  assert.equal(kb.faqs, 6);
  assert.equal(kb.documents, 3);
  assert.deepEqual(
    kb.repositories.map((r: { id: number; faqs: number; documents: number }) => [
      r.id,
      r.faqs,
      r.documents,
    ]),
    [[101, 6, 2], [102, 0, 1]],
  );
  assert.deepEqual(faults, { inForce: 0, rules: [] });
});

Deno.test("overview: tasks by state and calls today follow the task and the tenant's day", async () => {
  using ccemu = testEmulator();
  const created = await ccemu.signed("POST", "/gateway/task_create", {
    body: {
      enterpriseId: E,
      callJobName: "overview",
      callJobType: 2,
      robotDefId: 3001,
      userPhoneIds: "[501]",
      concurrencyQuota: 1,
    },
  });
  const callJobId = created.json.result.callJobId;
  let outbound = (await overview(ccemu)).areas.outbound;
  assert.deepEqual(outbound.tasksByState, [{
    callJobStatus: 0,
    callJobStatusDesc: "未开始",
    callJobStatusName: "not started",
    count: 1,
    newest: [{ callJobId, jobName: "overview" }],
  }]);

  const rows = ["19900000001", "19900000002"].map((phone) => ({
    phone,
    name: "A",
    properties: { 客户姓名: "A", 分期金额: 1 },
  }));
  await ccemu.signed("POST", "/gateway/task_import", {
    body: { enterpriseId: E, callJobId, customerInfoVOList: JSON.stringify(rows) },
  });
  await ccemu.signed("POST", "/gateway/task_execute", {
    body: { enterpriseId: E, callJobId, command: 1 },
  });
  await ccemu.control("POST", "/_emulator/outbound/advance-until-idle");
  outbound = (await overview(ccemu)).areas.outbound;
  assert.deepEqual(
    outbound.tasksByState.map((s: { callJobStatusName: string }) => s.callJobStatusName),
    ["completed"],
  );
  assert.deepEqual(outbound.callsToday[0], {
    enterpriseId: E,
    timeZone: "Asia/Shanghai",
    date: "2026-01-05",
    calls: 2,
  });

  // 23:00 UTC is still the 5th in UTC, but the 6th in Shanghai: the tenant's day starts afresh.
  ccemu.emulator.clock.set(Date.UTC(2026, 0, 5, 23));
  outbound = (await overview(ccemu)).areas.outbound;
  assert.deepEqual(outbound.callsToday[0].date, "2026-01-06");
  assert.equal(outbound.callsToday[0].calls, 0);
});

Deno.test("overview: a FAQ added, a fault rule in force then spent, its error listed", async () => {
  using ccemu = testEmulator();
  const faq = await ccemu.signed("POST", "/aikb/create_faq", {
    body: {
      repositoryId: 101,
      directoryId: 1001,
      question: "发票怎么开？",
      answers: [{ content: "在订单详情页申请电子发票。", type: "text" }],
    },
  });
  assert.equal(faq.status, 200, faq.text);
  let o = await overview(ccemu);
  assert.equal(o.areas.kb.faqs, 7);
  assert.equal(o.areas.kb.repositories[0].faqs, 7);

  const rule = await ccemu.control("POST", "/_emulator/faults", {
    operation: "/gateway/robot_list",
    first: 1,
    effect: { type: "error", code: "TooManyRequests" },
    note: "one throttle",
  });
  assert.equal(rule.status, 201, rule.text);
  o = await overview(ccemu);
  assert.deepEqual(o.areas.faults, {
    inForce: 1,
    rules: [{
      id: rule.json.id,
      effect: "TooManyRequests",
      scope: "/gateway/robot_list",
      note: "one throttle",
      matched: 0,
      fired: 0,
      spent: false,
    }],
  });

  const throttled = await ccemu.signed("POST", "/gateway/robot_list", { body: { robotStatus: 1 } });
  assert.equal(throttled.status, 429);
  o = await overview(ccemu);
  assert.equal(o.areas.faults.inForce, 0, "a first-1 rule that fired once is spent");
  assert.equal(o.areas.faults.rules[0].spent, true);
  assert.equal(o.errors.length, 1);
  const [error] = o.errors;
  assert.equal(error.path, "/gateway/robot_list");
  assert.equal(error.status, 429);
  assert.equal(error.errorCode, "TooManyRequests");
  assert.equal(typeof error.message, "string");
  assert.equal(error.id, ccemu.emulator.journal.list({ status: "429" })[0].id);
});

Deno.test("overview: a push's findings and a failed push, newest first", async () => {
  await using agent = startTestAgent(() =>
    Response.json({ status: 200, code: "success", data: { answers: "?" } })
  );
  using ccemu = testEmulator();
  const robot = await ccemu.control("POST", "/_emulator/gateway/robots", {
    name: "overview agent",
    url: `${agent.url}/message`,
    platform: "Default",
  });
  assert.equal(robot.status, 201, robot.text);
  const opened = await ccemu.control("POST", "/_emulator/gateway/sessions", {
    robotId: robot.json.robotId,
    responseMode: "blocking",
  });
  const sessionId = opened.json.sessionId;
  const say = (text: string) =>
    ccemu.control("POST", `/_emulator/gateway/sessions/${sessionId}/messages`, { text });
  await say("a malformed reply");
  let o = await overview(ccemu);
  assert.equal(o.areas.gateway.robots, 3);
  assert.equal(o.areas.gateway.sessions, 1);
  assert.ok(o.areas.gateway.findings.length >= 1);
  const finding = o.areas.gateway.findings[0];
  assert.equal(finding.sessionId, sessionId);
  assert.equal(finding.severity, "error");
  const push = ccemu.emulator.journal.get(finding.journalId) as { kind: string };
  assert.equal(push.kind, "push");

  agent.answer(() => new Response("down", { status: 503 }));
  await say("an error");
  agent.answer(() => Response.json(envelope([message(100, { content: "fine" })])));
  await say("fine now");
  o = await overview(ccemu);
  const failed = o.errors.find((e: { status: number }) => e.status === 503);
  assert.ok(failed, JSON.stringify(o.errors));
  assert.equal(failed.kind, "push");
  assert.equal(failed.errorCode, "AgentHttpError");
  assert.equal(failed.sessionId, sessionId);

  await ccemu.control("DELETE", `/_emulator/gateway/sessions/${sessionId}`);
  o = await overview(ccemu);
  assert.deepEqual(o.areas.gateway.findings, [], "a deleted session's findings go with it");
});

Deno.test("overview: a query parameter is refused by name; another method is refused", async () => {
  using ccemu = testEmulator();
  const bad = await ccemu.control("GET", "/_emulator/overview?limit=3");
  assert.equal(bad.status, 400);
  assert.equal(bad.json.error.code, "UnknownParameter");
  assert.match(
    bad.json.error.message,
    /^limit is not a parameter: \/_emulator\/overview takes none/,
  );
  const post = await ccemu.control("POST", "/_emulator/overview");
  assert.equal(post.status, 405);
  assert.equal(post.headers.get("allow"), "GET");
});

Deno.test("overview: callback deliveries still tried, then given up on", async () => {
  const receiver = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (r) => {
    await r.body?.cancel();
    return new Response("busy", { status: 500 });
  });
  await using ccemu = await startEmulator();
  try {
    ccemu.callbacks.register(`http://127.0.0.1:${receiver.addr.port}/calls`);
    const api = ccemu.client();
    const created = await api.post("/gateway/task_create", {
      enterpriseId: E,
      callJobName: "callbacks",
      callJobType: 2,
      robotDefId: 3001,
      userPhoneIds: "[501]",
      concurrencyQuota: 1,
    });
    const { callJobId } = created.body.result as { callJobId: number };
    await api.post("/gateway/task_import", {
      enterpriseId: E,
      callJobId,
      customerInfoVOList: JSON.stringify([
        { phone: "19900000001", name: "A", properties: { 客户姓名: "A", 分期金额: 1 } },
      ]),
    });
    await api.post("/gateway/task_execute", { enterpriseId: E, callJobId, command: 1 });
    await fetch(`${ccemu.url}/_emulator/outbound/advance-until-idle`, { method: "POST" })
      .then((r) => r.body?.cancel());
    await ccemu.callbacks.settled();
    const read = async () =>
      (await (await fetch(`${ccemu.url}/_emulator/overview`)).json()).areas.outbound.callbacks;
    let callbacks = await read();
    assert.equal(callbacks.pending, 1);
    assert.equal(callbacks.failed, 0);
    assert.deepEqual(
      callbacks.latest.map((d: { callJobId: number; status: string; attempts: number }) => [
        d.callJobId,
        d.status,
        d.attempts,
      ]),
      [[callJobId, "pending", 1]],
    );
    for (const delay of RETRY_DELAYS_MS) {
      ccemu.clock.advance(delay);
      await ccemu.callbacks.settled();
    }
    callbacks = await read();
    assert.equal(callbacks.pending, 0);
    assert.equal(callbacks.failed, 1);
    assert.equal(callbacks.latest[0].attempts, RETRY_DELAYS_MS.length + 1);
  } finally {
    await receiver.shutdown();
  }
});
