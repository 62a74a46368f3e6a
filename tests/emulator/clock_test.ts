import assert from "node:assert/strict";
import { Clock, parseTime } from "../../emulator/core/clock.ts";

const START = Date.UTC(2026, 0, 5, 1);

Deno.test("manual time moves only when told", () => {
  const clock = new Clock("manual", START);
  assert.equal(clock.now(), START);
  clock.advance(1500);
  assert.equal(clock.now(), START + 1500);
  clock.set(START - 60_000);
  assert.equal(clock.now(), START - 60_000, "time may be set back");
});

Deno.test("advance fires due timers in time order, ties in scheduling order, each at its time", () => {
  const clock = new Clock("manual", START);
  const seen: string[] = [];
  const at = (label: string, offset: number) =>
    clock.schedule(START + offset, () => seen.push(`${label}@${clock.now() - START}`));
  at("c", 300);
  at("a", 100);
  at("b1", 200);
  at("b2", 200);
  at("late", 10_000);
  assert.equal(clock.advance(300), 4);
  assert.deepEqual(seen, ["a@100", "b1@200", "b2@200", "c@300"]);
  assert.equal(clock.now(), START + 300);
  assert.equal(clock.status().pendingTimers, 1);
  assert.equal(clock.status().nextTimerAt, START + 10_000);
});

Deno.test("timers that timers schedule fire within the same advance when due", () => {
  const clock = new Clock("manual", START);
  const seen: number[] = [];
  const tick = () => {
    seen.push(clock.now() - START);
    if (seen.length < 5) clock.schedule(clock.now() + 100, tick);
  };
  clock.schedule(START + 100, tick);
  clock.advance(350);
  assert.deepEqual(seen, [100, 200, 300]);
  clock.advance(1000);
  assert.deepEqual(seen, [100, 200, 300, 400, 500]);
});

Deno.test("cancel, clear, a past timer, and a throwing timer", () => {
  const clock = new Clock("manual", START);
  const seen: string[] = [];
  const errors: unknown[] = [];
  clock.onTimerError = (e) => errors.push(e);
  const id = clock.schedule(START + 10, () => seen.push("cancelled"));
  clock.cancel(id);
  clock.cancel(id); // twice is harmless
  clock.schedule(START - 10, () => seen.push("past"));
  clock.schedule(START + 5, () => {
    throw new Error("boom");
  });
  clock.schedule(START + 20, () => seen.push("after"));
  assert.equal(clock.status().pendingTimers, 3);
  clock.advance(0);
  assert.deepEqual(seen, ["past"], "a timer already due fires at the next advance, even of 0 ms");
  clock.advance(100);
  assert.deepEqual(seen, ["past", "after"]);
  assert.equal(errors.length, 1);
  clock.schedule(START + 500, () => seen.push("never"));
  clock.clear();
  clock.advance(1000);
  assert.equal(seen.includes("never"), false);
  assert.equal(clock.status().pendingTimers, 0);
});

Deno.test("advanceTo and set forward fire what is due on the way", () => {
  const clock = new Clock("manual", START);
  let fired = 0;
  clock.schedule(START + 1000, () => fired++);
  assert.equal(clock.set(START + 2000), 1);
  assert.equal(fired, 1);
  assert.equal(clock.advanceTo(START), 0, "advancing to the past does not move time back");
  assert.equal(clock.now(), START + 2000);
});

Deno.test("a timer cannot advance the clock from inside", () => {
  const clock = new Clock("manual", START);
  const errors: unknown[] = [];
  clock.onTimerError = (e) => errors.push(e);
  clock.schedule(START + 1, () => clock.advance(10));
  clock.advance(5);
  assert.match(String(errors[0]), /inside a timer/);
});

Deno.test("real mode follows the wall clock, can be advanced, and fires timers by itself", async () => {
  const clock = new Clock("real");
  try {
    const before = clock.now();
    clock.advance(3_600_000);
    assert.ok(clock.now() - before >= 3_600_000);
    const fired = Promise.withResolvers<number>();
    clock.schedule(clock.now() + 20, () => fired.resolve(clock.now()));
    // The clock's wall timer is unref'd (it never holds a process open); a server would.
    const keepAlive = setTimeout(() => fired.reject(new Error("the timer did not fire")), 2000);
    const at = await fired.promise.finally(() => clearTimeout(keepAlive));
    assert.ok(at >= before + 3_600_000 + 20);
  } finally {
    clock.close();
  }
});

Deno.test("switching mode keeps the current virtual time", () => {
  const clock = new Clock("manual", START);
  clock.setMode("real");
  assert.ok(Math.abs(clock.now() - START) < 1000);
  clock.setMode("manual");
  const t = clock.now();
  assert.equal(clock.now(), t);
  clock.close();
});

Deno.test("parseTime takes ISO text and epoch milliseconds", () => {
  assert.equal(parseTime("2026-01-05T01:00:00Z"), START);
  assert.equal(parseTime(START), START);
  assert.equal(parseTime(String(START)), START);
  assert.equal(parseTime("yesterday"), undefined);
  assert.equal(parseTime(""), undefined);
});
