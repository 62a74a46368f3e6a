/**
 * `ccemu tap` end to end over loopback: ccemu's own gateway stands in for the real one and pushes
 * to the tap (registered as the robot's address), the tap forwards to a scriptable agent, and
 * what it records must import into ccemu and replay. The tap runs as a user runs it: `main.ts tap`
 * in a child process, so that kill -9 and signals are the real thing.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { startEmulator } from "../../harness/mod.ts";
import type { RunningEmulator } from "../../harness/mod.ts";
import { buildInputs } from "../../emulator/gateway/sessions.ts";
import type { HistoryItem, Session } from "../../emulator/gateway/schemas.ts";
import { TranscriptSchema } from "../../emulator/gateway/transcripts.ts";
import { type TapPush, tapPushes } from "../../emulator/tap/mod.ts";
import {
  control,
  envelope,
  hangingSse,
  message,
  openSession,
  type ReceivedPush,
  register,
  say,
  sse,
  startTestAgent,
} from "./test-agent.ts";

const MAIN = new URL("../../main.ts", import.meta.url).pathname;
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

function tapCommand(args: string[]) {
  return new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-net",
      "--allow-read",
      "--allow-write",
      "--allow-env",
      MAIN,
      "tap",
      ...args,
    ],
    stdout: "piped",
    stderr: "piped",
  });
}

/** `ccemu tap ARGS` as a child process, once it listens: its address and its stdout lines. */
async function startTap(args: string[]) {
  const child = tapCommand(args).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const lines: string[] = [];
  let partial = "";
  const until = async (done: (lines: string[]) => boolean) => {
    while (!done(lines)) {
      const { value, done: ended } = await reader.read();
      if (ended) throw new Error(`the tap's stdout ended:\n${lines.join("\n")}`);
      const parts = (partial + value).split("\n");
      partial = parts.pop()!;
      lines.push(...parts);
    }
  };
  await until((l) => l.length >= 2);
  const url = /^ccemu tap listening on (http:\/\/\S+)$/.exec(lines[0])?.[1];
  if (!url) throw new Error(`no ready line: ${lines.join("\n")}`);
  let status: Deno.CommandStatus | undefined;
  return {
    child,
    url,
    lines,
    /** Waits until `n` exchanges have been recorded (the tap prints a line once each is written). */
    recorded: (n: number) => until((l) => l.filter((x) => / recorded in /.test(x)).length >= n),
    until,
    async stop(signal: Deno.Signal = "SIGTERM") {
      child.kill(signal);
      status = await child.status;
      await until(() => false).catch(() => {}); // the rest of stdout, to its end
      return status;
    },
    async [Symbol.asyncDispose]() {
      if (!status) {
        try {
          child.kill("SIGKILL");
        } catch { /* already gone */ }
        await child.status;
      }
      await reader.cancel().catch(() => {});
      await child.stderr.cancel().catch(() => {});
    },
  };
}

async function tempDir() {
  const dir = await Deno.makeTempDir({ prefix: "ccemu-tap-" });
  return { dir, [Symbol.asyncDispose]: () => Deno.remove(dir, { recursive: true }) };
}

const readJson = async (file: string) => JSON.parse(await Deno.readTextFile(file));

/** Imports a recording into ccemu: the transcript route must take it (201). */
async function importRecording(ccemu: RunningEmulator, file: string): Promise<Session> {
  const res = await fetch(`${ccemu.url}/_emulator/gateway/transcripts`, {
    method: "POST",
    body: await Deno.readTextFile(file),
  });
  const json = await res.json();
  assert.equal(res.status, 201, `${file} did not import: ${JSON.stringify(json)}`);
  return json;
}

/** What a history shows a visitor, without the wire and the journal links. */
function shown(history: HistoryItem[]) {
  return history.map((item) => {
    const { journalId: _, at: __, ...rest } = item;
    if (rest.kind === "visitor" || rest.kind === "agent") {
      const { tap: ___, ...message } = rest.message as Record<string, unknown>;
      return { ...rest, message };
    }
    return rest;
  });
}

