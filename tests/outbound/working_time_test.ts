import assert from "node:assert/strict";
import {
  DEFAULT_WORKING_TIME,
  inWindow,
  nextBoundary,
} from "../../emulator/outbound/working-time.ts";
import { localDay, zonedTime } from "../../emulator/core/zoned-time.ts";

const SH = "Asia/Shanghai";
const at = (iso: string) => Date.parse(iso);
const WEEKDAYS = [{
  weeks: [1, 2, 3, 4, 5],
  timeRanges: [{ startTime: "09:00", endTime: "12:00" }, { startTime: "13:30", endTime: "18:00" }],
}];

Deno.test("local days and zoned times, also across a DST change", () => {
  assert.deepEqual(localDay(at("2026-01-05T01:00:00Z"), SH), { y: 2026, m: 1, d: 5, weekday: 1 });
  assert.deepEqual(
    localDay(at("2026-01-04T17:00:00Z"), SH),
    { y: 2026, m: 1, d: 5, weekday: 1 },
    "01:00 Monday in Shanghai",
  );
  assert.equal(zonedTime(2026, 1, 5, 9 * 60, SH), at("2026-01-05T01:00:00Z"));
  // New York leaves DST on 2026-11-01: 09:00 is 13:00Z on Oct 31 and 14:00Z on Nov 2.
  assert.equal(zonedTime(2026, 10, 31, 9 * 60, "America/New_York"), at("2026-10-31T13:00:00Z"));
  assert.equal(zonedTime(2026, 11, 2, 9 * 60, "America/New_York"), at("2026-11-02T14:00:00Z"));
});

Deno.test("inside and outside windows: edges, weekdays, lunch break", () => {
  assert.equal(inWindow(WEEKDAYS, at("2026-01-05T01:00:00Z"), SH), true, "Monday 09:00 opens");
  assert.equal(inWindow(WEEKDAYS, at("2026-01-05T00:59:59Z"), SH), false);
  assert.equal(
    inWindow(WEEKDAYS, at("2026-01-05T04:00:00Z"), SH),
    false,
    "12:00 is the end, exclusive",
  );
  assert.equal(inWindow(WEEKDAYS, at("2026-01-05T05:30:00Z"), SH), true, "13:30");
  assert.equal(inWindow(WEEKDAYS, at("2026-01-10T03:00:00Z"), SH), false, "Saturday");
  assert.equal(
    inWindow(DEFAULT_WORKING_TIME, at("2026-01-10T03:00:00Z"), SH),
    true,
    "the default: every day 09–21",
  );
  assert.equal(inWindow(DEFAULT_WORKING_TIME, at("2026-01-10T13:00:00Z"), SH), false, "21:00");
});

Deno.test("a range past midnight, and Sunday as 0 or 7", () => {
  const night = [{ weeks: [0], timeRanges: [{ startTime: "22:00", endTime: "06:00" }] }];
  assert.equal(inWindow(night, at("2026-01-11T15:00:00Z"), SH), true, "Sunday 23:00");
  assert.equal(
    inWindow(night, at("2026-01-11T21:00:00Z"), SH),
    true,
    "Monday 05:00, still Sunday's window",
  );
  assert.equal(inWindow(night, at("2026-01-11T22:00:00Z"), SH), false, "Monday 06:00");
  const seven = [{ weeks: [7], timeRanges: [{ startTime: "22:00", endTime: "06:00" }] }];
  assert.equal(inWindow(seven, at("2026-01-11T15:00:00Z"), SH), true);
});

Deno.test("nextBoundary finds where dialing may start or must stop", () => {
  assert.equal(nextBoundary(WEEKDAYS, at("2026-01-05T00:00:00Z"), SH), at("2026-01-05T01:00:00Z"));
  assert.equal(nextBoundary(WEEKDAYS, at("2026-01-05T02:00:00Z"), SH), at("2026-01-05T04:00:00Z"));
  assert.equal(
    nextBoundary(WEEKDAYS, at("2026-01-09T11:00:00Z"), SH),
    at("2026-01-12T01:00:00Z"),
    "Friday evening to Monday",
  );
  const always = [{
    weeks: [1, 2, 3, 4, 5, 6, 7],
    timeRanges: [{ startTime: "00:00", endTime: "24:00" }],
  }];
  assert.equal(nextBoundary(always, at("2026-01-05T02:00:00Z"), SH), null, "never changes");
});
