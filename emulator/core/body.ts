/** Reading request bodies with a bound, so an oversized body is refused without being held whole. */
import { ApiError } from "./errors.ts";
import { JsonTooDeep, parseJson } from "./json.ts";

/** A body read within a limit. */
export interface BodyRead {
  /** Its bytes, up to the limit. */
  bytes: Uint8Array;
  /** True when the body had more than `limit` bytes; `bytes` then holds only the first `limit`. */
  overLimit: boolean;
  /** The bytes decoded, once something asked (see bodyText). */
  text?: string;
}

/** The Content-Length as a number, when one was declared. */
export function declaredSize(contentLength: string | null | undefined): number | undefined {
  const declared = Number(contentLength ?? NaN);
  return Number.isNaN(declared) ? undefined : declared;
}

/**
 * Reads a request's (or a response's) body, keeping at most `limit` bytes. `contentLength` is the
 * header's value, for a caller that has read the headers already.
 */
export async function readBody(
  request: Pick<Request, "body" | "headers" | "arrayBuffer">,
  limit: number,
  contentLength = request.headers.get("content-length"),
): Promise<BodyRead> {
  const declared = declaredSize(contentLength);
  // A declared length within the limit: one read. `request.body` is not touched on this path:
  // Deno builds a ReadableStream when it is.
  if (declared !== undefined && declared <= limit) {
    return { bytes: new Uint8Array(await request.arrayBuffer()), overLimit: false };
  }
  if (!request.body) return { bytes: new Uint8Array(), overLimit: false };
  if (declared !== undefined && declared > limit) {
    await request.body.cancel().catch(() => {});
    return { bytes: new Uint8Array(), overLimit: true };
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.length > limit) {
      chunks.push(value.subarray(0, limit - size));
      await reader.cancel().catch(() => {});
      return { bytes: concat(chunks, limit), overLimit: true };
    }
    chunks.push(value);
    size += value.length;
  }
  return { bytes: concat(chunks, size), overLimit: false };
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

const decoder = new TextDecoder();

/** The body as text, decoded once however often it is asked for. */
export const bodyText = (read: BodyRead): string => read.text ??= decoder.decode(read.bytes);

/** The JSON object a bounded read holds, or the vendor's error for a body that is none. */
export function parseJsonObject(read: BodyRead, limit: number): Record<string, unknown> {
  if (read.overLimit) {
    throw new ApiError(
      "InvalidParameter",
      `The request body is larger than the limit of ${limit} bytes.`,
      "body",
    );
  }
  return parseJsonText(bodyText(read));
}

/** The JSON object a body's text holds (read within the limit), or the vendor's error. */
export function parseJsonText(text: string): Record<string, unknown> {
  if (text.trim() === "") {
    throw new ApiError("MissingRequestBody", "The request body is empty; send a JSON object.");
  }
  let json: unknown;
  try {
    json = parseJson(text);
  } catch (error) {
    if (error instanceof JsonTooDeep) {
      throw new ApiError(
        "InvalidParameter",
        `${error.path || "body"}: nested deeper than ${error.limit} levels; send flatter JSON.`,
        error.path || "body",
      );
    }
    throw new ApiError(
      "InvalidParameter",
      `The request body is not valid JSON: ${(error as Error).message}.`,
      "body",
    );
  }
  if (json === null || typeof json !== "object" || Array.isArray(json)) {
    throw new ApiError("InvalidParameter", "The request body must be a JSON object.", "body");
  }
  return json as Record<string, unknown>;
}

/**
 * A control route's JSON object body. The declared media type is not checked, so that
 * `curl -d '{"ms":1000}'` works as typed; the loopback guard, not the media type, keeps other
 * sites out.
 */
export async function jsonObject(
  c: { req: { raw: Request } },
  limit: number,
): Promise<Record<string, unknown>> {
  return parseJsonObject(await readBody(c.req.raw, limit), limit);
}
