/**
 * `ccemu parity`'s report: a line per recorded exchange with its outcome, the differences under
 * it (JSON path, both values, long ones cut), the counts, and JUnit XML for CI.
 */
import type { Comparison, Difference } from "./diff.ts";
import { TextBody, typeOf } from "./diff.ts";
import type { ExchangeResult } from "./run.ts";

/**
 * What a report line is made of: a replayed exchange (run.ts) or a compared push (tap-run.ts), so
 * that both modes print, count and fail the same way.
 */
export interface ReportedResult {
  line: number;
  /** Where in FILE, when not `line N` (a push of a tap recording: `push 2`). */
  where?: string;
  exchange: { operation: string };
  result: ExchangeResult["result"];
  elapsedMs: number;
}

/** `line 3`, or what the result says of itself. */
export const whereOf = (result: ReportedResult) => result.where ?? `line ${result.line}`;

/** Differences listed under one exchange; the rest are counted, so one bad list stays readable. */
const MAX_LISTED = 20;
/** A value longer than this is cut, with an ellipsis. */
const MAX_VALUE = 80;

const cut = (text: string, max = MAX_VALUE) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

function shown(value: unknown): string {
  return cut(
    value instanceof TextBody ? `text ${JSON.stringify(value.text)}` : JSON.stringify(value),
  );
}

/** `string "abc"`, `number 5`; null and text as `shown` writes them, which names their type. */
const typed = (value: unknown) =>
  value === null || value instanceof TextBody ? shown(value) : `${typeOf(value)} ${shown(value)}`;

/** One difference as a line, without its indent. */
export function describeDifference(d: Difference): string {
  if (!d.replayed) return `${d.path}: only in the recording: ${shown(d.recorded!.value)}`;
  if (!d.recorded) return `${d.path}: only in ccemu: ${shown(d.replayed.value)}`;
  const [a, b] = [d.recorded.value, d.replayed.value];
  if (d.kind === "type") {
    return `${d.path}: type differs: recorded ${typed(a)}, ccemu ${typed(b)}`;
  }
  return `${d.path}: recorded ${shown(a)}, ccemu ${shown(b)}`;
}

/** The status line of a status difference: both statuses, both codes, ccemu's message. */
function describeStatus(status: NonNullable<Comparison["status"]>): string {
  const side = (code: number | null, error?: string) =>
    code === null ? "no answer" : `${code}${error ? ` ${error}` : ""}`;
  const message = status.message ? ` (${cut(status.message, 160)})` : "";
  return `status: recorded ${side(status.recorded, status.recordedCode)}, ccemu ${
    side(status.replayed, status.replayedCode)
  }${message}`;
}

/** What lies under an exchange's line: its differences, or its status difference. */
export function detailLines(result: ExchangeResult["result"]): string[] {
  if (!("differences" in result)) return [];
  const lines = result.status ? [describeStatus(result.status)] : [];
  lines.push(...result.differences.slice(0, MAX_LISTED).map(describeDifference));
  const more = result.differences.length - MAX_LISTED;
  if (more > 0) lines.push(`… and ${more} more difference${more === 1 ? "" : "s"}`);
  return lines;
}

/** `values differ   POST /gateway/robot_list  (line 3)` and the differences under it. */
export function resultLines(result: ReportedResult): string[] {
  const head = `${result.result.outcome.padEnd(15)} ${result.exchange.operation}  (${
    whereOf(result)
  })`;
  return [head, ...detailLines(result.result).map((line) => `    ${line}`)];
}

/** How many of each outcome; skipped exchanges are counted apart. */
export function counts(results: ReportedResult[]) {
  const n = (outcome: string) => results.filter((r) => r.result.outcome === outcome).length;
  return {
    same: n("same"),
    shape: n("shape differs"),
    values: n("values differ"),
    status: n("status differs"),
    writes: n("skipped (write)"),
    unanswered: n("skipped (no answer recorded)"),
  };
}

/** The last lines: skipped exchanges (when any), then `N same, N shape differs, …`. */
export function summaryLines(results: ReportedResult[]): string[] {
  const c = counts(results);
  const skipped = c.writes + c.unanswered;
  return [
    ...(skipped
      ? [`${skipped} skipped (${c.writes} write, ${c.unanswered} no answer recorded)`]
      : []),
    `${c.same} same, ${c.shape} shape differs, ${c.values} values differ, ${c.status} status differs`,
  ];
}

/** A shape or status difference fails the run; values differences and skipped ones do not. */
export const failed = (result: ReportedResult): boolean =>
  result.result.outcome === "shape differs" || result.result.outcome === "status differs";
