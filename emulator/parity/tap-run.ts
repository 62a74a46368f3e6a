/**
 * `ccemu parity TAPFILE`: the real gateway's pushes (a `ccemu tap` recording) against the pushes
 * ccemu's gateway makes for the same visitor messages, push by push (the open-session call with
 * the open-session call, the n-th message with the n-th), in the recording's order.
 */
import type { TapPush } from "../tap/pushes.ts";
import { type CapturedPush, startCaptureAgent } from "./capture-agent.ts";
import type { Comparison } from "./diff.ts";
import { comparePush, unmatchedPush } from "./push-diff.ts";
import type { ReportedResult } from "./report.ts";
import type { TapRecordingForParity } from "./tap-recording.ts";
import { replayVisitor } from "./tap-replay.ts";
import { control } from "./target.ts";
import type { Transformer } from "./transformers.ts";

export interface TapParityOptions {
  /** The ccemu whose gateway makes the pushes. */
  url: string;
  transformers: Transformer[];
  onResult?: (result: ReportedResult) => void;
}

const label = (p: { via: string; method: string; path: string }) =>
  `${p.via} ${p.method} ${p.path}`;

/** Each recorded push with ccemu's push of the same kind and rank, or why there is none. */
function compareRecorded(
  recording: TapRecordingForParity,
  captured: CapturedPush[],
  errors: (string | undefined)[],
  rules: Transformer[],
): ReportedResult[] {
  const rank = { open: 0, message: 0 };
  return recording.pushes.map((push: TapPush, i) => {
    const n = rank[push.via]++;
    const mine = captured.filter((c) => c.via === push.via)[n];
    let result: Comparison;
    if (mine) result = comparePush(push, mine, rules);
    else {
      const why = push.via === "message" ? errors[n] : undefined;
      const message = why ?? `ccemu made no ${push.via === "open" ? "open-session call" : "push"}`;
      const recorded = push.exchange.response?.status ?? 502;
      result = unmatchedPush("recorded", push.exchange.request.body, { recorded, message });
    }
    return {
      line: i + 1,
      where: `push ${i + 1}`,
      exchange: { operation: label(push) },
      result,
      elapsedMs: 0,
    };
  });
}

/** Pushes ccemu made beyond the recorded ones of their kind. */
function extraPushes(recording: TapRecordingForParity, captured: CapturedPush[]): ReportedResult[] {
  const recorded = (via: string) => recording.pushes.filter((p) => p.via === via).length;
  const seen = { open: 0, message: 0 };
  const extra = captured.filter((c) => seen[c.via]++ >= recorded(c.via));
  return extra.map((push) => {
    const i = captured.indexOf(push) + 1;
    return {
      line: i,
      where: `ccemu push ${i}, not recorded`,
      exchange: { operation: label(push) },
      result: unmatchedPush("replayed", push.body),
      elapsedMs: 0,
    };
  });
}

/** Runs the visitor's messages through ccemu, then compares; the results in the recording's order. */
export async function runTapParity(
  recording: TapRecordingForParity,
  options: TapParityOptions,
): Promise<ReportedResult[]> {
  const health = await control(options.url, "GET", "/_emulator/health");
  if (health.name !== "ccemu") throw new Error(`${options.url} answers, but is not a ccemu`);
  const replies = {
    open: recording.pushes.filter((p) => p.via === "open").map((p) => p.exchange),
    message: recording.pushes.filter((p) => p.via === "message").map((p) => p.exchange),
  };
  await using agent = startCaptureAgent(recording.openPath, replies);
  const { errors } = await replayVisitor(options.url, agent.url, recording);
  const results = [
    ...compareRecorded(recording, agent.pushes, errors, options.transformers),
    ...extraPushes(recording, agent.pushes),
  ];
  for (const result of results) options.onResult?.(result);
  return results;
}
