/** The run history: every replay kept (newest 50), listed with its verdict, read back whole. */
import assert from "node:assert/strict";
import { startEmulator } from "../../harness/mod.ts";
import { control } from "../gateway/test-agent.ts";

Deno.test("scenario runs: listed with pass/fail, read back, cleared by a reset", async () => {
  await using ccemu = await startEmulator();
  const passing = await control(ccemu, "POST", "/_emulator/scenarios/replay", {
    scenario: {
      name: "card",
      robot: { robotId: "sample-default" },
      steps: [{ send: { text: "card" }, expect: { types: ["102/10201"] } }],
    },
  });
  assert.equal(passing.json.run, 1);
  const failing = await control(ccemu, "POST", "/_emulator/scenarios/replay", {
    scenario: {
      name: "wrong",
      robot: { robotId: "sample-default" },
      steps: [{ send: { text: "card" }, expect: { types: [100] } }],
    },
  });
  assert.equal(failing.json.run, 2);

  const runs = await control(ccemu, "GET", "/_emulator/scenarios/runs");
  assert.deepEqual(
    runs.json.runs.map((r: Record<string, unknown>) => [r.run, r.name, r.passed, r.failed]),
    [[1, "card", true, 0], [2, "wrong", false, 1]],
  );
  const one = await control(ccemu, "GET", "/_emulator/scenarios/runs/2");
  assert.equal(one.json.report.steps[0].checks[0].passed, false);
  const missing = await control(ccemu, "GET", "/_emulator/scenarios/runs/9");
  assert.equal(missing.status, 404);
  assert.match(missing.json.error.message, /No scenario run 9.*1, 2/);
  const word = await control(ccemu, "GET", "/_emulator/scenarios/runs/abc");
  assert.equal(word.status, 400);
  assert.equal(word.json.error.code, "InvalidParameter");
  assert.match(word.json.error.message, /run: "abc" is not a run number/);

  ccemu.reset();
  const after = await control(ccemu, "GET", "/_emulator/scenarios/runs");
  assert.deepEqual(after.json.runs, []);
});
