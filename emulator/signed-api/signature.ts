/**
 * The open API's signature (spec part 5), byte-exact with the vendor's Java SDK. Pure functions:
 * both the verifier (middleware) and the signing client (harness) use them.
 */
import { hmac } from "npm:@noble/hashes@2.4.0/hmac.js";
import type { Hash } from "npm:@noble/hashes@2.4.0/utils.js";
import { sha1 } from "npm:@noble/hashes@2.4.0/legacy.js";

/** The common query parameters every signed call carries. */
export const COMMON_PARAMETERS = ["AccessKeyId", "Expires", "Timestamp", "Signature"] as const;

const UNRESERVED = /^[A-Za-z0-9.\-*_]*$/;
/** What encodeURIComponent keeps but Java's URLEncoder encodes. */
const KEPT_BY_JS = /[!'()~]/g;
const HOLDS_KEPT_BY_JS = /[!'()~]/;

/**
 * Java's `URLEncoder.encode(s, "UTF-8")`: alphanumerics and `. - * _` kept, space as `+`, every
 * other byte of the UTF-8 form as `%XX` in uppercase hex (so `~` is `%7E`, unlike RFC 3986).
 * Built on the native encodeURIComponent, which differs only in the five characters it keeps.
 */
export function javaUrlEncode(text: string): string {
  if (UNRESERVED.test(text)) return text;
  let encoded: string;
  try {
    encoded = encodeURIComponent(text);
  } catch {
    // A lone surrogate: Java encodes it as "?", encodeURIComponent refuses it.
    encoded = encodeURIComponent(
      text.replace(/[\ud800-\udfff]/g, (c, i) => isPaired(text, i) ? c : "?"),
    );
  }
  // Tested first: most values hold none of these, and a replace that finds nothing still costs.
  if (HOLDS_KEPT_BY_JS.test(encoded)) {
    encoded = encoded.replace(KEPT_BY_JS, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());
  }
  return encoded.includes("%20") ? encoded.replaceAll("%20", "+") : encoded;
}

function isPaired(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  if (code <= 0xdbff) return (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
  return (text.charCodeAt(i - 1) & 0xfc00) === 0xd800;
}

/** The `name=value` pairs to sign: every parameter but `Signature`, encoded, sorted by name. */
export function canonicalQuery(params: Iterable<[string, string]>): string {
  const pairs: [string, string][] = [];
  for (const [name, value] of params) {
    if (name !== "Signature") pairs.push([javaUrlEncode(name), javaUrlEncode(value)]);
  }
  // Sorted by encoded name (then value, so repeated names still give one order), by code unit.
  pairs.sort(([a, av], [b, bv]) => a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0);
  // Joined in a loop: map and join cost more (docs/performance.md).
  let query = "";
  for (const [name, value] of pairs) query += (query ? "&" : "") + name + "=" + value;
  return query;
}

/**
 * METHOD + host + path + `?` + canonical pairs, with no separators between the first three: what
 * the signature is computed over.
 *
 * @example
 * ```ts
 * import { stringToSign } from "@ccemu/ccemu";
 *
 * const text = stringToSign("GET", "api.example.com", "/aikb/list_public_repositories",
 *   new URLSearchParams({ AccessKeyId: "k", Expires: "600", Timestamp: "2026-01-05T01:00:00Z" }));
 * // "GETapi.example.com/aikb/list_public_repositories?AccessKeyId=k&Expires=600&Timestamp=..."
 * ```
 */
export function stringToSign(
  method: string,
  host: string,
  path: string,
  params: Iterable<[string, string]>,
): string {
  return `${method.toUpperCase()}${host}${path}?${canonicalQuery(params)}`;
}

/**
 * Scratch list for `stringToSignOf`: the encoded pairs, sorted. Shared by every emulator in the
 * process and safe so: a call fills, reads and clears it without awaiting, so no two calls ever
 * use it at once.
 */
const ENCODED: string[] = [];

/**
 * `stringToSign(method, host, path, pairs)` for a query as one flat list (name, value, name,
 * value…; `method` already upper case): the verifier's per-request form, without the pairs, the
 * sorted copy and the pieces `canonicalQuery` makes (a test compares them). The text is written
 * as bytes into the HMAC's message buffer and read back as one string, so that
 * `computeSignature` of it encodes nothing again.
 */
export function stringToSignOf(
  method: string,
  host: string,
  path: string,
  query: readonly string[],
): string {
  let n = 0;
  for (let i = 0; i < query.length; i += 2) {
    if (query[i] === "Signature") continue;
    const name = javaUrlEncode(query[i]), value = javaUrlEncode(query[i + 1]);
    // Insertion sort by encoded name, then value (a stable sort, as canonicalQuery's): a query
    // has a handful of pairs.
    let at = n;
    while (at > 0) {
      const before = ENCODED[at - 2], beforeValue = ENCODED[at - 1];
      if (before < name || (before === name && !(beforeValue > value))) break;
      ENCODED[at] = before;
      ENCODED[at + 1] = beforeValue;
      at -= 2;
    }
    ENCODED[at] = name;
    ENCODED[at + 1] = value;
    n += 2;
  }
  let text: string;
  const length = messageOf(method, host, path, n);
  if (length !== -1) {
    const view = VIEWS[length] ??= MESSAGE.subarray(0, length);
    text = ASCII.decode(view);
    messageText = text;
    messageView = view;
  } else {
    // A host of other than ASCII (a Host header's Latin-1): the text by concatenation.
    text = method + host + path + "?";
    for (let i = 0; i < n; i += 2) text += (i > 0 ? "&" : "") + ENCODED[i] + "=" + ENCODED[i + 1];
  }
  ENCODED.fill("", 0, n);
  return text;
}

/**
 * Writes METHOD + host + path + `?` + ENCODED's first `n` entries as pairs into MESSAGE: the
 * length, or -1 when a piece is not ASCII or the text does not fit.
 */
function messageOf(method: string, host: string, path: string, n: number): number {
  messageText = undefined;
  let at = putAscii(method, 0);
  at = putAscii(host, at);
  at = putAscii(path, at);
  if (at !== -1 && at < MESSAGE.length) MESSAGE[at++] = 0x3f; // ?
  else return -1;
  for (let i = 0; i < n && at !== -1; i += 2) {
    if (i > 0) at = putAscii("&", at);
    at = putAscii(ENCODED[i + 1], putAscii("=", putAscii(ENCODED[i], at)));
  }
  return at;
}

/** Writes ASCII `text` into MESSAGE at `at`: where it ends, or -1 (also when `at` is -1). */
function putAscii(text: string, at: number): number {
  if (at === -1 || at + text.length > MESSAGE.length) return -1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x80) return -1;
    MESSAGE[at++] = code;
  }
  return at;
}

/**
 * HMAC-SHA1 keyed once per secret (@noble/hashes, pure JS, through its public API: `hmac.create`,
 * and `_cloneInto` of its Hash interface), faster than node:crypto's `createHmac`, which keys and
 * allocates afresh on every call (docs/performance.md has the figures). Each call copies the
 * keyed state into one scratch instance and digests into one buffer, allocating little of its own.
 *
 * These three (the keyed states, the digest and the message buffers) are module-level, shared by
 * every emulator in a process, and safe so: a call fills and reads the buffers without awaiting,
 * so no two calls use them at once, and a keyed state depends on nothing but its secret, so one
 * emulator's cannot give another's a different signature. Bounded, since secrets come from the
 * key tables and `ccemu sign`.
 */
interface KeyedHmac extends Hash<KeyedHmac> {}
const KEYED = new Map<string, { keyed: KeyedHmac; scratch: KeyedHmac }>();
const MAX_KEYED = 1024;
const UTF8 = new TextEncoder();
const DIGEST = new Uint8Array(20);
/** Where a string-to-sign is encoded (no fresh array a call); a longer one is not. */
const MESSAGE = new Uint8Array(4096);
/** MESSAGE's first n bytes, by n: made once each (at most MESSAGE's length of them). */
const VIEWS: (Uint8Array | undefined)[] = [];
/** The text MESSAGE holds the bytes of (`messageView`), when `stringToSignOf` left one there. */
let messageText: string | undefined;
let messageView: Uint8Array = MESSAGE;
const ASCII = new TextDecoder();

/**
 * `text` as UTF-8 in MESSAGE. A string-to-sign is ASCII (its query percent-encoded), written by
 * character code; anything else through the encoder.
 */
function encodedMessage(text: string): Uint8Array {
  if (text === messageText) return messageView;
  messageText = undefined;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x80) return MESSAGE.subarray(0, UTF8.encodeInto(text, MESSAGE).written);
    MESSAGE[i] = code;
  }
  return VIEWS[text.length] ??= MESSAGE.subarray(0, text.length);
}

