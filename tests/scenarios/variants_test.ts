/**
 * Several phrasings of a step: each runs as its own case with its own verdict, the other steps at
 * their first phrasing; the reports (JSON, the replay's lines, JUnit) say "N of M phrasings
 * passed"; lists of phrasings from the scenario or from `NAME.utterances.json` beside it; an
 * unknown list is refused before anything is sent.
 */
import assert from "node:assert/strict";
import { startEmulator } from "../../harness/mod.ts";
import { envelope, message, type ReceivedPush, startTestAgent } from "../gateway/test-agent.ts";
import { replay, SAMPLE, scenarioFolder, withoutTimes } from "./language-helpers.ts";

const textOf = (push: ReceivedPush) =>
  (push.body.data as { message: { content: string } }[])[0].message.content;

Deno.test("a step's phrasings against the sample agent: a case each, 2 of 3 passed", async () => {
  await using ccemu = await startEmulator();
  const report = await ccemu.runScenario({
    name: "refunds",
    robot: SAMPLE,
    steps: [
      { name: "hello", send: { text: "text" }, expect: { types: [100] } },
      {
        name: "ask",
        send: { text: ["退款多久到账", "退款什么时候到账", "refund: how long?"] },
        expect: { textContains: "工作日" },
      },
    ],
  });
  assert.equal(report.passed, false, "one phrasing failed, so the scenario did");
  assert.deepEqual(report.phrasings, [
    { step: "ask", passed: 2, total: 3, failed: ["refund: how long?"] },
  ]);
  assert.equal(report.steps[1].passed, true, "the first case sends the first phrasing");
  assert.deepEqual(report.steps[1].sent, { text: "退款多久到账" });
  assert.deepEqual(report.cases?.map((c) => [c.variant, c.passed, c.steps[1].sent]), [
    [
      { step: "ask", stepIndex: 1, phrasing: 2, of: 3, text: "退款什么时候到账" },
      true,
      { text: "退款什么时候到账" },
    ],
    [
      { step: "ask", stepIndex: 1, phrasing: 3, of: 3, text: "refund: how long?" },
      false,
      { text: "refund: how long?" },
    ],
  ]);
  assert.match(
    report.cases![1].steps[1].failures[0],
    /^expected the text to contain "工作日"; got "I have no answer for "refund: how long\?"/,
  );
  assert.notEqual(report.cases![0].sessionId, report.sessionId, "each case its own session");
});

Deno.test("an agent whose wording varies with the phrasing: textOneOf takes the wordings, two varied steps run 1 + 1 + 2 cases", async () => {
  await using ccemu = await startEmulator();
  await using agent = startTestAgent((push) => {
    const text = textOf(push);
    const answer = text.includes("退款")
      ? "退款将在 3–7 个工作日内到账。"
      : text.startsWith("refund")
      ? "Refunds arrive within 3-7 working days."
      : text.includes("?")
      ? "Sorry, what?"
      : `ok: ${text}`;
    return Response.json(envelope([message(100, { content: answer })]));
  });
  const report = await ccemu.runScenario({
    name: "worded freely",
    robot: { url: `${agent.url}/message`, platform: "Default" },
    steps: [
      {
        name: "ask",
        send: { text: ["退款多久到账", "refund: how long?", "how long for my money back?"] },
        expect: { textOneOf: ["工作日", "working days"] },
      },
      { name: "thanks", send: { text: ["thanks", "谢谢"] }, expect: { textContains: "ok" } },
    ],
  });
  assert.deepEqual(
    agent.received.map(textOf),
    [
      ...["退款多久到账", "thanks"],
      ...["refund: how long?", "thanks"],
      ...["how long for my money back?", "thanks"],
      ...["退款多久到账", "谢谢"],
    ],
    "one step varied per case, the other at its first phrasing",
  );
  assert.deepEqual(report.phrasings, [
    { step: "ask", passed: 2, total: 3, failed: ["how long for my money back?"] },
    { step: "thanks", passed: 2, total: 2, failed: [] },
  ]);
  assert.deepEqual(report.cases![1].steps[0].failures, [
    'expected the text to contain one of "工作日", "working days"; got "Sorry, what?"',
  ]);
  assert.equal(report.passed, false);
});

