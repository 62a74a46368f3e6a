/**
 * Pushes the default way, blocking and streaming, against a scriptable agent: every message type,
 * the end command, faults and findings. Longer than most files: one scenario per spec rule.
 */
import assert from "node:assert/strict";
import { startEmulator } from "../../harness/mod.ts";
import {
  envelope,
  message,
  openSession,
  register,
  say,
  sse,
  startTestAgent,
} from "./test-agent.ts";

const INPUT_KEYS = [
  "botId",
  "userId",
  "uniqueId",
  "provider",
  "channel_id",
  "channel_name",
  "appName",
  "visitorId",
  "visitorName",
  "contactType",
  "user_province",
  "user_city",
  "user_customerId",
  "user_transferFailReason",
  "timeslot",
  "groupChat",
];

Deno.test("default way, blocking: push body, inputs, Bearer, open call once, conversation id carried", async () => {
  await using ccemu = await startEmulator();
  await using agent = startTestAgent((push) =>
    Response.json(
      push.path === "/open"
        ? envelope([
          message(103, { subtype: 10301, scene: "HotQuestion", options: [{ content: "Q1" }] }),
        ], "conv-9")
        : envelope([
          message(100, {
            content: `echo ${
              (push.body.data as { message: { content: string } }[])[0].message.content
            }`,
          }),
        ], "conv-9"),
    )
  );
  const robotId = await register(ccemu, agent.url, { open: true, token: "s3cret" });
  const visitor = {
    visitorId: "v-42",
    name: "张三",
    channel: { id: "ch-1", name: "wx_gzh", appName: "官方公众号", contactType: "WX" },
    province: "浙江",
    city: "杭州",
    customerId: "cust-7",
    extra: { vip: "gold", age: 30 },
    groupChat: true,
    sender: "member-3",
    timeslot: false,
    branches: { 业务分流: "售后" },
    interaction: { orderNo: "A100" },
  };
  const opened = await openSession(ccemu, { robotId, visitor, responseMode: "blocking" });
  assert.equal(opened.status, 201);
  assert.equal(opened.json.open.messages[0].subtype, 10301);
  assert.equal(agent.received.length, 1, "the open call comes first");
  const open = agent.received[0];
  assert.equal(open.path, "/open");
  assert.deepEqual(Object.keys(open.body).sort(), [
    "inputs",
    "responseMode",
    "robotId",
    "visitorId",
  ]);
  assert.equal(open.body.responseMode, "blocking");
  assert.equal(open.headers.get("authorization"), "Bearer s3cret");

  const sessionId = opened.json.sessionId;
  const first = await say(ccemu, sessionId, { text: "hello" });
  assert.equal(first.status, 200);
  assert.deepEqual(first.json.messages, [{ type: 100, content: { content: "echo hello" } }]);
  assert.deepEqual(first.json.findings, []);
  await say(ccemu, sessionId, { text: "again" });
  assert.equal(
    agent.received.filter((p) => p.path === "/open").length,
    1,
    "the open call is made once",
  );

  const [, push1, push2] = agent.received;
  assert.equal(push1.headers.get("authorization"), "Bearer s3cret");
  assert.deepEqual(push1.body.data, [{ messageType: 100, message: { content: "hello" } }]);
  assert.equal(push1.body.robotId, robotId);
  assert.equal(push1.body.visitorId, "v-42");
  assert.equal(push1.body.sender, "member-3", "a group chat names its real sender");
  assert.equal(push1.body.responseMode, "blocking");
  assert.equal(push1.body.conversationId, "conv-9", "the open reply's conversation id is carried");
  assert.equal(push2.body.conversationId, "conv-9");
  const inputs = push1.body.inputs as Record<string, unknown>;
  for (const key of INPUT_KEYS) assert.ok(key in inputs, `inputs.${key}`);
  assert.deepEqual(
    { ...inputs },
    {
      botId: robotId,
      userId: "7000001",
      uniqueId: sessionId,
      provider: "thirdPart",
      channel_id: "ch-1",
      channel_name: "wx_gzh",
      appName: "官方公众号",
      visitorId: "v-42",
      visitorName: "张三",
      contactType: "WX",
      user_province: "浙江",
      user_city: "杭州",
      user_customerId: "cust-7",
      user_transferFailReason: "",
      timeslot: false,
      groupChat: "true",
      user_vip: "gold",
      user_age: 30,
      orderNo: "A100",
      业务分流: "售后",
    },
  );

  const history = await (await fetch(`${ccemu.url}/_emulator/gateway/sessions/${sessionId}`))
    .json();
  assert.deepEqual(history.history.map((h: { kind: string }) => h.kind), [
    "agent",
    "visitor",
    "agent",
    "visitor",
    "agent",
  ]);
  assert.equal(typeof history.history[1].journalId, "number");
});

