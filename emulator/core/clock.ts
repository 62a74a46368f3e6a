/**
 * The virtual clock. Every time read in ccemu goes through `now()`, and every timer (dialing,
 * expiries, scheduled starts) through `schedule()`, so that `advance()` can move time
 * deterministically. This is the only module that reads the wall clock.
 */

import { TimerHeap } from "./timer-heap.ts";

/** `real` follows the wall clock; `manual` moves only when told. */
export type ClockMode = "real" | "manual";

/** The clock as `/_emulator/clock` answers it. */
export interface ClockStatus {
  /** Real or manual. */
  mode: ClockMode;
  /** Its time, ms since the epoch. */
  now: number;
  /** Its time as ISO 8601. */
  iso: string;
  /** How many timers are scheduled. */
  pendingTimers: number;
  /** When the next one fires, or null. */
  nextTimerAt: number | null;
}

/** A timer that keeps rescheduling itself at the same instant would never let `advance` end. */
const MAX_TIMERS_PER_ADVANCE = 10_000_000;

/** The virtual clock: now, timers on it, and (manual) moved by advance and set. */
export class Clock {
  #mode: ClockMode;
  /** manual mode: the current time; real mode: the offset added to the wall clock. */
  #manualNow = 0;
  #offset = 0;
  #timers = new TimerHeap();
  /** Ids of timers not yet fired or cancelled; a cancelled timer stays in the heap until popped. */
  #live = new Set<number>();
  #nextId = 1;
  #wallTimer: ReturnType<typeof setTimeout> | undefined;
  #firing = false;
  /** Told when a timer throws, so one bad timer never stops the clock or the process. */
  onTimerError: (error: unknown) => void = () => {};
  /** Told after time moves or is set, so listeners (the live event stream) can announce it. */
  onChange: () => void = () => {};

  /** A clock in `mode`; a manual one starts at `start`. */
  constructor(mode: ClockMode = "real", start?: number) {
    this.#mode = mode;
    const wall = Date.now();
    if (mode === "manual") this.#manualNow = start ?? wall;
    else this.#offset = start === undefined ? 0 : start - wall;
  }

  /** Real or manual. */
  get mode(): ClockMode {
    return this.#mode;
  }

  /** The clock's time, ms since the epoch. */
  now(): number {
    return this.#mode === "manual" ? this.#manualNow : Date.now() + this.#offset;
  }

