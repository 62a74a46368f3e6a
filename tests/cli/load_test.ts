/**
 * `ccemu load`: percentiles from an agent whose latency the test sets, time-outs and errors by
 * kind counted, the first streamed chunk timed, the caps and refusals, the one target, the
 * JUnit budget failure, and the sample agent under load.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli } from "../../cli/mod.ts";
import { startEmulator } from "../../harness/mod.ts";
import { internals } from "../../harness/internals.ts";
import { LoadRun, registerLoadRobot } from "../../emulator/agent-load/run.ts";
import { parseParameters } from "../../emulator/core/validation.ts";
import { ScenarioSchema } from "../../emulator/scenarios/schemas.ts";
import { percentile, spread } from "../../emulator/agent-load/percentiles.ts";
import type { LoadReport } from "../../emulator/agent-load/report.ts";
import { startMisbehavingAgent } from "./misbehaving-agent.ts";

/** Runs `ccemu load` in this process; answers the exit status, what it printed, and --out's files. */
async function load(...args: string[]) {
  const out = await Deno.makeTempDir();
  const printed: string[] = [];
  const { log, error } = console;
  console.log = (...parts: unknown[]) => printed.push(parts.join(" "));
  console.error = (...parts: unknown[]) => printed.push(parts.join(" "));
  try {
    const code = await runCli(["load", ...args, "--out", out]);
    const read = (name: string) => Deno.readTextFile(join(out, name)).catch(() => "");
    const json = await read("report.json");
    return {
      code,
      printed: printed.join("\n"),
      report: (json ? JSON.parse(json) : null) as LoadReport,
      junit: await read("junit.xml"),
      summary: await read("summary.txt"),
    };
  } finally {
    console.log = log;
    console.error = error;
    await Deno.remove(out, { recursive: true });
  }
}

/** A scenario file of text steps, written to a temporary folder. */
async function scenarioFile(name: string, texts: string[], extra: Record<string, unknown> = {}) {
  const dir = await Deno.makeTempDir();
  const file = join(dir, `${name}.json`);
  await Deno.writeTextFile(
    file,
    JSON.stringify({
      name,
      robot: { name: "not used under load" },
      steps: texts.map((text) => ({ name: text, send: { text } })),
      ...extra,
    }),
  );
  return file;
}

Deno.test("percentile is nearest-rank: every figure is a latency that was seen", () => {
  const values = Array.from({ length: 100 }, (_, i) => i + 1);
  assert.equal(percentile(values, 50), 50);
  assert.equal(percentile(values, 95), 95);
  assert.equal(percentile(values, 99), 99);
  assert.equal(percentile([7], 99), 7);
  assert.equal(percentile([], 50), null);
  assert.deepEqual(spread([30, 10, 20]), { count: 3, p50: 20, p95: 30, p99: 30, max: 30 });
});

Deno.test("load: percentiles per step from an agent whose latency is set", async () => {
  await using agent = startMisbehavingAgent();
  const file = await scenarioFile("timed", ["fast 20,40,60,80,100", "fast 150"]);
  const { code, report, summary } = await load(
    "--agent",
    agent.message,
    "--visitors",
    "4",
    "--duration",
    "1500ms",
    "--scenario",
    file,
  );
  assert.equal(code, 0, summary);
  assert.equal(report.state, "finished");
  assert.equal(report.visitors.started, 4);
  const [varied, slow] = report.steps;
  assert.equal(varied.step, "fast 20,40,60,80,100");
  // The agent's own delay is the floor; the gateway's overhead on loopback is far under 100 ms.
  assert.ok(varied.pushes >= 8, JSON.stringify(varied));
  assert.ok(varied.reply.p50! >= 40 && varied.reply.p50! < 160, JSON.stringify(varied.reply));
  assert.ok(varied.reply.p99! >= 100 && varied.reply.p99! < 250, JSON.stringify(varied.reply));
  assert.ok(varied.reply.p50! < varied.reply.p99!);
  assert.ok(slow.reply.p50! >= 150 && slow.reply.p50! < 300, JSON.stringify(slow.reply));
  assert.equal(report.pushes, varied.pushes + slow.pushes);
  assert.equal(report.overall.timeouts, 0);
  assert.deepEqual(report.overall.errors, {});
  // Every reply measured lands in the timeline's seconds.
  assert.equal(report.timeline.reduce((n, p) => n + p.pushes, 0), report.pushes);
  assert.match(summary, /^load: 4 visitors for 1\.5 s .*: finished$/m);
  assert.match(summary, /^\s+fast 150\s+\d+\s+\d/m);
  assert.equal(agent.received.every((p) => p.path === "/message"), true);
});

