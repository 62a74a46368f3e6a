/**
 * `ccemu load --agent URL --visitors N --duration D [--scenario FILE…]`: N visitors run the
 * scenarios in loops against one agent through an in-process ccemu's gateway (the same pushes,
 * checks and time-outs one visitor gets), and the run is reported: per step and overall the
 * p50/p95/p99 of the whole reply and of the first streamed chunk, time-outs, errors by kind,
 * findings; as a summary, and with --out as report.json, junit.xml and summary.txt.
 */
import process from "node:process";
import { join } from "node:path";
import { writeFileAtomically } from "../emulator/core/atomic-file.ts";
import { parseParameters } from "../emulator/core/validation.ts";
import { loadJunit } from "../emulator/agent-load/junit.ts";
import { checkPlan, LOAD_CAPS, type LoadPlan } from "../emulator/agent-load/plan.ts";
import { loadSummary } from "../emulator/agent-load/report.ts";
import { LoadRun, registerLoadRobot } from "../emulator/agent-load/run.ts";
import { type Scenario, ScenarioSchema } from "../emulator/scenarios/schemas.ts";
import { loadScenarios } from "../emulator/scenarios/store.ts";
import { startEmulator } from "../harness/mod.ts";
import { internals } from "../harness/internals.ts";
import { parseAgentFlags } from "./agent-flags.ts";
import { durationFlag, integerFlag } from "./flag-values.ts";
import { type Command, EXIT, UsageError } from "./command.ts";

const { visitors: V, durationMs: D, budgetMs: B } = LOAD_CAPS;

const USAGE = `usage: ccemu load --agent URL [options]

Runs N concurrent visitors against your agent through ccemu's own gateway (the same pushes,
checks and time-outs one visitor gets): each visitor runs the scenarios in a loop, as a new
visitor each time, until the duration is over. Pushes go to --agent (and --open-url) only,
whatever robots the scenario files name.

  --agent URL           your agent's message interface (required)
  --platform P          your agent's way: Default or PlatformA         [Default]
  --open-url URL        your agent's open-session interface (same origin as --agent)
  --token T             Bearer token ccemu sends to your agent
  --visitors N          concurrent visitors, ${V.min} to ${V.max}                   [10]
  --duration D          how long loops start: 30s, 1500ms, 2m (${D.min} ms to ${
  D.max / 60_000
} min)  [10s]
  --ramp R              visitors start evenly over R (at most D)       [0s]
  --scenario FILE       a scenario file or folder (repeatable)   [one step: "你好"]
  --mode M              blocking or streaming, for every scenario    [each scenario's]
  --timeout MS          the robot's time-out: blocking reply, stream silence [30000 / 60000]
  --budget-p95 MS       a step whose p95 reply time passes MS fails
  --out DIR             write report.json, junit.xml and summary.txt there
  --help, -h            this text

A loop under way when the duration ends may finish; 10 s later it is cut off.
Exit status: 0 every step passed (within the budget, no failed push), 1 a step failed,
2 bad arguments or scenario files.`;

/** What runs when no scenario is given: one visitor message, no expectation but the defaults. */
const HELLO: Scenario = parseParameters(ScenarioSchema, {
  name: "hello",
  robot: { name: "load" },
  steps: [{ name: "say hello", send: { text: "你好" } }],
});

async function scenariosOf(paths: string[], mode: string | undefined): Promise<Scenario[]> {
  if (mode !== undefined && mode !== "blocking" && mode !== "streaming") {
    throw new UsageError(`--mode must be blocking or streaming, got "${mode}"`);
  }
  const scenarios: Scenario[] = [];
  for (const path of paths) {
    const found = await loadScenarios(path);
    if (found.length === 0) throw new UsageError(`no scenario files in ${path}`);
    scenarios.push(...found.map((f) => f.scenario));
  }
  if (scenarios.length === 0) scenarios.push(HELLO);
  return mode === undefined
    ? scenarios
    : scenarios.map((s) => ({ ...s, responseMode: mode as Scenario["responseMode"] }));
}

function planOf(values: Record<string, unknown>): LoadPlan {
  const text = (name: string) => values[name] as string | undefined;
  const durationMs = durationFlag("duration", text("duration"), 10_000);
  if (durationMs < D.min || durationMs > D.max) {
    throw new UsageError(
      `--duration must be from ${D.min} ms to ${D.max / 60_000} min, got "${text("duration")}"`,
    );
  }
  const rampMs = durationFlag("ramp", text("ramp"), 0);
  if (rampMs > durationMs) throw new UsageError("--ramp must not be longer than --duration");
  return checkPlan({
    visitors: integerFlag("visitors", text("visitors"), V.min, V.max) ?? 10,
    durationMs,
    rampMs,
    budgetP95Ms: integerFlag("budget-p95", text("budget-p95"), B.min, B.max) ?? null,
    timeoutMs: integerFlag("timeout", text("timeout"), B.min, B.max) ?? null,
  });
}

/** CPU milliseconds this process has used (user and system). */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

async function load(args: string[]): Promise<number> {
  const parsed = parseAgentFlags(args, {
    visitors: { type: "string" },
    duration: { type: "string" },
    ramp: { type: "string" },
    scenario: { type: "string", multiple: true },
    mode: { type: "string" },
    timeout: { type: "string" },
    "budget-p95": { type: "string" },
    out: { type: "string" },
  }, USAGE);
  if (!parsed) return EXIT.ok;
  const { agents, values, positionals } = parsed;
  if (positionals.length) {
    throw new UsageError(`unexpected "${positionals[0]}": name scenarios with --scenario FILE`);
  }
  if (agents.length !== 1) {
    throw new UsageError(
      agents.length ? "give one --agent: a load runs against one agent" : "--agent URL is required",
    );
  }
  const plan = planOf(values);
  const scenarios = await scenariosOf(
    (values.scenario as string[] | undefined) ?? [],
    values.mode as string | undefined,
  );
  await using ccemu = await startEmulator({ clock: "real" });
  const gateway = internals(ccemu).areas.gateway.store;
  const target = agents[0];
  const robotId = registerLoadRobot(gateway, target, plan.timeoutMs);
  const run = new LoadRun({ id: 1, gateway, scenarios, plan, robotId, target, cpuMs });
  const stop = () => run.stop();
  Deno.addSignalListener("SIGINT", stop);
  const progress = setInterval(() => {
    const now = run.report();
    console.error(
      `  ${
        Math.round(now.elapsedMs / 1000)
      } s: ${now.pushes} pushes, p95 ${now.overall.reply.p95} ms, ${
        Object.values(now.overall.errors).reduce((a, b) => a + b, 0)
      } errors`,
    );
  }, 10_000);
  let report;
  try {
    report = await run.run();
  } finally {
    clearInterval(progress);
    Deno.removeSignalListener("SIGINT", stop);
  }
  const summary = loadSummary(report);
  console.log(summary);
  const out = values.out as string | undefined;
  if (out) {
    await Deno.mkdir(out, { recursive: true });
    await writeFileAtomically(join(out, "report.json"), JSON.stringify(report, null, 2) + "\n");
    await writeFileAtomically(join(out, "junit.xml"), loadJunit(report));
    await writeFileAtomically(join(out, "summary.txt"), summary + "\n");
  }
  return report.passed ? EXIT.ok : EXIT.failed;
}

export const loadCommand: Command = {
  name: "load",
  usage: USAGE,
  run: load,
};