  /** Switches mode without a jump: the current virtual time carries over. */
  setMode(mode: ClockMode): void {
    if (mode === this.#mode) return;
    const current = this.now();
    this.#mode = mode;
    this.#setTime(current);
    this.#arm();
    this.onChange();
  }

  /** Sets the time. Moving forward fires the timers due on the way, as `advance` does. */
  set(to: number): number {
    checkTime(to);
    if (to > this.now()) return this.advanceTo(to);
    this.#setTime(to);
    this.#arm();
    this.onChange();
    return 0;
  }

  /** Schedules `fn` at virtual time `at`. A time already past fires at the next advance. */
  schedule(at: number, fn: () => void): number {
    const id = this.#nextId++;
    this.#timers.push({ id, at, fn });
    this.#live.add(id);
    this.#arm();
    return id;
  }

  /** Cancels a timer; one that fired or never was is ignored. */
  cancel(id: number): void {
    if (this.#live.delete(id)) this.#arm();
  }

  /** Drops every timer (reset and snapshot import rebuild the state the timers belonged to). */
  clear(): void {
    this.#timers.clear();
    this.#live.clear();
    this.#arm();
  }

  /** Moves time forward by `ms`, firing due timers in time order. Returns how many fired. */
  advance(ms: number): number {
    return this.advanceTo(this.now() + Math.max(0, ms));
  }

  /**
   * Moves time forward to `to`, firing every timer due by then in time order, including timers
   * that those timers schedule. While a timer runs, `now()` reads its scheduled time.
   */
  advanceTo(to: number): number {
    checkTime(to);
    if (this.#firing) throw new Error("the clock cannot be advanced from inside a timer");
    this.#firing = true;
    let fired = 0;
    try {
      const target = Math.max(to, this.now());
      for (let timer = this.#next(); timer && timer.at <= target; timer = this.#next()) {
        this.#timers.pop();
        this.#live.delete(timer.id);
        if (timer.at > this.now()) this.#setTime(timer.at);
        if (++fired > MAX_TIMERS_PER_ADVANCE) {
          throw new Error(`more than ${MAX_TIMERS_PER_ADVANCE} timers fired in one advance`);
        }
        try {
          timer.fn();
        } catch (error) {
          this.onTimerError(error);
        }
      }
      this.#setTime(target);
    } finally {
      this.#firing = false;
      this.#arm();
    }
    this.onChange();
    return fired;
  }

  /** The clock's mode, time and timers. */
  status(): ClockStatus {
    const now = this.now();
    return {
      mode: this.#mode,
      now,
      iso: new Date(now).toISOString(),
      pendingTimers: this.#live.size,
      nextTimerAt: this.#next()?.at ?? null,
    };
  }

  /** Measures real elapsed milliseconds (for durations in the journal, never for behaviour). */
  stopwatch(): () => number {
    const start = performance.now();
    return () => Math.round((performance.now() - start) * 1000) / 1000;
  }

  /** Stops the wall-clock timer so the process (or a test) can end. */
  close(): void {
    this.clear();
  }

  /** The earliest live timer, dropping cancelled ones that reached the top. */
  #next() {
    for (let top = this.#timers.peek(); top; top = this.#timers.peek()) {
      if (this.#live.has(top.id)) return top;
      this.#timers.pop();
    }
    return undefined;
  }

  #setTime(t: number): void {
    if (this.#mode === "manual") this.#manualNow = t;
    else this.#offset = t - Date.now();
  }

  /** In real mode one wall-clock timer waits for the earliest virtual timer. */
  #arm(): void {
    if (this.#wallTimer !== undefined) clearTimeout(this.#wallTimer);
    this.#wallTimer = undefined;
    const next = this.#next();
    if (this.#mode !== "real" || this.#firing || !next) return;
    const delay = Math.max(0, Math.min(next.at - this.now(), 2 ** 31 - 1));
    const wallTimer = setTimeout(() => {
      this.#wallTimer = undefined;
      this.advanceTo(this.now());
    }, delay);
    Deno.unrefTimer(wallTimer);
    this.#wallTimer = wallTimer;
  }
}

/**
 * The times ccemu accepts: 1970-01-01 to 9999-12-31 (UTC), whole milliseconds. The vendor writes
 * times as `yyyy-MM-dd` text, so four-digit years; and every time ccemu derives from one (an expiry
 * 30 days on, a window boundary) must still be a time a JavaScript Date can print.
 */
export const MIN_TIME = 0;
/** The latest time the clock may be set to: the last millisecond a four-digit year writes. */
export const MAX_TIME = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

const inRange = (t: number) => Number.isSafeInteger(t) && t >= MIN_TIME && t <= MAX_TIME;

/** A time outside the range is a caller's bug: refuse it before anything moves. */
function checkTime(t: number): void {
  if (!inRange(t)) throw new RangeError(`the clock cannot be set to ${t}: ${TIME_RULE}`);
}

/**
 * Parses a time given as epoch milliseconds (a number or a text of digits) or ISO 8601 text;
 * undefined when it is neither, not whole milliseconds, or outside MIN_TIME..MAX_TIME.
 */
export function parseTime(value: unknown): number | undefined {
  if (typeof value === "number") return inRange(value) ? value : undefined;
  if (typeof value !== "string" || value.trim() === "") return undefined;
  if (/^-?\d+$/.test(value)) {
    return value.length <= 16 && inRange(Number(value)) ? Number(value) : undefined;
  }
  const parsed = Date.parse(value);
  return inRange(parsed) ? parsed : undefined;
}

/** What a refused time is told: the forms and the range. */
export const TIME_RULE =
  "expected ISO 8601 time or whole epoch milliseconds, from 1970-01-01 to 9999-12-31";

/** The wall clock, for code that signs as a real client would (the harness client, the sign tool). */
export const wallNow = (): number => Date.now();

/** A monotonic reading in ms, for real-time limits (network time-outs), never for behaviour. */
export const monotonicNow = (): number => performance.now();

/**
 * Epoch milliseconds with sub-millisecond precision, comparable across processes on one machine:
 * stamps on live events for measuring delivery delays, never for behaviour.
 */
export const preciseWallNow = (): number => performance.timeOrigin + performance.now();
