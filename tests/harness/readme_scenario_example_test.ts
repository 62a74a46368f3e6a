// The scenario example shown in the README, kept here so it provably passes as written.
import assert from "node:assert/strict";
import { startEmulator } from "../../harness/mod.ts";

Deno.test("my agent answers refunds and hands over to a human", async () => {
  await using ccemu = await startEmulator();
  const report = await ccemu.runScenario({
    name: "refunds",
    // Your agent instead: { url: "http://127.0.0.1:3000/message", platform: "Default", token: "…" }
    robot: { robotId: "sample-default" },
    responseMode: "streaming",
    steps: [
      { send: { text: "退款多久到账" }, expect: { textContains: "工作日", withinMs: 5000 } },
      { send: { text: "options" }, expect: { types: ["103/10301"] } },
      { send: { option: "human" }, expect: { transfer: true } },
    ],
  });
  assert.ok(report.passed, JSON.stringify(report.steps.map((step) => step.failures)));
});
