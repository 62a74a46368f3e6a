/**
 * `ccemu parity`'s run: every recorded exchange, in order, sent again to a ccemu at its recorded
 * time on ccemu's virtual clock, and the answer compared with the recorded one.
 *
 * The clock: a request is signed with its recorded time and ccemu's clock is set to that time just
 * before it, so signatures verify and answers that read "now" read what the tenant read. A ccemu
 * on the real clock is switched to manual for the run; at its end the clock goes back to its mode
 * and to the time it would read had it not been touched (a manual one to where it was).
 */
import { monotonicNow } from "../core/clock.ts";
import type { RecordingLine } from "../upstream/read-recording.ts";
import type { RecordedExchange } from "../upstream/record.ts";
import { compareAnswers, type Comparison } from "./diff.ts";
import { type SigningKey, Target } from "./target.ts";
import type { Transformer } from "./transformers.ts";

export type Skipped = "skipped (write)" | "skipped (no answer recorded)";

/** One recorded exchange's result. */
export interface ExchangeResult {
  /** Its line in the recording. */
  line: number;
  exchange: RecordedExchange;
  /** The comparison, or why the exchange was not replayed. */
  result: Comparison | { outcome: Skipped };
  /** Real milliseconds the replayed request took (0 when skipped). */
  elapsedMs: number;
}

export interface ParityOptions {
  /** The ccemu to replay against. */
  url: string;
  key: SigningKey;
  /** Replay writes too, on a fresh state (the ccemu is reset first). */
  writes: boolean;
  transformers: Transformer[];
  /** Told of each result as it comes, to print it before the run ends. */
  onResult?: (result: ExchangeResult) => void;
  /** Told of something worth knowing before the results (a refused enterpriseId). */
  onNote?: (note: string) => void;
}

/** The enterpriseIds the recorded requests name (in a body or the query). */
function enterpriseIds(exchanges: RecordingLine[]): Set<string> {
  const ids = new Set<string>();
  for (const { exchange: { request } } of exchanges) {
    const query = request.query.enterpriseId;
    if (typeof query === "string") ids.add(query);
    try {
      const id = (JSON.parse(request.body ?? "null") as { enterpriseId?: unknown })?.enterpriseId;
      if (id !== undefined && id !== null) ids.add(String(id));
    } catch { /* a body that is not JSON names none */ }
  }
  return ids;
}

/** Says so when the recording names another enterprise than the key's: ccemu would refuse all. */
function noteEnterprise(target: Target, exchanges: RecordingLine[], options: ParityOptions) {
  const others = [...enterpriseIds(exchanges)].filter((id) => id !== target.enterpriseId);
  if (others.length === 0 || !target.enterpriseId) return;
  options.onNote?.(
    `the recording names enterpriseId ${others.join(", ")}, and key ${target.key.accessKeyId} is ` +
      `enterprise ${target.enterpriseId}'s: ccemu answers those requests UnauthorizedOperation. ` +
      `Sign with a key of that enterprise (--key, --secret; fixtures or POST /_emulator/keys).`,
  );
}

/** Replays one exchange, or says why not. */
async function replayOne(
  target: Target,
  line: RecordingLine,
  options: ParityOptions,
): Promise<ExchangeResult> {
  const { exchange } = line;
  const skip = (outcome: Skipped) => ({
    line: line.line,
    exchange,
    result: { outcome },
    elapsedMs: 0,
  });
  if (exchange.response === null) return skip("skipped (no answer recorded)");
  if (!options.writes && target.writes(exchange.operation)) return skip("skipped (write)");
  await target.setClock({ now: Date.parse(exchange.time) });
  const started = monotonicNow();
  const replayed = await target.send(exchange);
  const elapsedMs = monotonicNow() - started;
  return {
    line: line.line,
    exchange,
    result: compareAnswers(exchange.response, replayed, options.transformers),
    elapsedMs,
  };
}

/** Replays every exchange against the ccemu at `options.url`; the results in recording order. */
export async function runParity(
  exchanges: RecordingLine[],
  options: ParityOptions,
): Promise<ExchangeResult[]> {
  const target = await Target.connect(options.url, options.key);
  noteEnterprise(target, exchanges, options);
  if (options.writes) await target.reset();
  const before = await target.clock();
  const started = monotonicNow();
  if (before.mode === "real") await target.setClock({ mode: "manual" });
  const results: ExchangeResult[] = [];
  try {
    for (const line of exchanges) {
      const result = await replayOne(target, line, options);
      results.push(result);
      options.onResult?.(result);
    }
  } finally {
    const now = before.mode === "real" ? before.now + (monotonicNow() - started) : before.now;
    await target.setClock({ now: Math.round(now), mode: before.mode });
  }
  return results;
}
