import assert from "node:assert/strict";
import { join } from "node:path";
import { checkAgent, startEmulator } from "../../harness/mod.ts";
import { envelope, message, sse, startTestAgent } from "../gateway/test-agent.ts";

Deno.test("the sample agents pass the conformance check, both ways, both modes", async () => {
  await using ccemu = await startEmulator({ clock: "real" });
  const base = `${ccemu.url}/_emulator/sample-agents`;
  for (const mode of ["blocking", "streaming"] as const) {
    const standard = await checkAgent({
      url: `${base}/default/message`,
      platform: "Default",
      mode,
      token: "ccemu-sample-token",
      openPath: "/_emulator/sample-agents/default/open",
    });
    assert.ok(standard.passed, JSON.stringify(standard.checks.filter((c) => !c.passed)));
    assert.deepEqual(standard.checks.map((c) => c.name), [
      "open session",
      "text message",
      "follow-up keeps the conversation",
      "image message",
      "transfer request",
      "5 concurrent sessions",
    ]);
    const dify = await checkAgent({
      url: `${base}/platform-a/v1/chat-messages`,
      platform: "PlatformA",
      mode,
      token: "ccemu-sample-token",
      transferText: "human",
    });
    assert.ok(dify.passed, JSON.stringify(dify.checks.filter((c) => !c.passed)));
  }
});

/** A deliberately broken agent: each defect switched on by the test. */
function brokenAgent(defect: "wrong type" | "missing field" | "no end" | "dropped conversation") {
  let replies = 0;
  return startTestAgent((push) => {
    replies++;
    const conversation = defect === "dropped conversation" ? `c-${replies}` : "c-1";
    if (push.body.responseMode === "streaming") {
      const chunk = `event: message\ndata: ${
        JSON.stringify({
          event: "message",
          conversation_id: conversation,
          answer: [{ message_id: "m", content_type: "text", content: "hi" }],
        })
      }\n\n`;
      const end = `event: end\ndata: ${
        JSON.stringify({ event: "end", conversation_id: conversation, answer: [{ metadata: {} }] })
      }\n\n`;
      return sse(defect === "no end" ? [chunk] : [chunk, end]);
    }
    if (defect === "wrong type") {
      return Response.json(envelope([message(1000, { content: "hi" })], conversation));
    }
    if (defect === "missing field") {
      return Response.json(
        envelope(
          [message(102, { subtype: 10201, cards: [{ summary: "no title" }] })],
          conversation,
        ),
      );
    }
    return Response.json(envelope([message(100, { content: "hi" })], conversation));
  });
}

Deno.test("the conformance check finds each seeded defect, with its JSON path", async () => {
  const cases: [Parameters<typeof brokenAgent>[0], "blocking" | "streaming", string, RegExp][] = [
    ["wrong type", "blocking", "$.data.answers[0].answerContent.type", /unknown message type 1000/],
    [
      "missing field",
      "blocking",
      "$.data.answers[0].answerContent.content.cards[0].title",
      /expected text/,
    ],
    ["no end", "streaming", "$.events", /ended without an end event/],
    [
      "dropped conversation",
      "blocking",
      "$.data.conversationId",
      /conversation id was dropped: the push carried c-1, the reply answers in c-2/,
    ],
  ];
  for (const [defect, mode, path, text] of cases) {
    await using agent = brokenAgent(defect);
    const report = await checkAgent({ url: `${agent.url}/message`, platform: "Default", mode });
    assert.equal(report.passed, false, defect);
    const errors = report.checks.flatMap((c) => c.findings).filter((f) => f.severity === "error");
    assert.ok(
      errors.some((f) => f.path === path && text.test(f.message)),
      `${defect}: ${JSON.stringify(errors)}`,
    );
  }
});

const DENO = Deno.execPath();
const run = (command: string, args: string[]) =>
  new Deno.Command(DENO, {
    args: [
      "run",
      "-A",
      new URL("../../main.ts", import.meta.url).pathname,
      command.replace(".ts", ""),
      "--",
      ...args,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

Deno.test("deno task replay: a line per scenario, N passed, N failed, JUnit, the exit status", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const junit = join(dir, "junit.xml");
    const ok = await run("replay.ts", ["fixtures/scenarios", "--junit", junit]);
    assert.equal(ok.code, 0, text(ok.stderr));
    const lines = text(ok.stdout).trim().split("\n");
    assert.equal(lines.at(-1), "4 passed, 0 failed");
    assert.match(lines[0], /^PASS sample agent, default way, blocking \(17 steps, \d+ ms\)$/);
    assert.match(
      await Deno.readTextFile(junit),
      /<testsuites name="ccemu scenarios" tests="44" failures="0">/,
    );

    const failing = join(dir, "failing.json");
    await Deno.writeTextFile(
      failing,
      JSON.stringify({
        name: "expects a card",
        robot: { robotId: "sample-default" },
        steps: [{ send: { text: "text" }, expect: { types: [102] } }],
      }),
    );
    const bad = await run("replay.ts", [failing, "--junit", junit]);
    assert.equal(bad.code, 1);
    assert.match(
      text(bad.stdout),
      /FAIL expects a card[^\n]*\n\s+step 1: expected a message of type 102; got 100\n0 passed, 1 failed/,
    );
    assert.match(
      await Deno.readTextFile(junit),
      /<failure message="expected a message of type 102; got 100">/,
    );

    const invalid = join(dir, "invalid.json");
    await Deno.writeTextFile(invalid, JSON.stringify({ name: "x", robot: {}, steps: [] }));
    const refused = await run("replay.ts", [invalid]);
    assert.equal(refused.code, 2);
    assert.match(text(refused.stderr), /invalid\.json: \$\.robot/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("deno task replay --agent and deno task agent-check against your own agent", async () => {
  await using agent = startTestAgent(() =>
    Response.json(envelope([message(100, { content: "plain text reply" })], "c-1"))
  );
  const dir = await Deno.makeTempDir();
  try {
    const file = join(dir, "mine.json");
    await Deno.writeTextFile(
      file,
      JSON.stringify({
        name: "mine",
        robot: { robotId: "sample-default" },
        steps: [{ send: { text: "hi" }, expect: { textContains: "plain text" } }],
      }),
    );
    const replay = await run("replay.ts", [file, "--agent", `${agent.url}/message`]);
    assert.equal(replay.code, 0, text(replay.stdout) + text(replay.stderr));
    assert.ok(agent.received.length > 0, "the scenario went to the agent given");

    const checked = await run("agent-check.ts", [
      "--url",
      `${agent.url}/message`,
      "--platform",
      "Default",
      "--mode",
      "blocking",
    ]);
    assert.equal(checked.code, 0, text(checked.stdout));
    assert.match(
      text(checked.stdout),
      /PASSED: 0 errors, 2 warnings/,
      "warnings do not fail the check",
    );
    assert.match(
      text(checked.stdout),
      /warning\s+\$\s+"转人工" brought no TRANSFER_HUMAN instruction/,
    );
    assert.match(
      text(checked.stdout),
      /warning\s+\$\s+concurrent sessions were answered in the same conversation/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
  await using broken = brokenAgent("wrong type");
  const failed = await run("agent-check.ts", [
    "--url",
    `${broken.url}/message`,
    "--platform",
    "Default",
    "--mode",
    "blocking",
  ]);
  assert.equal(failed.code, 1);
  assert.match(
    text(failed.stdout),
    /error\s+\$\.data\.answers\[0\]\.answerContent\.type\s+unknown message type 1000/,
  );
  const usage = await run("agent-check.ts", ["--platform", "Default"]);
  assert.equal(usage.code, 2);
});