Deno.test("load: replies past the time-out and errors are counted by kind; findings too", async () => {
  await using agent = startMisbehavingAgent();
  const file = await scenarioFile("trouble", ["slow 400", "broken", "hello", "odd"]);
  const { code, report, junit, printed } = await load(
    "--agent",
    agent.message,
    "--visitors",
    "2",
    "--duration",
    "800ms",
    "--timeout",
    "100",
    "--scenario",
    file,
  );
  assert.equal(code, 1);
  const [slow, broken, hello, odd] = report.steps;
  assert.equal(slow.timeouts, slow.pushes);
  assert.deepEqual(slow.errors, { AgentTimeout: slow.pushes });
  // Cut off at the time-out: no reply took the agent's 400 ms.
  assert.ok(slow.reply.max! < 400, JSON.stringify(slow.reply));
  assert.deepEqual(broken.errors, { AgentHttpError: broken.pushes });
  assert.equal(broken.timeouts, 0);
  assert.deepEqual(hello.errors, {});
  assert.equal(hello.passed, true);
  const [[finding, count]] = Object.entries(odd.findings);
  assert.match(
    finding,
    /^error at \$\.data\.answers\[0\]\.answerContent\.type: unknown message type 999; the visitor would see nothing$/,
  );
  assert.equal(count, odd.pushes);
  assert.equal(odd.failedChecks, odd.pushes, "an error finding fails the step's check");
  assert.match(printed, /findings:\n\s+\d+ × error at/);
  assert.deepEqual(report.overall.errors, {
    AgentTimeout: slow.pushes,
    AgentHttpError: broken.pushes,
  });
  assert.equal(report.overall.timeouts, slow.pushes);
  assert.match(printed, /errors: AgentTimeout ×\d+, AgentHttpError ×\d+/);
  assert.match(junit, /<failure message="\d+ of \d+ pushes failed: AgentTimeout ×\d+">/);
  // A failed push is a failed check too: the step expected no agent error.
  assert.equal(broken.failedChecks, broken.pushes);
});

Deno.test("load: the first streamed chunk is timed apart from the whole reply", async () => {
  await using agent = startMisbehavingAgent();
  const file = await scenarioFile("streamed", ["stream 60"], { responseMode: "streaming" });
  const { code, report, summary } = await load(
    "--agent",
    agent.message,
    "--visitors",
    "2",
    "--duration",
    "700ms",
    "--scenario",
    file,
  );
  assert.equal(code, 0, summary);
  const [step] = report.steps;
  assert.equal(step.firstChunk.count, step.pushes);
  assert.ok(step.firstChunk.p50! >= 60 && step.firstChunk.p50! < 150, JSON.stringify(step));
  assert.ok(step.reply.p50! >= 180, JSON.stringify(step.reply));
});

Deno.test("load: a step whose p95 passes the budget fails in JUnit; the others pass", async () => {
  await using agent = startMisbehavingAgent();
  const file = await scenarioFile("budget", ["fast 1", "fast 200"]);
  const { code, report, junit, summary } = await load(
    "--agent",
    agent.message,
    "--visitors",
    "2",
    "--duration",
    "600ms",
    "--budget-p95",
    "150",
    "--scenario",
    file,
  );
  assert.equal(code, 1);
  assert.equal(report.plan.budgetP95Ms, 150);
  assert.deepEqual(report.steps.map((s) => s.passed), [true, false]);
  assert.match(
    junit,
    /<testcase classname="budget" name="fast 200" time="0\.2\d\d">\n\s+<failure message="p95 of the whole reply is 2\d\d(\.\d)? ms, over the budget of 150 ms">/,
  );
  assert.match(junit, /<testcase classname="budget" name="fast 1" time="[\d.]+">\n\s+<system-out>/);
  assert.match(junit, /<testsuites name="ccemu load [^"]+" tests="2" failures="1">/);
  assert.match(summary, /FAIL budget › fast 200: p95 of the whole reply is .* over the budget/);
});

Deno.test("load: bounded by visitors and duration; refuses what is not one agent's URL", async () => {
  await using agent = startMisbehavingAgent();
  await using other = startMisbehavingAgent();
  const refused = async (pattern: RegExp, ...args: string[]) => {
    const { code, printed } = await load(...args);
    assert.equal(code, 2, args.join(" "));
    assert.match(printed, pattern);
  };
  await refused(/--agent URL is required/);
  await refused(
    /--visitors must be a whole number from 1 to 500, got "501"/,
    "--agent",
    agent.message,
    "--visitors",
    "501",
  );
  await refused(
    /--duration must be from 100 ms to 10 min, got "11m"/,
    "--agent",
    agent.message,
    "--duration",
    "11m",
  );
  await refused(
    /--ramp must not be longer than --duration/,
    "--agent",
    agent.message,
    "--duration",
    "1s",
    "--ramp",
    "2s",
  );
  await refused(
    /--agent "ftp:\/\/x\/message" is not an http\(s\) URL/,
    "--agent",
    "ftp://x/message",
  );
  await refused(
    /--open-url must be on the agent's origin/,
    "--agent",
    agent.message,
    "--open-url",
    other.open,
  );
  await refused(
    /give one --agent: a load runs against one agent/,
    "--agent",
    agent.message,
    "--agent",
    other.message,
  );
  assert.equal(agent.received.length + other.received.length, 0, "nothing pushed when refused");

  // A scenario naming another agent: under load every push goes to --agent, none to the other.
  const file = await scenarioFile("elsewhere", ["hello"], {
    robot: { url: other.message, platform: "Default" },
  });
  const started = performance.now();
  const { code, report } = await load(
    "--agent",
    agent.message,
    "--visitors",
    "3",
    "--duration",
    "400ms",
    "--ramp",
    "200ms",
    "--scenario",
    file,
  );
  assert.equal(code, 0);
  assert.equal(other.received.length, 0);
  assert.ok(agent.received.length >= 3);
  assert.equal(report.visitors.started, 3);
  assert.equal(report.visitors.active, 0);
  // No loop starts after the duration: a one-step loop of a fast agent ends soon after it.
  assert.ok(report.elapsedMs < 1500, `${report.elapsedMs} ms`);
  assert.ok(performance.now() - started < 15_000);
  assert.equal(report.loops.finished, report.pushes);
});

