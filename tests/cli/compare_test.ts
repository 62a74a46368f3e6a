/**
 * `ccemu compare`: the matrix of scenario × agent, a regression exits 1, the reply texts'
 * differences marked (in text, JSON and JUnit), the agent flags for both or for each, and the
 * sample agents side by side.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli } from "../../cli/mod.ts";
import type { Comparison } from "../../emulator/scenarios/compare.ts";
import { diffText, markedDiff } from "../../emulator/scenarios/text-diff.ts";
import { startEmulator } from "../../harness/mod.ts";
import { startMisbehavingAgent } from "./misbehaving-agent.ts";

async function compare(...args: string[]) {
  const dir = await Deno.makeTempDir();
  const printed: string[] = [];
  const { log, error } = console;
  console.log = (...parts: unknown[]) => printed.push(parts.join(" "));
  console.error = (...parts: unknown[]) => printed.push(parts.join(" "));
  try {
    const json = join(dir, "compare.json"), junit = join(dir, "junit.xml");
    const code = await runCli(["compare", ...args, "--json", json, "--junit", junit]);
    const read = (file: string) => Deno.readTextFile(file).catch(() => "");
    const text = await read(json);
    return {
      code,
      printed: printed.join("\n"),
      result: (text ? JSON.parse(text) : null) as Comparison,
      junit: await read(junit),
    };
  } finally {
    console.log = log;
    console.error = error;
    await Deno.remove(dir, { recursive: true });
  }
}

async function suite(scenarios: Record<string, unknown>[]) {
  const dir = await Deno.makeTempDir();
  for (const s of scenarios) {
    await Deno.writeTextFile(join(dir, `${s.name}.json`), JSON.stringify(s));
  }
  return dir;
}

const echo = {
  name: "echo",
  robot: { name: "whichever" },
  steps: [
    { name: "greet", send: { text: "hello" }, expect: { textMatches: "^you said: hello" } },
    { name: "ask", send: { text: "refund?" }, expect: { textContains: "refund" } },
  ],
};

Deno.test("text diff: word by word, Chinese character by character", () => {
  assert.equal(
    markedDiff(diffText("Refunds take 3–7 days.", "Refunds take 3–10 days.")),
    "Refunds take 3–[-7-]{+10+} days.",
  );
  assert.equal(markedDiff(diffText("退款三天到账", "退款五天到账")), "退款[-三-]{+五+}天到账");
  assert.deepEqual(diffText("same", "same"), [{ kind: "same", text: "same" }]);
});

Deno.test("compare: a matrix of scenario × agent; B failing what A passes exits 1", async () => {
  await using a = startMisbehavingAgent();
  await using b = startMisbehavingAgent({ wording: "Sure! " });
  const dir = await suite([
    echo,
    {
      name: "trouble",
      robot: { name: "whichever" },
      steps: [{ name: "slow or not", send: { text: "fast 5" } }],
    },
  ]);
  const { code, printed, result, junit } = await compare(
    "--agent",
    a.message,
    "--agent",
    b.message,
    dir,
  );
  assert.equal(code, 1, printed);
  assert.deepEqual(result.agents, { a: a.message, b: b.message });
  assert.deepEqual(result.scenarios.map((s) => s.scenario), ["echo", "trouble"]);
  const [row, trouble] = result.scenarios;
  assert.equal(row.a.passed, true);
  assert.equal(row.b.passed, false);
  assert.equal(row.regression, true);
  const greet = row.steps[0];
  assert.equal(greet.regression, true);
  assert.equal(greet.a!.text, "you said: hello");
  assert.equal(greet.b!.text, "Sure! you said: hello");
  assert.equal(markedDiff(greet.diff!), "{+Sure! +}you said: hello");
  assert.equal(typeof greet.a!.elapsedMs, "number");
  // The second step passes on both: no regression, though the texts differ.
  assert.equal(row.steps[1].regression, false);
  assert.equal(trouble.regression, false);
  assert.equal(trouble.steps[0].diff, null);
  assert.equal(result.regressions, 1);
  assert.deepEqual(result.passed, { a: 2, b: 1 });
  // Text: the rows, the texts side by side where they differ, the mark, why B failed.
  assert.match(printed, /^echo\s+PASS \d+ ms\s+FAIL \d+ ms\s+REGRESSION$/m);
  assert.match(printed, /^ {2}greet\s+PASS \d+ ms\s+FAIL \d+ ms\s+REGRESSION$/m);
  assert.match(printed, /^ {6}A: you said: hello$/m);
  assert.match(printed, /^ {6}B: Sure! you said: hello$/m);
  assert.match(printed, /^ {6}≠ {2}\{\+Sure! \+\}you said: hello$/m);
  assert.match(printed, /^ {6}B failed: expected the text to match \/\^you said: hello\//m);
  assert.match(printed, /^ {2}ask\s+PASS \d+ ms\s+PASS \d+ ms\s+text differs$/m);
  assert.match(printed, /1 regression \(a step A passes and B fails\)$/);
  // JUnit: a case per step and agent; B's regression says so, with the difference.
  assert.match(junit, /<testcase classname="echo" name="greet \[A\]" time="[\d.]+"\/>/);
  assert.match(
    junit,
    /<testcase classname="echo" name="greet \[B\]" time="[\d.]+">\n\s+<failure message="regression: A passes this step and B does not">[^<]*text: \{\+Sure! \+\}you said: hello<\/failure>/,
  );
  assert.match(junit, /tests="6" failures="1"/);
});

Deno.test("compare: no regression exits 0, even where wording varies and both fail alike", async () => {
  await using a = startMisbehavingAgent();
  await using b = startMisbehavingAgent();
  const dir = await suite([{
    name: "varies",
    robot: { name: "whichever" },
    steps: [
      { name: "refund", send: { text: "vary" }, expect: { textMatches: "[Rr]efund" } },
      { name: "broken", send: { text: "broken" } },
    ],
  }]);
  // B answers the second phrasing first: its agent was asked once before.
  await fetch(b.message, {
    method: "POST",
    body: JSON.stringify({ data: [{ message: { content: "vary" } }] }),
  }).then((r) => r.body?.cancel());
  const { code, result, printed } = await compare("--agent", a.message, "--agent", b.message, dir);
  assert.equal(code, 0, printed);
  const [refund, broken] = result.scenarios[0].steps;
  assert.equal(refund.regression, false);
  assert.equal(refund.a!.passed && refund.b!.passed, true);
  assert.equal(
    markedDiff(refund.diff!),
    "[-Refunds take 3–7 days-]{+Your refund arrives within a week+}.",
  );
  assert.equal(broken.a!.passed || broken.b!.passed, false);
  assert.equal(broken.diff, null);
  assert.equal(broken.a!.text, "[AgentHttpError]");
  assert.equal(result.regressions, 0);
});

Deno.test("compare: agent flags for both before the first --agent, or for one after it", async () => {
  await using a = startMisbehavingAgent();
  await using b = startMisbehavingAgent();
  const dir = await suite([{ ...echo, steps: [echo.steps[0]] }]);
  const { code } = await compare(
    "--token",
    "both",
    "--agent",
    a.message,
    "--agent",
    b.message,
    "--token",
    "only-b",
    "--open-url",
    b.open,
    dir,
  );
  assert.equal(code, 0);
  assert.deepEqual(a.received.map((p) => [p.path, p.headers.get("authorization")]), [
    ["/message", "Bearer both"],
  ]);
  assert.deepEqual(b.received.map((p) => [p.path, p.headers.get("authorization")]), [
    ["/open", "Bearer only-b"],
    ["/message", "Bearer only-b"],
  ]);
  const once = await compare("--agent", a.message, dir);
  assert.equal(once.code, 2);
  assert.match(once.printed, /give --agent twice, A then B \(got 1\)/);
  const twice = await compare("--agent", a.message, "--token", "x", "--token", "y", dir);
  assert.equal(twice.code, 2);
  assert.match(twice.printed, /--token is given twice for the same agent/);
});

Deno.test("compare: the sample agents, default and platform-A way, side by side", async () => {
  await using ccemu = await startEmulator({ clock: "real" });
  const base = `${ccemu.url}/_emulator/sample-agents`;
  const { code, result, printed } = await compare(
    "--token",
    "ccemu-sample-token",
    "--agent",
    `${base}/default/message`,
    "--open-url",
    `${base}/default/open`,
    "--agent",
    `${base}/platform-a/v1/chat-messages`,
    "--platform",
    "PlatformA",
    "fixtures/scenarios/sample-default-blocking.json",
  );
  // The scenario was written for the default way: the platform-A way answers in markdown.
  assert.equal(code, 1, printed);
  const [row] = result.scenarios;
  assert.equal(row.a.passed, true, printed);
  assert.equal(row.steps[0].step, "open session");
  assert.match(printed, /^ {2}plain text\s+PASS \d+ ms\s+FAIL \d+ ms\s+REGRESSION$/m);
  assert.match(printed, /B failed: expected a message of type 100; got 109/);
  assert.match(
    printed,
    /^A: http:\/\/127\.0\.0\.1:\d+\/_emulator\/sample-agents\/default\/message$/m,
  );
});

Deno.test("compare: an option that errors on B only is a regression, its error in the text", async () => {
  await using a = startMisbehavingAgent();
  await using b = startMisbehavingAgent({ failOn: "track my order" });
  const dir = await suite([{
    name: "menu",
    robot: { name: "whichever" },
    steps: [
      { name: "menu", send: { text: "menu" }, expect: { options: ["track my order"] } },
      { name: "track", send: { option: "track my order" } },
    ],
  }]);
  const { code, result, printed } = await compare("--agent", a.message, "--agent", b.message, dir);
  assert.equal(code, 1, printed);
  const [menu, track] = result.scenarios[0].steps;
  assert.equal(menu.regression, false);
  assert.equal(menu.diff, null);
  assert.equal(track.regression, true);
  assert.equal(track.a!.text, "you said: track my order");
  assert.equal(track.b!.text, "[AgentHttpError]");
  assert.match(
    track.b!.failures[0],
    /^expected no agent error; got AgentHttpError: The agent answered HTTP 500/,
  );
  assert.match(printed, /B failed: expected no agent error; got AgentHttpError/);
});

Deno.test("compare: each further phrasing is a row of its own, its regression counted", async () => {
  await using a = startMisbehavingAgent();
  await using b = startMisbehavingAgent({ failOn: "money back?" });
  const dir = await suite([{
    name: "phrasings",
    robot: { name: "whichever" },
    steps: [{
      name: "ask",
      send: { text: ["refund?", "money back?"] },
      expect: { textContains: "you said" },
    }],
  }]);
  const { code, result } = await compare("--agent", a.message, "--agent", b.message, dir);
  assert.equal(code, 1);
  assert.deepEqual(
    result.scenarios.map((s) => [s.scenario, s.a.passed, s.b.passed, s.regression]),
    [
      ["phrasings", true, true, false],
      ['phrasings (ask: "money back?")', true, false, true],
    ],
  );
  assert.equal(result.regressions, 1);
});
