/**
 * Stubs end to end over HTTP: a signed request that matches is answered with the stub's body,
 * templated with its own values, journaled with the stub's id, counted, and the state is not
 * changed; the rest go on to the state as before.
 */
import assert from "node:assert/strict";
import { startEmulator } from "../../harness/mod.ts";
import {
  addStub,
  ENTERPRISE,
  outboundState,
  stubs,
  TASK_CREATE,
  taskCreate,
  TREE,
} from "./helpers.ts";

Deno.test("stubs: a matching request gets the stub's answer, templated; the state is unchanged", async () => {
  await using ccemu = await startEmulator();
  const stub = await addStub(ccemu, {
    operation: "task_create",
    when: { body: { "$.callJobName": { matches: "stubbed-.*" } } },
    answer: {
      body: {
        requestId: "{{requestId}}",
        result: { callJobId: 999999, name: "{{body.callJobName}}", at: "made {{now}}" },
      },
      headers: { "x-vendor-added": "yes" },
    },
    note: "a field the vendor added",
  });
  assert.equal(stub.id, 1);
  const before = outboundState(ccemu);
  const api = ccemu.client({ now: () => ccemu.clock.now() });
  const stubbed = await api.post(TASK_CREATE, taskCreate("stubbed-1"));
  assert.equal(stubbed.status, 200);
  assert.equal(stubbed.headers.get("x-vendor-added"), "yes");
  assert.match(String(stubbed.headers.get("content-type")), /^application\/json/);
  const requestId = stubbed.body.requestId as string;
  assert.match(requestId, /^[0-9A-F-]{36}$/i);
  assert.deepEqual(stubbed.body.result, {
    callJobId: 999999,
    name: "stubbed-1",
    at: `made ${
      new Date(ccemu.clock.now() + 8 * 3_600_000).toISOString().slice(0, 19)
        .replace("T", " ")
    }`,
  });
  assert.equal(outboundState(ccemu), before, "a stubbed write changes no state");

  // Journaled with the stub's id, and a warning for the member the documents do not have.
  const [entry] = ccemu.journal.list({ requestId });
  assert.equal(entry.response.status, 200);
  assert.deepEqual(entry.stub, {
    stubId: 1,
    note: "a field the vendor added",
    findings: [{
      path: "$.result.name",
      severity: "warning",
      message: "not in /gateway/task_create's documented answer",
    }, {
      path: "$.result.at",
      severity: "warning",
      message: "not in /gateway/task_create's documented answer",
    }],
  });
  assert.equal(JSON.parse(entry.response.body!.text).result.name, "stubbed-1");

  // Another name goes on to the state, which creates the task.
  const real = await api.post(TASK_CREATE, taskCreate("real one"));
  assert.equal(real.status, 200);
  assert.notEqual((real.body.result as { callJobId: number }).callJobId, 999999);
  assert.notEqual(outboundState(ccemu), before);
  assert.equal(ccemu.journal.list({ requestId: real.body.requestId as string })[0].stub, undefined);

  const listed = await stubs(ccemu, "GET", "/1");
  assert.equal(listed.body.matched, 1);
  assert.equal(listed.body.answered, 1);
});

Deno.test("stubs: a whole-value placeholder keeps the value's type; GET query and key matchers", async () => {
  await using ccemu = await startEmulator();
  await addStub(ccemu, {
    operation: TREE,
    when: { query: { repositoryId: "101" }, accessKeyId: "ccemu-demo-key" },
    answer: {
      body: {
        requestId: "{{requestId}}",
        echo: "{{query.repositoryId}}",
        missing: "{{query.nothing}}",
        text: "[{{query.type}}|{{query.nothing}}]",
      },
    },
  });
  const api = ccemu.client({ now: () => ccemu.clock.now() });
  const stubbed = await api.get(TREE, { repositoryId: 101, type: "FAQ" });
  assert.equal(stubbed.status, 200);
  assert.deepEqual(stubbed.body, {
    requestId: stubbed.body.requestId,
    echo: "101",
    missing: null,
    text: "[FAQ|]",
  });
  const other = await api.get(TREE, { repositoryId: 102, type: "FAQ" });
  assert.equal(other.body.echo, undefined, "another repository is the state's answer");
});

