/**
 * `ccemu replay SCENARIO... [options]`: replays scenario files or folders against an in-process
 * ccemu, prints a line per scenario (and why a step failed), a final `N passed, N failed` line,
 * writes JUnit XML when asked, and exits 1 on any failure. `--agent` (with `--platform`,
 * `--open-url`, `--token`) points every scenario at your agent instead; a scenario whose robot is
 * not in this ccemu fails saying so, and the others still run.
 */
import { writeFileAtomically } from "../emulator/core/atomic-file.ts";
import { loadScenarios } from "../emulator/scenarios/store.ts";
import type { Scenario } from "../emulator/scenarios/schemas.ts";
import type { ScenarioReport } from "../emulator/scenarios/runner.ts";
import { notRunReport } from "../emulator/scenarios/report.ts";
import { ApiError } from "../emulator/core/errors.ts";
import { caseLabel, phrasingLine } from "../emulator/scenarios/variants.ts";
import { junitXml, scenarioSuites } from "../harness/junit.ts";
import { startEmulator } from "../harness/mod.ts";
import { type Command, EXIT, parseFlags, UsageError } from "./command.ts";

const USAGE = `usage: ccemu replay SCENARIO... [options]        (also: deno task replay -- ...)

Replays scenario files (or folders of them) against an in-process ccemu: each scenario's own robot
(its agent's URL, or a sample agent by name), or your agent with --agent. A scenario whose robot is
not there fails saying so. Prints a line per scenario and "N passed, N failed". A step with
several phrasings runs a case per phrasing, and its line says "3 of 4 phrasings passed". An
include by name finds a scenario beside the file or among those given.

  --agent URL           push to this agent (its message interface) instead of each scenario's robot
  --platform P          your agent's way: Default or PlatformA         [Default]
  --open-url URL        your agent's open-session interface (same origin as --agent)
  --token T             Bearer token ccemu sends to your agent
  --junit FILE          also write a JUnit XML report
  --help, -h            this text

Exit status: 0 every scenario passed, 1 one failed, 2 bad arguments or scenario files.`;

/** The robot every scenario talks to under --agent; undefined without it. */
interface AgentFlags {
  agent?: string;
  platform?: string;
  "open-url"?: string;
  token?: string;
}

function agentOf(values: AgentFlags): Scenario["robot"] | undefined {
  const { agent, platform, token } = values, openUrl = values["open-url"];
  if (!agent) {
    for (const flag of ["platform", "open-url", "token"] as const) {
      if (values[flag] !== undefined) throw new UsageError(`--${flag} needs --agent URL`);
    }
    return undefined;
  }
  if (!URL.canParse(agent)) throw new UsageError(`--agent "${agent}" is not a URL`);
  if (platform && !["Default", "PlatformA"].includes(platform)) {
    throw new UsageError(`--platform must be Default or PlatformA, got "${platform}"`);
  }
  if (openUrl !== undefined) {
    if (!URL.canParse(openUrl)) throw new UsageError(`--open-url "${openUrl}" is not a URL`);
    if (new URL(openUrl).origin !== new URL(agent).origin) {
      throw new UsageError(
        `--open-url must be on --agent's origin (${
          new URL(agent).origin
        }): the gateway pushes both to one domain`,
      );
    }
  }
  return {
    url: agent,
    platform: (platform ?? "Default") as "Default" | "PlatformA",
    ...(openUrl ? { openUrl } : {}),
    ...(token !== undefined ? { token } : {}),
  };
}

/**
 * A scenario's lines: `PASS name (n steps, t ms)` (with the number of cases when it has several
 * phrasings), how many phrasings of each step passed, then each failing step's reasons; a step of
 * a further phrasing's case names that phrasing.
 */
export function reportLines(report: ScenarioReport): string[] {
  const steps = report.steps.length + (report.open && report.open.name !== "robot" ? 1 : 0);
  const cases = report.cases ? `, ${report.cases.length + 1} cases` : "";
  const lines = [
    `${report.passed ? "PASS" : "FAIL"} ${report.name} (${steps} steps${cases}, ${
      Math.round(report.elapsedMs)
    } ms)`,
    ...(report.phrasings ?? []).map((p) => `     ${phrasingLine(p)}`),
  ];
  for (const run of [report, ...(report.cases ?? [])]) {
    const { variant } = run;
    for (const step of [...(run.open ? [run.open] : []), ...run.steps]) {
      const of = !variant
        ? ""
        : step.name === variant.step
        ? ` (phrasing ${variant.phrasing} of ${variant.of} "${variant.text}")`
        : ` (with ${caseLabel(variant)})`;
      for (const failure of step.failures) lines.push(`     ${step.name}${of}: ${failure}`);
    }
  }
  return lines;
}

async function replay(args: string[]): Promise<number> {
  const parsed = parseFlags(
    args,
    {
      agent: { type: "string" },
      platform: { type: "string" },
      "open-url": { type: "string" },
      token: { type: "string" },
      junit: { type: "string" },
    },
    USAGE,
    true,
  );
  if (!parsed) return EXIT.ok;
  const { values, positionals } = parsed;
  if (positionals.length === 0) throw new UsageError("name at least one scenario file or folder");
  const agent = agentOf(values);
  // Read together, so that an include by name finds a scenario given in another argument.
  const scenarios: Scenario[] = (await loadScenarios(positionals)).map((s) => s.scenario);
  if (scenarios.length === 0) {
    throw new UsageError(`no scenario files in ${positionals.join(", ")}`);
  }
  await using ccemu = await startEmulator({ clock: "real" });
  const reports = [];
  for (const original of scenarios) {
    const scenario: Scenario = agent ? { ...original, robot: agent } : original;
    const report = await ccemu.runScenario(scenario).catch((error) => {
      if (error instanceof ApiError) return notRunReport(scenario.name, "", error.message);
      throw error;
    });
    reports.push(report);
    for (const line of reportLines(report)) console.log(line);
  }
  if (values.junit) {
    await writeFileAtomically(values.junit, junitXml("ccemu scenarios", scenarioSuites(reports)));
  }
  const passed = reports.filter((r) => r.passed).length;
  console.log(`${passed} passed, ${reports.length - passed} failed`);
  return passed === reports.length ? EXIT.ok : EXIT.failed;
}

export const replayCommand: Command = {
  name: "replay",
  usage: USAGE,
  run: replay,
};
