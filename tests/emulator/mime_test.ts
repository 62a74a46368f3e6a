import assert from "node:assert/strict";
import { mimeTypeOfExtension } from "../../emulator/core/mime.ts";

/** What ccemu's own tables answered before they became hono's table and core/mime.ts's additions. */
const BEFORE: Record<string, string> = {
  txt: "text/plain; charset=utf-8",
  md: "text/markdown; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  json: "application/json",
  html: "text/html; charset=utf-8",
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  bmp: "image/bmp",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  mp4: "video/mp4",
  zip: "application/zip",
};

Deno.test("mimeTypeOfExtension: every extension ccemu serves keeps its media type, in any case", () => {
  for (const [extension, type] of Object.entries(BEFORE)) {
    assert.equal(mimeTypeOfExtension(extension), type, extension);
    assert.equal(mimeTypeOfExtension(extension.toUpperCase()), type, extension);
  }
  assert.equal(mimeTypeOfExtension("nope"), undefined);
  assert.equal(mimeTypeOfExtension(""), undefined);
});
