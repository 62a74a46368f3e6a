/**
 * The crawl's report: every path with its pushes, the dead ends, loops and transfers, the slowest
 * step, the findings, and where the bounds stopped it. `report.json` is this, as JSON.
 */
import type { Finding, ResponseMode } from "../gateway/schemas.ts";
import type { AgentTurn } from "../gateway/sessions.ts";
import { offeredOptions, visibleText } from "../scenarios/runner.ts";
import type { ScenarioInput } from "../scenarios/schemas.ts";
import { firstWords, typeKey } from "./seen-scenario.ts";

/** How a path ended. */
export type PathEnd =
  | "answer"
  | "transfer"
  | "dead end"
  | "loop"
  | "joined"
  | "depth"
  | "unstable";

/** What makes an option a dead end. */
export type DeadEnd = "error" | "nothing" | "same menu";

/** One push of a path, as the report keeps it. */
export interface CrawlStep {
  /** `open session`, `say "…"` or `click "…"`. */
  sent: string;
  elapsedMs: number;
  types: (number | string)[];
  /** The first words of the reply's text. */
  text: string;
  options: string[];
  transfer: boolean | { qno: string };
  error: { code: string; message: string } | null;
  findings: Finding[];
}

/** One path: the options clicked from the start, how it ended, its pushes, its scenario file. */
export interface CrawlPath {
  /** `path-001.json` (in the scenarios folder); null when no scenario was written (unstable). */
  file: string | null;
  clicks: string[];
  end: PathEnd;
  /** The dead end's kind, for `dead end`. */
  deadEnd?: DeadEnd;
  /** Why it ended, in a sentence. */
  detail: string;
  /** For a loop: the clicks to the menu it came back to (none: the start's). */
  backTo?: string[];
  steps: CrawlStep[];
}

/** How a path ends, as `classify` finds it. */
export type Ending = Pick<CrawlPath, "end" | "deadEnd" | "detail" | "backTo">;

/** The crawl's report: every path, the dead ends, loops and transfers, the slowest step, bounds. */
export interface CrawlReport {
  agent: { url: string; platform: string; openUrl: string | null; mode: ResponseMode };
  bounds: { depth: number; maxPaths: number; timeoutMs: number };
  /** What the visitor said first, and the options the start offered. */
  start: { said: string[]; options: string[] };
  paths: CrawlPath[];
  deadEnds: { path: string | null; clicks: string[]; kind: DeadEnd; detail: string }[];
  loops: { path: string | null; clicks: string[]; backTo: string[] }[];
  transfers: { path: string | null; clicks: string[]; qno: string | null }[];
  /** The push that took longest, on which path. */
  slowest: { clicks: string[]; sent: string; elapsedMs: number } | null;
  findings: { errors: number; warnings: number };
  /** Why the crawl stopped before clicking every option: `max-paths`, `timeout`; null: it did not. */
  stopped: "max-paths" | "timeout" | null;
  /** Options not clicked because of --max-paths or --timeout (the depth's are in its paths). */
  unexplored: number;
  pushes: number;
  elapsedMs: number;
  /** True when the start answered and no option was a dead end. */
  passed: boolean;
}

/** The crawl's outcome: the report and a scenario per path (by its file name). */
export interface CrawlResult {
  report: CrawlReport;
  scenarios: { file: string; scenario: ScenarioInput }[];
}

/** One push as the report keeps it. */
export function stepOf(sent: string, exchange: AgentTurn, elapsedMs: number): CrawlStep {
  const qno = exchange.instruction?.actionData.qno;
  return {
    sent,
    elapsedMs: Math.round(elapsedMs),
    types: exchange.messages.map(typeKey),
    text: firstWords(visibleText(exchange.messages)),
    options: offeredOptions(exchange.messages),
    transfer: exchange.instruction?.actionType === "TRANSFER_HUMAN"
      ? qno === undefined ? true : { qno }
      : false,
    error: exchange.error,
    findings: exchange.findings,
  };
}

/** The report of the paths found, with the crawl's counts. */
export function reportOf(
  given: Pick<CrawlReport, "agent" | "bounds">,
  found: Pick<CrawlReport, "paths" | "start" | "stopped" | "unexplored" | "slowest" | "pushes"> & {
    elapsedMs: number;
  },
): CrawlReport {
  const { paths } = found;
  const steps = paths.flatMap((p) => p.steps);
  const findings = steps.flatMap((s) => s.findings);
  const deadEnds = paths.filter((p) => p.end === "dead end").map((p) => ({
    path: p.file,
    clicks: p.clicks,
    kind: p.deadEnd!,
    detail: p.detail,
  }));
  return {
    ...given,
    start: found.start,
    paths,
    deadEnds,
    loops: paths.filter((p) => p.end === "loop").map((p) => ({
      path: p.file,
      clicks: p.clicks,
      backTo: p.backTo ?? [],
    })),
    transfers: paths.filter((p) => p.end === "transfer").map((p) => {
      const transfer = p.steps.at(-1)?.transfer;
      return {
        path: p.file,
        clicks: p.clicks,
        qno: typeof transfer === "object" ? transfer.qno : null,
      };
    }),
    slowest: found.slowest,
    findings: {
      errors: findings.filter((f) => f.severity === "error").length,
      warnings: findings.filter((f) => f.severity === "warning").length,
    },
    stopped: found.stopped,
    unexplored: found.unexplored,
    pushes: found.pushes,
    elapsedMs: Math.round(found.elapsedMs),
    passed: paths.length > 0 && deadEnds.length === 0,
  };
}
