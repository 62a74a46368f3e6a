/**
 * The Inspector's time range (as the Firebase Emulator Suite's logs filter by time): each bound
 * typed as the list shows times, in the tenant's zone — `2026-01-05 09:00`, with seconds or not,
 * or a day alone (`2026-01-05`: from its start, or to its end).
 */
import { zonedTime } from "../../emulator/core/zoned-time.ts";

const BOUND = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * The instant a bound names: undefined for an empty box, null for text that is not a time. A day
 * alone as the upper bound means up to that day's end.
 */
export function rangeBound(
  text: string,
  timeZone: string,
  upper: boolean,
): number | null | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const m = BOUND.exec(trimmed);
  if (!m) return null;
  const [y, mo, d] = [m[1], m[2], m[3]].map(Number);
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return null;
  if (m[4] === undefined) {
    const start = zonedTime(y, mo, d, 0, timeZone);
    return upper ? zonedTime(y, mo, d, 24 * 60, timeZone) - 1 : start;
  }
  const [h, mi, s] = [m[4], m[5], m[6] ?? "0"].map(Number);
  if (h > 23 || mi > 59 || s > 59) return null;
  // A bound without seconds covers its whole minute when it is the upper one.
  const extra = m[6] === undefined && upper ? 59_999 : upper ? 999 : 0;
  return zonedTime(y, mo, d, h * 60 + mi, timeZone) + s * 1000 + extra;
}
