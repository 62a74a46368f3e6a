/**
 * A body as the journal keeps it: its text whole up to 64 KiB, cut past that with the size and
 * digest of the whole.
 */
import { Buffer } from "node:buffer";
import { createHash } from "node:crypto";
import type { StoredBody } from "./journal-entry.ts";

/** Bodies beyond this are stored cut; `size` keeps the real length. */
export const MAX_STORED_BODY = 64 * 1024;

const UTF8_ENCODER = new TextEncoder();
const UTF8_DECODER = new TextDecoder();

/**
 * The UTF-8 length of a string, without encoding it: what TextEncoder writes, a lone surrogate
 * counted as the three bytes of the U+FFFD it becomes (the platform's `Buffer.byteLength`).
 */
export function utf8Length(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

/**
 * Stores text, cut at MAX_STORED_BODY characters' worth of bytes, with the whole body's digest.
 * The cut text is a copy: a slice would keep the whole body (an agent's 10 MB reply) alive.
 */
export function storeBody(text: string, size = utf8Length(text)): StoredBody {
  if (size <= MAX_STORED_BODY) return { text, size, truncated: false };
  // `text` may be only what was read of a body refused for its size: no digest of a part.
  const whole = utf8Length(text) === size;
  return {
    text: UTF8_DECODER.decode(UTF8_ENCODER.encode(text.slice(0, MAX_STORED_BODY))),
    size,
    truncated: true,
    ...(whole
      ? { digest: `sha256:${createHash("sha256").update(text, "utf8").digest("hex")}` }
      : {}),
  };
}
