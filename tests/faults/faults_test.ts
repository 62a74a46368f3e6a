import assert from "node:assert/strict";
import { type FaultRuleInput, type RunningEmulator, startEmulator } from "../../harness/mod.ts";

const BLACKLIST = "/gateway/add_black_info";
const ROBOTS = "/gateway/robot_list";
const ENTERPRISE = "7000001";

async function control(ccemu: RunningEmulator, method: string, path: string, body?: unknown) {
  const response = await fetch(`${ccemu.url}/_emulator/faults${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

/** The outbound slice and the blacklist's id sequence: what a blacklist write would change. */
function outboundState(ccemu: RunningEmulator) {
  const { state } = ccemu.snapshot();
  return JSON.stringify({ outbound: state.outbound, next: state.sequences.blackListId });
}

Deno.test("faults: TooManyRequests twice, then a retrying client succeeds on its third try", async () => {
  await using ccemu = await startEmulator();
  using fault = ccemu.withFault({
    operation: BLACKLIST,
    first: 2,
    effect: { type: "error", code: "TooManyRequests" },
  });
  const api = ccemu.client();
  let tries = 0, response;
  do {
    tries++;
    response = await api.post(BLACKLIST, { enterpriseId: ENTERPRISE, mobile: "13900000001" });
  } while (response.status === 429 && tries < 5);
  assert.equal(tries, 3);
  assert.equal(response.status, 200);
  assert.equal(fault.matched, 3);
  assert.equal(fault.fired, 2);

  const entries = ccemu.journal.list({ path: BLACKLIST });
  assert.equal(entries.length, 3);
  for (const entry of entries.slice(0, 2)) {
    assert.equal(entry.response.status, 429);
    assert.equal(entry.errorCode, "TooManyRequests");
    assert.deepEqual(entry.fault, { ruleId: fault.id, effect: "TooManyRequests" });
    const body = JSON.parse(entry.response.body!.text);
    assert.equal(body.error.code, "TooManyRequests");
    assert.match(body.error.message, /fault rule \d+.*changed nothing/);
    assert.equal(body.requestId, entry.requestId);
  }
  assert.equal(entries[2].fault, undefined);
  assert.equal(entries[2].response.status, 200);
});

Deno.test("faults: a rejected-by-fault write changes nothing; without the rule it writes", async () => {
  await using ccemu = await startEmulator();
  const api = ccemu.client();
  const before = outboundState(ccemu);
  {
    using _fault = ccemu.withFault({
      operation: BLACKLIST,
      effect: { type: "error", code: "InternalError" },
    });
    const refused = await api.post(BLACKLIST, { enterpriseId: ENTERPRISE, mobile: "13900000002" });
    assert.equal(refused.status, 500);
    assert.equal((refused.body.error as { code: string }).code, "InternalError");
    for (const effect of [{ type: "gateway", status: 503 }, { type: "reset" }] as const) {
      using _other = ccemu.withFault({ operation: BLACKLIST, effect });
    }
    assert.ok(outboundState(ccemu) === before, "refused writes changed nothing");
  }
  assert.deepEqual(ccemu.faults.list(), [], "withFault removed its rules when the blocks ended");
  assert.equal(
    (await api.post(BLACKLIST, { enterpriseId: ENTERPRISE, mobile: "13900000002" })).status,
    200,
  );
  assert.ok(outboundState(ccemu) !== before, "the write went through");
});

Deno.test("faults: a probability rule fires the same sequence twice under the same seed", async () => {
  async function run(seed: number) {
    await using ccemu = await startEmulator({ seed });
    ccemu.faults.add({
      operation: ROBOTS,
      probability: 0.5,
      effect: { type: "error", code: "InternalError" },
    });
    const api = ccemu.client();
    const statuses = [];
    for (let i = 0; i < 24; i++) statuses.push((await api.post(ROBOTS, { robotStatus: 0 })).status);
    return statuses.join(",");
  }
  const first = await run(7);
  assert.equal(await run(7), first);
  assert.match(first, /200/);
  assert.match(first, /500/);
  assert.notEqual(await run(8), first, "another seed draws another sequence");
});

Deno.test("faults: a gateway in front answers 502/503/504 as nginx would, HTML and all", async () => {
  await using ccemu = await startEmulator();
  using _fault = ccemu.withFault({ area: "outbound", effect: { type: "gateway", status: 504 } });
  const response = await fetch(ccemu.client().signedUrl("POST", ROBOTS), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: '{"robotStatus":0}',
  });
  assert.equal(response.status, 504);
  assert.equal(response.headers.get("content-type"), "text/html");
  assert.match(await response.text(), /<title>504 Gateway Time-out<\/title>/);
  const [entry] = ccemu.journal.list({ path: ROBOTS });
  assert.equal(entry.fault?.effect, "gateway 504");
  // Other areas are untouched by an outbound rule.
  const kb = await ccemu.client().get("/aikb/list_public_repositories", {});
  assert.equal(kb.status, 200);
});

Deno.test("faults: reset and truncate break the body; truncate happens after the write, reset before", async () => {
  await using ccemu = await startEmulator();
  const api = ccemu.client();
  const post = (mobile: string) =>
    fetch(api.signedUrl("POST", BLACKLIST), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ enterpriseId: ENTERPRISE, mobile }),
    });
  const before = outboundState(ccemu);
  {
    using _fault = ccemu.withFault({ operation: BLACKLIST, effect: { type: "reset" } });
    const response = await post("13900000003");
    await assert.rejects(response.text());
  }
  assert.ok(outboundState(ccemu) === before, "a reset request changed nothing");
  {
    using _fault = ccemu.withFault({
      operation: BLACKLIST,
      effect: { type: "truncate", fraction: 0.5 },
    });
    const response = await post("13900000004");
    assert.equal(response.status, 200);
    await assert.rejects(response.text());
  }
  assert.ok(outboundState(ccemu) !== before, "the service wrote before the answer was cut");
  const [reset, cut] = ccemu.journal.list({ path: BLACKLIST });
  assert.equal(reset.fault?.effect, "connection reset");
  assert.match(cut.fault?.detail ?? "", /answer cut after \d+ of \d+ bytes/);
  assert.equal(
    JSON.parse(cut.response.body!.text).requestId,
    cut.requestId,
    "the whole answer is kept",
  );
});

Deno.test("faults: delay and slow-body make the answer late but whole", async () => {
  await using ccemu = await startEmulator();
  const api = ccemu.client();
  {
    using _fault = ccemu.withFault({ operation: ROBOTS, effect: { type: "delay", ms: 300 } });
    const started = performance.now();
    const response = await api.post(ROBOTS, { robotStatus: 0 });
    assert.equal(response.status, 200);
    assert.ok(performance.now() - started >= 290, "the answer waited the rule's delay");
  }
  {
    using _fault = ccemu.withFault({ operation: ROBOTS, effect: { type: "slow-body", ms: 300 } });
    const started = performance.now();
    const response = await api.post(ROBOTS, { robotStatus: 0 });
    assert.equal(response.status, 200);
    assert.ok(Array.isArray((response.body.result as { list: unknown[] }).list));
    assert.ok(performance.now() - started >= 250, "the body came in slowly");
  }
  const [delayed, slowed] = ccemu.journal.list({ path: ROBOTS });
  assert.equal(delayed.fault?.effect, "delay 300 ms");
  assert.match(slowed.fault?.detail ?? "", /chunks \d+ ms apart/);
});

Deno.test("faults: match by access key, by body, every Nth; the first rule that fires wins", async () => {
  await using ccemu = await startEmulator();
  ccemu.addKey({ accessKeyId: "other-key", accessKeySecret: "other-secret" });
  const demo = ccemu.client();
  const other = ccemu.client({ accessKeyId: "other-key", accessKeySecret: "other-secret" });
  const status = async (client: typeof demo, body: unknown) =>
    (await client.post(BLACKLIST, body)).status;

  using byKey = ccemu.withFault({
    accessKeyId: "other-key",
    effect: { type: "error", code: "AuthFailure" },
  });
  assert.equal(await status(other, { enterpriseId: ENTERPRISE, mobile: "13900000001" }), 401);
  assert.equal(await status(demo, { enterpriseId: ENTERPRISE, mobile: "13900000001" }), 200);
  byKey.remove();

  using byBody = ccemu.withFault({
    operation: BLACKLIST,
    body: { enterpriseId: ENTERPRISE, mobile: "13900000009" },
    effect: { type: "error", code: "InvalidParameter" },
  });
  assert.equal(await status(demo, { enterpriseId: ENTERPRISE, mobile: "13900000009" }), 400);
  assert.equal(await status(demo, { enterpriseId: ENTERPRISE, mobile: "13900000008" }), 200);
  assert.equal(byBody.matched, 1);
  byBody.remove();

  using every = ccemu.withFault({
    operation: BLACKLIST,
    every: 2,
    effect: { type: "error", code: "InternalError" },
  });
  using later = ccemu.withFault({
    operation: BLACKLIST,
    effect: { type: "error", code: "TooManyRequests" },
  });
  const seen = [];
  for (let i = 0; i < 4; i++) {
    seen.push(await status(demo, { enterpriseId: ENTERPRISE, mobile: `1390000001${i}` }));
  }
  assert.deepEqual(seen, [429, 500, 429, 500]);
  assert.equal(every.matched, 4);
  assert.equal(later.matched, 2, "a rule after one that fired is not tried");
});

Deno.test("faults: storage rules fail uploads by path", async () => {
  await using ccemu = await startEmulator();
  using fault = ccemu.withFault({
    operation: "/_storage/uploads",
    first: 1,
    effect: { type: "gateway", status: 503 },
  });
  const { body } = await ccemu.client().post("/aikb/get_file_upload_url", {
    fileName: "a.txt",
    fileSize: 3,
  });
  const { uploadUrl } = body.result as { uploadUrl: string };
  const failed = await fetch(uploadUrl, { method: "PUT", body: "abc" });
  assert.equal(failed.status, 503);
  await failed.body?.cancel();
  const retried = await fetch(uploadUrl, { method: "PUT", body: "abc" });
  assert.equal(retried.status, 200);
  await retried.body?.cancel();
  assert.equal(fault.fired, 1);
  const marked = ccemu.journal.list({ area: "storage" }).filter((e) => e.fault);
  assert.equal(marked.length, 1);
});

Deno.test("faults: the control API lists, adds, explains refusals and removes", async () => {
  await using ccemu = await startEmulator();
  const refusals: [FaultRuleInput | Record<string, unknown>, RegExp][] = [
    [
      { operation: "/gateway/nope", effect: { type: "reset" } },
      /operation: nothing is served at \/gateway\/nope.*\/gateway\/task_create/,
    ],
    [
      { area: "kb", operation: ROBOTS, effect: { type: "reset" } },
      /area: \/gateway\/robot_list belongs to the outbound area, not kb/,
    ],
    [
      { first: 1, every: 2, effect: { type: "reset" } },
      /at most one of first, every and probability/,
    ],
    [
      { operation: "/_storage/uploads", body: { a: 1 }, effect: { type: "reset" } },
      /body: storage requests carry no signed key/,
    ],
    [{ effect: { type: "error", code: "Teapot" } }, /effect\.code.*must be a vendor error code/],
    [{ effect: { type: "explode" } }, /^effect\.type: must be one of "error", "gateway"/],
    [{ effect: { type: "delay", ms: 600_000 } }, /effect\.ms.*at most 120000 ms/],
    [{ probability: 2, effect: { type: "reset" } }, /probability/],
    [{ effect: { type: "reset" }, colour: "red" }, /colour/],
  ];
  for (const [rule, message] of refusals) {
    const { status, body } = await control(ccemu, "POST", "", rule);
    assert.equal(status, 400, JSON.stringify(rule));
    assert.match(body.error.message, message);
  }
  assert.deepEqual(
    (await control(ccemu, "GET", "")).body,
    { rules: [] },
    "refused rules change nothing",
  );

  const added = await control(ccemu, "POST", "", {
    operation: ROBOTS,
    note: "flaky",
    effect: { type: "error", code: "InternalError" },
  });
  assert.equal(added.status, 201);
  assert.equal(added.body.matched, 0);
  await ccemu.client().post(ROBOTS, { robotStatus: 0 });
  const listed = (await control(ccemu, "GET", "")).body.rules;
  assert.equal(listed[0].fired, 1);
  assert.equal((await control(ccemu, "GET", `/${added.body.id}`)).body.note, "flaky");
  assert.equal((await control(ccemu, "DELETE", `/${added.body.id}`)).status, 200);
  assert.equal((await control(ccemu, "GET", `/${added.body.id}`)).status, 404);
  ccemu.faults.add({ effect: { type: "reset" } });
  assert.deepEqual((await control(ccemu, "DELETE", "")).body, { removed: 1 });
});

Deno.test("faults: fixtures set rules; snapshots carry their counters; reset restores them", async () => {
  const fixtures = JSON.parse(await Deno.readTextFile("fixtures/default/tenant.json"));
  await using ccemu = await startEmulator({
    fixtures: {
      ...fixtures,
      faults: {
        rules: [{
          id: 1,
          operation: ROBOTS,
          first: 1,
          effect: { type: "error", code: "InternalError" },
        }],
      },
    },
  });
  const api = ccemu.client();
  assert.equal((await api.post(ROBOTS, { robotStatus: 0 })).status, 500);
  const snapshot = ccemu.snapshot();
  assert.equal((snapshot.state.faults as { rules: { fired: number }[] }).rules[0].fired, 1);
  assert.equal((await api.post(ROBOTS, { robotStatus: 0 })).status, 200);
  ccemu.reset();
  assert.equal(
    (await api.post(ROBOTS, { robotStatus: 0 })).status,
    500,
    "reset: the fixture's rule fires again",
  );
  ccemu.restore(snapshot);
  assert.equal(
    (await api.post(ROBOTS, { robotStatus: 0 })).status,
    200,
    "restored: its one firing was spent",
  );
  assert.equal(
    ccemu.faults.add({ effect: { type: "reset" } }).id,
    2,
    "ids continue after the fixture's",
  );
});
