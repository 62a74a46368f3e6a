/** `/_storage/uploads/:fileKey` (pre-signed PUT), `/_storage/forms` and `/_storage/objects/:key`. */
import { ApiError } from "../core/errors.ts";
import { controlRoutes } from "../control/documented.ts";
import { checkSigned } from "./storage.ts";
import { receiveForm, receiveUpload } from "./storage-uploads.ts";
import type { KbStore } from "./store.ts";

export function kbStorageRoutes(store: KbStore) {
  return controlRoutes()
    .put("/uploads/:fileKey", {
      summary: "Upload a document's bytes to a pre-signed address (Content-Length required).",
    }, async (c) => {
      const fileKey = c.req.param("fileKey");
      await receiveUpload(store, fileKey, c.req.raw, c.req.query());
      return c.body(null, 200, { etag: `"${fileKey}"` });
    })
    .post(
      "/forms",
      { summary: "Upload an attachment with the form signature_for_upload signed." },
      async (c) => {
        await receiveForm(store, c.req.raw);
        return c.body(null, 204);
      },
    )
    .get("/objects/:key", {
      summary: "Download stored bytes through a signed, expiring media link.",
    }, (c) => {
      const key = c.req.param("key");
      const { disposition, name = key } = c.req.query();
      const media = storedObject(store, key, c.req.query());
      return c.body(media.bytes.slice().buffer as ArrayBuffer, 200, {
        "content-type": media.contentType,
        "content-disposition": `${
          disposition === "attachment" ? "attachment" : "inline"
        }; filename*=UTF-8''${encodeURIComponent(name)}`,
      });
    })
    .hono;
}

/**
 * The bytes under `key`. Attachments uploaded with signature_for_upload are public (they are
 * embedded in answers); documents are read through signed, expiring media links.
 */
function storedObject(store: KbStore, key: string, query: Record<string, string>) {
  const { disposition, name = key } = query;
  if (!key.startsWith("a-")) {
    checkSigned(store, `GET\n${key}\n${disposition}\n${name}`, query.expires, query.signature);
  }
  // Only the knowledge base's own bytes: a visitor image is reached by its push link alone.
  const media = store.emulator.mediaOf("kb", key);
  if (!media) {
    throw new ApiError(
      "ResourceNotFound",
      `Nothing is stored under ${key} (stored bytes do not survive a reset).`,
    );
  }
  return media;
}