/** Imports a recording and checks it shows what ccemu's own session showed, inputs and profile. */
async function assertImportsAs(ccemu: RunningEmulator, file: string, liveSessionId: string) {
  const imported = await importRecording(ccemu, file);
  const live = (await control(ccemu, "GET", `/_emulator/gateway/sessions/${liveSessionId}`)).json;
  assert.deepEqual(shown(imported.history), shown(live.history));
  assert.deepEqual(imported.inputs, live.inputs);
  assert.equal(imported.conversationId, live.conversationId);
  assert.equal(imported.responseMode, live.responseMode);
  assert.equal(imported.sender, live.sender);
  // The profile rebuilt from the inputs gives the same inputs again (what a replay sends).
  assert.deepEqual(buildInputs(live, imported.visitor), live.inputs);
}

/** A recording imported and turned into a scenario (`GET …/scenario`). */
async function recordedScenario(ccemu: RunningEmulator, file: string, name = "tapped") {
  const imported = await importRecording(ccemu, file);
  const path = `/_emulator/gateway/sessions/${imported.sessionId}/scenario?name=${name}`;
  return (await control(ccemu, "GET", path)).json;
}

/** The bodies ccemu's gateway pushed, from its journal, oldest first. */
async function pushedBodies(ccemu: RunningEmulator): Promise<unknown[]> {
  const journal = (await control(ccemu, "GET", "/_emulator/journal")).json;
  return (journal.entries as { id: number; kind: string; body: { text: string } }[])
    .filter((e) => e.kind === "push")
    .sort((a, b) => a.id - b.id)
    .map((e) => JSON.parse(e.body.text));
}

const chunk = (id: string, content: string) =>
  `data: ${
    JSON.stringify({
      event: "message",
      answer: [{ message_id: id, content_type: "markdown", content }],
    })
  }\n\n`;
const end = (metadata: Record<string, unknown> = {}) =>
  `data: ${JSON.stringify({ event: "end", answer: [{ metadata }] })}\n\n`;

/** The default-way agent: a hot-question list on open, an echo, or the echo streamed. */
function defaultAgent(push: ReceivedPush): Response {
  if (push.path === "/open") {
    return Response.json(
      envelope(
        [message(103, { subtype: 10301, scene: "HotQuestion", options: [{ content: "Q1" }] })],
        "conv-7",
      ),
    );
  }
  const text = (push.body.data as { message: { content: string } }[])[0].message.content;
  if (push.body.responseMode === "streaming") {
    return sse([chunk("m1", "you said: "), chunk("m1", text), end()], 5);
  }
  return Response.json(envelope([message(100, { content: `echo ${text}` })], "conv-7"));
}

/** A visitor with every part of the profile. */
const VISITOR = {
  visitorId: "v-42",
  name: "张三",
  channel: { id: "ch-1", name: "wx_gzh", appName: "官方公众号", contactType: "WX" },
  province: "浙江",
  city: "杭州",
  customerId: "cust-7",
  extra: { vip: "gold", level: 3 },
  interaction: { orderId: "o-1" },
};

