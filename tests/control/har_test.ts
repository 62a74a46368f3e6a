/**
 * `GET /_emulator/journal/har` (issue 34): the journal as a HAR 1.2 file that validates against
 * the HAR schema (har-validator), with the journal's own filters, entries and errors.
 */
import assert from "node:assert/strict";
import * as validate from "har-validator";
import { type RunningEmulator, startEmulator } from "../../harness/mod.ts";
import { openSession, say } from "../gateway/test-agent.ts";
import { VERSION } from "../../emulator/version.ts";
import { type HarSource, journalHar } from "../../emulator/control/har.ts";
import { storeBody } from "../../emulator/core/stored-body.ts";

type Har = {
  log: {
    version: string;
    creator: { name: string; version: string };
    entries: HarEntry[];
  };
};
type Json = Record<string, unknown>;
type HarEntry = {
  startedDateTime: string;
  time: number;
  comment?: string;
  request: { method: string; url: string; postData?: { text?: string; comment?: string } };
  response: {
    status: number;
    content: { mimeType: string; text?: string; comment?: string; size: number };
  };
  _ccemu: Record<string, unknown> & { id: number; kind: string };
};

/** Validates against the HAR 1.2 schema; a failure lists har-validator's errors. */
async function assertValidHar(har: unknown) {
  await validate.har(har).catch((error: { errors?: unknown }) => {
    assert.fail(`not a valid HAR 1.2 file: ${JSON.stringify(error.errors ?? error)}`);
  });
}

async function get(ccemu: RunningEmulator, path: string) {
  const response = await fetch(`${ccemu.url}${path}`);
  return { status: response.status, headers: response.headers, json: await response.json() };
}

