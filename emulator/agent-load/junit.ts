/**
 * `ccemu load --out DIR` writes `junit.xml`: a suite per scenario, a case per step. A step whose
 * p95 passes the budget (or whose pushes failed) is a `<failure>`; every case carries its figures
 * in `<system-out>`, so CI shows the latencies of the steps that passed too. Its own writer, as
 * parity's is: harness/junit.ts writes no `<system-out>`.
 */
import { escapeXml } from "../core/html.ts";
import type { LoadReport, StepVerdict } from "./report.ts";

function figures(step: StepVerdict): string {
  const { reply, firstChunk } = step;
  return [
    `pushes ${step.pushes}`,
    `reply p50 ${reply.p50} ms, p95 ${reply.p95} ms, p99 ${reply.p99} ms, max ${reply.max} ms`,
    ...(firstChunk.count
      ? [`first chunk p50 ${firstChunk.p50} ms, p95 ${firstChunk.p95} ms, p99 ${firstChunk.p99} ms`]
      : []),
    `time-outs ${step.timeouts}, failed checks ${step.failedChecks}`,
  ].join("\n");
}

function testcase(step: StepVerdict): string {
  const seconds = ((step.reply.p95 ?? 0) / 1000).toFixed(3);
  const open = `    <testcase classname="${escapeXml(step.scenario)}" name="${
    escapeXml(step.step)
  }" time="${seconds}">`;
  const failure = step.passed
    ? ""
    : `\n      <failure message="${escapeXml(step.failures[0])}">${
      escapeXml(step.failures.join("\n"))
    }</failure>`;
  return `${open}${failure}\n      <system-out>${
    escapeXml(figures(step))
  }</system-out>\n    </testcase>`;
}

/** The report as JUnit XML; a case's time is its p95 reply time. */
export function loadJunit(report: LoadReport): string {
  const scenarios = [...new Set(report.steps.map((s) => s.scenario))];
  const suites = scenarios.map((scenario) => {
    const steps = report.steps.filter((s) => s.scenario === scenario);
    const failures = steps.filter((s) => !s.passed).length;
    return `  <testsuite name="${
      escapeXml(`load: ${scenario}`)
    }" tests="${steps.length}" failures="${failures}">\n` +
      steps.map(testcase).join("\n") + `\n  </testsuite>`;
  });
  const tests = report.steps.length, failures = report.steps.filter((s) => !s.passed).length;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="${
    escapeXml(`ccemu load ${report.target.url}`)
  }" tests="${tests}" failures="${failures}">\n${suites.join("\n")}${
    suites.length ? "\n" : ""
  }</testsuites>\n`;
}
