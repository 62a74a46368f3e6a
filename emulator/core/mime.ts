/**
 * Media types by file extension: hono's table (`hono/utils/mime`), plus the few it lacks. The only
 * extension-to-type table in ccemu: add a type here, not next to its caller.
 */
import { getMimeType, mimes } from "npm:hono@4.13.19/utils/mime";

/**
 * What hono 4.13's table lacks and ccemu's knowledge base accepts: Markdown, WAV and the Office
 * formats. Each answer is what ccemu gave before it used hono's table.
 */
const MISSING_FROM_HONO: Record<string, string> = {
  md: "text/markdown; charset=utf-8",
  wav: "audio/wav",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ppt: "application/vnd.ms-powerpoint",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
};

const MIMES: Record<string, string> = { ...mimes, ...MISSING_FROM_HONO };

/** The media type of an extension (without the dot, any case), or undefined when none is known. */
export function mimeTypeOfExtension(extension: string): string | undefined {
  return getMimeType(`.${extension}`, MIMES);
}
