/**
 * `ccemu compare --agent A --agent B SUITE...`: the same scenarios against two agents through an
 * in-process ccemu, printed as a matrix of scenario × agent (verdict, latency, the reply texts
 * where they differ, the difference marked); with --json and --junit also as files. Exit 1 when B
 * fails a step A passes (a regression).
 */
import { writeFileAtomically } from "../emulator/core/atomic-file.ts";
import type { LoadTarget } from "../emulator/agent-load/plan.ts";
import type { GatewayStore } from "../emulator/gateway/store.ts";
import { type Comparison, comparisonText, runComparison } from "../emulator/scenarios/compare.ts";
import { markedDiff } from "../emulator/scenarios/text-diff.ts";
import type { Scenario } from "../emulator/scenarios/schemas.ts";
import { loadScenarios } from "../emulator/scenarios/store.ts";
import { type JunitSuite, junitXml } from "../harness/junit.ts";
import { startEmulator } from "../harness/mod.ts";
import { internals } from "../harness/internals.ts";
import { parseAgentFlags } from "./agent-flags.ts";
import { type Command, EXIT, UsageError } from "./command.ts";

const USAGE = `usage: ccemu compare --agent A --agent B SCENARIO... [options]

Runs the same scenario files (or folders of them) against two agents, A then B, through an
in-process ccemu, whatever robots the files name, and prints a matrix of scenario × agent: each
step's verdict and latency, and both reply texts where they differ, the difference marked
[-only in A-]{+only in B+}.

  --agent URL           an agent's message interface; give it twice, A first (required)
  --platform P          Default or PlatformA                            [Default]
  --open-url URL        the agent's open-session interface (same origin as its --agent)
  --token T             Bearer token ccemu sends to the agent
  --json FILE           also write the matrix as JSON (both runs whole)
  --junit FILE          also write JUnit XML: a case per step and agent
  --help, -h            this text

--platform, --open-url and --token before the first --agent are both agents'; after an
--agent, that agent's alone.
Exit status: 0 no regression, 1 B fails a step that A passes, 2 bad arguments or scenario files.`;

function register(gateway: GatewayStore, label: string, target: LoadTarget): string {
  const open = target.openUrl ? new URL(target.openUrl) : undefined;
  return gateway.registerAgentUrl({
    name: `${label}: ${target.url}`,
    url: target.url,
    openPath: open ? open.pathname + open.search : undefined,
    platform: target.platform,
    token: target.token,
    registeredFor: `ccemu compare (agent ${label})`,
  }).robotId;
}

/** A suite per scenario; a case per step and agent (`step [A]`, `step [B]`). */
export function comparisonSuites(result: Comparison): JunitSuite[] {
  return result.scenarios.map((s) => ({
    name: s.scenario,
    time: (s.a.elapsedMs + s.b.elapsedMs) / 1000,
    cases: s.steps.flatMap((step) =>
      (["a", "b"] as const).map((which) => {
        const own = step[which];
        const failures = own?.failures.length
          ? [...own.failures]
          : own?.passed === false || !own
          ? ["failed"]
          : [];
        if (which === "b" && step.regression) {
          failures.unshift(`regression: A passes this step and B does not`);
        }
        if (which === "b" && step.diff && failures.length) {
          failures.push(`text: ${markedDiff(step.diff)}`);
        }
        return {
          name: `${step.step} [${which.toUpperCase()}]`,
          time: (own?.elapsedMs ?? 0) / 1000,
          failures,
        };
      })
    ),
  }));
}

async function compare(args: string[]): Promise<number> {
  const parsed = parseAgentFlags(args, {
    json: { type: "string" },
    junit: { type: "string" },
  }, USAGE);
  if (!parsed) return EXIT.ok;
  const { agents, values, positionals } = parsed;
  if (agents.length !== 2) {
    throw new UsageError(`give --agent twice, A then B (got ${agents.length})`);
  }
  if (positionals.length === 0) throw new UsageError("name at least one scenario file or folder");
  const scenarios: Scenario[] = [];
  for (const path of positionals) {
    scenarios.push(...(await loadScenarios(path)).map((s) => s.scenario));
  }
  if (scenarios.length === 0) {
    throw new UsageError(`no scenario files in ${positionals.join(", ")}`);
  }
  await using ccemu = await startEmulator({ clock: "real" });
  const gateway = internals(ccemu).areas.gateway.store;
  const [a, b] = agents;
  const result = await runComparison(
    gateway,
    scenarios,
    { a: register(gateway, "A", a), b: register(gateway, "B", b) },
    { a: a.url, b: b.url },
  );
  console.log(comparisonText(result));
  if (values.json) {
    await writeFileAtomically(values.json as string, JSON.stringify(result, null, 2) + "\n");
  }
  if (values.junit) {
    await writeFileAtomically(
      values.junit as string,
      junitXml("ccemu compare", comparisonSuites(result)),
    );
  }
  return result.regressions ? EXIT.failed : EXIT.ok;
}

export const compareCommand: Command = {
  name: "compare",
  usage: USAGE,
  run: compare,
};