Deno.test("default way through the tap: the agent answers as usual, the recording imports and replays", async () => {
  await using ccemu = await startEmulator();
  await using agent = startTestAgent(defaultAgent);
  await using tmp = await tempDir();
  const file = join(tmp.dir, "tap.json");
  await using tap = await startTap(["--agent", agent.url, "--record", file]);
  assert.equal(tap.lines[1], `forwarding pushes to ${agent.url}; recording to ${file}`);
  const robotId = await register(ccemu, tap.url, { open: true, token: "s3cret" });

  const blocking = await openSession(ccemu, {
    robotId,
    visitor: VISITOR,
    responseMode: "blocking",
  });
  assert.equal(blocking.status, 201);
  assert.equal(blocking.json.open.messages[0].content.options[0].content, "Q1");
  const first = await say(ccemu, blocking.json.sessionId, { text: "hello" });
  assert.deepEqual(first.json.messages, [{ type: 100, content: { content: "echo hello" } }]);
  assert.equal(first.json.error, null);
  const streaming = await openSession(ccemu, {
    robotId,
    visitor: { visitorId: "v-43" },
    responseMode: "streaming",
  });
  const streamed = await say(ccemu, streaming.json.sessionId, { text: "退款" });
  assert.deepEqual(streamed.json.messages.map((m: { content: unknown }) => m.content), [{
    content: "you said: 退款",
  }]);
  assert.equal(streamed.json.error, null);
  await tap.recorded(4);

  // The agent got every push as ccemu's gateway sent it: path, Bearer token, body.
  assert.deepEqual(agent.received.map((p) => p.path), ["/open", "/message", "/open", "/message"]);
  for (const push of agent.received) {
    assert.equal(push.headers.get("authorization"), "Bearer s3cret");
  }
  assert.deepEqual(agent.received.map((p) => p.body), await pushedBodies(ccemu));

  // One transcript per visitor session; each is what TranscriptSchema accepts.
  const second = join(tmp.dir, "tap-2.json");
  for (const recorded of [file, second]) {
    const parsed = TranscriptSchema.safeParse(await readJson(recorded));
    assert.ok(parsed.success, JSON.stringify(parsed.error?.issues));
  }
  const recording = await readJson(file);
  assert.equal(recording.robot.robotId, robotId);
  assert.equal(recording.robot.platform, "Default");
  assert.equal(recording.session.sessionId, blocking.json.sessionId);
  const pushes = [...tapPushes(recording), ...tapPushes(await readJson(second))];
  assert.deepEqual(pushes.map((p) => p.body), agent.received.map((p) => p.body));
  assertDefaultWire(pushes);

  await assertImportsAs(ccemu, file, blocking.json.sessionId);
  await assertImportsAs(ccemu, second, streaming.json.sessionId);
  // Replayed as a scenario against the robot, the recording passes.
  const scenario = await recordedScenario(ccemu, file);
  assert.deepEqual(scenario.steps.map((s: { send: unknown }) => s.send), [{ text: "hello" }]);
  const replay = await control(ccemu, "POST", "/_emulator/scenarios/replay", { scenario });
  assert.equal(replay.status, 200);
  assert.ok(replay.json.passed, JSON.stringify(replay.json));
});

/** The wire of the default-way test: headers (token redacted), the blocking JSON, the events. */
function assertDefaultWire(pushes: TapPush[]) {
  assert.deepEqual(pushes.map((p) => [p.via, p.method, p.path]), [
    ["open", "POST", "/open"],
    ["message", "POST", "/message"],
    ["open", "POST", "/open"],
    ["message", "POST", "/message"],
  ]);
  for (const push of pushes) {
    assert.equal(push.headers.authorization, "Bearer (redacted)");
    assert.equal(push.headers["content-type"], "application/json");
    assert.ok(!JSON.stringify(push.exchange).includes("s3cret"), "the token is never recorded");
  }
  assert.equal(pushes[1].headers.accept, "application/json");
  assert.equal(pushes[3].headers.accept, "text/event-stream");
  const blockingReply = pushes[1].exchange.response!;
  assert.equal(blockingReply.status, 200);
  assert.deepEqual(
    JSON.parse(blockingReply.body!),
    envelope([message(100, { content: "echo hello" })], "conv-7"),
  );
  const events = pushes[3].exchange.response!.events!;
  assert.deepEqual(events.map((e) => e.event), ["message", "message", "message"]);
  assert.equal(events[2].data, JSON.stringify({ event: "end", answer: [{ metadata: {} }] }));
  assert.ok(events[0].at <= events[1].at && events[1].at <= events[2].at, JSON.stringify(events));
}

const difyBlocking = (answer: string) =>
  Response.json({
    event: "message",
    task_id: "t",
    id: "m",
    message_id: "m",
    conversation_id: "dify-conv-1",
    mode: "chat",
    answer,
    metadata: {},
    created_at: 1,
  });
const dify = (event: Record<string, unknown>) => `data: ${JSON.stringify(event)}\n\n`;