Deno.test("without an Open interface no open call is made; conversationId only after the first reply", async () => {
  await using ccemu = await startEmulator();
  await using agent = startTestAgent(() =>
    Response.json(envelope([message(100, { content: "hi" })], "c-77"))
  );
  const robotId = await register(ccemu, agent.url);
  const { json } = await openSession(ccemu, { robotId });
  assert.equal(json.open, null);
  assert.equal(agent.received.length, 0);
  await say(ccemu, json.sessionId, { text: "one" });
  await say(ccemu, json.sessionId, { text: "two" });
  assert.equal("conversationId" in agent.received[0].body, false);
  assert.equal(agent.received[1].body.conversationId, "c-77");
  assert.equal(
    agent.received[0].headers.get("authorization"),
    null,
    "no Bearer header when auth is off",
  );
});

const EVERY_TYPE: [string, unknown, unknown][] = [
  ["100 text", 100, { content: "plain" }],
  ["101 rich text", 101, { content: "<b>rich</b><img src='x.png'>" }],
  ["102/10201 card", 102, {
    subtype: 10201,
    cards: [{ title: "T", summary: "S", cover: "c.png", url: "https://x" }],
  }],
  ["103/10301 options", 103, {
    subtype: 10301,
    content: "pick",
    scene: "HotQuestion",
    options: [{ content: "a" }, { content: "b" }],
  }],
  ["103/10302 categories", 103, {
    subtype: 10302,
    content: "by category",
    style: "Horizontal",
    options: [{ categoryName: "c1", options: [{ content: "a" }] }],
  }],
  ["103/10303 topics", 103, {
    subtype: 10303,
    scene: "HotQuestion",
    options: [{
      content: "topic",
      icon: "i.png",
      options: [{ categoryName: "c", options: [{ content: "q" }] }],
    }],
  }],
  ["104 file", 104, { fileUrl: "https://x/f.pdf", fileName: "f.pdf", fileSize: 1234 }],
  ["105 image", 105, { fileUrl: "https://x/i.png", fileName: "i.png", fileSize: 99 }],
  ["109 markdown", 109, { content: "# md" }],
  ["111 combination (nested)", 111, {
    combinationList: [
      { type: 100, content: { content: "first" } },
      {
        type: 111,
        content: { combinationList: [{ type: 105, content: { fileUrl: "u", fileName: "n" } }] },
      },
      { type: 103, content: { subtype: 10301, options: [{ content: "x" }] } },
    ],
  }],
];

Deno.test("every message type and subtype is delivered without findings", async (t) => {
  await using ccemu = await startEmulator();
  await using agent = startTestAgent();
  const robotId = await register(ccemu, agent.url);
  const { json } = await openSession(ccemu, { robotId });
  for (const [name, type, content] of EVERY_TYPE) {
    await t.step(name, async () => {
      agent.answer(() => Response.json(envelope([message(type, content)])));
      const res = await say(ccemu, json.sessionId, { text: name });
      assert.deepEqual(res.json.findings, []);
      assert.equal(res.json.messages.length, 1);
      assert.equal(res.json.messages[0].type, type);
      assert.deepEqual(res.json.messages[0].content, content);
    });
  }
});

Deno.test("tolerated discrepancies are delivered with warnings", async () => {
  await using ccemu = await startEmulator();
  await using agent = startTestAgent();
  const robotId = await register(ccemu, agent.url);
  const { json } = await openSession(ccemu, { robotId });
  agent.answer(() =>
    Response.json({
      status: 200,
      code: "success",
      data: [{
        conversationId: "c",
        answers: [
          message("100", { content: "type as text" }),
          message(103, {
            subtype: 10303,
            options: [{
              content: "t",
              categories: [{ categoryName: "c", options: [{ content: "q" }] }],
            }],
          }),
        ],
      }],
    })
  );
  const res = await say(ccemu, json.sessionId, { text: "x" });
  const findings = res.json.findings.map((f: { path: string; severity: string }) =>
    `${f.severity} ${f.path}`
  );
  assert.deepEqual(findings, [
    "warning $.data",
    "warning $.data[0].answers[0].answerContent.type",
    "warning $.data[0].answers[1].answerContent.content.options[0].categories",
  ]);
  assert.equal(res.json.messages[0].type, 100);
  assert.deepEqual(res.json.messages[1].content.options[0].options, [{
    categoryName: "c",
    options: [{ content: "q" }],
  }]);
});