Deno.test("stubs: an error answer with its status and code; a text body sent as it is", async () => {
  await using ccemu = await startEmulator();
  await addStub(ccemu, {
    operation: "/gateway/robot_list",
    answer: {
      status: 503,
      body: {
        requestId: "{{requestId}}",
        error: { code: "ServiceUnavailable", message: "down for {{body.robotStatus}}" },
      },
    },
  });
  const api = ccemu.client({ now: () => ccemu.clock.now() });
  const failed = await api.post("/gateway/robot_list", {
    enterpriseId: ENTERPRISE,
    robotStatus: 1,
  });
  assert.equal(failed.status, 503, JSON.stringify(failed.body));
  assert.deepEqual(failed.body.error, { code: "ServiceUnavailable", message: "down for 1" });
  const [entry] = ccemu.journal.list({ path: "/gateway/robot_list" });
  assert.equal(entry.errorCode, "ServiceUnavailable");
  assert.equal(entry.stub?.findings, undefined, "the vendor's error envelope: no finding");

  await stubs(ccemu, "DELETE");
  await addStub(ccemu, {
    operation: "/gateway/robot_list",
    answer: {
      body: "<html>gateway says {{requestId}}</html>",
      headers: { "content-type": "text/html" },
    },
  });
  const response = await fetch(api.signedUrl("POST", "/gateway/robot_list"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ enterpriseId: ENTERPRISE, robotStatus: 1 }),
  });
  const text = await response.text();
  assert.equal(response.headers.get("content-type"), "text/html", text);
  assert.match(text, /^<html>gateway says [0-9a-f-]{36}<\/html>$/i);
  const last = ccemu.journal.list({ path: "/gateway/robot_list" }).at(-1)!;
  assert.deepEqual(last.stub?.findings, [{
    path: "$",
    severity: "warning",
    message: "the answer is not JSON; the vendor's clients read a JSON object (sent as it is)",
  }]);
});

Deno.test("stubs: a bad signature, a bad parameter and a rate limit are refused as before, never stubbed", async () => {
  await using ccemu = await startEmulator();
  const stub = await addStub(ccemu, {
    operation: TASK_CREATE,
    answer: { body: { requestId: "{{requestId}}", result: { callJobId: 1 } } },
  });
  const forged = ccemu.client({ now: () => ccemu.clock.now(), accessKeySecret: "wrong-secret" });
  const refused = await forged.post(TASK_CREATE, taskCreate("x"));
  assert.equal(refused.status, 401, JSON.stringify(refused.body));
  assert.equal((refused.body.error as { code: string }).code, "AuthFailure");
  const api = ccemu.client({ now: () => ccemu.clock.now() });
  const invalid = await api.post(TASK_CREATE, { ...taskCreate("x"), callJobType: "often" });
  assert.equal(invalid.status, 400);
  assert.equal((invalid.body.error as { code: string }).code, "InvalidParameter");
  ccemu.addKey({
    accessKeyId: "limited",
    accessKeySecret: "limited-secret",
    enterpriseId: ENTERPRISE,
    rateLimit: { requests: 1, perSeconds: 60 },
  });
  const limited = ccemu.client({
    now: () => ccemu.clock.now(),
    accessKeyId: "limited",
    accessKeySecret: "limited-secret",
  });
  assert.equal((await limited.post(TASK_CREATE, taskCreate("x"))).status, 200);
  const throttled = await limited.post(TASK_CREATE, taskCreate("x"));
  assert.equal(throttled.status, 429);
  const counted = await stubs(ccemu, "GET", `/${stub.id}`);
  assert.equal(counted.body.matched, 1, "only the request within the limit met the stub");
  assert.equal(counted.body.answered, 1);
  const marked = ccemu.journal.list().filter((entry) => entry.stub);
  assert.deepEqual(marked.map((entry) => entry.response.status), [200]);
});