/** A Dify stream: two answer chunks with a bare `event: ping` keep-alive between, then the end. */
const difyStream = () => {
  const event = (fields: Record<string, unknown>) =>
    dify({ message_id: "m2", conversation_id: "dify-conv-2", ...fields });
  return sse([
    event({ event: "message", answer: "流式" }),
    "event: ping\n\n",
    event({ event: "message", answer: "回答" }),
    event({ event: "message_end" }),
  ], 5);
};

/** `ccemu replay FILE ARGS` as a user runs it; answers its exit code and stdout. */
async function replayCli(file: string, args: string[]) {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, "replay", file, ...args],
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code, out: decode(stdout), err: decode(stderr) };
}

Deno.test("platform-A way through the tap: blocking and streaming, recorded, imported, replayed with ccemu replay", async () => {
  await using ccemu = await startEmulator();
  await using agent = startTestAgent((push) =>
    push.body.response_mode === "streaming"
      ? difyStream()
      : difyBlocking(`you said: ${push.body.query}`)
  );
  await using tmp = await tempDir();
  const file = join(tmp.dir, "dify.json"), second = join(tmp.dir, "dify-2.json");
  await using tap = await startTap(["--agent", agent.url, "--record", file]);
  const robotId = await register(ccemu, tap.url, { platform: "PlatformA", token: "app-key" });

  const blocking = await openSession(ccemu, {
    robotId,
    visitor: { visitorId: "v1", groupChat: true, sender: "real-sender" },
  });
  const answer = await say(ccemu, blocking.json.sessionId, { text: "hello" });
  assert.deepEqual(answer.json.messages, [{
    type: 109,
    content: { content: "you said: hello" },
    messageId: "m",
  }]);
  const streaming = await openSession(ccemu, { robotId, responseMode: "streaming" });
  const streamed = await say(ccemu, streaming.json.sessionId, { text: "流" });
  assert.equal(streamed.json.messages[0].content.content, "流式回答");
  assert.equal(streamed.json.error, null);
  await tap.recorded(2);

  assert.ok(agent.received.every((p) => p.headers.get("authorization") === "Bearer app-key"));
  const recording = await readJson(file);
  assert.equal(recording.robot.platform, "PlatformA");
  assert.equal(recording.robot.robotId, robotId, "platform A's robot id comes from inputs.botId");
  const [push] = tapPushes(recording);
  assert.equal(push.path, "/v1/chat-messages");
  assert.deepEqual(push.body, agent.received[0].body);
  assert.equal(push.exchange.response!.headers["content-type"], "application/json");
  const events = tapPushes(await readJson(second))[0].exchange.response!.events!;
  assert.deepEqual(events.map((e) => [e.event, e.data === null]), [
    ["message", false],
    ["ping", true],
    ["message", false],
    ["message", false],
  ]);
  await assertImportsAs(ccemu, file, blocking.json.sessionId);
  await assertImportsAs(ccemu, second, streaming.json.sessionId);

  // The recording as a scenario file, replayed by `ccemu replay` straight against the agent.
  const scenarioFile = join(tmp.dir, "tapped.scenario.json");
  await Deno.writeTextFile(scenarioFile, JSON.stringify(await recordedScenario(ccemu, file)));
  const replay = await replayCli(scenarioFile, [
    "--agent",
    `${agent.url}/v1/chat-messages`,
    "--platform",
    "PlatformA",
    "--token",
    "app-key",
  ]);
  assert.equal(replay.code, 0, replay.out + replay.err);
  assert.match(replay.out, /^PASS tapped /m);
  assert.match(replay.out, /1 passed, 0 failed/);
});

