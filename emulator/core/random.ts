/**
 * The seeded generator: the only source of randomness in ccemu besides the clock. Its whole state
 * is one 32-bit number, so a snapshot carries it and a replay continues the same sequence.
 */

export class Random {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A seed for runs without `--seed`: the one place entropy enters. */
  static freshSeed(): number {
    return crypto.getRandomValues(new Uint32Array(1))[0];
  }

  get state(): number {
    return this.#state;
  }

  set state(value: number) {
    this.#state = value >>> 0;
  }

  /** mulberry32: small, fast and well distributed enough for ids and test outcomes. */
  nextUint32(): number {
    this.#state = (this.#state + 0x6d2b79f5) >>> 0;
    let t = this.#state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.nextUint32() / 2 ** 32;
  }

  /** A version-4-shaped UUID, as the vendor's request ids look. */
  uuid(): string {
    const a = this.nextUint32(),
      b = this.nextUint32(),
      c = this.nextUint32(),
      d = this.nextUint32();
    return hex8(a) + "-" + hex8(b).slice(0, 4) + "-4" + hex8(b).slice(5) + "-" +
      hex8((c & 0x3fffffff) | 0x80000000).slice(0, 4) + "-" + hex8(c).slice(4) + hex8(d);
  }
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

function hex8(n: number): string {
  return HEX[n >>> 24] + HEX[(n >>> 16) & 0xff] + HEX[(n >>> 8) & 0xff] + HEX[n & 0xff];
}
