/**
 * `ccemu parity --junit FILE`: one suite for the recording, one test case per recorded exchange
 * (or per push of a tap recording).
 * A shape or status difference is a `<failure>`; a values difference passes (as the exit status
 * does) with its differences in `<system-out>`, so CI shows them without failing; an exchange not
 * replayed is `<skipped>`. harness/junit.ts writes neither `<skipped>` nor `<system-out>`, which is
 * why this writer is its own.
 */
import { detailLines, failed, type ReportedResult, whereOf } from "./report.ts";

/** XML 1.0 allows no control characters but tab, newline and carriage return. */
const allowed = (c: string) => c.charCodeAt(0) >= 0x20 || c === "\t" || c === "\n" || c === "\r";

const escape = (s: string) =>
  [...s].filter(allowed).join("").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");

function testcase(suite: string, result: ReportedResult): string {
  const { outcome } = result.result;
  const open = `    <testcase classname="${escape(suite)}" name="${
    escape(`${whereOf(result)}: ${result.exchange.operation}`)
  }" time="${(result.elapsedMs / 1000).toFixed(3)}"`;
  const details = detailLines(result.result).join("\n");
  if (failed(result)) {
    return `${open}>\n      <failure message="${escape(`${outcome}: ${details.split("\n")[0]}`)}">${
      escape(details)
    }</failure>\n    </testcase>`;
  }
  if (outcome.startsWith("skipped")) {
    return `${open}>\n      <skipped message="${escape(outcome)}"/>\n    </testcase>`;
  }
  if (outcome === "values differ") {
    return `${open}>\n      <system-out>${
      escape(`values differ\n${details}`)
    }</system-out>\n    </testcase>`;
  }
  return `${open}/>`;
}

/** The whole report; `file` (the recording) names the suite. */
export function parityJunit(file: string, results: ReportedResult[]): string {
  const suite = `ccemu parity ${file}`;
  const failures = results.filter(failed).length;
  const skipped = results.filter((r) => r.result.outcome.startsWith("skipped")).length;
  const time = (results.reduce((sum, r) => sum + r.elapsedMs, 0) / 1000).toFixed(3);
  const counts = `tests="${results.length}" failures="${failures}" skipped="${skipped}"`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="ccemu parity" ${counts}>\n` +
    `  <testsuite name="${escape(suite)}" ${counts} time="${time}">\n` +
    results.map((r) => testcase(suite, r)).join("\n") +
    (results.length ? "\n" : "") + `  </testsuite>\n</testsuites>\n`;
}
