/** `/_storage/uploads/:fileKey` (pre-signed PUT) and `/_storage/objects/:key` (signed media links). */
import { Hono } from "hono";
import type { AppEnv } from "../core/app-env.ts";
import { ApiError } from "../core/errors.ts";
import type { KbStore } from "./store.ts";
import { checkFormUpload } from "./attachments.ts";
import { checkSigned, contentTypeOf, FORM_MAX_BYTES, readExactly } from "./storage.ts";

export function kbStorageRoutes(store: KbStore) {
  return new Hono<AppEnv>()
    .put("/uploads/:fileKey", async (c) => {
      const fileKey = c.req.param("fileKey");
      checkSigned(store, `PUT\n${fileKey}`, c.req.query("expires"), c.req.query("signature"));
      const upload = store.state.uploads.find((u) => u.fileKey === fileKey);
      if (!upload) throw new ApiError("ResourceNotFound", `No upload address ${fileKey}.`);
      if (upload.used) {
        throw new ApiError(
          "InvalidParameter",
          `${fileKey} already made a document; ask for a new upload address.`,
        );
      }
      // Like other object stores, a pre-signed PUT declares its length; it must be the fileSize.
      const declared = c.req.header("content-length");
      if (declared === undefined) {
        await c.req.raw.body?.cancel();
        throw new ApiError(
          "MissingParameter",
          "Content-Length is required on an upload (send the file as a sized body, not chunked).",
          "Content-Length",
        );
      }
      if (Number(declared) !== upload.fileSize) {
        await c.req.raw.body?.cancel();
        throw new ApiError(
          "InvalidParameter",
          `Content-Length is ${declared}; the declared fileSize is ${upload.fileSize}.`,
          "fileSize",
        );
      }
      const bytes = await readExactly(c.req.raw.body, upload.fileSize);
      store.emulator.media.set(fileKey, {
        bytes,
        contentType: contentTypeOf(upload.fileName),
        fileName: upload.fileName,
      });
      upload.uploaded = true;
      return c.body(null, 200, { etag: `"${fileKey}"` });
    })
    .post("/forms", async (c) => {
      const declared = Number(c.req.header("content-length") ?? 0);
      if (declared > FORM_MAX_BYTES + 64 * 1024) {
        await c.req.raw.body?.cancel();
        throw new ApiError(
          "InvalidParameter",
          `The form is larger than ${FORM_MAX_BYTES} bytes.`,
          "file",
        );
      }
      let form: FormData;
      try {
        form = await c.req.raw.formData();
      } catch {
        throw new ApiError(
          "HttpMediaTypeNotSupported",
          "Send multipart/form-data with ossAccessKeyId, signature, policy, key and file.",
        );
      }
      const field = (name: string) => {
        const value = form.get(name);
        if (typeof value !== "string") {
          throw new ApiError("MissingParameter", `${name} is required.`, name);
        }
        return value;
      };
      const file = form.get("file");
      if (!(file instanceof File)) {
        throw new ApiError("MissingParameter", "file is required (the resource file).", "file");
      }
      const key = field("key");
      checkFormUpload(store, {
        ossAccessKeyId: field("ossAccessKeyId"),
        signature: field("signature"),
        policy: field("policy"),
        key,
        size: file.size,
      });
      store.emulator.media.set(key, {
        bytes: new Uint8Array(await file.arrayBuffer()),
        contentType: contentTypeOf(key),
        fileName: file.name || key,
      });
      return c.body(null, 204);
    })
    .get("/objects/:key", (c) => {
      const key = c.req.param("key");
      const disposition = c.req.query("disposition");
      const name = c.req.query("name") ?? key;
      // Attachments uploaded with signature_for_upload are public (they are embedded in answers);
      // documents are read through signed, expiring media links.
      if (!key.startsWith("a-")) {
        checkSigned(
          store,
          `GET\n${key}\n${disposition}\n${name}`,
          c.req.query("expires"),
          c.req.query("signature"),
        );
      }
      const media = store.emulator.media.get(key);
      if (!media) {
        throw new ApiError(
          "ResourceNotFound",
          `Nothing is stored under ${key} (stored bytes do not survive a reset).`,
        );
      }
      return c.body(media.bytes.slice().buffer as ArrayBuffer, 200, {
        "content-type": media.contentType,
        "content-disposition": `${
          disposition === "attachment" ? "attachment" : "inline"
        }; filename*=UTF-8''${encodeURIComponent(name)}`,
      });
    });
}