/**
 * Whether the runtime has `Uint8Array.prototype.toBase64` (Deno does). Node 20, which runs this
 * file in the npm package's Node API, does not: there the digest goes through btoa.
 */
const NATIVE_BASE64 = "toBase64" in Uint8Array.prototype;

/** base64(HMAC-SHA1(secret, stringToSign)), before the URL encoding that puts it on the query. */
export function computeSignature(secret: string, text: string): string {
  digest(secret, text);
  // Not btoa(String.fromCharCode(...DIGEST)) where toBase64 exists: the spread costs more.
  return NATIVE_BASE64 ? DIGEST.toBase64() : btoa(String.fromCharCode(...DIGEST));
}

/** HMAC-SHA1(secret, text) into DIGEST. */
function digest(secret: string, text: string): void {
  let hmacs = KEYED.get(secret);
  if (!hmacs) {
    if (KEYED.size >= MAX_KEYED) KEYED.clear();
    const keyed: KeyedHmac = hmac.create(sha1, UTF8.encode(secret));
    KEYED.set(secret, hmacs = { keyed, scratch: keyed.clone() });
  }
  const bytes = text.length * 3 <= MESSAGE.length ? encodedMessage(text) : UTF8.encode(text);
  const { keyed, scratch } = hmacs;
  keyed._cloneInto(scratch).update(bytes).digestInto(DIGEST);
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/**
 * `signaturesEqual(computeSignature(secret, text), sent)`, without making the expected text: the
 * digest's base64 is compared character by character as it is worked out, in constant time for
 * `sent`'s length (a test compares the two ways).
 */
export function signatureMatches(secret: string, text: string, sent: string): boolean {
  // 20 bytes: six groups of three, then two bytes as three characters and one "=".
  if (sent.length !== 28) return false;
  digest(secret, text);
  let difference = 0, at = 0;
  for (let i = 0; i < 20; i += 3) {
    const a = DIGEST[i], b = DIGEST[i + 1], c = i + 2 < 20 ? DIGEST[i + 2] : 0;
    difference |= sent.charCodeAt(at++) ^ BASE64.charCodeAt(a >> 2);
    difference |= sent.charCodeAt(at++) ^ BASE64.charCodeAt(((a & 3) << 4) | (b >> 4));
    difference |= sent.charCodeAt(at++) ^ BASE64.charCodeAt(((b & 15) << 2) | (c >> 6));
    difference |= sent.charCodeAt(at++) ^ (i + 2 < 20 ? BASE64.charCodeAt(c & 63) : 0x3d);
  }
  return difference === 0;
}

/** Compares two signatures in constant time for their length (no early exit, no allocation). */
export function signaturesEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** `yyyy-MM-ddTHH:mm:ssZ`, the only Timestamp form the spec allows. */
export function formatTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** The `count` digits at `at` in `text` as a number, or NaN where one is not a digit. */
function digits(text: string, at: number, count: number): number {
  let value = 0;
  for (let i = at; i < at + count; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (!(digit >= 0 && digit <= 9)) return NaN;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * Parses a Timestamp; undefined unless it is exactly `yyyy-MM-ddTHH:mm:ssZ` and a real time. Read
 * by character codes: a regex match and its six substrings cost more (docs/performance.md).
 */
export function parseTimestamp(text: string): number | undefined {
  if (
    text.length !== 20 || text[4] !== "-" || text[7] !== "-" || text[10] !== "T" ||
    text[13] !== ":" || text[16] !== ":" || text[19] !== "Z"
  ) return undefined;
  const y = digits(text, 0, 4), mo = digits(text, 5, 2), d = digits(text, 8, 2);
  const h = digits(text, 11, 2), mi = digits(text, 14, 2), s = digits(text, 17, 2);
  // A NaN (a non-digit) fails the comparisons below and is refused; the year has none of its own.
  if (!(y >= 0)) return undefined;
  // Date.UTC would roll over (Feb 30 -> Mar 2); a rolled-over date is not the time the caller
  // wrote. Date.UTC reads years 0-99 as 1900-1999, so their leap years are those years'.
  if (!(mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y <= 99 ? 1900 + y : y, mo))) {
    return undefined;
  }
  if (!(h <= 23 && mi <= 59 && s <= 59)) return undefined;
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
}

/** Flattens business parameters into query pairs, arrays as `name[i]` (spec part 5). */
export function queryPairs(params: Record<string, unknown>): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      value.forEach((item, i) => pairs.push([`${name}[${i}]`, String(item)]));
    } else pairs.push([name, String(value)]);
  }
  return pairs;
}

