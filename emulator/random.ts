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
    const hex = Array.from({ length: 4 }, () => this.nextUint32().toString(16).padStart(8, "0"))
      .join("");
    const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${
      hex.slice(17, 20)
    }-${hex.slice(20, 32)}`;
  }
}
