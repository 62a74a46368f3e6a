/**
 * Issue defects 3, 6 and 12 on the agent's side, and ccemu's own failures: a push ends at its
 * deadline and past its byte budget; replies nested too deep, or not UTF-8, are findings; a fault
 * of ccemu's while reading a reply is an InternalError, never blamed on the agent.
 */
import assert from "node:assert/strict";
import { startEmulator } from "../../harness/mod.ts";
import { DefaultStreamReader } from "../../emulator/gateway/default-stream.ts";
import {
  envelope,
  message,
  openSession,
  register,
  say,
  sse,
  startTestAgent,
} from "../gateway/test-agent.ts";

/** A stream that sends a chunk every `everyMs` and never ends. */
function endlessStream(everyMs = 50): Response {
  let timer: ReturnType<typeof setInterval> | undefined;
  const chunk = new TextEncoder().encode(
    `event: message\ndata: ${JSON.stringify({ messageId: "m1", type: 100, content: "x" })}\n\n`,
  );
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      timer = setInterval(() => controller.enqueue(chunk), everyMs);
    },
    cancel() {
      clearInterval(timer);
    },
  });
  return new Response(body, { headers: { "content-type": "text/event-stream" } });
}

const nested = (depth: number, inner: string) => "[".repeat(depth) + inner + "]".repeat(depth);

Deno.test("an endless stream ends at the push deadline", async () => {
  await using ccemu = await startEmulator({ clock: "real", pushDeadlineMs: 400 });
  await using agent = startTestAgent(() => endlessStream());
  const robotId = await register(ccemu, agent.url);
  const { json } = await openSession(ccemu, { robotId, responseMode: "streaming" });
  const started = performance.now();
  const reply = await say(ccemu, json.sessionId, { text: "hi" });
  assert.ok(performance.now() - started < 3000);
  assert.equal(reply.json.error.code, "AgentTimeout");
  assert.match(reply.json.error.message, /deadline of 400 ms/);
});

Deno.test("a reply past the byte budget fails and is not kept whole", async () => {
  await using ccemu = await startEmulator({ pushMaxBytes: 64 * 1024 });
  const big = "x".repeat(200 * 1024);
  await using agent = startTestAgent(() =>
    Response.json(envelope([message(100, { content: big })]))
  );
  const robotId = await register(ccemu, agent.url);
  const { json } = await openSession(ccemu, { robotId });
  const reply = await say(ccemu, json.sessionId, { text: "hi" });
  assert.equal(reply.json.error.code, "AgentReplyTooLarge");
  const entry = ccemu.journal.get(reply.json.journalId)!;
  assert.ok((entry.response.body?.text.length ?? 0) <= 64 * 1024);
  await using streaming = startTestAgent(() => endlessStream(1));
  const streamRobot = await register(ccemu, streaming.url);
  const streamSession = await openSession(ccemu, {
    robotId: streamRobot,
    responseMode: "streaming",
  });
  const streamed = await say(ccemu, streamSession.json.sessionId, { text: "hi" });
  assert.equal(streamed.json.error.code, "AgentReplyTooLarge");
});

