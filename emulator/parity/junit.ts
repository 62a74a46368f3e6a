/**
 * `ccemu parity --junit FILE`: one suite for the recording, one test case per recorded exchange
 * (or per push of a tap recording).
 * A shape or status difference is a `<failure>`; a values difference passes (as the exit status
 * does) with its differences in `<system-out>`, so CI shows them without failing; an exchange not
 * replayed is `<skipped>`. harness/junit.ts writes neither `<skipped>` nor `<system-out>`, which is
 * why this writer is its own.
 */
import { escapeXml } from "../core/html.ts";
import { detailLines, failed, type ReportedResult, whereOf } from "./report.ts";

function testcase(suite: string, result: ReportedResult): string {
  const { outcome } = result.result;
  const open = `    <testcase classname="${escapeXml(suite)}" name="${
    escapeXml(`${whereOf(result)}: ${result.exchange.operation}`)
  }" time="${(result.elapsedMs / 1000).toFixed(3)}"`;
  const details = detailLines(result.result).join("\n");
  if (failed(result)) {
    return `${open}>\n      <failure message="${
      escapeXml(`${outcome}: ${details.split("\n")[0]}`)
    }">${escapeXml(details)}</failure>\n    </testcase>`;
  }
  if (outcome.startsWith("skipped")) {
    return `${open}>\n      <skipped message="${escapeXml(outcome)}"/>\n    </testcase>`;
  }
  if (outcome === "values differ") {
    return `${open}>\n      <system-out>${
      escapeXml(`values differ\n${details}`)
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
    `  <testsuite name="${escapeXml(suite)}" ${counts} time="${time}">\n` +
    results.map((r) => testcase(suite, r)).join("\n") +
    (results.length ? "\n" : "") + `  </testsuite>\n</testsuites>\n`;
}