/** A receiver for call-result callbacks that answers 200. */
function startReceiver() {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    await request.text();
    return new Response("ok");
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}/ccemu/calls`,
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
}

/** One call made and finished, so that its callback goes out. */
async function finishedCall(ccemu: RunningEmulator) {
  const api = ccemu.client({ now: () => ccemu.clock.now() });
  const E = "7000001";
  const created = await api.post("/gateway/task_create", {
    enterpriseId: E,
    callJobName: "har",
    callJobType: 2,
    robotDefId: 3001,
    userPhoneIds: "[501]",
    concurrencyNum: 1,
    concurrencyQuota: 1,
  });
  const { callJobId } = created.body.result as { callJobId: number };
  const rows = [{
    phone: "19900000000",
    name: "王小明",
    properties: { 客户姓名: "王小明", 分期金额: 2888 },
  }];
  await api.post("/gateway/task_import", {
    enterpriseId: E,
    callJobId,
    customerInfoVOList: JSON.stringify(rows),
  });
  await api.post("/gateway/task_execute", { enterpriseId: E, callJobId, command: 1 });
  await (await fetch(`${ccemu.url}/_emulator/outbound/advance-until-idle`, { method: "POST" }))
    .body?.cancel();
  await ccemu.callbacks.settled();
}

/** A PNG's first bytes: not text, whatever decodes them. */
const PNG = new Uint8Array([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  0xff,
  0xfe,
  0x00,
  0x80,
]);

/** Every kind of traffic the journal records: signed calls, storage, pushes, a callback. */
async function traffic(ccemu: RunningEmulator, receiverUrl: string) {
  const api = ccemu.client({ now: () => ccemu.clock.now() });
  await api.post("/gateway/robot_list", { robotStatus: 1 });
  const forged = ccemu.client({ now: () => ccemu.clock.now(), accessKeySecret: "not-the-secret" });
  await forged.post("/gateway/robot_list", { robotStatus: 1 });
  // A control request: answered, never journaled (the journal is of the emulated APIs).
  await (await fetch(`${ccemu.url}/_emulator/clock/advance`, {
    method: "POST",
    body: JSON.stringify({ ms: 1000 }),
  })).body?.cancel();
  const blocking = await openSession(ccemu, { robotId: "sample-default" });
  await say(ccemu, blocking.json.sessionId, { text: "text" });
  const streaming = await openSession(ccemu, {
    robotId: "sample-default",
    responseMode: "streaming",
  });
  await say(ccemu, streaming.json.sessionId, { text: "markdown" });
  await say(ccemu, blocking.json.sessionId, {
    image: { fileName: "receipt.png", contentBase64: PNG.toBase64() },
  });
  // The agent's way to the image: a storage request whose answer is binary.
  const push = ccemu.journal.list({ area: "gateway" }).filter((e) => e.kind === "push").at(-1)!;
  const fileUrl = /"(http[^"]+\/_storage\/media\/[^"]+)"/.exec(push.body!.text)![1];
  await (await fetch(fileUrl)).arrayBuffer();
  ccemu.callbacks.register(receiverUrl);
  await finishedCall(ccemu);
}

Deno.test("journal as HAR: valid HAR 1.2, one entry per journal entry, every kind mapped", async (t) => {
  await using receiver = startReceiver();
  await using ccemu = await startEmulator();
  await traffic(ccemu, receiver.url);
  const res = await fetch(`${ccemu.url}/_emulator/journal/har`);
  const har: Har = await res.json();
  const journal = (await get(ccemu, "/_emulator/journal")).json.entries as {
    id: number;
    time: number;
  }[];
  const byKind = (kind: string) => har.log.entries.filter((e) => e._ccemu.kind === kind);

  await t.step("a JSON download named ccemu-journal.har", () => {
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
    assert.equal(
      res.headers.get("content-disposition"),
      'attachment; filename="ccemu-journal.har"',
    );
  });

  await t.step("it validates against the HAR 1.2 schema", async () => {
    await assertValidHar(har);
    assert.equal(har.log.version, "1.2");
    assert.deepEqual(har.log.creator, { name: "ccemu", version: VERSION });
  });

  await t.step("the journal's entries, oldest first, at their virtual time", () => {
    assert.deepEqual(har.log.entries.map((e) => e._ccemu.id), journal.map((e) => e.id));
    assert.deepEqual(
      har.log.entries.map((e) => e.startedDateTime),
      journal.map((e) => new Date(e.time).toISOString()),
    );
    for (const kind of ["exchange", "push", "callback"]) {
      assert.ok(byKind(kind).length > 0, `a ${kind} entry`);
    }
  });

  await t.step("signed calls: ccemu's address, the answer, auth diagnostics", () => {
    const [ok, forged] = byKind("exchange").filter((e) => e.request.url.includes("robot_list"));
    assert.ok(ok.request.url.startsWith(`${ccemu.url}/gateway/robot_list?AccessKeyId=`));
    assert.equal(ok.response.status, 200);
    assert.equal(ok._ccemu.auth && (ok._ccemu.auth as { outcome: string }).outcome, "accepted");
    assert.match(ok.response.content.text ?? "", /"requestId"/);
    const auth = forged._ccemu.auth as { outcome: string; failedCheck: string };
    assert.equal(forged.response.status, 401);
    assert.equal(auth.outcome, "rejected");
    assert.equal(auth.failedCheck, "signature");
    assert.equal(forged._ccemu.errorCode, "AuthFailure");
  });

  await t.step("pushes: to the agent's URL, a stream as text/event-stream", () => {
    const pushes = byKind("push");
    for (const push of pushes) {
      assert.match(push.request.url, /\/_emulator\/sample-agents\/default\/(open|message)$/);
      assert.equal(push.request.method, "POST");
      assert.ok(Array.isArray(push._ccemu.findings));
    }
    const stream = pushes.find((p) => p.response.content.mimeType === "text/event-stream");
    assert.ok(stream, "a streamed push");
    assert.match(stream.response.content.text ?? "", /^event: \w+\ndata: /);
    assert.match(stream.response.content.comment ?? "", /Rebuilt from the \d+ server-sent events/);
  });

  await t.step("a binary answer is described, not dumped", () => {
    const image = byKind("exchange").find((e) => e.request.url.includes("/_storage/media/"));
    assert.ok(image);
    assert.equal(image.response.content.mimeType, "image/png");
    assert.equal(image.response.content.text, undefined);
    assert.equal(image.response.content.size, PNG.length);
    assert.match(image.response.content.comment ?? "", /^Binary body \(12 bytes, image\/png\)/);
  });

  await t.step("a callback: to the receiver's URL", () => {
    const [callback] = byKind("callback");
    assert.equal(callback.request.url, receiver.url);
    assert.equal(callback.response.status, 200);
    assert.match(callback.comment ?? "", /^Call-result callback: delivery \d+, attempt 1\.$/);
  });
});

Deno.test("journal as HAR: the journal's filters, and its errors", async (t) => {
  await using receiver = startReceiver();
  await using ccemu = await startEmulator();
  await traffic(ccemu, receiver.url);
  for (const query of ["area=gateway", "status=4xx", "since=3&limit=2", "path=robot_list"]) {
    await t.step(query, async () => {
      const har = (await get(ccemu, `/_emulator/journal/har?${query}`)).json as Har;
      const journal = (await get(ccemu, `/_emulator/journal?${query}`)).json.entries;
      assert.ok(journal.length > 0);
      assert.deepEqual(
        har.log.entries.map((e) => e._ccemu.id),
        journal.map((e: { id: number }) => e.id),
      );
      await assertValidHar(har);
    });
  }
  for (const query of ["status=teapot", "colour=red", "area=nowhere", "limit=0"]) {
    await t.step(`${query}: the journal's error`, async () => {
      const har = await get(ccemu, `/_emulator/journal/har?${query}`);
      const journal = await get(ccemu, `/_emulator/journal?${query}`);
      assert.equal(har.status, journal.status);
      assert.ok(har.status >= 400);
      assert.deepEqual(har.json.error, journal.json.error);
    });
  }
});

