/**
 * What the storage host does with an upload: a document's bytes PUT to the pre-signed address
 * get_file_upload_url gave (its length declared and equal to the fileSize asked for), and an
 * attachment POSTed as the form signature_for_upload signed.
 */
import { ApiError } from "../core/errors.ts";
import { checkFormUpload } from "./attachments.ts";
import { checkSigned, contentTypeOf, FORM_MAX_BYTES, readExactly } from "./storage.ts";
import type { KbStore } from "./store.ts";

/** Stores a pre-signed PUT's bytes under `fileKey`; `query` carries its signature. */
export async function receiveUpload(
  store: KbStore,
  fileKey: string,
  request: Request,
  query: { expires?: string; signature?: string },
): Promise<void> {
  checkSigned(store, `PUT\n${fileKey}`, query.expires, query.signature);
  const upload = store.state.uploads.find((u) => u.fileKey === fileKey);
  if (!upload) throw new ApiError("ResourceNotFound", `No upload address ${fileKey}.`);
  if (upload.used) {
    throw new ApiError(
      "InvalidParameter",
      `${fileKey} already made a document; ask for a new upload address.`,
    );
  }
  // Like other object stores, a pre-signed PUT declares its length; it must be the fileSize.
  const declared = request.headers.get("content-length") ?? undefined;
  if (declared === undefined) {
    await request.body?.cancel();
    throw new ApiError(
      "MissingParameter",
      "Content-Length is required on an upload (send the file as a sized body, not chunked).",
      "Content-Length",
    );
  }
  if (Number(declared) !== upload.fileSize) {
    await request.body?.cancel();
    throw new ApiError(
      "InvalidParameter",
      `Content-Length is ${declared}; the declared fileSize is ${upload.fileSize}.`,
      "fileSize",
    );
  }
  const bytes = await readExactly(request.body, upload.fileSize);
  store.emulator.media.set(fileKey, {
    bytes,
    contentType: contentTypeOf(upload.fileName),
    fileName: upload.fileName,
    area: "kb",
  });
  upload.uploaded = true;
}

/** Stores a signed form's file under its `key`. */
export async function receiveForm(store: KbStore, request: Request): Promise<void> {
  const form = await formOf(request);
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
    area: "kb",
  });
}

/** The multipart form, refused unread when its declared length is over the limit. */
async function formOf(request: Request): Promise<FormData> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > FORM_MAX_BYTES + 64 * 1024) {
    await request.body?.cancel();
    throw new ApiError(
      "InvalidParameter",
      `The form is larger than ${FORM_MAX_BYTES} bytes.`,
      "file",
    );
  }
  try {
    return await request.formData();
  } catch (error) {
    // The client left mid-body: said as on every path, not as a form ccemu could not read.
    if (error instanceof ApiError) throw error;
    throw new ApiError(
      "HttpMediaTypeNotSupported",
      "Send multipart/form-data with ossAccessKeyId, signature, policy, key and file.",
    );
  }
}
