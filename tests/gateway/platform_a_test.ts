import assert from "node:assert/strict";
import { z } from "zod";
import { startEmulator } from "../../harness/mod.ts";
import { openSession, register, say, sse, startTestAgent } from "./test-agent.ts";

// Dify's published request schema (fixtures/peers/dify, copied with its source): every platform-A push must validate.
const difySchemas = JSON.parse(
  await Deno.readTextFile(new URL("../../fixtures/peers/dify/chat-schemas.json", import.meta.url)),
);
const ChatRequest = z.fromJSONSchema({
  ...difySchemas.definitions.ChatRequest,
  definitions: difySchemas.definitions,
});

function assertDifyRequest(body: unknown) {
  const result = ChatRequest.safeParse(body);
  assert.ok(
    result.success,
    `not a valid Dify ChatRequest: ${JSON.stringify(result.error?.issues)} ${JSON.stringify(body)}`,
  );
}

const blocking = (answer: string, conversation_id = "dify-conv-1") =>
  Response.json({
    event: "message",
    task_id: "t",
    id: "m",
    message_id: "m",
    conversation_id,
    mode: "chat",
    answer,
    metadata: {},
    created_at: 1,
  });

Deno.test("platform-A blocking: Dify's ChatRequest, conversation_id after the first reply, image as files", async () => {
  await using ccemu = await startEmulator();
  await using agent = startTestAgent((push) => blocking(`you said: ${push.body.query}`));
  const robotId = await register(ccemu, agent.url, { platform: "PlatformA", token: "app-key" });
  const { json } = await openSession(ccemu, {
    robotId,
    visitor: { visitorId: "v1", groupChat: true, sender: "real-sender" },
  });
  const first = await say(ccemu, json.sessionId, { text: "hello" });
  assert.deepEqual(first.json.messages, [{
    type: 109,
    content: { content: "you said: hello" },
    messageId: "m",
  }]);
  assert.deepEqual(first.json.findings, []);
  const png = btoa(String.fromCharCode(137, 80, 78, 71, 13, 10, 26, 10));
  await say(ccemu, json.sessionId, { image: { fileName: "photo.png", contentBase64: png } });

  const [push1, push2] = agent.received;
  for (const push of agent.received) assertDifyRequest(push.body);
  assert.equal(push1.path, "/v1/chat-messages");
  assert.equal(push1.headers.get("authorization"), "Bearer app-key");
  assert.deepEqual(Object.keys(push1.body).sort(), [
    "auto_generate_name",
    "inputs",
    "query",
    "response_mode",
    "user",
  ]);
  assert.equal(push1.body.query, "hello");
  assert.equal(push1.body.user, "real-sender");
  assert.equal(push1.body.response_mode, "blocking");
  assert.equal((push1.body.inputs as Record<string, unknown>).visitorId, "v1");
  assert.equal(push2.body.conversation_id, "dify-conv-1");
  assert.equal(push2.body.query, "", "an image-only message has an empty query");
  const files = push2.body.files as { type: string; transfer_method: string; url: string }[];
  assert.equal(files[0].type, "image");
  assert.equal(files[0].transfer_method, "remote_url");
  const image = await fetch(files[0].url);
  assert.equal(image.headers.get("content-type"), "image/png");
  assert.deepEqual([...new Uint8Array(await image.arrayBuffer())], [
    137,
    80,
    78,
    71,
    13,
    10,
    26,
    10,
  ]);
});

Deno.test("platform-A inputs and user are always present, even for a bare profile", async () => {
  await using ccemu = await startEmulator();
  await using agent = startTestAgent(() => blocking("ok"));
  const robotId = await register(ccemu, agent.url, { platform: "PlatformA" });
  const { json } = await openSession(ccemu, { robotId });
  await say(ccemu, json.sessionId, { text: "x" });
  assertDifyRequest(agent.received[0].body);
  assert.equal(typeof agent.received[0].body.inputs, "object");
  assert.equal(
    agent.received[0].body.user,
    json.session.visitorId,
    "user is the visitor id outside group chats",
  );
});