Deno.test("journal as HAR: an empty journal is a valid HAR without entries", async () => {
  await using ccemu = await startEmulator();
  await ccemu.client({ now: () => ccemu.clock.now() }).post("/gateway/robot_list", {});
  await (await fetch(`${ccemu.url}/_emulator/journal`, { method: "DELETE" })).body?.cancel();
  const har = (await get(ccemu, "/_emulator/journal/har")).json as Har;
  assert.deepEqual(har.log.entries, []);
  await assertValidHar(har);
});

/** An entry as the journal keeps it, for the kinds a test cannot easily make over HTTP. */
function entry(fields: Partial<HarSource>): HarSource {
  return {
    id: 1,
    kind: "exchange",
    requestId: "r-1",
    time: Date.UTC(2026, 0, 5, 1),
    area: "outbound",
    method: "POST",
    path: "/gateway/robot_list",
    query: {},
    headers: {},
    body: null,
    response: { status: 200, headers: {}, body: null },
    durationMs: 5,
    ...fields,
  };
}

const ORIGIN = "http://127.0.0.1:8686";

Deno.test("journal as HAR: forwarded, SMS, cut and unanswered entries map honestly", async (t) => {
  const long = "x".repeat(70_000);
  const entries = [
    entry({
      kind: "upstream",
      query: { AccessKeyId: "k", Signature: "(redacted)" },
      headers: { host: "127.0.0.1:8686", "content-type": "application/json" },
      body: storeBody('{"robotStatus":1}'),
      response: {
        status: 200,
        headers: { "content-type": "application/json" },
        body: storeBody('{"requestId":"up-1"}'),
      },
      upstream: {
        host: "api.example.com",
        request: {
          method: "POST",
          url: "https://api.example.com/gateway/robot_list?AccessKeyId=up&Expires=600",
          headers: { "content-type": "application/json" },
        },
        response: { status: 200, contentType: "application/json" },
        latencyMs: 42,
      },
    }),
    entry({
      id: 2,
      kind: "sms",
      method: "SMS",
      path: "/sms/hang-up",
      body: storeBody('{"mobile":"13912345678","smsTemplateId":1}'),
      durationMs: 0,
    }),
    entry({
      id: 3,
      headers: { "content-type": "text/plain" },
      body: storeBody(long),
      response: { status: 500, headers: { "content-type": "text/plain" }, body: storeBody(long) },
    }),
    entry({
      id: 4,
      kind: "push",
      area: "gateway",
      target: "http://127.0.0.1:9/message",
      response: { status: 0, headers: {}, body: null },
      push: {
        events: [],
        timings: { firstByteMs: null, firstChunkMs: null, endMs: 3000 },
        findings: [],
        error: { code: "AgentTimeout", message: "The agent did not answer within 3000 ms." },
      },
    }),
    entry({
      id: 5,
      kind: "push",
      area: "gateway",
      target: "http://127.0.0.1:9/message",
      response: { status: 200, headers: { "content-type": "text/event-stream" }, body: null },
      push: {
        events: [
          { at: 10, event: "message", data: '{"a":1}\n{"b":2}' },
          { at: 20, event: "message", data: null, dataCut: true },
        ],
        notKept: { events: 3, dataChars: 900 },
        timings: { firstByteMs: 4, firstChunkMs: 10, endMs: 25 },
        findings: [{ path: "$", severity: "warning", message: "m" }],
        error: null,
      },
    }),
  ];
  const har = journalHar(entries, { origin: ORIGIN }) as unknown as Har;
  const [forwarded, sms, cut, unanswered, stream] = har.log.entries as (HarEntry & Json)[];
  await assertValidHar(har);

  await t.step(
    "a forwarded request: the upstream's URL, what ccemu sent, the client's side",
    () => {
      assert.equal(forwarded.request.url, entries[0].upstream!.request.url);
      assert.equal(forwarded.time, 42);
      assert.deepEqual(forwarded._ccemu.received, {
        method: "POST",
        path: "/gateway/robot_list",
        query: { AccessKeyId: "k", Signature: "(redacted)" },
      });
      assert.match(
        forwarded.comment ?? "",
        /^Forwarded by the recording proxy to api\.example\.com/,
      );
    },
  );

  await t.step("an SMS: an sms: URL to its number, said not to be HTTP", () => {
    assert.equal(sms.request.url, "sms:13912345678");
    assert.match(sms.comment ?? "", /not HTTP/);
  });

  await t.step("cut bodies keep their size and say they were cut, with the digest", () => {
    assert.equal(cut.request.postData?.text?.length, 64 * 1024);
    assert.match(
      cut.request.postData?.comment ?? "",
      /^Truncated: the first 64 KiB of 70000 bytes/,
    );
    assert.equal(cut.response.content.size, 70_000);
    assert.match(cut.response.content.comment ?? "", /whole body sha256:[0-9a-f]{64}/);
  });

  await t.step("no answer: status 0 and why", () => {
    assert.equal(unanswered.response.status, 0);
    assert.match(
      (unanswered.response as Json).comment as string,
      /^No answer came: The agent did not answer/,
    );
    assert.equal(unanswered.time, 3000);
  });

  await t.step("a stream: SSE text, what was not kept, timings split at the first byte", () => {
    assert.equal(
      stream.response.content.text,
      'event: message\ndata: {"a":1}\ndata: {"b":2}\n\nevent: message\n\n',
    );
    assert.match(stream.response.content.comment ?? "", /1 without their data.*3 more events/);
    assert.deepEqual(
      [(stream.timings as Json).wait, (stream.timings as Json).receive, stream.time],
      [4, 21, 25],
    );
    const push = stream._ccemu.push as { events: Json[] };
    assert.deepEqual(push.events[0], { at: 10, event: "message" });
    assert.equal((stream._ccemu.findings as unknown[]).length, 1);
  });
});
