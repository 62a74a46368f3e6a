/**
 * The scenario library as `/_emulator/scenarios` lists it: each scenario in a line, and the run
 * history with each run's outcome in numbers (a run's whole report is a request away).
 */
import type { ScenarioLibrary } from "./store.ts";

/**
 * Each scenario of the library: its name, description, number of steps, its own robot (null when
 * it names an agent by URL) and file.
 */
export function scenarioSummaries(library: ScenarioLibrary) {
  return library.files.map(({ file, scenario }) => ({
    name: scenario.name,
    description: scenario.description ?? "",
    steps: scenario.steps.length,
    robotId: "robotId" in scenario.robot ? scenario.robot.robotId : null,
    file,
  }));
}

/**
 * The runs kept, newest last; `failed` counts the failed steps and failed openings of every case
 * (one case unless a step has several phrasings).
 */
export function runSummaries(library: ScenarioLibrary) {
  return library.runs.map(({ run, at, report }) => ({
    run,
    at,
    name: report.name,
    robotId: report.robotId,
    sessionId: report.sessionId,
    passed: report.passed,
    steps: report.steps.length,
    // Every case's: a scenario with several phrasings fails in a case of its own.
    failed: [report, ...(report.cases ?? [])].reduce(
      (n, run) =>
        n + run.steps.filter((s) => !s.passed).length + (run.open && !run.open.passed ? 1 : 0),
      0,
    ),
    elapsedMs: report.elapsedMs,
  }));
}

/** A scenario as the Scenarios view lists it. */
export type ScenarioSummary = ReturnType<typeof scenarioSummaries>[number];
/** A run as the Scenarios view's history lists it. */
export type RunSummary = ReturnType<typeof runSummaries>[number];
