/**
 * Captured values: a step takes a value from its reply (a regular expression on the text, a
 * JSONPath on the raw reply, or both) and later steps use it as `{{name}}` in what they send and
 * expect. A capture that finds nothing fails its step, naming it, and a step that needs it is not
 * sent; an unknown `{{name}}`, a bad expression or a bad name is refused before anything is sent.
 */
import assert from "node:assert/strict";
import { startEmulator } from "../../harness/mod.ts";
import { envelope, message, type ReceivedPush, startTestAgent } from "../gateway/test-agent.ts";
import { replay, SAMPLE, scenarioFolder } from "./language-helpers.ts";

const textOf = (push: ReceivedPush) =>
  (push.body.data as { message: { content: string } }[])[0].message.content;

/** An agent that opens an order and answers about it by its number. */
function orderAgent(orderId = "12345") {
  return startTestAgent((push) => {
    const text = textOf(push);
    const answer = text === "下单"
      ? `好的，您的订单${orderId}已创建。`
      : text.startsWith("查询订单")
      ? `订单${text.slice(4)}已发货，单价 1.5 元。`
      : "?";
    return Response.json(envelope([message(100, { content: answer })], `conv-${orderId}`));
  });
}

Deno.test("an order number captured by regex is sent and expected by later steps", async () => {
  await using ccemu = await startEmulator();
  await using agent = orderAgent();
  const report = await ccemu.runScenario({
    name: "order",
    robot: { url: `${agent.url}/message`, platform: "Default" },
    steps: [
      {
        name: "place",
        send: { text: "下单" },
        capture: {
          orderId: { regex: "订单(\\d+)" },
          sentence: { regex: "订单\\d+已创建" },
          conversation: { path: "$.data.conversationId" },
          suffix: { path: "$.data.conversationId", regex: "conv-(\\d{3})" },
        },
      },
      {
        name: "ask",
        send: { text: "查询订单{{orderId}}" },
        expect: {
          textContains: "订单{{ orderId }}已发货",
          textMatches: "^订单{{orderId}}",
          reply: { "$.data.conversationId": { equals: "{{conversation}}" } },
        },
      },
    ],
  });
  assert.ok(report.passed, JSON.stringify(report.steps.map((s) => s.failures)));
  assert.deepEqual(report.steps[0].captured, {
    orderId: "12345",
    sentence: "订单12345已创建",
    conversation: "conv-12345",
    suffix: "123",
  });
  assert.equal(textOf(agent.received[1]), "查询订单12345");
  assert.deepEqual(report.steps[1].sent, { text: "查询订单12345" });
  assert.deepEqual(report.steps[1].expected, {
    textContains: "订单12345已发货",
    textMatches: "^订单12345",
    reply: { "$.data.conversationId": { equals: "conv-12345" } },
  }, "the report shows what was checked, the values put in");
  assert.equal(report.steps[1].captured, undefined, "only a step that captures says so");
});

Deno.test("a captured value put into a regular expression is taken literally", async () => {
  await using ccemu = await startEmulator();
  await using agent = orderAgent();
  const report = await ccemu.runScenario({
    name: "price",
    robot: { url: `${agent.url}/message`, platform: "Default" },
    steps: [
      { send: { text: "查询订单7" }, capture: { price: { regex: "单价 (\\S+) 元" } } },
      { send: { text: "查询订单8" }, expect: { textMatches: "单价 {{price}} 元" } },
      { send: { text: "查询订单9" }, expect: { textMatches: "单价 1x5 元|{{price}}0" } },
    ],
  });
  assert.equal(report.steps[0].captured?.price, "1.5");
  assert.equal(report.steps[1].passed, true);
  assert.deepEqual(report.steps[2].failures, [
    'expected the text to match /单价 1x5 元|1\\.50/; got "订单9已发货，单价 1.5 元。"',
  ]);
});

Deno.test("the sample agent's queue number, captured and sent back", async () => {
  await using ccemu = await startEmulator();
  const report = await ccemu.runScenario({
    name: "queue",
    robot: SAMPLE,
    steps: [
      { send: { text: "queue 12" }, capture: { qno: { regex: "queue (\\d+)" } } },
      { send: { text: "queue {{qno}}" }, expect: { transfer: { qno: "{{qno}}" } } },
    ],
  });
  assert.ok(report.passed, JSON.stringify(report.steps.map((s) => s.failures)));
  assert.deepEqual(report.steps[1].expected, { transfer: { qno: "12" } });
});

