/** Visitors' images: kept where the agent can fetch them (`/_storage/media`), then pushed as 105. */
import { ApiError } from "../core/errors.ts";
import type { VisitorMessage } from "./sessions.ts";
import type { GatewayStore } from "./store.ts";

const IMAGE_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  bmp: "image/bmp",
};
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

function decodeImage(contentBase64: string): Uint8Array {
  let binary: string;
  try {
    binary = atob(contentBase64.replace(/\s+/g, ""));
  } catch {
    throw new ApiError(
      "InvalidParameter",
      "image.contentBase64: not valid base64.",
      "image.contentBase64",
    );
  }
  if (binary.length > MAX_IMAGE_BYTES) {
    throw new ApiError(
      "InvalidParameter",
      `image.contentBase64: the image is larger than ${MAX_IMAGE_BYTES} bytes.`,
      "image.contentBase64",
    );
  }
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
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
  const key = `${sessionId}-${emulator.media.size + 1}`;
  emulator.media.set(key, { bytes, contentType: IMAGE_TYPES[extension], fileName });
  const fileUrl = `${emulator.selfOrigin}/_storage/media/${key}/${encodeURIComponent(fileName)}`;
  return { messageType: 105, message: { fileUrl, fileName } };
}
