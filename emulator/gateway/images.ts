/** Visitors' images: kept where the agent can fetch them (`/_storage/media`), then pushed as 105. */
import { ApiError } from "../core/errors.ts";
import { mimeTypeOfExtension } from "../core/mime.ts";
import type { VisitorMessage } from "./sessions.ts";
import type { GatewayStore } from "./store.ts";

/** The image extensions a visitor may send (the gateway's schema says the same). */
const IMAGE_EXTENSIONS = new Set(["png", "jpg", "jpeg", "gif", "webp", "bmp"]);
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

function decodeImage(contentBase64: string): Uint8Array {
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.fromBase64(contentBase64.replace(/\s+/g, ""));
  } catch {
    throw new ApiError(
      "InvalidParameter",
      "image.contentBase64: not valid base64.",
      "image.contentBase64",
    );
  }
  if (bytes.length > MAX_IMAGE_BYTES) {
    throw new ApiError(
      "InvalidParameter",
      `image.contentBase64: the image is larger than ${MAX_IMAGE_BYTES} bytes.`,
      "image.contentBase64",
    );
  }
  return bytes;
}

/** Keeps a visitor's image where the agent can fetch it, and answers the message to push. */
export function storeImage(
  store: GatewayStore,
  sessionId: string,
  fileName: string,
  contentBase64: string,
): VisitorMessage {
  const { emulator } = store;
  const bytes = decodeImage(contentBase64);
  const extension = fileName.split(".").pop()!.toLowerCase();
  // Undefined for a name that is not an image's (only a scenario file can send one), as before.
  const contentType =
    (IMAGE_EXTENSIONS.has(extension) ? mimeTypeOfExtension(extension) : undefined) as string;
  const key = `${sessionId}-${emulator.media.size + 1}`;
  emulator.media.set(key, { bytes, contentType, fileName, area: "gateway" });
  const fileUrl = `${emulator.selfOrigin}/_storage/media/${key}/${encodeURIComponent(fileName)}`;
  return { messageType: 105, message: { fileUrl, fileName } };
}