Deno.test("a long stream is delivered whole; its journal entry keeps 64 KiB of event data", async () => {
  await using ccemu = await startEmulator();
  const piece = "y".repeat(1000);
  const chunk = `event: message\ndata: ${
    JSON.stringify({
      event: "message",
      conversation_id: "c-l",
      answer: [{ message_id: "m1", content_type: "text", content: piece, created_at: 1 }],
    })
  }\n\n`;
  const end = `event: end\ndata: ${
    JSON.stringify({ event: "end", conversation_id: "c-l", answer: [{ metadata: {} }] })
  }\n\n`;
  await using agent = startTestAgent(() => sse([...Array(200).fill(chunk), end]));
  const robotId = await register(ccemu, agent.url);
  const { json } = await openSession(ccemu, { robotId, responseMode: "streaming" });
  const reply = await say(ccemu, json.sessionId, { text: "hi" });
  assert.equal(reply.json.error, null);
  assert.equal(
    reply.json.messages[0].content.content,
    piece.repeat(200),
    "the visitor gets it all",
  );
  const { push } = ccemu.journal.get(reply.json.journalId) as unknown as {
    push: { events: { data: string | null; dataCut?: boolean }[]; notKept?: { dataChars: number } };
  };
  assert.equal(push.events.length, 201, "every event's time and name is kept");
  const kept = push.events.reduce((n, e) => n + (e.data?.length ?? 0), 0);
  assert.ok(kept <= 64 * 1024, `${kept} characters of event data kept`);
  const cut = push.events.filter((e) => e.dataCut);
  assert.ok(cut.length > 100 && cut.every((e) => e.data === null));
  // What was kept and what was counted add up to every event's data as the agent sent it.
  const dataOf = (event: string) => event.slice(event.indexOf("data: ") + 6, -2).length;
  assert.equal(kept + push.notKept!.dataChars, 200 * dataOf(chunk) + dataOf(end));
  assert.ok(push.notKept!.dataChars > 100_000);
});

Deno.test("a large reply reaches the session whole; its journal entry keeps 64 KiB of content", async () => {
  await using ccemu = await startEmulator();
  const large = "回".repeat(100 * 1024);
  await using agent = startTestAgent(() =>
    Response.json(
      envelope([
        message(100, { content: "first" }),
        message(100, { content: large }),
        message(
          100,
          { content: "last" },
        ),
      ]),
    )
  );
  const robotId = await register(ccemu, agent.url);
  const { json } = await openSession(ccemu, { robotId });
  const reply = await say(ccemu, json.sessionId, { text: "hi" });
  assert.equal(reply.json.error, null);
  assert.deepEqual(
    reply.json.messages.map((m: { content: { content: string } }) => m.content.content),
    ["first", large, "last"],
    "the visitor gets it all",
  );
  const session = await (await fetch(`${ccemu.url}/_emulator/gateway/sessions/${json.sessionId}`))
    .json();
  assert.ok(JSON.stringify(session).includes(large), "the session's history holds it whole");
  const { push } = ccemu.journal.get(reply.json.journalId) as unknown as {
    push: { delivered: { messages: { type: number; content: unknown; contentCut?: boolean }[] } };
  };
  assert.deepEqual(push.delivered.messages, [
    { type: 100, content: { content: "first" } },
    { type: 100, content: null, contentCut: true },
    { type: 100, content: { content: "last" } },
  ]);
});

Deno.test("a reply's content is measured as JSON: escapes count towards the 64 KiB kept", async () => {
  await using ccemu = await startEmulator();
  // 40,000 characters, 80,000 once each quote is escaped: over 64 KiB only as JSON.
  const quotes = '"'.repeat(40_000);
  await using agent = startTestAgent(() =>
    Response.json(envelope([message(100, { content: quotes }), message(100, { content: "x" })]))
  );
  const robotId = await register(ccemu, agent.url);
  const { json } = await openSession(ccemu, { robotId });
  const reply = await say(ccemu, json.sessionId, { text: "hi" });
  assert.equal(reply.json.messages[0].content.content, quotes, "the visitor gets it whole");
  const { push } = ccemu.journal.get(reply.json.journalId) as unknown as {
    push: { delivered: { messages: { type: number; content: unknown; contentCut?: boolean }[] } };
  };
  assert.deepEqual(push.delivered.messages, [
    { type: 100, content: null, contentCut: true },
    { type: 100, content: { content: "x" } },
  ]);
});

