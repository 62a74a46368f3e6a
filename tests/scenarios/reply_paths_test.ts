/**
 * Expectations on any part of the reply: JSONPath on the raw reply (a blocking body, a stream's
 * events) and on each delivered message, with exists/equals/oneOf/contains/matches and their
 * negations; `textNotContains`, `typesNot` and `textOneOf`; a bad path refused when loaded.
 */
import assert from "node:assert/strict";
import { startEmulator } from "../../harness/mod.ts";
import { envelope, message, sse, startTestAgent } from "../gateway/test-agent.ts";
import { SAMPLE } from "./language-helpers.ts";

Deno.test("paths on the sample agent's raw reply and on its messages hold", async () => {
  await using ccemu = await startEmulator();
  const report = await ccemu.runScenario({
    name: "card",
    robot: SAMPLE,
    steps: [{
      send: { text: "card" },
      expect: {
        reply: {
          "$.code": { equals: "success" },
          "$.data.answers[*].answerContent.type": { oneOf: [102, "102"] },
          "$.data.conversationId": { matches: "^conv-", notContains: "error" },
          "$.data.nothing": { exists: false },
        },
        messages: {
          "$.content.cards[0].title": { equals: "ccemu" },
          "$.content.cards[*].url": { contains: "example.com", notMatches: "^http:" },
          "$.type": { equals: 102 },
        },
        typesNot: [100, "103/10301"],
        textNotContains: ["error", "undefined"],
        textOneOf: ["nothing like this", "offline emulator"],
      },
    }],
  });
  assert.ok(report.passed, JSON.stringify(report.steps[0].failures));
  const rows = Object.fromEntries(report.steps[0].checks.map((c) => [c.key, c]));
  assert.deepEqual(rows.reply.observed, {
    "$.code": ["success"],
    "$.data.answers[*].answerContent.type": [102],
    "$.data.conversationId": ["conv-s-1"],
    "$.data.nothing": [],
  });
  assert.deepEqual(rows.messages.observed, {
    "$.content.cards[0].title": ["ccemu"],
    "$.content.cards[*].url": ["https://example.com/ccemu"],
    "$.type": [102],
  });
  assert.deepEqual(rows.typesNot.observed, ["102/10201"]);
});

Deno.test("each path expectation that does not hold says what it expected and what was there", async () => {
  await using ccemu = await startEmulator();
  const report = await ccemu.runScenario({
    name: "wrong on purpose",
    robot: SAMPLE,
    steps: [{
      send: { text: "card" },
      expect: {
        reply: {
          "$.code": { equals: "ok", oneOf: ["fine", 200] },
          "$.data.ticket": { exists: true },
          "$.data.conversationId": { exists: false, contains: "x", matches: "^c-\\d+$" },
          "$.status": { notMatches: "^2", notContains: "0" },
        },
        messages: { "$.content.cards[0].title": { equals: "ccemu!" } },
        typesNot: [102],
        textNotContains: "offline",
        textOneOf: ["hello", "bonjour"],
      },
    }],
  });
  assert.deepEqual(report.steps[0].failures, [
    "expected no message of type 102; got 1 (102/10201)",
    'expected the text not to contain "offline"; got "ccemu\nAn offline emulator for the contact-center APIs."',
    'expected the text to contain one of "hello", "bonjour"; got "ccemu\nAn offline emulator for the contact-center APIs."',
    'expected the reply at $.code to equal "ok"; got "success"',
    'expected the reply at $.code to be one of "fine", 200; got "success"',
    "expected the reply at $.data.ticket to exist; it does not",
    'expected nothing at the reply at $.data.conversationId; found "conv-s-1"',
    'expected the reply at $.data.conversationId to contain "x"; got "conv-s-1"',
    'expected the reply at $.data.conversationId to match /^c-\\d+$/; got "conv-s-1"',
    'expected the reply at $.status not to contain "0"; got 200',
    "expected the reply at $.status not to match /^2/; got 200",
    `expected a message's $.content.cards[0].title to equal "ccemu!"; got "ccemu"`,
  ]);
  const failed = report.steps[0].checks.filter((c) => !c.passed).map((c) => c.key);
  assert.deepEqual(failed, ["typesNot", "textNotContains", "textOneOf", "reply", "messages"]);
});