Deno.test("a streamed reply passes through unbuffered: the first chunk arrives before the agent sends the second", async () => {
  const second = Promise.withResolvers<void>();
  let sentSecond = false;
  const encoder = new TextEncoder();
  await using agent = startTestAgent(() =>
    new Response(
      new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode(chunk("m1", "first ")));
          await second.promise;
          sentSecond = true;
          controller.enqueue(encoder.encode(chunk("m1", "second")));
          controller.enqueue(encoder.encode(end()));
          controller.close();
        },
      }),
      { headers: { "content-type": "text/event-stream", "x-agent": "yes" } },
    )
  );
  await using tmp = await tempDir();
  await using tap = await startTap(["--agent", agent.url, "--record", join(tmp.dir, "t.json")]);
  const body = {
    robotId: "r1",
    visitorId: "v1",
    data: [{ messageType: 100, message: { content: "hi" } }],
    inputs: { uniqueId: "s-1" },
    responseMode: "streaming",
    sender: "v1",
  };
  const res = await fetch(`${tap.url}/message?trace=1`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer t" },
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "text/event-stream");
  assert.equal(res.headers.get("x-agent"), "yes");
  const reader = res.body!.getReader();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const first = await Promise.race([
    reader.read(),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("the first chunk was held back")), 10_000);
    }),
  ]).finally(() => clearTimeout(timer));
  assert.equal(sentSecond, false);
  assert.equal(decode(first.value!), chunk("m1", "first "));
  second.resolve();
  let rest = "";
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    rest += decode(read.value);
  }
  assert.equal(rest, chunk("m1", "second") + end());
  await tap.recorded(1);
  assert.deepEqual(agent.received[0].body, body);
  assert.equal(agent.received[0].path, "/message");
  const [push] = tapPushes(await readJson(join(tmp.dir, "t.json")));
  assert.equal(push.path, "/message?trace=1");
  assert.deepEqual(push.exchange.response!.events!.map((e) => e.event), [
    "message",
    "message",
    "message",
  ]);
});

Deno.test("a compressed reply: passed on decoded when fetch decodes it, untouched when the gateway asked for identity", async () => {
  const plain = JSON.stringify(envelope([message(100, { content: "压缩 ".repeat(200) })]));
  await using agent = startTestAgent(() =>
    new Response(new Blob([plain]).stream().pipeThrough(new CompressionStream("gzip")), {
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
    })
  );
  await using tmp = await tempDir();
  await using tap = await startTap(["--agent", agent.url, "--record", join(tmp.dir, "z.json")]);
  const post = (acceptEncoding: string) =>
    fetch(`${tap.url}/message`, {
      method: "POST",
      headers: { "accept-encoding": acceptEncoding },
      body: JSON.stringify({ data: [{ messageType: 100, message: { content: "hi" } }] }),
    });
  const gzip = await post("gzip");
  assert.equal(gzip.headers.get("content-encoding"), null);
  assert.equal(await gzip.text(), plain);
  assert.equal(agent.received[0].headers.get("accept-encoding"), "gzip");
  const identity = await post("identity");
  assert.equal(identity.headers.get("content-encoding"), "gzip");
  const raw = new Uint8Array(await identity.arrayBuffer());
  assert.deepEqual([...raw.subarray(0, 2)], [31, 139], "the gzip bytes, as the agent sent them");
  await tap.recorded(2);
  const [decoded] = tapPushes(await readJson(join(tmp.dir, "z.json")));
  assert.equal(decoded.exchange.response!.body, plain);
});

/** A TCP listener that accepts and hangs up at once, counting the connections. */
function hangUpListener() {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  let accepted = 0;
  const loop = (async () => {
    for await (const conn of listener) {
      accepted++;
      conn.close();
    }
  })().catch(() => {});
  return {
    url: `http://127.0.0.1:${(listener.addr as Deno.NetAddr).port}`,
    get accepted() {
      return accepted;
    },
    async [Symbol.asyncDispose]() {
      listener.close();
      await loop;
    },
  };
}

