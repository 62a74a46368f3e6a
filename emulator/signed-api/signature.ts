/**
 * The open API's signature (spec part 5), byte-exact with the vendor's Java SDK. Pure functions:
 * the signing client (harness, `ccemu sign`, the npm package) calls them, and the verifier's
 * Signer (signer.ts) is built on the same pieces.
 */
import { hmac } from "npm:@noble/hashes@2.4.0/hmac.js";
import { sha1 } from "npm:@noble/hashes@2.4.0/legacy.js";
import { ACCESS_KEY_ID, EXPIRES, SIGNATURE, TIMESTAMP } from "../core/common-parameters.ts";
import { decimalAt } from "../core/decimal.ts";
import type { NameValueList } from "../core/name-value-list.ts";
import { withoutTrailingSlash } from "../core/request-target.ts";

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

/**
 * `list`'s pairs to sign, encoded and sorted, into `into` from 0 (its first entries: name, value,
 * name, value…): every parameter but `Signature`, sorted by encoded name (then value, so repeated
 * names still give one order), by code unit. Answers how many entries it wrote. Both forms of the
 * string-to-sign are built on this, the signing client's (`canonicalQuery`) and the verifier's
 * (Signer), so they cannot differ. An insertion sort: a query has a handful of pairs, and it
 * keeps equal pairs in order as a stable sort does.
 */
export function encodedPairs(list: NameValueList, into: string[]): number {
  let n = 0;
  for (let i = 0; i < list.length; i += 2) {
    if (list[i] === SIGNATURE) continue;
    const name = javaUrlEncode(list[i]), value = javaUrlEncode(list[i + 1]);
    let at = n;
    while (at > 0) {
      const before = into[at - 2], beforeValue = into[at - 1];
      if (before < name || (before === name && !(beforeValue > value))) break;
      into[at] = before;
      into[at + 1] = beforeValue;
      at -= 2;
    }
    into[at] = name;
    into[at + 1] = value;
    n += 2;
  }
  return n;
}

/** The first `n` entries of an `encodedPairs` list joined as `name=value&name=value`. */
export function joinedPairs(encoded: readonly string[], n: number): string {
  // Joined in a loop: map and join cost more.
  let query = "";
  for (let i = 0; i < n; i += 2) query += (i > 0 ? "&" : "") + encoded[i] + "=" + encoded[i + 1];
  return query;
}

/** The `name=value` pairs to sign: every parameter but `Signature`, encoded, sorted by name. */
export function canonicalQuery(params: Iterable<[string, string]>): string {
  const list: string[] = [];
  for (const [name, value] of params) list.push(name, value);
  const encoded: string[] = [];
  return joinedPairs(encoded, encodedPairs(list, encoded));
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

const UTF8 = new TextEncoder();

/**
 * Whether the runtime has `Uint8Array.prototype.toBase64` (Deno does). Node 20, which runs this
 * file in the npm package's Node API, does not: there the digest goes through btoa.
 */
const NATIVE_BASE64 = "toBase64" in Uint8Array.prototype;

/** A digest's base64 (not btoa(String.fromCharCode(...)) where toBase64 exists: the spread costs more). */
export function base64(bytes: Uint8Array): string {
  return NATIVE_BASE64 ? bytes.toBase64() : btoa(String.fromCharCode(...bytes));
}

/**
 * base64(HMAC-SHA1(secret, stringToSign)), before the URL encoding that puts it on the query.
 * Keyed afresh on every call; the verifier's Signer keeps a keyed state per secret.
 */
export function computeSignature(secret: string, text: string): string {
  return base64(hmac(sha1, UTF8.encode(secret), UTF8.encode(text)));
}

/**
 * Compares two signatures in constant time for their length (no early exit, no allocation): the
 * comparison of two signature texts (a storage URL's, an upload policy's); the verifier's
 * `Signer.matches` is its form for a digest against a text. Not node:crypto's `timingSafeEqual`, which
 * takes bytes: the signatures are text here, and encoding both on every request costs two
 * buffers for what this loop does on the strings.
 */
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

/**
 * Parses a Timestamp; undefined unless it is exactly `yyyy-MM-ddTHH:mm:ssZ` and a real time. Read
 * by character codes: a regex match and its six substrings cost more (docs/performance.md).
 */
export function parseTimestamp(text: string): number | undefined {
  if (
    text.length !== 20 || text[4] !== "-" || text[7] !== "-" || text[10] !== "T" ||
    text[13] !== ":" || text[16] !== ":" || text[19] !== "Z"
  ) return undefined;
  const y = decimalAt(text, 0, 4), mo = decimalAt(text, 5, 7), d = decimalAt(text, 8, 10);
  const h = decimalAt(text, 11, 13), mi = decimalAt(text, 14, 16), s = decimalAt(text, 17, 19);
  // A NaN (a non-digit) fails the comparisons below and is refused; the year has none of its own.
  if (!(y >= 0)) return undefined;
  // Date.UTC would roll over (Feb 30 -> Mar 2); a rolled-over date is not the time the caller
  // wrote. The month's length is Date.UTC's own calendar (leap years, and years 0-99 read as
  // 1900-1999 alike): the distance to the next month's first day, asked only past the 28th,
  // which every month has (its two times are two numbers more a request).
  if (!(mo >= 1 && mo <= 12 && d >= 1 && (d <= 28 || d <= daysInMonth(y, mo)))) return undefined;
  if (!(h <= 23 && mi <= 59 && s <= 59)) return undefined;
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

const DAY_MS = 86_400_000;

/** Days in `month` (1-12) of `year` as Date.UTC counts them. */
function daysInMonth(year: number, month: number): number {
  return (Date.UTC(year, month, 1) - Date.UTC(year, month - 1, 1)) / DAY_MS;
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
  url.searchParams.delete(SIGNATURE);
  url.searchParams.set(ACCESS_KEY_ID, input.accessKeyId);
  url.searchParams.set(EXPIRES, String(input.expires ?? 600));
  url.searchParams.set(TIMESTAMP, formatTimestamp(input.now));
  const path = withoutTrailingSlash(url.pathname);
  const text = stringToSign(input.method, input.signHost ?? url.hostname, path, url.searchParams);
  const signature = computeSignature(input.accessKeySecret, text);
  const query = `${canonicalQuery(url.searchParams)}&${SIGNATURE}=${javaUrlEncode(signature)}`;
  return { url: `${url.origin}${url.pathname}?${query}`, stringToSign: text };
}
