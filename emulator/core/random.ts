/**
 * The seeded generator: the only source of randomness in ccemu besides the clock. Its whole state
 * is one 32-bit number, so a snapshot carries it and a replay continues the same sequence.
 */

export class Random {
  #state: number;

  /** A source started from `seed`: the same seed gives the same numbers. */
  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  /** A seed for runs without `--seed`: the one place entropy enters. */
  static freshSeed(): number {
    return crypto.getRandomValues(new Uint32Array(1))[0];
  }

  /** Where the sequence stands, for a snapshot to restore. */
  get state(): number {
    return this.#state;
  }

  set state(value: number) {
    this.#state = value >>> 0;
  }

  /** mulberry32 (its published form, `t` and all): small, fast and well distributed enough for ids and test outcomes. */
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
    // As int32s (the same bits, which is all putHex reads): a uint32 past 2^31 was a boxed
    // number on its way into putHex.
    const a = this.nextUint32() | 0,
      b = this.nextUint32() | 0,
      c = this.nextUint32() | 0,
      d = this.nextUint32() | 0;
    // xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx: b's fifth digit gives way to the version 4, c's
    // first to the variant (its two top bits set to 10).
    putHex(a, 0, 0, 8);
    putHex(b, 0, 9, 4);
    UUID[14] = 0x34; // "4"
    putHex(b, 5, 15, 3);
    putHex((c & 0x3fffffff) | 0x80000000, 0, 19, 4);
    putHex(c, 4, 24, 4);
    putHex(d, 0, 28, 8);
    // Each character an argument: `apply` with the array made a 36-element list of it first.
    const U = UUID;
    // deno-fmt-ignore
    return String.fromCharCode(
      U[0], U[1], U[2], U[3], U[4], U[5], U[6], U[7], U[8], U[9], U[10], U[11],
      U[12], U[13], U[14], U[15], U[16], U[17], U[18], U[19], U[20], U[21], U[22], U[23],
      U[24], U[25], U[26], U[27], U[28], U[29], U[30], U[31], U[32], U[33], U[34], U[35],
    );
  }
}

/**
 * A UUID's characters, dashes in place: written digit by digit and made one string, not joined
 * from pieces. A string built with `+` is a tree of pieces in V8, and one such string in a
 * journal entry takes JSON.stringify off its fast path for the whole entry.
 */
// A scratch buffer, filled and read within one call that never awaits: emulators may share it.
const UUID = new Uint8Array(36).fill(0x2d); // "-"
const HEX_DIGITS = new TextEncoder().encode("0123456789abcdef");

/** Writes `count` hex digits of `n`, from its digit `from` (0 is the highest), at `at`. */
function putHex(n: number, from: number, at: number, count: number): void {
  for (let i = 0; i < count; i++) UUID[at + i] = HEX_DIGITS[(n >>> (28 - 4 * (from + i))) & 0xf];
}