Deno.test("the agent down: the gateway gets a 502 naming the agent URL, nothing is retried, the recording imports", async () => {
  await using ccemu = await startEmulator();
  await using tmp = await tempDir();
  const closed = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const down = `http://127.0.0.1:${(closed.addr as Deno.NetAddr).port}/agent`;
  closed.close();
  const file = join(tmp.dir, "down.json");
  {
    await using tap = await startTap(["--agent", down, "--record", file]);
    const direct = await fetch(`${tap.url}/message`, { method: "POST", body: "{}" });
    assert.equal(direct.status, 502);
    const text = await direct.text();
    assert.match(text, new RegExp(`the agent at ${down}/message refused the connection`));
    assert.match(text, /not retried/);

    const robotId = await register(ccemu, tap.url, { token: "t" });
    const { json } = await openSession(ccemu, { robotId });
    const answer = await say(ccemu, json.sessionId, { text: "hello" });
    assert.equal(answer.json.error.code, "AgentHttpError");
    assert.match(answer.json.error.message, /HTTP 502/);
    assert.match(answer.json.error.message, new RegExp(`${down}/message`));
    await tap.recorded(2);
  }
  const imported = await importRecording(ccemu, join(tmp.dir, "down-2.json"));
  assert.deepEqual(shown(imported.history).map((i) => i.kind), ["visitor", "error"]);
  const error = imported.history[1] as { code: string; message: string };
  assert.equal(error.code, "AgentUnreachable");
  assert.match(error.message, /refused/);
  const [push] = tapPushes(await readJson(join(tmp.dir, "down-2.json")));
  assert.equal(push.exchange.response, null);
  assert.match(push.exchange.error!, /refused/);

  // An agent that takes the connection and hangs up: one connection, one 502.
  await using hangUp = hangUpListener();
  await using tap = await startTap(["--agent", hangUp.url, "--record", join(tmp.dir, "h.json")]);
  const res = await fetch(`${tap.url}/message`, { method: "POST", body: "{}" });
  assert.equal(res.status, 502);
  assert.match(
    await res.text(),
    /closed the connection without answering; the push was not retried/,
  );
  await tap.recorded(1);
  assert.equal(hangUp.accepted, 1);
});

Deno.test("kill -9 of the tap mid-session leaves recordings that still import", async () => {
  await using ccemu = await startEmulator();
  await using agent = startTestAgent((push) => {
    const text = (push.body.data as { message: { content: string } }[])[0].message.content;
    if (text === "hang") return hangingSse(chunk("m1", "half an answer"));
    return Response.json(envelope([message(100, { content: `echo ${text}` })]));
  });
  await using tmp = await tempDir();
  const file = join(tmp.dir, "k.json");
  await using tap = await startTap(["--agent", agent.url, "--record", file]);
  const robotId = await register(ccemu, tap.url, {});
  const { json } = await openSession(ccemu, { robotId, responseMode: "streaming" });
  for (const text of ["one", "two", "three"]) await say(ccemu, json.sessionId, { text });
  await tap.recorded(3); // the visitor has the reply a moment before the tap has written it
  // A burst of other sessions under way while the tap dies: their files are written as it goes.
  const burst = Array.from({ length: 8 }, async (_, i) => {
    const opened = await openSession(ccemu, { robotId });
    for (let n = 0; n < 3; n++) await say(ccemu, opened.json.sessionId, { text: `b${i}-${n}` });
  });
  const hanging = say(ccemu, json.sessionId, { text: "hang" });
  await tap.recorded(5);
  await tap.stop("SIGKILL");
  await Promise.all([hanging, ...burst]);

  const files = [...Deno.readDirSync(tmp.dir)].map((e) => e.name).filter((n) =>
    n.endsWith(".json")
  );
  assert.ok(files.includes("k.json") && files.length >= 2, files.join(", "));
  for (const name of files) await importRecording(ccemu, join(tmp.dir, name));
  const first = await importRecording(ccemu, file);
  const sent = first.history.flatMap((i) => i.kind === "visitor" ? [i.message.content] : []);
  assert.deepEqual(sent, ["one", "two", "three"], "the push under way at the kill is not in it");
});

