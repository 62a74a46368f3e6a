/**
 * The verifier's signing: the string-to-sign of a request's flat query and whether a sent
 * signature matches it, per request without the objects the pure functions of signature.ts make.
 * A Signer owns its scratch buffers (each dispatcher has one), so nothing is shared between
 * emulators, and no call depends on another having run before it: the message bytes it keeps
 * are looked up by the text they encode.
 */
import { hmac } from "npm:@noble/hashes@2.4.0/hmac.js";
import type { Hash } from "npm:@noble/hashes@2.4.0/utils.js";
import { sha1 } from "npm:@noble/hashes@2.4.0/legacy.js";
import type { NameValueList } from "../core/name-value-list.ts";
import { encodedPairs, joinedPairs } from "./signature.ts";

interface KeyedHmac extends Hash<KeyedHmac> {}

/** Secrets keyed at once, at most (they come from the key tables). */
const MAX_KEYED = 1024;
const UTF8 = new TextEncoder();
const ASCII = new TextDecoder();
const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/**
 * HMAC-SHA1 keyed once per secret (@noble/hashes, pure JS, through its public API: `hmac.create`,
 * and `_cloneInto` of its Hash interface), faster than node:crypto's `createHmac`, which keys and
 * allocates afresh on every call. Each call copies the keyed state into one scratch instance and
 * digests into one buffer. Every method runs to its end without awaiting, so no two calls use
 * the buffers at once.
 */
export class Signer {
  readonly #keyed = new Map<string, { keyed: KeyedHmac; scratch: KeyedHmac }>();
  /** The encoded pairs, sorted (`encodedPairs`), emptied after each string-to-sign. */
  readonly #encoded: string[] = [];
  readonly #digest = new Uint8Array(20);
  /** Where a string-to-sign is encoded (no fresh array a call); a longer one is not. */
  readonly #message = new Uint8Array(4096);
  /** #message's first n bytes, by n: made once each. */
  readonly #views: (Uint8Array | undefined)[] = [];
  /** The text whose bytes #message holds (`#messageView`), when `stringToSign` wrote one there. */
  #messageText: string | undefined;
  #messageView: Uint8Array = this.#message;

  /**
   * `stringToSign(method, host, path, pairs)` of signature.ts for a query as one flat list
   * (`method` already upper case; a test compares them). The text is written as bytes into the
   * message buffer and read back as one string, so that `matches` of it encodes nothing again.
   */
  stringToSign(method: string, host: string, path: string, query: NameValueList): string {
    const encoded = this.#encoded;
    const n = encodedPairs(query, encoded);
    let text: string;
    const length = this.#write(method, host, path, n);
    if (length !== -1) {
      const view = this.#views[length] ??= this.#message.subarray(0, length);
      text = ASCII.decode(view);
      this.#messageText = text;
      this.#messageView = view;
    } else {
      // A host of other than ASCII (a Host header's Latin-1): the text by concatenation.
      text = `${method}${host}${path}?${joinedPairs(encoded, n)}`;
    }
    encoded.fill("", 0, n);
    return text;
  }

  /**
   * Whether `sent` is base64(HMAC-SHA1(secret, text)): `signaturesEqual(digest.toBase64(), sent)`
   * without making the expected text, the digest's base64 compared character by character as it is
   * worked out, in constant time for `sent`'s length (a test compares the two ways). Once a
   * request, so the text and its allocation are spared (docs/performance.md, issue 48).
   */
  matches(secret: string, text: string, sent: string): boolean {
    // 20 bytes: six groups of three, then two bytes as three characters and one "=".
    if (sent.length !== 28) return false;
    this.#hmac(secret, text);
    const digest = this.#digest;
    let difference = 0, at = 0;
    for (let i = 0; i < 20; i += 3) {
      const a = digest[i], b = digest[i + 1], c = i + 2 < 20 ? digest[i + 2] : 0;
      difference |= sent.charCodeAt(at++) ^ BASE64.charCodeAt(a >> 2);
      difference |= sent.charCodeAt(at++) ^ BASE64.charCodeAt(((a & 3) << 4) | (b >> 4));
      difference |= sent.charCodeAt(at++) ^ BASE64.charCodeAt(((b & 15) << 2) | (c >> 6));
      difference |= sent.charCodeAt(at++) ^ (i + 2 < 20 ? BASE64.charCodeAt(c & 63) : 0x3d);
    }
    return difference === 0;
  }

  /**
   * Writes METHOD + host + path + `?` + the first `n` encoded entries as pairs into #message: the
   * length, or -1 when a piece is not ASCII or the text does not fit.
   */
  #write(method: string, host: string, path: string, n: number): number {
    this.#messageText = undefined;
    const message = this.#message, encoded = this.#encoded;
    let at = putAscii(message, method, 0);
    at = putAscii(message, host, at);
    at = putAscii(message, path, at);
    if (at !== -1 && at < message.length) message[at++] = 0x3f; // ?
    else return -1;
    for (let i = 0; i < n && at !== -1; i += 2) {
      if (i > 0) at = putAscii(message, "&", at);
      at = putAscii(
        message,
        encoded[i + 1],
        putAscii(message, "=", putAscii(message, encoded[i], at)),
      );
    }
    return at;
  }

  /**
   * `text` as UTF-8 in #message. A string-to-sign is ASCII (its query percent-encoded), written by
   * character code; anything else through the encoder.
   */
  #bytesOf(text: string): Uint8Array {
    if (text === this.#messageText) return this.#messageView;
    this.#messageText = undefined;
    const message = this.#message;
    if (text.length * 3 > message.length) return UTF8.encode(text);
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code >= 0x80) return message.subarray(0, UTF8.encodeInto(text, message).written);
      message[i] = code;
    }
    return this.#views[text.length] ??= message.subarray(0, text.length);
  }

  /** HMAC-SHA1(secret, text) into #digest. */
  #hmac(secret: string, text: string): void {
    let hmacs = this.#keyed.get(secret);
    if (!hmacs) {
      if (this.#keyed.size >= MAX_KEYED) this.#keyed.clear();
      const keyed: KeyedHmac = hmac.create(sha1, UTF8.encode(secret));
      this.#keyed.set(secret, hmacs = { keyed, scratch: keyed.clone() });
    }
    const { keyed, scratch } = hmacs;
    keyed._cloneInto(scratch).update(this.#bytesOf(text)).digestInto(this.#digest);
  }
}

/** Writes ASCII `text` into `bytes` at `at`: where it ends, or -1 (also when `at` is -1). */
function putAscii(bytes: Uint8Array, text: string, at: number): number {
  if (at === -1 || at + text.length > bytes.length) return -1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x80) return -1;
    bytes[at++] = code;
  }
  return at;
}