Deno.test("platform-A transfer lines: plain and to a queue", async () => {
  await using ccemu = await startEmulator();
  await using agent = startTestAgent();
  const robotId = await register(ccemu, agent.url, { platform: "PlatformA" });
  const { json } = await openSession(ccemu, { robotId });
  agent.answer(() =>
    blocking("I cannot help with that.\n>transfer_human:请稍候，正在为您转接人工")
  );
  const plain = await say(ccemu, json.sessionId, { text: "x" });
  assert.deepEqual(
    plain.json.messages.map((
      m: { type: number; content: { content: string } },
    ) => [m.type, m.content.content]),
    [
      [109, "I cannot help with that."],
      [100, "请稍候，正在为您转接人工"],
    ],
  );
  assert.deepEqual(plain.json.instruction, { actionType: "TRANSFER_HUMAN", actionData: {} });
  agent.answer(() => blocking(">transfer_human_12:Queue 12 will take over"));
  const queue = await say(ccemu, json.sessionId, { text: "y" });
  assert.deepEqual(queue.json.messages, [{
    type: 100,
    content: { content: "Queue 12 will take over" },
  }]);
  assert.deepEqual(queue.json.instruction, {
    actionType: "TRANSFER_HUMAN",
    actionData: { qno: "12" },
  });
});

const data = (json: Record<string, unknown>) => `data: ${JSON.stringify(json)}\n\n`;
const named = (json: Record<string, unknown>) =>
  `event: ${json.event}\ndata: ${JSON.stringify(json)}\n\n`;

Deno.test("platform-A streaming: both framings, ping and ignored events marked, message_end ends", async () => {
  await using ccemu = await startEmulator();
  await using agent = startTestAgent();
  const robotId = await register(ccemu, agent.url, { platform: "PlatformA" });
  const { json } = await openSession(ccemu, { robotId, responseMode: "streaming" });
  const base = {
    task_id: "t1",
    id: "m1",
    message_id: "m1",
    conversation_id: "dc-1",
    created_at: 1,
  };
  agent.answer(() =>
    sse([
      "event: ping\n\n",
      data({ event: "workflow_started", task_id: "t1", data: {} }),
      data({ event: "node_started", task_id: "t1", data: {} }),
      data({ event: "message", ...base, answer: "Hel" }),
      named({ event: "agent_message", ...base, answer: "lo " }),
      data({ event: "agent_thought", id: "th", thought: "thinking" }),
      data({ event: "message_file", id: "f", type: "image", url: "u" }),
      data({ event: "tts_message", audio: "AAAA" }),
      data({ event: "tts_message_end", audio: "" }),
      data({ event: "message_replace", answer: "replaced" }),
      data({ event: "message", ...base, answer: "world\n>transfer_human_7:Queue 7 now" }),
      data({ event: "workflow_finished", task_id: "t1", data: {} }),
      data({ event: "message_end", id: "m1", conversation_id: "dc-1", metadata: { usage: {} } }),
      data({ event: "message", ...base, answer: "after the end" }),
    ], 2)
  );
  const res = await say(ccemu, json.sessionId, { text: "hi" });
  assertDifyRequest(agent.received[0].body);
  assert.equal(agent.received[0].body.response_mode, "streaming");
  assert.deepEqual(res.json.messages, [
    { type: 109, content: { content: "Hello world" }, messageId: "m1" },
    { type: 100, content: { content: "Queue 7 now" } },
  ]);
  assert.deepEqual(res.json.instruction, {
    actionType: "TRANSFER_HUMAN",
    actionData: { qno: "7" },
  });
  assert.equal(res.json.conversationId, "dc-1");
  assert.equal(res.json.error, null);
  const events = ccemu.journal.get(res.json.journalId)!.push!.events;
  const ignored = events.filter((e) => e.ignored).map((e) =>
    e.data === null ? `${e.event}(bare)` : JSON.parse(e.data).event
  );
  assert.deepEqual(ignored, [
    "ping(bare)",
    "workflow_started",
    "node_started",
    "agent_thought",
    "message_file",
    "tts_message",
    "tts_message_end",
    "message_replace",
    "workflow_finished",
  ]);
  assert.equal(
    events.at(-1)!.data!.includes("message_end"),
    true,
    "nothing is read after message_end",
  );
});

Deno.test("platform-A streaming: an error event ends the reply with its code", async () => {
  await using ccemu = await startEmulator();
  await using agent = startTestAgent(() =>
    sse([
      data({
        event: "message",
        task_id: "t",
        id: "m",
        message_id: "m",
        conversation_id: "c",
        answer: "par",
      }),
      data({
        event: "error",
        task_id: "t",
        message_id: "m",
        status: 400,
        code: "invalid_param",
        message: "Query is required",
      }),
    ])
  );
  const robotId = await register(ccemu, agent.url, { platform: "PlatformA" });
  const { json } = await openSession(ccemu, { robotId, responseMode: "streaming" });
  const res = await say(ccemu, json.sessionId, { text: "hi" });
  assert.deepEqual(res.json.error, { code: "invalid_param", message: "Query is required" });
  assert.deepEqual(res.json.messages, [{ type: 109, content: { content: "par" }, messageId: "m" }]);
});