Deno.test("lists of phrasings: in the scenario, in NAME.utterances.json beside it; the replay and JUnit say N of M passed", async () => {
  await using folder = await scenarioFolder({
    "refund.utterances.json": ["退款多久到账", "refund: how long?"],
    "refunds.json": {
      name: "refunds",
      robot: SAMPLE,
      utterances: { human: ["转人工", "人工客服", "human"] },
      steps: [
        { name: "ask", send: { utterances: "refund" }, expect: { textContains: "工作日" } },
        { name: "hand over", send: { utterances: "human" }, expect: { transfer: true } },
      ],
    },
  });
  const junit = folder.path("report.xml");
  const run = await replay(folder.dir, "--junit", junit);
  assert.equal(run.code, 1, run.err);
  assert.equal(
    withoutTimes(run.out),
    [
      "FAIL refunds (3 steps, 4 cases, ms)",
      "     ask: 1 of 2 phrasings passed",
      "     hand over: 3 of 3 phrasings passed",
      '     ask (phrasing 2 of 2 "refund: how long?"): expected the text to contain "工作日"; got "I have no answer for "refund: how long?". Try a question from the knowledge base, or one of: text, rich, card, options, categories, topics, file, image, markdow"',
      "0 passed, 1 failed",
      "",
    ].join("\n"),
  );
  const xml = await Deno.readTextFile(junit);
  assert.match(xml, /<testsuites name="ccemu scenarios" tests="12" failures="1">/);
  assert.match(
    xml,
    /<system-out>ask: 1 of 2 phrasings passed\nhand over: 3 of 3 phrasings passed<\/system-out>/,
  );
  for (
    const suite of [
      'refunds [ask, phrasing 2 of 2 &quot;refund: how long?&quot;]" tests="3" failures="1"',
      'refunds [hand over, phrasing 2 of 3 &quot;人工客服&quot;]" tests="3" failures="0"',
      'refunds [hand over, phrasing 3 of 3 &quot;human&quot;]" tests="3" failures="0"',
    ]
  ) assert.ok(xml.includes(`<testsuite name="${suite}`), suite);
});

Deno.test("an unknown list of phrasings is refused before anything is sent, naming the step", async (t) => {
  await using ccemu = await startEmulator();
  await using agent = startTestAgent();
  const scenario = {
    name: "no list",
    robot: { url: `${agent.url}/message`, platform: "Default" },
    utterances: { refund: ["a"] },
    steps: [{ send: { text: "hi" } }, { send: { utterances: "refnud" } }],
  };
  await t.step("the harness", async () => {
    await assert.rejects(() => ccemu.runScenario(scenario), {
      code: "InvalidParameter",
      message:
        'scenario.steps[1].send.utterances: no utterance list "refnud": the scenario\'s "utterances" has "refund"',
    });
  });
  await t.step("the control API's check", async () => {
    const res = await fetch(`${ccemu.url}/_emulator/scenarios/check`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(scenario),
    });
    assert.equal(res.status, 400);
    const body = await res.json();
    assert.equal(body.error.code, "InvalidParameter");
    assert.match(body.error.message, /steps\[1\]\.send\.utterances: no utterance list "refnud"/);
  });
  await t.step("a file: exit 2 naming the file, the list and where it was looked for", async () => {
    await using folder = await scenarioFolder({ "no-list.json": scenario });
    const run = await replay(folder.dir);
    assert.equal(run.code, 2);
    assert.equal(
      run.err.trim().split("\n")[0],
      `ccemu replay: invalid scenario ${
        folder.path("no-list.json")
      }: $.steps[1].send.utterances: no utterance list "refnud": the scenario's "utterances" has "refund", and there is no ${
        folder.path("refnud.utterances.json")
      }`,
    );
  });
  await t.step("a list file that is not a list of phrasings", async () => {
    await using folder = await scenarioFolder({
      "s.json": { ...scenario, utterances: undefined },
      "refnud.utterances.json": { a: 1 },
    });
    const run = await replay(folder.dir);
    assert.equal(run.code, 2);
    assert.match(
      run.err,
      /\$\.steps\[1\]\.send\.utterances: .*refnud\.utterances\.json is not a list of phrasings: give a JSON array of non-empty strings/,
    );
  });
  assert.equal(agent.received.length, 0, "nothing was sent");
});

Deno.test("the run history counts the failed steps of every case", async () => {
  await using ccemu = await startEmulator();
  const res = await fetch(`${ccemu.url}/_emulator/scenarios/replay`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      scenario: {
        name: "refunds",
        robot: SAMPLE,
        steps: [{
          name: "ask",
          send: { text: ["退款多久到账", "refund: how long?", "refund?"] },
          expect: { textContains: "工作日" },
        }],
      },
    }),
  });
  const report = await res.json();
  assert.equal(report.passed, false);
  assert.deepEqual(report.phrasings, [
    { step: "ask", passed: 1, total: 3, failed: ["refund: how long?", "refund?"] },
  ]);
  const { runs } = await (await fetch(`${ccemu.url}/_emulator/scenarios/runs`)).json();
  assert.deepEqual(
    runs.map((
      r: { passed: boolean; steps: number; failed: number },
    ) => [r.passed, r.steps, r.failed]),
    [[false, 1, 2]],
  );
});
