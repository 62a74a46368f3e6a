/**
 * `deno task replay -- SCENARIO... [--agent URL] [--platform Default|PlatformA] [--token T]
 * [--junit FILE]`: replays scenario files or folders against an in-process ccemu, prints a line per
 * scenario (and why a step failed), a final `N passed, N failed` line, writes JUnit XML when asked,
 * and exits non-zero on any failure. `--agent` points every scenario at your agent instead.
 */
import { parseArgs } from "node:util";
import { loadScenarios } from "../emulator/scenarios/store.ts";
import type { Scenario } from "../emulator/scenarios/schemas.ts";
import { junitXml } from "./junit.ts";
import { startEmulator } from "./mod.ts";

const USAGE =
  "usage: deno task replay -- SCENARIO... [--agent URL] [--platform Default|PlatformA] [--token T] [--junit FILE]";

async function main(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: args[0] === "--" ? args.slice(1) : args,
    allowPositionals: true,
    options: {
      agent: { type: "string" },
      platform: { type: "string" },
      token: { type: "string" },
      junit: { type: "string" },
    },
  });
  if (
    positionals.length === 0 ||
    (values.platform && !["Default", "PlatformA"].includes(values.platform))
  ) {
    console.error(USAGE);
    return 2;
  }
  const scenarios: Scenario[] = [];
  for (const path of positionals) {
    scenarios.push(...(await loadScenarios(path)).map((s) => s.scenario));
  }
  if (scenarios.length === 0) {
    console.error(`replay: no scenario files in ${positionals.join(", ")}`);
    return 2;
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
  if (values.junit) await Deno.writeTextFile(values.junit, junitXml(reports));
  const passed = reports.filter((r) => r.passed).length;
  console.log(`${passed} passed, ${reports.length - passed} failed`);
  return passed === reports.length ? 0 : 1;
}

if (import.meta.main) {
  try {
    Deno.exit(await main(Deno.args));
  } catch (error) {
    console.error(`replay: ${(error as Error).message}`);
    Deno.exit(2);
  }
}
