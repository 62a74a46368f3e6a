/**
 * A binary min-heap of timers ordered by time, then by scheduling order (so ties keep FIFO).
 * Not `@std/data-structures`' BinaryHeap: it is published on JSR only (`@jsr/std__data-structures`
 * is npm.jsr.io's, not the npm registry's: `npm view` answers 404), and the virtual clock needs
 * only push, peek and pop on one comparison.
 */

export interface Timer {
  /** Its scheduling order (ties at one time fire in it). */
  id: number;
  /** When it fires, ms. */
  at: number;
  /** What it runs. */
  fn: () => void;
}

const before = (a: Timer, b: Timer) => a.at < b.at || (a.at === b.at && a.id < b.id);

/** The clock's scheduled timers, earliest first. */
export class TimerHeap {
  #items: Timer[] = [];

  /** How many timers are scheduled. */
  get size(): number {
    return this.#items.length;
  }

  /** The earliest timer, left in place. */
  peek(): Timer | undefined {
    return this.#items[0];
  }

  /** Schedules a timer. */
  push(timer: Timer): void {
    const items = this.#items;
    items.push(timer);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(items[i], items[parent])) break;
      [items[i], items[parent]] = [items[parent], items[i]];
      i = parent;
    }
  }

  /** Takes the earliest timer out. */
  pop(): Timer | undefined {
    const items = this.#items;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    items[0] = last;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1, right = left + 1;
      let least = i;
      if (left < items.length && before(items[left], items[least])) least = left;
      if (right < items.length && before(items[right], items[least])) least = right;
      if (least === i) return top;
      [items[i], items[least]] = [items[least], items[i]];
      i = least;
    }
  }

  /** Drops every timer. */
  clear(): void {
    this.#items = [];
  }
}