/** What `signUrl` signs: the request, the key, and the time to sign for. */
export interface SignInput {
  /** The HTTP method, which starts the string-to-sign (`POST`, `GET`). */
  method: string;
  /** The absolute URL to call; its query may already hold business parameters. */
  url: string;
  /** The key's id, added as the `AccessKeyId` parameter. */
  accessKeyId: string;
  /** Its secret, which keys the HMAC-SHA1 signature (it is not put on the URL). */
  accessKeySecret: string;
  /** Signing time in ms (the virtual clock's now in tests). */
  now: number;
  /** Validity in seconds, 1 to 86400. */
  expires?: number;
  /** The host to sign; by default the URL's host name without the port, as the Java SDK does. */
  signHost?: string;
}

/**
 * Signs a request the way the vendor's Java SDK does and returns the URL to call: the common
 * parameters added, `Signature` percent-encoded once, the string-to-sign for display.
 *
 * @example
 * ```ts
 * import { signUrl } from "@ccemu/ccemu";
 *
 * const { url, stringToSign } = signUrl({
 *   method: "POST",
 *   url: "http://127.0.0.1:8686/gateway/robot_list",
 *   accessKeyId: "ccemu-demo-key",
 *   accessKeySecret: "ccemu-demo-secret",
 *   now: Date.now(),
 * });
 * console.log(stringToSign, url);
 * ```
 */
export function signUrl(input: SignInput): { url: string; stringToSign: string } {
  const url = new URL(input.url);
  url.searchParams.delete("Signature");
  url.searchParams.set("AccessKeyId", input.accessKeyId);
  url.searchParams.set("Expires", String(input.expires ?? 600));
  url.searchParams.set("Timestamp", formatTimestamp(input.now));
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
  const text = stringToSign(input.method, input.signHost ?? url.hostname, path, url.searchParams);
  const signature = computeSignature(input.accessKeySecret, text);
  const query = canonicalQuery(url.searchParams) + "&Signature=" + javaUrlEncode(signature);
  return { url: `${url.origin}${url.pathname}?${query}`, stringToSign: text };
}
