/**
 * Writes JSON straight into a journal segment: byte for byte what `JSON.stringify` and UTF-8 would
 * make of the same value (a property test compares them), without the string in between. A signed
 * call's entry was a kilobyte of JSON text and the objects it was built from, made only to be
 * encoded into the segment and dropped; written here, its strings go from where they already are
 * (the URL, the headers, the request id) to the segment's bytes.
 */

/** A value the writer does not handle (`toJSON`, a BigInt): the caller falls back to JSON.stringify. */
export class Unwritable extends Error {}

const HEX = "0123456789abcdef";

/** Writes into `bytes` from `at`; `full` once something did not fit before `limit`. */
export class JsonWriter {
  /** The bytes written into. */
  bytes: Uint8Array = new Uint8Array(0);
  /** Where the next byte goes. */
  at = 0;
  /** Where writing must stop. */
  limit = 0;
  /** Set once something did not fit before `limit`. */
  full = false;

  /** Starts writing into `bytes` at `at`. */
  start(bytes: Uint8Array, at: number): void {
    this.bytes = bytes;
    this.at = at;
    this.limit = bytes.length;
    this.full = false;
  }

  /** Lets go of the segment, so that a writer kept between entries does not keep one alive. */
  release(): void {
    this.bytes = EMPTY;
  }

