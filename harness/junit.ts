/**
 * JUnit XML, which CI systems read: suites of test cases, each passed or failed with its reasons.
 * Scenario reports give a suite per scenario (a case per step); the callback check a suite per
 * task (a case per finished call).
 */
import { escapeXml } from "../emulator/core/html.ts";
import type { CallbackCheck } from "../emulator/outbound/callback-urls.ts";
import type { ScenarioReport } from "../emulator/scenarios/runner.ts";
import { caseLabel, phrasingLine } from "../emulator/scenarios/variants.ts";

/** One test case of a JUnit report. */
export interface JunitCase {
  /** Its name. */
  name: string;
  /** Seconds. */
  time?: number;
  /** Why it failed; none when it passed. */
  failures: string[];
}

/** One test suite of a JUnit report. */
export interface JunitSuite {
  /** Its name. */
  name: string;
  /** Seconds it took. */
  time?: number;
  /** Its cases. */
  cases: JunitCase[];
  /** Lines CI shows with the suite (`<system-out>`), e.g. "ask: 3 of 4 phrasings passed". */
  out?: string[];
}

const failed = (c: JunitCase) => c.failures.length > 0;

/** The JUnit XML of `suites` under `name`, as CI servers read it. */
export function junitXml(name: string, suites: JunitSuite[]): string {
  const body = suites.map((suite) => {
    const cases = suite.cases.map((c) => {
      const open = `    <testcase classname="${escapeXml(suite.name)}" name="${
        escapeXml(c.name)
      }" time="${(c.time ?? 0).toFixed(3)}"`;
      if (!failed(c)) return `${open}/>`;
      return `${open}>\n      <failure message="${escapeXml(c.failures[0])}">${
        escapeXml(c.failures.join("\n"))
      }</failure>\n    </testcase>`;
    });
    const out = suite.out?.length
      ? `\n    <system-out>${escapeXml(suite.out.join("\n"))}</system-out>`
      : "";
    return `  <testsuite name="${escapeXml(suite.name)}" tests="${suite.cases.length}" failures="${
      suite.cases.filter(failed).length
    }" time="${(suite.time ?? 0).toFixed(3)}">\n${cases.join("\n")}${out}\n  </testsuite>`;
  });
  const all = suites.flatMap((s) => s.cases);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="${
    escapeXml(name)
  }" tests="${all.length}" failures="${all.filter(failed).length}">\n${
    body.join("\n")
  }\n</testsuites>\n`;
}

/** One run's suite: a case per step (the open step first, when there is one). */
function caseSuite(report: ScenarioReport, name: string): JunitSuite {
  return {
    name,
    time: report.elapsedMs / 1000,
    cases: [...(report.open ? [report.open] : []), ...report.steps].map((step) => ({
      name: step.name,
      time: (step.got?.elapsedMs ?? 0) / 1000,
      failures: step.passed ? [] : step.failures.length ? step.failures : ["failed"],
    })),
  };
}

/**
 * A suite per scenario, a case per step (the open step first, when there is one). A scenario with
 * several phrasings adds a suite per further phrasing (`refunds [ask, phrasing 2 of 4 "…"]`), and
 * its first suite says in `<system-out>` how many phrasings of each step passed.
 */
export function scenarioSuites(reports: ScenarioReport[]): JunitSuite[] {
  return reports.flatMap((report) => {
    const first = caseSuite(report, report.name);
    if (!report.cases) return [first];
    first.time = (report.elapsedMs - report.cases.reduce((t, c) => t + c.elapsedMs, 0)) / 1000;
    first.out = (report.phrasings ?? []).map(phrasingLine);
    return [
      first,
      ...report.cases.map((c) => caseSuite(c, `${report.name} [${caseLabel(c.variant!)}]`)),
    ];
  });
}

/** A suite per task, a case per finished call. */
export function callbackSuites(checks: CallbackCheck[]): JunitSuite[] {
  return checks.map((check) => ({
    name: `callbacks of task ${check.callJobId}`,
    cases: check.calls.map((call) => ({
      name: `call ${call.callInstanceId} (${call.customerTelephone}) reached the receiver once`,
      failures: call.problem ? [call.problem] : [],
    })),
  }));
}