Deno.test("an agent that never gives the value: the capture fails its step, naming it; a step that needs it is not sent", async () => {
  await using ccemu = await startEmulator();
  await using agent = startTestAgent(() =>
    Response.json(envelope([message(100, { content: "稍后为您下单。" })]))
  );
  const report = await ccemu.runScenario({
    name: "no order",
    robot: { url: `${agent.url}/message`, platform: "Default" },
    steps: [
      {
        name: "place",
        send: { text: "下单" },
        capture: {
          orderId: { regex: "订单(\\d+)" },
          ticket: { path: "$.data.ticket" },
          code: { path: "$.code", regex: "^(\\d+)$" },
        },
      },
      { name: "ask", send: { text: "查询订单{{orderId}}" }, expect: { textContains: "已发货" } },
      { name: "other", send: { text: "hello" } },
    ],
  });
  assert.equal(report.passed, false);
  assert.deepEqual(report.steps[0].failures, [
    'capture "orderId" found nothing: /订单(\\d+)/ does not match the text "稍后为您下单。"',
    'capture "ticket" found nothing: the reply has nothing at $.data.ticket',
    'capture "code" found nothing: /^(\\d+)$/ does not match the reply at $.code (success)',
  ]);
  assert.deepEqual(report.steps[0].captured, {});
  assert.deepEqual(report.steps[1].failures, [
    "not sent: it uses {{orderId}}, which an earlier step did not capture",
  ]);
  assert.equal(report.steps[1].journalId, null);
  assert.equal(report.steps[2].passed, true, "the steps that do not need it still run");
  assert.deepEqual(agent.received.map(textOf), ["下单", "hello"]);
});

Deno.test("refused when loaded, before anything is sent: an unknown {{name}}, a bad expression, a bad name", async (t) => {
  await using ccemu = await startEmulator();
  await using agent = orderAgent();
  const robot = { url: `${agent.url}/message`, platform: "Default" };
  const refusals: [string, unknown[], RegExp | string][] = [
    [
      "a name no step captures",
      [{ name: "ask", send: { text: "查询订单{{orderId}}" } }],
      'scenario.steps[0]: step "ask" uses {{orderId}}, which no earlier step captures (captured before it: none)',
    ],
    [
      "a name captured only later",
      [
        { send: { text: "hi" }, capture: { a: { regex: "." } } },
        { send: { text: "x" }, expect: { textContains: "{{orderId}} {{b}}" } },
        { send: { text: "下单" }, capture: { orderId: { regex: "(\\d+)" } } },
      ],
      'scenario.steps[1]: step 2 uses {{orderId}}, {{b}}, which no earlier step captures (captured before it: "a")',
    ],
    [
      "a step's own capture",
      [{ send: { text: "{{orderId}}" }, capture: { orderId: { regex: "(\\d+)" } } }],
      "scenario.steps[0]: step 1 uses {{orderId}}, which no earlier step captures (captured before it: none)",
    ],
    [
      "a bad regular expression",
      [{ send: { text: "下单" }, capture: { orderId: { regex: "订单(\\d+" } } }],
      /^steps\[0\]\.capture\.orderId\.regex: not a valid regular expression: Invalid regular expression: \/订单\(\\d\+\/: Unterminated group/,
    ],
    [
      "a bad name",
      [{ send: { text: "下单" }, capture: { "order-id": { regex: "(\\d+)" } } }],
      /^steps\[0\]\.capture\.order-id: "order-id" is not a capture name: use letters, digits and _/,
    ],
    [
      "neither regex nor path",
      [{ send: { text: "下单" }, capture: { orderId: { from: "text" } } }],
      /^steps\[0\]\.capture\.orderId: capture \{"regex": "…"\} from the text, or \{"path": "\$\.…"\} from the raw reply/,
    ],
  ];
  for (const [what, steps, message] of refusals) {
    await t.step(what, async () => {
      await assert.rejects(
        () => ccemu.runScenario({ name: what, robot, steps }),
        (error: Error & { code?: string }) => {
          assert.equal(error.code, "InvalidParameter");
          if (typeof message === "string") assert.equal(error.message, message);
          else assert.match(error.message, message);
          return true;
        },
      );
    });
  }
  assert.equal(agent.received.length, 0, "nothing was sent");
  await t.step("a file: exit 2 naming the file and the step", async () => {
    await using folder = await scenarioFolder({
      "ask.json": { name: "ask", robot, steps: refusals[0][1] },
    });
    const run = await replay(folder.dir);
    assert.equal(run.code, 2);
    assert.equal(
      run.err.trim().split("\n")[0],
      `ccemu replay: invalid scenario ${
        folder.path("ask.json")
      }: $.steps[0]: step "ask" uses {{orderId}}, which no earlier step captures (captured before it: none)`,
    );
  });
});
