/** The crawl report as people read it: a line per path, then dead ends, loops, transfers, bounds. */
import type { CrawlPath, CrawlReport } from "./crawl-report.ts";

const trail = (clicks: string[]) => (clicks.length ? clicks.join(" › ") : "the start");
const count = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;

const seconds = (
  ms: number,
) => (ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`);

function pathLine(path: CrawlPath): string {
  const end = path.end === "dead end" ? `dead end (${path.deadEnd})` : path.end;
  return `  ${end.padEnd(20)} ${(path.file ?? "-").padEnd(13)} ${
    trail(path.clicks)
  }: ${path.detail}`;
}

/** The summary `ccemu crawl` prints; `folder` is where the scenarios were written. */
export function crawlSummary(report: CrawlReport, folder: string): string {
  const { agent, bounds } = report;
  const lines = [
    `ccemu crawl: ${agent.url} (${agent.platform} way, ${agent.mode}), depth ${bounds.depth}, at most ${bounds.maxPaths} paths in ${
      seconds(bounds.timeoutMs)
    }`,
    `start: ${
      report.start.said.length
        ? `said ${report.start.said.map((s) => `"${s}"`).join(", ")}`
        : "the open-session reply"
    }; ${report.start.options.length} options offered`,
    `${count(report.paths.length, "path")} (${
      count(report.pushes, "push")
        .replace("pushs", "pushes")
    } in ${seconds(report.elapsedMs)}):`,
    ...report.paths.map(pathLine),
  ];
  const written = report.paths.filter((p) => p.file).length;
  lines.push(
    `dead ends: ${report.deadEnds.length}; loops: ${report.loops.length}; transfers: ${report.transfers.length}; findings: ${report.findings.errors} errors, ${report.findings.warnings} warnings`,
  );
  if (report.slowest) {
    lines.push(
      `slowest step: ${seconds(report.slowest.elapsedMs)}, ${report.slowest.sent} (${
        trail(report.slowest.clicks)
      })`,
    );
  }
  if (report.stopped) {
    lines.push(
      `stopped at --${report.stopped}: ${report.unexplored} options not clicked`,
    );
  }
  lines.push(`${count(written, "scenario")} in ${folder} (replay: ccemu replay ${folder})`);
  lines.push(
    report.passed
      ? "PASSED: no dead end"
      : report.paths.length === 0
      ? "FAILED: the crawl found no path"
      : `FAILED: ${count(report.deadEnds.length, "dead end")}`,
  );
  return lines.join("\n");
}
