/**
 * A load run's report: the plan, the target, the figures per step and overall, the timeline, each
 * step's verdict against the p95 budget, and ccemu's own CPU share. Pure: built from a LoadTally
 * and the run's facts; `loadSummary` says it in lines a person reads.
 */
import type { LoadPlan, LoadTarget } from "./plan.ts";
import type { LoadTally, NamedFigures, StepFigures, TimelinePoint } from "./tally.ts";

export type LoadState = "running" | "finished" | "stopped";

/** A step's figures with its verdict: over the budget, or with failed pushes, it fails. */
export interface StepVerdict extends NamedFigures {
  passed: boolean;
  /** Why it failed, a sentence each. */
  failures: string[];
}

export interface LoadReport {
  state: LoadState;
  /** The one agent the load pushed to (no other URL is ever pushed to). */
  target: { url: string; openUrl: string | null; platform: LoadTarget["platform"] };
  plan: LoadPlan & { scenarios: string[] };
  /** Real milliseconds since the load started. */
  elapsedMs: number;
  /** Visitors started so far, and those still looping. */
  visitors: { started: number; active: number };
  /** Scenario runs finished, and those cut off by the end of the run (or a stop). */
  loops: { finished: number; cutOff: number };
  pushes: number;
  pushesPerSecond: number;
  overall: StepFigures;
  steps: StepVerdict[];
  timeline: TimelinePoint[];
  /**
   * What ccemu's own process spent: CPU milliseconds and their share of one core over the run
   * (the agent's own work is not in it unless it runs in the same process). Null when unknown.
   */
  ccemu: { cpuMs: number; cpuShare: number } | null;
  /** Visitors that stopped on a problem of ccemu's (not the agent's), with what it said. */
  problems: string[];
  /** True when every step passed. */
  passed: boolean;
}

export interface RunFacts {
  state: LoadState;
  target: LoadTarget;
  plan: LoadPlan;
  scenarios: string[];
  elapsedMs: number;
  visitors: { started: number; active: number };
  cutOff: number;
  cpuMs: number | null;
  problems: string[];
}

const times = (counts: Record<string, number>) =>
  Object.entries(counts).map(([kind, n]) => `${kind} ×${n}`).join(", ");

/** A step's verdict: its p95 against the budget, and its failed pushes. */
function verdict(figures: NamedFigures, budget: number | null): StepVerdict {
  const failures: string[] = [];
  const p95 = figures.reply.p95;
  if (budget !== null && p95 !== null && p95 > budget) {
    failures.push(`p95 of the whole reply is ${p95} ms, over the budget of ${budget} ms`);
  }
  const failed = Object.values(figures.errors).reduce((a, b) => a + b, 0);
  if (failed) {
    failures.push(`${failed} of ${figures.pushes} pushes failed: ${times(figures.errors)}`);
  }
  return { ...figures, passed: failures.length === 0, failures };
}

export function loadReport(tally: LoadTally, facts: RunFacts): LoadReport {
  const steps = tally.steps().map((s) => verdict(s, facts.plan.budgetP95Ms));
  const seconds = facts.elapsedMs / 1000;
  const problems = facts.problems;
  return {
    state: facts.state,
    target: {
      url: facts.target.url,
      openUrl: facts.target.openUrl ?? null,
      platform: facts.target.platform,
    },
    plan: { ...facts.plan, scenarios: facts.scenarios },
    elapsedMs: Math.round(facts.elapsedMs),
    visitors: facts.visitors,
    loops: { finished: tally.loops, cutOff: facts.cutOff },
    pushes: tally.pushes,
    pushesPerSecond: seconds > 0 ? Math.round((tally.pushes / seconds) * 10) / 10 : 0,
    overall: tally.overall(),
    steps,
    timeline: tally.timeline(),
    ccemu: facts.cpuMs === null ? null : {
      cpuMs: Math.round(facts.cpuMs),
      cpuShare: facts.elapsedMs > 0 ? Math.round((facts.cpuMs / facts.elapsedMs) * 1000) / 1000 : 0,
    },
    problems,
    passed: steps.every((s) => s.passed) && problems.length === 0,
  };
}

const ms = (value: number | null) => (value === null ? "-" : String(value));
const cell = (text: string, width: number) => text.padStart(width);

/** The report in lines: the run, a row per step, errors, findings, and each failed step. */
export function loadSummary(report: LoadReport): string {
  const { plan, overall } = report;
  const lines = [
    `load: ${plan.visitors} visitors for ${plan.durationMs / 1000} s (ramp ${
      plan.rampMs / 1000
    } s) against ${report.target.url}: ${report.state}`,
    `  ${report.pushes} pushes in ${
      (report.elapsedMs / 1000).toFixed(1)
    } s (${report.pushesPerSecond} a second), ${report.loops.finished} loops finished, ${report.loops.cutOff} cut off at the end` +
    (report.ccemu ? `; ccemu used ${Math.round(report.ccemu.cpuShare * 100)}% of one core` : ""),
    "",
    `  ${"step".padEnd(40)} ${cell("pushes", 7)} ${cell("p50", 8)} ${cell("p95", 8)} ${
      cell("p99", 8)
    } ${cell("1st p95", 8)} ${cell("time-outs", 9)} ${cell("errors", 7)} ${cell("failed", 7)}`,
  ];
  const row = (name: string, f: StepFigures) =>
    `  ${name.slice(0, 40).padEnd(40)} ${cell(String(f.pushes), 7)} ${cell(ms(f.reply.p50), 8)} ${
      cell(ms(f.reply.p95), 8)
    } ${cell(ms(f.reply.p99), 8)} ${cell(ms(f.firstChunk.p95), 8)} ${cell(String(f.timeouts), 9)} ${
      cell(String(Object.values(f.errors).reduce((a, b) => a + b, 0)), 7)
    } ${cell(String(f.failedChecks), 7)}`;
  for (const scenario of new Set(report.steps.map((s) => s.scenario))) {
    lines.push(`  ${scenario}`);
    for (const step of report.steps.filter((s) => s.scenario === scenario)) {
      lines.push(row(`  ${step.step}`, step));
    }
  }
  lines.push(row("all steps (ms)", overall));
  if (Object.keys(overall.errors).length) lines.push("", `  errors: ${times(overall.errors)}`);
  if (Object.keys(overall.findings).length) {
    lines.push("", "  findings:");
    for (const [kind, n] of Object.entries(overall.findings)) lines.push(`    ${n} × ${kind}`);
  }
  for (const problem of report.problems) lines.push(`  ccemu: ${problem}`);
  const failed = report.steps.filter((s) => !s.passed);
  if (failed.length) lines.push("");
  for (const step of failed) {
    for (const failure of step.failures) {
      lines.push(`  FAIL ${step.scenario} › ${step.step}: ${failure}`);
    }
  }
  lines.push("", report.passed ? "PASS" : "FAIL");
  return lines.join("\n");
}