Deno.test("malformed replies give error findings with JSON paths and never crash", async () => {
  await using ccemu = await startEmulator();
  await using agent = startTestAgent();
  const robotId = await register(ccemu, agent.url);
  const { json } = await openSession(ccemu, { robotId });
  agent.answer(() =>
    Response.json(envelope([
      message(102, { subtype: 10201, cards: [{ summary: "no title" }] }),
      message(999, { content: "?" }),
      message(100, { text: "wrong field" }),
      { answerType: "dance" },
      message(100, { content: "still delivered" }),
    ]))
  );
  const res = await say(ccemu, json.sessionId, { text: "x" });
  const errors = res.json.findings.filter((f: { severity: string }) => f.severity === "error").map((
    f: { path: string },
  ) => f.path);
  assert.deepEqual(errors, [
    "$.data.answers[0].answerContent.content.cards[0].title",
    "$.data.answers[1].answerContent.type",
    "$.data.answers[2].answerContent.content.content",
    "$.data.answers[3].answerType",
  ]);
  assert.deepEqual(res.json.messages.at(-1), {
    type: 100,
    content: { content: "still delivered" },
  });
  const entry = ccemu.journal.get(res.json.journalId)!;
  assert.equal(entry.push?.findings.length, res.json.findings.length);
});

Deno.test("default way, streaming: chunks join by message_id, end carries the transfer, live chunks", async () => {
  await using ccemu = await startEmulator();
  await using agent = startTestAgent();
  const robotId = await register(ccemu, agent.url);
  const { json } = await openSession(ccemu, { robotId, responseMode: "streaming" });
  const chunk = (id: string, content: string, type = "markdown") =>
    `event: message\ndata: ${
      JSON.stringify({
        event: "message",
        conversation_id: "c-s",
        answer: [{ message_id: id, content_type: type, content, created_at: 1 }],
      })
    }\n\n`;
  agent.answer((push) => {
    assert.equal(push.headers.get("accept"), "text/event-stream");
    return sse([
      chunk("m1", "Hello, "),
      chunk("m1", "**world**"),
      chunk("m2", "second", "text"),
      `event: end\ndata: ${
        JSON.stringify({
          event: "end",
          conversation_id: "c-s",
          answer: [{ metadata: { command: "TRANSFER_HUMAN", qno: "12" } }],
        })
      }\n\n`,
    ], 5);
  });
  const events = await fetch(`${ccemu.url}/_emulator/events`);
  const reader = events.body!.pipeThrough(new TextDecoderStream()).getReader();
  try {
    const res = await say(ccemu, json.sessionId, { text: "hi" });
    assert.equal(agent.received[0].body.responseMode, "streaming");
    assert.deepEqual(res.json.messages, [
      { type: 109, content: { content: "Hello, **world**" }, messageId: "m1" },
      { type: 100, content: { content: "second" }, messageId: "m2" },
    ]);
    assert.deepEqual(res.json.instruction, {
      actionType: "TRANSFER_HUMAN",
      actionData: { qno: "12" },
    });
    assert.equal(res.json.conversationId, "c-s");
    const entry = ccemu.journal.get(res.json.journalId)!;
    assert.deepEqual(entry.push?.events.map((e) => e.event), [
      "message",
      "message",
      "message",
      "end",
    ]);
    assert.ok(entry.push!.timings.firstChunkMs! <= entry.push!.timings.endMs);
    let seen = "";
    while (!/"change":"chunk".*"text":"\*\*world\*\*"/s.test(seen)) {
      seen += (await reader.read()).value;
    }
    const session = await (await fetch(`${ccemu.url}/_emulator/gateway/sessions/${json.sessionId}`))
      .json();
    assert.deepEqual(session.transferred, {
      actionType: "TRANSFER_HUMAN",
      actionData: { qno: "12" },
    });
  } finally {
    await reader.cancel();
  }
});

Deno.test("default way, streaming: an error event ends the reply; a stream without end is an error", async () => {
  await using ccemu = await startEmulator();
  await using agent = startTestAgent();
  const robotId = await register(ccemu, agent.url);
  const { json } = await openSession(ccemu, { robotId, responseMode: "streaming" });
  agent.answer(() =>
    sse(`event: error\ndata: {"event":"error","code":"invalid_param","message":"bad question"}\n\n`)
  );
  const failed = await say(ccemu, json.sessionId, { text: "x" });
  assert.deepEqual(failed.json.error, { code: "invalid_param", message: "bad question" });
  agent.answer(() =>
    sse(
      `event: message\ndata: {"event":"message","conversation_id":"c","answer":[{"message_id":"a","content_type":"text","content":"partial"}]}\n\n`,
    )
  );
  const cut = await say(ccemu, json.sessionId, { text: "y" });
  assert.equal(cut.json.error.code, "AgentStreamIncomplete");
  assert.deepEqual(cut.json.messages, [{
    type: 100,
    content: { content: "partial" },
    messageId: "a",
  }], "what arrived is still delivered");
  assert.equal(cut.json.findings[0].severity, "error");
});
