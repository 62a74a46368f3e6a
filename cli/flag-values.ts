/** Numbers and durations read from flags, refused as usage errors that name the flag. */
import { parseDuration } from "../emulator/agent-load/plan.ts";
import { UsageError } from "./command.ts";

/** A whole number flag within `min`..`max`; undefined when it is not given. */
export function integerFlag(
  flag: string,
  text: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < min || n > max) {
    throw new UsageError(`--${flag} must be a whole number from ${min} to ${max}, got "${text}"`);
  }
  return n;
}

/** A duration flag (`30s`, `1500ms`, `2m`, or seconds) in milliseconds, or `fallback`. */
export function durationFlag(flag: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const ms = parseDuration(text);
  if (ms === undefined || ms < 1) {
    throw new UsageError(`--${flag} must be a duration such as 30s, 1500ms or 2m, got "${text}"`);
  }
  return ms;
}
