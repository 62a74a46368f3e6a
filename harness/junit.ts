/** JUnit XML for scenario reports: a test suite per scenario, a test case per step. */
import type { ScenarioReport } from "../emulator/scenarios/runner.ts";

/** XML 1.0 allows no control characters but tab, newline and carriage return. */
const allowed = (c: string) => c.charCodeAt(0) >= 0x20 || c === "\t" || c === "\n" || c === "\r";

const escape = (s: string) =>
  [...s].filter(allowed).join("").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

export function junitXml(reports: ScenarioReport[]): string {
  const suites = reports.map((report) => {
    const steps = [...(report.open ? [report.open] : []), ...report.steps];
    const cases = steps.map((step) => {
      const time = ((step.got?.elapsedMs ?? 0) / 1000).toFixed(3);
      const open = `    <testcase classname="${escape(report.name)}" name="${
        escape(step.name)
      }" time="${time}"`;
      if (step.passed) return `${open}/>`;
      const detail = step.failures.join("\n");
      return `${open}>\n      <failure message="${escape(step.failures[0] ?? "failed")}">${
        escape(detail)
      }</failure>\n    </testcase>`;
    });
    const failures = steps.filter((s) => !s.passed).length;
    return `  <testsuite name="${
      escape(report.name)
    }" tests="${steps.length}" failures="${failures}" time="${
      (report.elapsedMs / 1000).toFixed(3)
    }">\n${cases.join("\n")}\n  </testsuite>`;
  });
  const tests = reports.reduce((n, r) => n + r.steps.length + (r.open ? 1 : 0), 0);
  const failures = reports.reduce(
    (n, r) => n + r.steps.filter((s) => !s.passed).length + (r.open && !r.open.passed ? 1 : 0),
    0,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="ccemu scenarios" tests="${tests}" failures="${failures}">\n${
    suites.join("\n")
  }\n</testsuites>\n`;
}
