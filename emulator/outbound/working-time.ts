/**
 * Working windows (`workingTimeRuleList`): weekdays and `HH:mm` ranges in the tenant's time zone.
 * `weeks` counts 1 = Monday … 7 = Sunday (0 is also read as Sunday). A range's end is exclusive;
 * an end before its start runs past midnight. With no rules, ccemu dials every day 09:00–21:00.
 */
import { localDay, zonedTime } from "../core/zoned-time.ts";

export interface TimeRange {
  startTime: string;
  endTime: string;
}

export interface WorkingTimeRule {
  weeks: number[];
  timeRanges: TimeRange[];
}

export const DEFAULT_WORKING_TIME: WorkingTimeRule[] = [
  { weeks: [1, 2, 3, 4, 5, 6, 7], timeRanges: [{ startTime: "09:00", endTime: "21:00" }] },
];

const DAY = 86_400_000;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The windows, as [start, end) instants, of the local days from `from` for `days` days. */
function windows(
  rules: WorkingTimeRule[],
  from: number,
  days: number,
  timeZone: string,
): [number, number][] {
  const out: [number, number][] = [];
  for (let i = -1; i < days; i++) {
    const { y, m, d, weekday } = localDay(from + i * DAY, timeZone);
    for (const rule of rules) {
      if (!rule.weeks.some((w) => (w === 0 ? 7 : w) === weekday)) continue;
      for (const range of rule.timeRanges) {
        const start = minutesOf(range.startTime), end = minutesOf(range.endTime);
        const endMinutes = end > start ? end : end + 24 * 60;
        out.push([zonedTime(y, m, d, start, timeZone), zonedTime(y, m, d, endMinutes, timeZone)]);
      }
    }
  }
  return out.sort((a, b) => a[0] - b[0]);
}

export function inWindow(rules: WorkingTimeRule[], now: number, timeZone: string): boolean {
  return windows(rules, now, 1, timeZone).some(([start, end]) => start <= now && now < end);
}

/** The next instant after `now` at which `inWindow` changes, or null when it never does (in 8 days). */
export function nextBoundary(
  rules: WorkingTimeRule[],
  now: number,
  timeZone: string,
): number | null {
  const edges = windows(rules, now, 8, timeZone).flat().filter((t) => t > now).sort((a, b) =>
    a - b
  );
  const inside = inWindow(rules, now, timeZone);
  for (const edge of edges) if (inWindow(rules, edge, timeZone) !== inside) return edge;
  return null;
}