Deno.test("load: the sample agent, streaming, with its open-session call", async () => {
  await using ccemu = await startEmulator({ clock: "real" });
  const base = `${ccemu.url}/_emulator/sample-agents/default`;
  const { code, report, summary } = await load(
    "--agent",
    `${base}/message`,
    "--open-url",
    `${base}/open`,
    "--token",
    "ccemu-sample-token",
    "--visitors",
    "3",
    "--duration",
    "1s",
    "--scenario",
    "fixtures/scenarios/sample-default-streaming.json",
  );
  assert.equal(code, 0, summary);
  assert.equal(report.steps[0].step, "open session");
  assert.equal(report.steps.length, 17);
  assert.equal(report.overall.failedChecks, 0, summary);
  assert.ok(report.steps.find((s) => s.step === "plain text")!.firstChunk.count > 0);
});

Deno.test("POST /_emulator/load: a load against a robot, polled; refusals name the field", async () => {
  await using ccemu = await startEmulator({ clock: "real" });
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${ccemu.url}/_emulator${path}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, json: await res.json() };
  };
  const bad = await call("POST", "/load", {
    robotId: "sample-default",
    visitors: 501,
    durationMs: 500,
  });
  assert.equal(bad.status, 400);
  assert.match(bad.json.error.message, /visitors/);
  const missing = await call("POST", "/load", { robotId: "nope", visitors: 1, durationMs: 500 });
  assert.equal(missing.status, 404);
  assert.match(missing.json.error.message, /No robot nope/);
  const started = await call("POST", "/load", {
    robotId: "sample-default",
    visitors: 2,
    durationMs: 600,
    names: ["sample agent, default way, blocking"],
  });
  assert.equal(started.status, 202);
  assert.equal(started.json.state, "running");
  assert.match(started.json.target.url, /\/_emulator\/sample-agents\/default\/message$/);
  const second = await call("POST", "/load", {
    robotId: "sample-default",
    visitors: 1,
    durationMs: 500,
  });
  assert.equal(second.status, 400);
  assert.match(second.json.error.message, /load 1 is running: one load at a time/);
  let report = started.json;
  while (report.state === "running") {
    await new Promise((resolve) => setTimeout(resolve, 100));
    report = (await call("GET", `/load/${started.json.id}`)).json;
  }
  assert.equal(report.state, "finished");
  assert.ok(report.pushes > 0);
  assert.equal(report.overall.failedChecks, 0, JSON.stringify(report.steps));
  assert.ok(report.timeline.length >= 1);
  assert.equal(report.ccemu.cpuShare >= 0, true);
  // The load's visitors closed their sessions: the user's session list is as it was.
  const sessions = (await call("GET", "/gateway/sessions")).json;
  assert.equal(sessions.sessions.length, 0);
  const gone = await call("GET", "/load/99");
  assert.equal(gone.status, 404);
});

Deno.test("a load stopped during its ramp ends at once: visitors not yet started never start", async () => {
  await using agent = startMisbehavingAgent();
  await using ccemu = await startEmulator({ clock: "real" });
  const gateway = internals(ccemu).areas.gateway.store;
  const target = { url: agent.message, platform: "Default" as const };
  const run = new LoadRun({
    id: 1,
    gateway,
    scenarios: [parseParameters(ScenarioSchema, {
      name: "slowish",
      robot: { name: "x" },
      steps: [{ send: { text: "fast 50" } }],
    })],
    plan: { visitors: 4, durationMs: 5000, rampMs: 4000, budgetP95Ms: null, timeoutMs: null },
    robotId: registerLoadRobot(gateway, target, null),
    target,
  });
  const done = run.run();
  await new Promise((resolve) => setTimeout(resolve, 300));
  run.stop();
  const started = performance.now();
  const report = await done;
  assert.ok(performance.now() - started < 1000, "ended at once");
  assert.equal(report.state, "stopped");
  assert.equal(report.visitors.started, 1);
  assert.equal(report.visitors.active, 0);
  assert.ok(report.loops.cutOff <= 1);
});
