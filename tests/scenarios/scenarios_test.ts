import assert from "node:assert/strict";
import { startEmulator } from "../../harness/mod.ts";
import { envelope, message, openSession, say, startTestAgent } from "../gateway/test-agent.ts";

const SHIPPED = [
  "sample-default-blocking",
  "sample-default-streaming",
  "sample-platform-a-blocking",
  "sample-platform-a-streaming",
];

Deno.test("every shipped scenario passes against the sample agents", async () => {
  await using ccemu = await startEmulator();
  for (const name of SHIPPED) {
    const report = await ccemu.runScenario(`fixtures/scenarios/${name}.json`);
    const failed = [report.open, ...report.steps].filter((s) => s && !s.passed).map((s) =>
      `${s!.name}: ${s!.failures.join("; ")}`
    );
    assert.ok(report.passed, `${name}: ${failed.join(" | ")}`);
    assert.ok(report.steps.every((s) => typeof s.journalId === "number"));
  }
});

Deno.test("scenarios that must fail do, and say why", async () => {
  await using ccemu = await startEmulator();
  const report = await ccemu.runScenario({
    name: "wrong on purpose",
    robot: { robotId: "sample-default" },
    steps: [
      { name: "wrong type", send: { text: "text" }, expect: { types: ["102/10201"] } },
      {
        name: "wrong text",
        send: { text: "text" },
        expect: { textContains: "goodbye", textMatches: "^Hello$" },
      },
      { name: "missing transfer", send: { text: "text" }, expect: { transfer: true } },
      { name: "wrong queue", send: { text: "queue 12" }, expect: { transfer: { qno: "7" } } },
      { name: "unexpected transfer", send: { text: "human" }, expect: { transfer: false } },
      { name: "option not offered", send: { option: "nothing like this" } },
      { name: "missing options", send: { text: "options" }, expect: { options: ["Refunds?"] } },
    ],
  });
  assert.equal(report.passed, false);
  const failures = Object.fromEntries(report.steps.map((s) => [s.name, s.failures]));
  assert.deepEqual(failures["wrong type"], ["expected a message of type 102/10201; got 100"]);
  assert.match(
    failures["wrong text"][0],
    /^expected the text to contain "goodbye"; got "This is a plain text message\."/,
  );
  assert.match(failures["wrong text"][1], /^expected the text to match \/\^Hello\$\//);
  assert.deepEqual(failures["missing transfer"], [
    "expected a plain transfer to a human; got none",
  ]);
  assert.deepEqual(failures["wrong queue"], ["expected a transfer to queue 7; got queue 12"]);
  assert.match(failures["unexpected transfer"][0], /^expected no transfer; got \{\}/);
  assert.deepEqual(failures["option not offered"], [
    'the option "nothing like this" was not offered (offered: none)',
  ], "the reply before it (a transfer) offered none");
  assert.match(
    failures["missing options"][0],
    /^expected the options "Refunds\?"; offered "退款多久到账？", "How do I track my order\?", "human"/,
  );
});

Deno.test("agent errors, error findings, slow replies and a dropped conversation fail their expectations", async () => {
  await using ccemu = await startEmulator();
  let n = 0;
  await using agent = startTestAgent(() => {
    n++;
    if (n === 2) return Response.json({ status: 500 }, { status: 500 });
    if (n === 3) return Response.json(envelope([message(999, { content: "?" })], "c-1"));
    return Response.json(
      envelope([message(100, { content: `reply ${n}` })], n === 4 ? "c-other" : "c-1"),
    );
  });
  const report = await ccemu.runScenario({
    name: "a failing agent",
    robot: { url: `${agent.url}/message`, platform: "Default" },
    steps: [
      { send: { text: "one" } },
      { name: "an error", send: { text: "two" } },
      { name: "a broken type", send: { text: "three" } },
      { name: "conversation dropped", send: { text: "four" } },
      { name: "error expected", send: { text: "five" }, expect: { error: true } },
    ],
  });
  const failures = Object.fromEntries(report.steps.map((s) => [s.name, s.failures]));
  assert.equal(report.steps[0].passed, true);
  assert.match(
    failures["an error"][0],
    /^expected no agent error; got AgentHttpError: The agent answered HTTP 500/,
  );
  assert.match(
    failures["a broken type"][0],
    /^finding at \$\.data\.answers\[0\]\.answerContent\.type: unknown message type 999/,
  );
  assert.deepEqual(failures["conversation dropped"], [
    "expected the conversation c-1 to go on; the agent answered in c-other",
  ]);
  assert.deepEqual(failures["error expected"], [
    "expected an agent error; the agent answered normally",
  ]);
  assert.match(agent.received[0].path, /^\/message$/, "a scenario may name an agent by URL");
});

Deno.test("recording a session and replaying it passes", async () => {
  await using ccemu = await startEmulator();
  const { json } = await openSession(ccemu, {
    robotId: "sample-default",
    responseMode: "streaming",
  });
  for (const text of ["card", "options", "退款多久到账", "queue 12"]) {
    await say(ccemu, json.sessionId, { text });
  }
  await say(ccemu, json.sessionId, {
    image: { fileName: "x.png", contentBase64: btoa("png-ish") },
  });
  const recorded = await (await fetch(
    `${ccemu.url}/_emulator/gateway/sessions/${json.sessionId}/scenario?name=recorded`,
  )).json();
  assert.equal(recorded.name, "recorded");
  assert.deepEqual(
    recorded.steps.map((s: { send: Record<string, unknown> }) => Object.keys(s.send)[0]),
    ["text", "text", "text", "text", "image"],
  );
  assert.deepEqual(recorded.steps[0].expect.types, ["102/10201"]);
  assert.deepEqual(recorded.steps[3].expect.transfer, { qno: "12" });
  assert.deepEqual(recorded.expectOpen.types, ["103/10301"]);
  const report = await ccemu.runScenario(recorded);
  assert.ok(report.passed, JSON.stringify(report.steps.map((s) => s.failures)));
});

Deno.test("control routes: list, show, replay by name or body; an invalid scenario names its field", async () => {
  await using ccemu = await startEmulator();
  const list = await (await fetch(`${ccemu.url}/_emulator/scenarios`)).json();
  assert.deepEqual(list.scenarios.map((s: { name: string }) => s.name).sort(), [
    "sample agent, default way, blocking",
    "sample agent, default way, streaming",
    "sample agent, platform-A way, blocking",
    "sample agent, platform-A way, streaming",
  ]);
  const one = await (await fetch(
    `${ccemu.url}/_emulator/scenarios/${
      encodeURIComponent("sample agent, platform-A way, blocking")
    }`,
  )).json();
  assert.equal(one.robot.robotId, "sample-platform-a");
  const post = (body: unknown) =>
    fetch(`${ccemu.url}/_emulator/scenarios/replay`, { method: "POST", body: JSON.stringify(body) })
      .then((r) => r.json());
  assert.equal((await post({ name: "sample agent, platform-A way, blocking" })).passed, true);
  assert.equal(
    (await post({
      scenario: {
        name: "inline",
        robot: { robotId: "sample-default" },
        steps: [{ send: { text: "text" }, expect: { types: [100] } }],
      },
    })).passed,
    true,
  );
  const invalid = await post({
    scenario: {
      name: "bad",
      robot: { robotId: "sample-default" },
      steps: [{ send: { text: "x" }, expect: { types: ["1x"] } }],
    },
  });
  assert.equal(invalid.error.code, "InvalidParameter");
  assert.match(invalid.error.message, /^steps\[0\]\.expect\.types\[0\]/);
  assert.equal((await post({ name: "nope" })).error.code, "ResourceNotFound");
  const missingRobot = await post({
    scenario: { name: "x", robot: { robotId: "nope" }, steps: [{ send: { text: "x" } }] },
  });
  assert.equal(missingRobot.error.code, "ResourceNotFound");
  const schemas = await (await fetch(`${ccemu.url}/_emulator/schemas`)).json();
  assert.ok(schemas.scenario.properties.steps);
});