  /** Room for `n` more bytes, or `full` set. */
  #room(n: number): boolean {
    if (this.at + n <= this.limit) return true;
    this.full = true;
    return false;
  }

  /** Pre-encoded bytes: the fixed parts of an entry (`{"id":`, `,"kind":"exchange"`). */
  token(token: Uint8Array): void {
    if (!this.#room(token.length)) return;
    this.bytes.set(token, this.at);
    this.at += token.length;
  }

  /** One byte (punctuation: `{`, `,`, `:`). */
  byte(code: number): void {
    if (this.#room(1)) this.bytes[this.at++] = code;
  }

  /** A JSON string: quoted, escaped as JSON.stringify escapes (a lone surrogate as `\udxxx`). */
  string(text: string): void {
    if (!this.#room(2 + text.length * 6)) return;
    this.bytes[this.at++] = 0x22;
    this.#utf8(text);
    this.bytes[this.at++] = 0x22;
  }

  /**
   * Text as TextEncoder encodes it (a lone surrogate as U+FFFD): a body, after the JSON. Always
   * the native encoder: a body's text is often pieced together (a cons string) or cut from a longer
   * one (a sliced string), which an optimized `charCodeAt` loop reads several times slower than a
   * flat string, and once it had, the loop was as slow for every string it wrote (figures:
   * docs/performance.md, "The journal's UTF-8 loop and V8's string shapes").
   */
  raw(text: string): void {
    const { read, written } = UTF8.encodeInto(text, this.bytes.subarray(this.at, this.limit));
    if (read === text.length) this.at += written;
    else this.full = true;
  }

  /**
   * `text` as UTF-8 at `at` (room made by the caller), escaped as JSON.stringify escapes inside its
   * quotes, a lone surrogate as `\udxxx`.
   */
  #utf8(text: string): void {
    const bytes = this.bytes, length = text.length;
    let at = this.at;
    for (let i = 0; i < length; i++) {
      const code = text.charCodeAt(i);
      if (code < 0x80) {
        if (code >= 0x20 && code !== 0x22 && code !== 0x5c) {
          bytes[at++] = code;
          continue;
        }
        bytes[at++] = 0x5c;
        if (code === 0x22 || code === 0x5c) bytes[at++] = code;
        else if (code === 0x08) bytes[at++] = 0x62; // b
        else if (code === 0x09) bytes[at++] = 0x74; // t
        else if (code === 0x0a) bytes[at++] = 0x6e; // n
        else if (code === 0x0c) bytes[at++] = 0x66; // f
        else if (code === 0x0d) bytes[at++] = 0x72; // r
        else at = escape(bytes, at, code);
      } else if (code < 0x800) {
        bytes[at++] = 0xc0 | (code >> 6);
        bytes[at++] = 0x80 | (code & 0x3f);
      } else if (code >= 0xd800 && code <= 0xdfff) {
        const next = text.charCodeAt(i + 1);
        if (code <= 0xdbff && (next & 0xfc00) === 0xdc00) {
          at = fourBytes(bytes, at, code, next);
          i++;
        } else {
          bytes[at++] = 0x5c;
          at = escape(bytes, at, code);
        }
      } else {
        bytes[at++] = 0xe0 | (code >> 12);
        bytes[at++] = 0x80 | ((code >> 6) & 0x3f);
        bytes[at++] = 0x80 | (code & 0x3f);
      }
    }
    this.at = at;
  }

  /**
   * A number as JSON.stringify writes it. Integers and the journal's durations (thousandths) are
   * written digit by digit; anything else through the number's own text.
   */
  number(n: number): void {
    const whole = Math.trunc(n);
    if (whole === n && n >= 0 && n < 2 ** 53) return this.#digits(n, 0);
    const thousandths = Math.round(n * 1000);
    if (n > 0 && n < 1e12 && thousandths / 1000 === n) {
      this.#digits(whole, 0);
      let fraction = thousandths - whole * 1000, width = 3;
      while (fraction % 10 === 0) {
        fraction /= 10;
        width--;
      }
      this.byte(0x2e);
      return this.#digits(fraction, width);
    }
    this.ascii(JSON.stringify(n));
  }

  /** `n` (a safe integer, not negative) in decimal, padded with zeros to `width` digits. */
  #digits(n: number, width: number): void {
    let count = 1;
    for (let rest = Math.floor(n / 10); rest > 0; rest = Math.floor(rest / 10)) count++;
    if (count < width) count = width;
    if (!this.#room(count)) return;
    let at = this.at + count;
    this.at = at;
    for (let i = 0; i < count; i++) {
      this.bytes[--at] = 48 + (n % 10);
      n = Math.floor(n / 10);
    }
  }

  /** Text known to be ASCII with nothing to escape (a number's text). */
  ascii(text: string): void {
    if (!this.#room(text.length)) return;
    for (let i = 0; i < text.length; i++) this.bytes[this.at++] = text.charCodeAt(i);
  }

  /** Any JSON value as JSON.stringify writes it (undefined members left out). */
  value(value: unknown): void {
    switch (typeof value) {
      case "string":
        return this.string(value);
      case "number":
        return this.number(value);
      case "boolean":
        return this.token(value ? TRUE : FALSE);
      case "object":
        if (value === null) return this.token(NULL);
        if (Array.isArray(value)) return this.#array(value);
        return this.object(value as Record<string, unknown>);
      default:
        // undefined, functions and symbols are left out by the caller; a BigInt throws there.
        throw new Unwritable(typeof value);
    }
  }

  #array(items: unknown[]): void {
    this.byte(0x5b);
    for (let i = 0; i < items.length; i++) {
      if (i > 0) this.byte(0x2c);
      const item = items[i];
      if (item === undefined || typeof item === "function" || typeof item === "symbol") {
        this.token(NULL);
      } else this.value(item);
    }
    this.byte(0x5d);
  }

  /**
   * An object's own enumerable members, in JSON.stringify's order (for-in's, for own keys); the
   * member named `blank`, when given, as an empty string (a stored body's text, written apart).
   */
  object(object: Record<string, unknown>, blank?: string): void {
    const proto = Object.getPrototypeOf(object);
    // A class's instance may serialize otherwise (toJSON, a boxed string): JSON.stringify's.
    if ((proto !== Object.prototype && proto !== null) || typeof object.toJSON === "function") {
      throw new Unwritable("not a plain object");
    }
    this.byte(0x7b);
    let first = true;
    for (const key in object) {
      if (!Object.hasOwn(object, key)) continue;
      const member = key === blank ? "" : object[key];
      if (member === undefined || typeof member === "function" || typeof member === "symbol") {
        continue;
      }
      if (!first) this.byte(0x2c);
      first = false;
      this.string(key);
      this.byte(0x3a);
      this.value(member);
    }
    this.byte(0x7d);
  }
}

const UTF8 = new TextEncoder();
const EMPTY = new Uint8Array(0);
/** `text` pre-encoded as UTF-8, for `JsonWriter.token`. */
export const token = (text: string): Uint8Array => UTF8.encode(text);
const NULL = token("null"), TRUE = token("true"), FALSE = token("false");

/** `uXXXX` (the backslash written already), lowercase hex as JSON.stringify writes it. */
function escape(bytes: Uint8Array, at: number, code: number): number {
  bytes[at++] = 0x75;
  bytes[at++] = HEX.charCodeAt(code >> 12);
  bytes[at++] = HEX.charCodeAt((code >> 8) & 0xf);
  bytes[at++] = HEX.charCodeAt((code >> 4) & 0xf);
  bytes[at++] = HEX.charCodeAt(code & 0xf);
  return at;
}

function fourBytes(bytes: Uint8Array, at: number, high: number, low: number): number {
  const point = 0x10000 + ((high - 0xd800) << 10) + (low - 0xdc00);
  bytes[at++] = 0xf0 | (point >> 18);
  bytes[at++] = 0x80 | ((point >> 12) & 0x3f);
  bytes[at++] = 0x80 | ((point >> 6) & 0x3f);
  bytes[at++] = 0x80 | (point & 0x3f);
  return at;
}