Deno.test("SIGINT mid-stream: the tap stops at once, and the cut reply is recorded as cut", async () => {
  await using agent = startTestAgent(() => hangingSse(chunk("m1", "half an answer")));
  await using tmp = await tempDir();
  const file = join(tmp.dir, "cut.json");
  await using tap = await startTap(["--agent", agent.url, "--record", file]);
  const res = await fetch(`${tap.url}/message`, {
    method: "POST",
    body: JSON.stringify({
      robotId: "r1",
      visitorId: "v1",
      data: [{ messageType: 100, message: { content: "hi" } }],
      inputs: { uniqueId: "s-9" },
      responseMode: "streaming",
    }),
  });
  const reader = res.body!.getReader();
  assert.equal(decode((await reader.read()).value!), chunk("m1", "half an answer"));
  const status = await tap.stop("SIGINT");
  assert.equal(status.code, 0);
  await reader.read().catch(() => {}); // the reply ends with the tap
  await reader.cancel().catch(() => {});
  assert.match(tap.lines.at(-1)!, new RegExp(`^ccemu tap stopped; recorded ${file}$`));
  const { session } = await readJson(file);
  assert.deepEqual(shown(session.history), [
    { kind: "visitor", messageType: 100, message: { content: "hi" } },
    {
      kind: "agent",
      via: "message",
      message: { type: 109, content: { content: "half an answer" }, messageId: "m1" },
    },
    {
      kind: "error",
      code: "TapStopped",
      message: "ccemu tap stopped while the agent's stream was under way.",
    },
  ]);
  const [push] = tapPushes({ session });
  assert.equal(push.exchange.response!.ended, "tap: ccemu tap stopped");
});

Deno.test("the command line: --help, bad flags exit 2, start-up failures exit 1, SIGTERM stops it", async () => {
  const run = async (...args: string[]) => {
    const { code, stdout, stderr } = await tapCommand(args).output();
    return { code, out: decode(stdout), err: decode(stderr) };
  };
  const help = await run("--help");
  assert.equal(help.code, 0);
  assert.match(help.out, /^usage: ccemu tap --agent URL --record FILE/);
  assert.match(help.out, /Exit status: 0 /);
  for (
    const [args, message] of [
      [["--record", "x.json"], /--agent URL is required/],
      [["--agent", "http://127.0.0.1:9"], /--record FILE is required/],
      [["--agent", "ftp://h", "--record", "x"], /http:\/\/ or https:\/\//],
      [["--agent", "http://h/?q=1", "--record", "x"], /no query/],
      [["--agent", "http://h", "--record", "x", "--port", "70000"], /--port must be/],
      [["--agent", "http://h", "--record", "x", "--platform", "B"], /--platform must be/],
      [["--agent", "http://h", "--record", "x", "--bogus"], /bogus/],
    ] as const
  ) {
    const bad = await run(...args);
    assert.equal(bad.code, 2, `${args.join(" ")}: ${bad.err}`);
    assert.match(bad.err, message);
    assert.match(bad.err, /usage: ccemu tap/);
  }
  await using tmp = await tempDir();
  const existing = join(tmp.dir, "old.json");
  await Deno.writeTextFile(existing, "{}");
  const clobber = await run("--agent", "http://127.0.0.1:9", "--record", existing);
  assert.equal(clobber.code, 1);
  assert.match(clobber.err, /the file exists; ccemu tap never overwrites a recording/);
  assert.equal(await Deno.readTextFile(existing), "{}");
  const nowhere = await run(
    "--agent",
    "http://127.0.0.1:9",
    "--record",
    join(tmp.dir, "no/such/dir.json"),
  );
  assert.equal(nowhere.code, 1);
  assert.match(nowhere.err, /cannot write there/);

  const file = join(tmp.dir, "t.json");
  const tap = await startTap(["--agent", "http://127.0.0.1:9", "--record", file]);
  try {
    const port = new URL(tap.url).port;
    const taken = await run(
      "--agent",
      "http://127.0.0.1:9",
      "--record",
      join(tmp.dir, "u.json"),
      "--port",
      port,
    );
    assert.equal(taken.code, 1);
    assert.match(taken.err, new RegExp(`port ${port} on 127.0.0.1 is already in use`));
    const status = await tap.stop("SIGTERM");
    assert.equal(status.code, 0);
    assert.match(tap.lines.at(-1)!, /^ccemu tap stopped; no pushes$/);
  } finally {
    await tap[Symbol.asyncDispose]();
  }
});
