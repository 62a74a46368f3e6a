/**
 * Two agents side by side: the same scenarios run against agent A and agent B, as a matrix of
 * scenario × agent with each step's verdict, latency and reply text, the texts' differences
 * marked, and the regressions (a step A passes and B fails). `runComparison` runs it through the
 * scenario runner, one scenario at a time, A first; `comparison` and `comparisonText` are pure.
 */
import type { GatewayStore } from "../gateway/store.ts";
import { notRunReport } from "./report.ts";
import { runScenario, type ScenarioReport, type StepReport, visibleText } from "./runner.ts";
import type { Scenario } from "./schemas.ts";
import { type DiffRun, diffText, markedDiff } from "./text-diff.ts";

/** One agent's side of a step: its verdict, how long, and what the visitor read. */
export interface StepSide {
  passed: boolean;
  elapsedMs: number | null;
  /** The visible text, then the transfer or the agent error in brackets. */
  text: string;
  failures: string[];
}

export interface StepRow {
  step: string;
  a: StepSide | null;
  b: StepSide | null;
  /** The texts' differences; null when the texts are the same. */
  diff: DiffRun[] | null;
  /** A passes the step and B does not. */
  regression: boolean;
}

export interface ScenarioRow {
  scenario: string;
  a: { passed: boolean; elapsedMs: number };
  b: { passed: boolean; elapsedMs: number };
  steps: StepRow[];
  regression: boolean;
  /** Both runs whole, for the conversations side by side. */
  reports: { a: ScenarioReport; b: ScenarioReport };
}

export interface Comparison {
  /** What each agent is (a URL, or a robot's name and id). */
  agents: { a: string; b: string };
  scenarios: ScenarioRow[];
  /** Steps A passes and B fails. */
  regressions: number;
  /** Scenarios passed by each. */
  passed: { a: number; b: number };
}

/** What the visitor read of a step: text, then `[transfer…]` or `[ErrorCode]`. */
export function stepText(step: StepReport): string {
  const got = step.got;
  if (!got) return "";
  const parts = [visibleText(got.messages)];
  if (got.instruction?.actionType === "TRANSFER_HUMAN") {
    const qno = got.instruction.actionData.qno;
    parts.push(qno === undefined ? "[transfer to a human]" : `[transfer to queue ${qno}]`);
  }
  if (got.error) parts.push(`[${got.error.code}]`);
  return parts.filter(Boolean).join("\n");
}

function side(step: StepReport | undefined): StepSide | null {
  if (!step) return null;
  return {
    passed: step.passed,
    elapsedMs: step.got ? Math.round(step.got.elapsedMs) : null,
    text: stepText(step),
    failures: step.failures,
  };
}

const stepsOf = (r: ScenarioReport) => [...(r.open ? [r.open] : []), ...r.steps];

/** One scenario's row: its steps matched by position (the same scenario ran on both). */
export function scenarioRow(a: ScenarioReport, b: ScenarioReport): ScenarioRow {
  const stepsA = stepsOf(a), stepsB = stepsOf(b);
  const steps = Array.from({ length: Math.max(stepsA.length, stepsB.length) }, (_, i) => {
    const sideA = side(stepsA[i]), sideB = side(stepsB[i]);
    const textA = sideA?.text ?? "", textB = sideB?.text ?? "";
    return {
      step: (stepsA[i] ?? stepsB[i]).name,
      a: sideA,
      b: sideB,
      diff: textA === textB ? null : diffText(textA, textB),
      regression: (sideA?.passed ?? false) && !(sideB?.passed ?? false),
    };
  });
  return {
    scenario: a.variant ? `${a.name} (${a.variant.step}: "${a.variant.text}")` : a.name,
    a: { passed: a.passed, elapsedMs: Math.round(a.elapsedMs) },
    b: { passed: b.passed, elapsedMs: Math.round(b.elapsedMs) },
    steps,
    regression: steps.some((s) => s.regression),
    reports: { a, b },
  };
}

