/**
 * `ccemu replay SCENARIO... [options]`: replays scenario files or folders against an in-process
 * ccemu, prints a line per scenario (and why a step failed), a final `N passed, N failed` line,
 * writes JUnit XML when asked, and exits 1 on any failure. `--agent` points every scenario at
 * your agent instead.
 */
import { writeFileAtomically } from "../emulator/core/atomic-file.ts";
import { loadScenarios } from "../emulator/scenarios/store.ts";
import type { Scenario } from "../emulator/scenarios/schemas.ts";
import { junitXml, scenarioSuites } from "../harness/junit.ts";
import { startEmulator } from "../harness/mod.ts";
import { type Command, EXIT, parseFlags, UsageError } from "./command.ts";

const USAGE = `usage: ccemu replay SCENARIO... [options]        (also: deno task replay -- ...)

Replays scenario files (or folders of them) against an in-process ccemu and its sample agents, or
against your agent with --agent. Prints a line per scenario and "N passed, N failed".

  --agent URL           push to this agent instead of each scenario's robot
  --platform P          your agent's way: Default or PlatformA         [Default]
  --token T             Bearer token ccemu sends to your agent
  --junit FILE          also write a JUnit XML report
  --help, -h            this text

Exit status: 0 every scenario passed, 1 one failed, 2 bad arguments or scenario files.`;

async function replay(args: string[]): Promise<number> {
  const parsed = parseFlags(
    args,
    {
      agent: { type: "string" },
      platform: { type: "string" },
      token: { type: "string" },
      junit: { type: "string" },
    },
    USAGE,
    true,
  );
  if (!parsed) return EXIT.ok;
  const { values, positionals } = parsed;
  if (positionals.length === 0) throw new UsageError("name at least one scenario file or folder");
  if (values.platform && !["Default", "PlatformA"].includes(values.platform)) {
    throw new UsageError(`--platform must be Default or PlatformA, got "${values.platform}"`);
  }
  if (values.agent && !URL.canParse(values.agent)) {
    throw new UsageError(`--agent "${values.agent}" is not a URL`);
  }
  const scenarios: Scenario[] = [];
  for (const path of positionals) {
    scenarios.push(...(await loadScenarios(path)).map((s) => s.scenario));
  }
  if (scenarios.length === 0) {
    throw new UsageError(`no scenario files in ${positionals.join(", ")}`);
  }
  await using ccemu = await startEmulator({ clock: "real" });
  const reports = [];
  for (const original of scenarios) {
    const scenario: Scenario = values.agent
      ? {
        ...original,
        robot: {
          url: values.agent,
          platform: (values.platform ?? "Default") as "Default" | "PlatformA",
          ...(values.token ? { token: values.token } : {}),
        },
      }
      : original;
    const report = await ccemu.runScenario(scenario);
    reports.push(report);
    const steps = [...(report.open ? [report.open] : []), ...report.steps];
    console.log(
      `${report.passed ? "PASS" : "FAIL"} ${report.name} (${steps.length} steps, ${
        Math.round(report.elapsedMs)
      } ms)`,
    );
    for (const step of steps.filter((s) => !s.passed)) {
      for (const failure of step.failures) console.log(`     ${step.name}: ${failure}`);
    }
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
  summary: "replay scenario files against ccemu's robots or your agent (CI-friendly)",
  usage: USAGE,
  run: replay,
};