Deno.test("a stream's raw reply is its events, each event's data read as JSON", async () => {
  await using ccemu = await startEmulator();
  await using agent = startTestAgent(() =>
    sse([
      'event: message\ndata: {"event":"message","conversation_id":"c-9","answer":"Hello "}\n\n',
      'event: message\ndata: {"event":"message","conversation_id":"c-9","answer":"there"}\n\n',
      'event: ping\ndata: {"event":"ping"}\n\n',
      'event: message_end\ndata: {"event":"message_end","conversation_id":"c-9"}\n\n',
    ])
  );
  const report = await ccemu.runScenario({
    name: "stream",
    robot: { url: `${agent.url}/message`, platform: "PlatformA" },
    responseMode: "streaming",
    steps: [{
      send: { text: "hi" },
      expect: {
        textContains: "Hello there",
        reply: {
          "$[0].data.answer": { equals: "Hello " },
          "$[*].event": { contains: "message_end" },
          "$[2].data": { equals: { event: "ping" } },
          "$[*].data.conversation_id": { notMatches: "^(?!c-9$)" },
        },
      },
      capture: { conversation: { path: "$[3].data.conversation_id" } },
    }],
  });
  assert.ok(report.passed, JSON.stringify(report.steps[0].failures));
  assert.deepEqual(report.steps[0].captured, { conversation: "c-9" });
});

Deno.test("a reply that is not JSON, and one too long to keep, are said so", async () => {
  await using ccemu = await startEmulator();
  let n = 0;
  await using agent = startTestAgent(() => {
    n++;
    if (n === 1) return new Response("not json at all", { status: 200 });
    return Response.json(
      envelope([message(100, { content: "x".repeat(70_000) })]),
    );
  });
  const report = await ccemu.runScenario({
    name: "odd replies",
    robot: { url: `${agent.url}/message`, platform: "Default" },
    steps: [
      {
        send: { text: "one" },
        expect: {
          error: true,
          noErrorFindings: false,
          reply: { "$": { equals: "not json at all" } },
        },
      },
      { send: { text: "two" }, expect: { reply: { "$.code": { equals: "success" } } } },
    ],
  });
  assert.equal(report.steps[0].passed, true, JSON.stringify(report.steps[0].failures));
  assert.match(
    report.steps[1].failures[0],
    /^cannot check the reply at \$\.code: the reply \(\d+ bytes\) is longer than the 64 KiB the journal keeps$/,
  );
});

Deno.test("a path that is not a JSONPath, or an expectation with nothing in it, is refused when loaded", async () => {
  await using ccemu = await startEmulator();
  for (
    const [reply, message] of [
      [
        { "$.data..x": { exists: true } },
        /^steps\[0\]\.expect\.reply\.\$\.data\.\.x: "\$\.data\.\.x" is not a JSONPath: a name expected after "\." at character 7/,
      ],
      [{ "data.x": { exists: true } }, /"data\.x" is not a JSONPath: a path starts with "\$"/],
      [
        { "$.x": {} },
        /^steps\[0\]\.expect\.reply\.\$\.x: give at least one of exists, equals, oneOf, contains, notContains, matches, notMatches/,
      ],
      [
        { "$.x": { matches: "(" } },
        /^steps\[0\]\.expect\.reply\.\$\.x\.matches: not a valid regular expression/,
      ],
    ] as const
  ) {
    await assert.rejects(
      () =>
        ccemu.runScenario({
          name: "bad",
          robot: SAMPLE,
          steps: [{ send: { text: "x" }, expect: { reply } }],
        }),
      (error: Error) => (assert.match(error.message, message), true),
    );
  }
});