/**
 * A report as the rows it makes: itself, or for a scenario with several phrasings its first case
 * (every first phrasing, its own verdict) and then each further phrasing's case.
 */
function casesOf(report: ScenarioReport): ScenarioReport[] {
  if (!report.cases) return [report];
  const { cases, phrasings: _, ...first } = report;
  const passed = (first.open?.passed ?? true) && first.steps.every((step) => step.passed);
  return [{ ...first, passed }, ...cases];
}

export function comparison(
  agents: { a: string; b: string },
  pairs: { a: ScenarioReport; b: ScenarioReport }[],
): Comparison {
  const scenarios = pairs.flatMap(({ a, b }) => {
    const casesB = casesOf(b);
    // A run B could not start has one report: it stands for each of A's cases.
    return casesOf(a).map((caseA, i) => scenarioRow(caseA, casesB[i] ?? casesB[0]));
  });
  return {
    agents,
    scenarios,
    regressions: scenarios.flatMap((s) => s.steps).filter((s) => s.regression).length,
    passed: {
      a: scenarios.filter((s) => s.a.passed).length,
      b: scenarios.filter((s) => s.b.passed).length,
    },
  };
}

/** Runs every scenario against robot A, then B, one scenario at a time. */
export async function runComparison(
  gateway: GatewayStore,
  scenarios: Scenario[],
  robots: { a: string; b: string },
  labels: { a: string; b: string },
): Promise<Comparison> {
  const pairs = [];
  for (const scenario of scenarios) {
    const run = (robotId: string) =>
      runScenario(gateway, scenario, robotId).catch((error) =>
        notRunReport(scenario.name, robotId, (error as Error)?.message ?? String(error))
      );
    const a = await run(robots.a);
    const b = await run(robots.b);
    pairs.push({ a, b });
  }
  return comparison(labels, pairs);
}

const verdict = (side: { passed: boolean; elapsedMs: number | null } | null) =>
  side ? `${side.passed ? "PASS" : "FAIL"} ${side.elapsedMs ?? "-"} ms` : "(no step)";
/** `text` under a label: the label on its first line, its other lines under the first. */
const labelled = (label: string, text: string) =>
  text.split("\n").map((l, i) => `      ${i ? " ".repeat(label.length) : label}${l}`.trimEnd())
    .join("\n");

/** The matrix in lines: a row per scenario and per step, the texts where they differ. */
export function comparisonText(result: Comparison): string {
  const lines = [`A: ${result.agents.a}`, `B: ${result.agents.b}`, ""];
  const row = (name: string, a: string, b: string, mark: string) =>
    `${name.slice(0, 44).padEnd(44)} ${a.padEnd(14)} ${b.padEnd(14)} ${mark}`.trimEnd();
  lines.push(row("scenario / step", "A", "B", ""));
  for (const s of result.scenarios) {
    lines.push(row(s.scenario, verdict(s.a), verdict(s.b), s.regression ? "REGRESSION" : ""));
    for (const step of s.steps) {
      const mark = step.regression ? "REGRESSION" : step.diff ? "text differs" : "";
      lines.push(row(`  ${step.step}`, verdict(step.a), verdict(step.b), mark));
      if (step.diff) {
        lines.push(labelled("A: ", step.a?.text ?? ""));
        lines.push(labelled("B: ", step.b?.text ?? ""));
        lines.push(labelled("≠  ", markedDiff(step.diff)));
      }
      if (step.regression) {
        for (const failure of step.b?.failures ?? []) lines.push(`      B failed: ${failure}`);
      }
    }
  }
  lines.push(
    "",
    `A passed ${result.passed.a} of ${result.scenarios.length}, B passed ${result.passed.b} of ${result.scenarios.length}; ${result.regressions} regression${
      result.regressions === 1 ? "" : "s"
    } (a step A passes and B fails)`,
  );
  return lines.join("\n");
}