Deno.test("replies nested too deep are the agent's invalid reply, and nothing breaks after", async () => {
  await using ccemu = await startEmulator();
  const deep = `{"status":200,"code":"success","data":{"answers":${nested(10_000, "1")}}}`;
  await using agent = startTestAgent(() =>
    new Response(deep, { headers: { "content-type": "application/json" } })
  );
  const robotId = await register(ccemu, agent.url);
  const { json } = await openSession(ccemu, { robotId });
  const reply = await say(ccemu, json.sessionId, { text: "hi" });
  assert.equal(reply.json.error.code, "AgentInvalidReply");
  assert.match(reply.json.error.message, /nested deeper than 64 levels \(at data\.answers/);
  assert.equal(reply.json.findings[0].severity, "error");

  // 3,000 combination messages inside each other: the same, not "AgentUnreachable".
  let combination: unknown = { type: 100, content: { content: "leaf" } };
  for (let i = 0; i < 3000; i++) {
    combination = { type: 111, content: { messageList: [combination] } };
  }
  agent.answer(() =>
    Response.json(envelope([{ answerType: "message", answerContent: combination }]))
  );
  const combined = await say(ccemu, json.sessionId, { text: "again" });
  assert.equal(combined.json.error.code, "AgentInvalidReply");

  // Streamed event data nested too deep is a finding on that event.
  agent.answer(() =>
    new Response(`event: message\ndata: ${nested(5000, "")}\n\nevent: end\ndata: {}\n\n`, {
      headers: { "content-type": "text/event-stream" },
    })
  );
  const s = await openSession(ccemu, { robotId, responseMode: "streaming" });
  const streamed = await say(ccemu, s.json.sessionId, { text: "hi" });
  assert.ok(
    streamed.json.findings.some((f: { message: string }) => /nested deeper/.test(f.message)),
  );
  assert.equal(
    (await fetch(`${ccemu.url}/_emulator/snapshot`).then((r) => r.text())).length > 0,
    true,
  );
});

Deno.test("a reply that is not UTF-8 is delivered as far as it goes, with a finding", async () => {
  await using ccemu = await startEmulator();
  const text = new TextEncoder().encode(
    JSON.stringify(envelope([message(100, { content: "AB" })])),
  );
  const at = text.indexOf(0x42); // "B"
  const bytes = new Uint8Array([...text.slice(0, at), 0xff, 0xfe, ...text.slice(at + 1)]);
  await using agent = startTestAgent(() =>
    new Response(bytes, { headers: { "content-type": "application/json" } })
  );
  const robotId = await register(ccemu, agent.url);
  const { json } = await openSession(ccemu, { robotId });
  const reply = await say(ccemu, json.sessionId, { text: "hi" });
  assert.match(reply.json.findings[0].message, /not valid UTF-8/);
  assert.equal(reply.json.messages[0].content.content, "A\ufffd\ufffd");

  agent.answer(() =>
    new Response(
      new Uint8Array([...new TextEncoder().encode("event: message\ndata: "), 0xc3, 0x28, 10, 10]),
      {
        headers: { "content-type": "text/event-stream" },
      },
    )
  );
  const s = await openSession(ccemu, { robotId, responseMode: "streaming" });
  const streamed = await say(ccemu, s.json.sessionId, { text: "hi" });
  assert.ok(
    streamed.json.findings.some((f: { message: string }) => /not valid UTF-8/.test(f.message)),
  );
});

Deno.test("ccemu's own failure while reading a reply is InternalError, not the agent's fault", async () => {
  await using ccemu = await startEmulator();
  await using agent = startTestAgent(() =>
    new Response(`event: message\ndata: {"messageId":"m","type":100,"content":"x"}\n\n`, {
      headers: { "content-type": "text/event-stream" },
    })
  );
  const robotId = await register(ccemu, agent.url);
  const { json } = await openSession(ccemu, { robotId, responseMode: "streaming" });
  const original = DefaultStreamReader.prototype.event;
  const logged: unknown[] = [];
  const error = console.error;
  DefaultStreamReader.prototype.event = () => {
    throw new Error("a bug in ccemu");
  };
  console.error = (...args: unknown[]) => void logged.push(args);
  try {
    const reply = await say(ccemu, json.sessionId, { text: "hi" });
    assert.equal(reply.status, 500);
    assert.equal(reply.json.error.code, "InternalError");
    assert.doesNotMatch(JSON.stringify(reply.json), /Agent|a bug in ccemu|at /);
    assert.equal(logged.length, 1, "logged once");
  } finally {
    DefaultStreamReader.prototype.event = original;
    console.error = error;
  }
});
