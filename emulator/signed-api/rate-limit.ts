/**
 * Per-key request limits. The vendor does not publish its threshold (spec part 8), so a key may
 * carry `rateLimit: { requests, perSeconds }`, counted in fixed windows of the virtual clock: the
 * count restarts when `now` enters a new window, which keeps the outcome deterministic under
 * `--clock manual`.
 */

export interface RateLimit {
  requests: number;
  perSeconds: number;
}

export class RateLimiter {
  #windows = new Map<string, { start: number; count: number }>();

  /** Counts one request for `key`; false when it is over the limit (and then it is not counted). */
  take(key: string, limit: RateLimit, now: number): boolean {
    const size = limit.perSeconds * 1000;
    const start = Math.floor(now / size) * size;
    const window = this.#windows.get(key);
    if (!window || window.start !== start) {
      this.#windows.set(key, { start, count: 1 });
      return true;
    }
    if (window.count >= limit.requests) return false;
    window.count++;
    return true;
  }

  /** Seconds until the window that refused a request ends (for the message). */
  retryAfter(limit: RateLimit, now: number): number {
    const size = limit.perSeconds * 1000;
    return Math.ceil((Math.floor(now / size) * size + size - now) / 1000);
  }

  clear(): void {
    this.#windows.clear();
  }
}
