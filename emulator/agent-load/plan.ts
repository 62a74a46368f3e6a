/**
 * What a load run is asked to do, and its caps: how many visitors, for how long, how fast they
 * arrive, the p95 budget, and the agent it may push to (one, named by its URL). A plan outside the
 * caps is refused before anything is pushed.
 */
import { ApiError } from "../core/errors.ts";

/**
 * The caps of one load run. 500 visitors is past what one ccemu process drives on a 2-core
 * machine before its own CPU, not the agent, sets the pace (docs/agents.md gives the figures);
 * 10 minutes keeps every latency of the run in memory (a few MB at thousands of pushes a second).
 */
export const LOAD_CAPS = {
  visitors: { min: 1, max: 500 },
  durationMs: { min: 100, max: 600_000 },
  /** A budget or a time-out: from 1 ms to the gateway's push deadline's default (300 s). */
  budgetMs: { min: 1, max: 300_000 },
} as const;

/** How long a loop under way may go on past the duration before its session is closed. */
export const DRAIN_MS = 10_000;

/** The agent a load pushes to: its message URL, its way, its open-session URL and token. */
export interface LoadTarget {
  url: string;
  platform: "Default" | "PlatformA";
  openUrl?: string;
  token?: string;
}

export interface LoadPlan {
  /** Concurrent visitors, each running the scenarios in a loop. */
  visitors: number;
  /** How long new loops start, in real milliseconds. */
  durationMs: number;
  /** Visitors start evenly over this many milliseconds (0: all at once). */
  rampMs: number;
  /** A step whose p95 reply time passes this fails; null: no budget. */
  budgetP95Ms: number | null;
  /** The robot's time-out for the load (blocking reply, stream silence); null: the gateway's. */
  timeoutMs: number | null;
}

/** Refuses a plan outside the caps, naming the field and the range. */
export function checkPlan(plan: LoadPlan): LoadPlan {
  const within = (field: string, value: number, { min, max }: { min: number; max: number }) => {
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new ApiError(
        "InvalidParameter",
        `${field}: must be an integer from ${min} to ${max}, got ${value}.`,
        field,
      );
    }
  };
  within("visitors", plan.visitors, LOAD_CAPS.visitors);
  within("durationMs", plan.durationMs, LOAD_CAPS.durationMs);
  within("rampMs", plan.rampMs, { min: 0, max: plan.durationMs });
  if (plan.budgetP95Ms !== null) within("budgetP95Ms", plan.budgetP95Ms, LOAD_CAPS.budgetMs);
  if (plan.timeoutMs !== null) within("timeoutMs", plan.timeoutMs, LOAD_CAPS.budgetMs);
  return plan;
}

/**
 * Refuses a target that is not one agent's HTTP URL: the load pushes to that URL (and its
 * open-session URL, on the same origin) and to nothing else, whatever robots the scenarios name.
 */
export function checkTarget(target: LoadTarget): LoadTarget {
  const refuse = (field: string, why: string) => {
    throw new ApiError("InvalidParameter", `${field}: ${why}`, field);
  };
  if (!URL.canParse(target.url)) refuse("agent", `"${target.url}" is not a URL.`);
  const url = new URL(target.url);
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    refuse("agent", `"${target.url}" is not an http(s) URL: the gateway pushes over HTTP.`);
  }
  if (target.openUrl !== undefined) {
    if (!URL.canParse(target.openUrl)) refuse("openUrl", `"${target.openUrl}" is not a URL.`);
    if (new URL(target.openUrl).origin !== url.origin) {
      refuse(
        "openUrl",
        `must be on the agent's origin (${url.origin}): the gateway pushes both to one domain, and a load pushes to no other.`,
      );
    }
  }
  return target;
}

/** `10s`, `1500ms`, `2m`, or a number of seconds, in milliseconds; undefined when unreadable. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(text.trim());
  if (!match) return undefined;
  const factor = { ms: 1, s: 1000, m: 60_000 }[match[2] ?? "s"]!;
  return Math.round(Number(match[1]) * factor);
}
