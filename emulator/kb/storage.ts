/**
 * ccemu's storage host (`/_storage`): pre-signed PUT uploads, policy-signed form uploads, and
 * temporary media links. Addresses are signed with a secret of the emulator's own (not an access
 * key's: spec part 5.3 says the storage host is pre-authorized by the response itself) and expire on
 * the virtual clock. Bytes live in the emulator's media store, not in the state.
 */
import { ApiError } from "../core/errors.ts";
import { mimeTypeOfExtension } from "../core/mime.ts";
import type { KbStore } from "./store.ts";
import { computeSignature, signaturesEqual } from "../signed-api/signature.ts";

/** How long get_file_upload_url's address stays valid (the spec does not say). */
export const UPLOAD_URL_TTL_MS = 30 * 60_000;
/** How long a media link stays valid (the spec does not say). */
export const MEDIA_LINK_TTL_MS = 10 * 60_000;
/** signature_for_upload's policy validity (spec 4.9) and size limit (spec 8). */
export const FORM_POLICY_TTL_MS = 10 * 60_000;
export const FORM_MAX_BYTES = 200 * 1024 * 1024;
export const STORAGE_ACCESS_KEY_ID = "ccemu-storage";

/** The extensions ccemu's knowledge base accepts, in the order its refusals name them. */
const KNOWN_EXTENSIONS = [
  "txt",
  "md",
  "csv",
  "json",
  "html",
  "pdf",
  "doc",
  "docx",
  "xls",
  "xlsx",
  "ppt",
  "pptx",
  "png",
  "jpg",
  "jpeg",
  "gif",
  "webp",
  "mp3",
  "wav",
  "mp4",
  "zip",
];
const KNOWN = new Set(KNOWN_EXTENSIONS);

/** Extensions whose text ccemu searches and answers from. */
export const TEXT_LIKE = new Set(["txt", "md", "csv", "json", "html"]);

/** The file's extension, lower case, when it is one ccemu knows. */
export function extensionOf(fileName: string): string | undefined {
  const extension = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  return extension && KNOWN.has(extension) ? extension : undefined;
}

/** The extension of a file name the caller gives, or `InvalidParameter` naming the ones known. */
export function requireExtension(fileName: string): string {
  const extension = extensionOf(fileName);
  if (!extension) {
    throw new ApiError(
      "InvalidParameter",
      `fileName: "${fileName}" needs one of the extensions ${KNOWN_EXTENSIONS.join(", ")}.`,
      "fileName",
    );
  }
  return extension;
}

/** The media type a stored file is served with (`core/mime.ts`'s table). */
export const contentTypeOf = (fileName: string): string => {
  const extension = extensionOf(fileName);
  return (extension && mimeTypeOfExtension(extension)) ?? "application/octet-stream";
};

/** The emulator's storage secret: fixed per seed, so signed addresses repeat from run to run. */
export function storageSecret(store: KbStore): string {
  return `ccemu-storage-${store.emulator.seed}`;
}

export function storageSignature(store: KbStore, text: string): string {
  return computeSignature(storageSecret(store), text);
}

/** Checks a pre-signed address: signature over `what`, then expiry on the virtual clock. */
export function checkSigned(
  store: KbStore,
  what: string,
  expires: string | undefined,
  signature: string | undefined,
) {
  if (!expires || !signature) {
    throw new ApiError(
      "AuthFailure",
      "This storage address lacks its expires and signature parameters.",
    );
  }
  if (!signaturesEqual(storageSignature(store, `${what}\n${expires}`), signature)) {
    throw new ApiError(
      "AuthFailure",
      "The storage address's signature does not match: use the address exactly as it was handed out.",
    );
  }
  if (store.emulator.clock.now() > Number(expires)) {
    throw new ApiError(
      "SignaturesExpired",
      `The storage address expired at ${
        new Date(Number(expires)).toISOString()
      }; ccemu's clock reads ${new Date(store.emulator.clock.now()).toISOString()}.`,
    );
  }
}

/** `?expires=…&signature=…` for an address valid until `expiresAt`. */
export function signedQuery(store: KbStore, what: string, expiresAt: number): string {
  const signature = storageSignature(store, `${what}\n${expiresAt}`);
  return `expires=${expiresAt}&signature=${encodeURIComponent(signature)}`;
}

/**
 * Reads a body of exactly `size` bytes (its declared Content-Length) into one buffer. With a byte
 * stream it reads straight into that buffer (a BYOB reader: no chunk is allocated on the way, so a
 * 50 MB upload costs 50 MB); otherwise it copies chunk by chunk. A shorter body is refused.
 */
const READ_WINDOW = 1024 * 1024;

export async function readExactly(
  body: ReadableStream<Uint8Array> | null,
  size: number,
): Promise<Uint8Array> {
  let buffer = new ArrayBuffer(size);
  let offset = 0;
  if (body) {
    let byob: ReadableStreamBYOBReader | undefined;
    try {
      byob = body.getReader({ mode: "byob" });
    } catch { /* not a byte stream: read chunks below */ }
    const reader = byob ?? body.getReader();
    try {
      while (offset < size) {
        if (byob) {
          // At most 1 MB a read: Deno stages each read in a buffer of the view's size, so one view
          // of the whole file would cost the file twice (docs/performance.md, Memory).
          const { done, value } = await byob.read(
            new Uint8Array(buffer, offset, Math.min(READ_WINDOW, size - offset)),
          );
          if (done || !value) break;
          buffer = value.buffer as ArrayBuffer;
          offset += value.byteLength;
        } else {
          const { done, value } = await (reader as ReadableStreamDefaultReader<Uint8Array>).read();
          if (done) break;
          new Uint8Array(buffer).set(value.subarray(0, size - offset), offset);
          offset += Math.min(value.length, size - offset);
        }
      }
    } finally {
      await reader.cancel().catch(() => {});
    }
  }
  if (offset !== size) {
    throw new ApiError(
      "InvalidParameter",
      `The upload has ${offset} bytes; the declared fileSize is ${size}.`,
      "fileSize",
    );
  }
  return new Uint8Array(buffer);
}
