/**
 * `{"include": …}`: another scenario's steps spliced in, found by its name (a file beside, the
 * scenarios replayed together, the shipped ones) or by its file relative to the including one; a
 * cycle or an unknown scenario is refused before anything is sent, naming it.
 */
import assert from "node:assert/strict";
import { startEmulator } from "../../harness/mod.ts";
import { replay, SAMPLE, scenarioFolder, withoutTimes } from "./language-helpers.ts";

const greeting = {
  name: "greeting",
  // Only the steps come: this robot and visitor are not the including scenario's.
  robot: { robotId: "nowhere" },
  visitor: { name: "someone else" },
  steps: [
    { send: { text: "text" }, expect: { types: [100] } },
    { name: "menu", send: { text: "options" }, capture: { first: { regex: "退款多久到账？" } } },
  ],
};

Deno.test("include by name (a file beside) and by path: the steps spliced in, named after their scenario", async () => {
  await using folder = await scenarioFolder({
    "greeting.json": greeting,
    "common/transfer.json": {
      name: "transfer",
      robot: SAMPLE,
      steps: [{ name: "hand over", send: { text: "转人工" }, expect: { transfer: true } }],
    },
    "refunds.json": {
      name: "refunds",
      robot: SAMPLE,
      steps: [
        { include: "greeting" },
        { name: "click", send: { option: "{{first}}" }, expect: { textContains: "工作日" } },
        { include: "common/transfer.json" },
      ],
    },
  });
  await using ccemu = await startEmulator();
  const report = await ccemu.runScenario(folder.path("refunds.json"));
  assert.ok(report.passed, JSON.stringify(report.steps.map((s) => s.failures)));
  assert.deepEqual(report.steps.map((s) => [s.name, s.sent]), [
    ["greeting: step 1", { text: "text" }],
    ["menu", { text: "options" }],
    ["click", { option: "退款多久到账？" }],
    ["hand over", { text: "转人工" }],
  ]);
  assert.equal(report.robotId, "sample-default", "the including scenario's robot");
});

Deno.test("the replay finds an included scenario among those it replays, and a shipped one by name", async () => {
  await using folder = await scenarioFolder({
    "a/greeting.json": { ...greeting, robot: SAMPLE },
    "b/uses-both.json": {
      name: "uses both",
      robot: SAMPLE,
      steps: [{ include: "greeting" }, { include: "sample agent, default way, blocking" }],
    },
  });
  const run = await replay(folder.path("a"), folder.path("b"));
  assert.equal(run.code, 0, run.out + run.err);
  assert.equal(
    withoutTimes(run.out),
    "PASS greeting (3 steps, ms)\nPASS uses both (19 steps, ms)\n2 passed, 0 failed\n",
  );
});

Deno.test("a cycle, an unknown scenario, an unreadable or invalid file: refused before anything is sent, naming it", async (t) => {
  await using folder = await scenarioFolder({
    "a.json": { name: "a", robot: SAMPLE, steps: [{ include: "b" }] },
    "b.json": { name: "b", robot: SAMPLE, steps: [{ send: { text: "x" } }, { include: "a" }] },
    "self.json": { name: "self", robot: SAMPLE, steps: [{ include: "self.json" }] },
    "unknown.json": { name: "unknown", robot: SAMPLE, steps: [{ include: "greetings" }] },
    "missing.json": { name: "missing", robot: SAMPLE, steps: [{ include: "gone.json" }] },
    "bad/invalid.json": { name: "invalid", robot: SAMPLE, steps: [{ include: "broken.json" }] },
    "bad/broken.json": { name: "broken", robot: SAMPLE, steps: [] },
    "mixed.json": {
      name: "mixed",
      robot: SAMPLE,
      steps: [{ include: "a", send: { text: "x" } }],
    },
  });
  await using ccemu = await startEmulator();
  const cases: [string, string][] = [
    ["a.json", '$.steps[0] (b).steps[1].include: include cycle: "a" → "b" → "a"'],
    ["self.json", '$.steps[0].include: include cycle: "self" → "self"'],
    [
      "unknown.json",
      `$.steps[0]: no scenario "greetings" to include: name a scenario of a file in ${folder.dir} or that ccemu has ("sample agent, default way, blocking", "sample agent, default way, streaming", "sample agent, platform-A way, blocking", "sample agent, platform-A way, streaming"), or give a file path ending in .json`,
    ],
    ["missing.json", `$.steps[0]: cannot include gone.json (${folder.path("gone.json")}): `],
    [
      "bad/invalid.json",
      `$.steps[0]: the included scenario ${
        folder.path("bad/broken.json")
      } is invalid: $.steps: a scenario needs at least one step`,
    ],
    [
      "mixed.json",
      '$.steps[0].send: an {"include"} step splices another scenario\'s steps and has no send of its own',
    ],
  ];
  for (const [file, message] of cases) {
    await t.step(file, async () => {
      await assert.rejects(() => ccemu.runScenario(folder.path(file)), (error: Error) => {
        assert.ok(
          error.message.startsWith(`invalid scenario ${folder.path(file)}: ${message}`),
          error.message,
        );
        return true;
      });
    });
  }
  await t.step("the replay exits 2 naming the cycle", async () => {
    const run = await replay(folder.path("a.json"));
    assert.equal(run.code, 2);
    assert.match(
      run.err,
      /\$\.steps\[0\] \(b\)\.steps\[1\]\.include: include cycle: "a" → "b" → "a"/,
    );
  });
  await t.step(
    "a scenario sent whole names a scenario ccemu has; a cycle through them too",
    async () => {
      const res = await fetch(`${ccemu.url}/_emulator/scenarios/replay`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          scenario: { name: "sent", robot: SAMPLE, steps: [{ include: "greeting" }] },
        }),
      });
      assert.equal(res.status, 400);
      const { error } = await res.json();
      assert.equal(error.code, "InvalidParameter");
      assert.match(
        error.message,
        /^scenario\.steps\[0\]: no scenario "greeting" to include: name a scenario that ccemu has \("sample agent, default way, blocking"/,
      );
    },
  );
  assert.equal(ccemu.journal.list().filter((e) => e.kind === "push").length, 0, "nothing pushed");
});

Deno.test("a shipped scenario included in one sent over HTTP runs its steps", async () => {
  await using ccemu = await startEmulator();
  const res = await fetch(`${ccemu.url}/_emulator/scenarios/replay`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      scenario: {
        name: "sent",
        robot: SAMPLE,
        steps: [
          { include: "sample agent, default way, blocking" },
          { send: { text: "text" }, expect: { textContains: "plain" } },
        ],
      },
    }),
  });
  assert.equal(res.status, 200);
  const report = await res.json();
  assert.equal(report.passed, true);
  assert.equal(report.steps.length, 17);
  assert.equal(report.steps[0].name, "plain text");
});

Deno.test("the published JSON Schema describes the new parts of a scenario", async () => {
  await using ccemu = await startEmulator();
  const { scenario } = await (await fetch(`${ccemu.url}/_emulator/schemas`)).json();
  assert.ok("utterances" in scenario.properties);
  const step = scenario.properties.steps.items.properties;
  assert.deepEqual(Object.keys(step), ["name", "include", "send", "expect", "capture"]);
  for (const key of ["typesNot", "textNotContains", "textOneOf", "reply", "messages"]) {
    assert.ok(key in step.expect.properties, key);
  }
  const sources = step.capture.additionalProperties.anyOf.map((s: { required: string[] }) =>
    s.required
  );
  assert.deepEqual(sources, [["regex"], ["path"]]);
});
