/**
 * Writes a web `Response` to node:http's `ServerResponse`: the head, then the body as its stream
 * gives it (an event stream chunk by chunk, with backpressure), the stream cancelled when the
 * client leaves. A body that ends within its first reads goes out with a Content-Length, as
 * @hono/node-server wrote it before (clients and tests see the same head); any other is chunked.
 * A body whose stream fails closes the connection mid-body, which is what every client reports as
 * a broken answer: a fault rule's `reset` or `truncate` does that on purpose.
 */
import type { ServerResponse } from "node:http";
import { ConnectionCut } from "./errors.ts";

/** What a body without a Content-Type is sent as (what the web Response says for text). */
const DEFAULT_TYPE = "text/plain; charset=UTF-8";

/** The response's headers for node:http: set-cookie as a list (each its own header line). */
function headersOf(response: Response): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  let cookies: string[] | undefined;
  response.headers.forEach((value, name) => {
    if (name === "set-cookie") (cookies ??= []).push(value);
    else out[name] = value;
  });
  if (cookies) out["set-cookie"] = cookies;
  if (response.body !== null) out["content-type"] ??= DEFAULT_TYPE;
  return out;
}

/** A read that is ready now, or undefined: a stream still producing is not waited for. */
function readNow<T>(read: Promise<T>): Promise<T | undefined> {
  return Promise.race([read, Promise.resolve().then(() => undefined)]);
}

/** Writes `response` to `outgoing`; settles once the body went out, or the connection closed. */
export async function writeResponse(outgoing: ServerResponse, response: Response): Promise<void> {
  const headers = headersOf(response);
  const body = response.body;
  if (body === null) {
    outgoing.writeHead(response.status, headers);
    outgoing.end();
    return;
  }
  const reader = body.getReader();
  const first: Uint8Array[] = [];
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
  let done = false;
  try {
    if (headers["transfer-encoding"] !== "chunked") {
      // A body already whole (most are) gets its length; one still coming (a stream) does not.
      for (let i = 0, reads = 2; i < reads; i++) {
        pending ??= reader.read();
        const chunk = await readNow(pending);
        if (!chunk) {
          if (i === 1) {
            await new Promise((resolve) => setTimeout(resolve));
            reads = 3;
            continue;
          }
          break;
        }
        pending = undefined;
        if (chunk.value) first.push(chunk.value);
        if ((done = chunk.done)) break;
      }
      if (done && !("content-length" in headers)) {
        headers["content-length"] = String(first.reduce((n, c) => n + c.length, 0));
      }
    }
  } catch (error) {
    return cut(outgoing, error, response.status, headers);
  }
  outgoing.writeHead(response.status, headers);
  for (const chunk of first) outgoing.write(chunk);
  if (done) {
    outgoing.end();
    return;
  }
  if (first.length === 0) outgoing.flushHeaders();
  await pipe(reader, outgoing, pending);
}

/** The rest of the body, written as it comes; the reader cancelled if the client leaves. */
function pipe(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  outgoing: ServerResponse,
  pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined,
): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      reader.cancel().catch(() => {});
      resolve();
    };
    if (outgoing.destroyed) return stop();
    outgoing.on("close", stop);
    const failed = (error: unknown) => {
      outgoing.off("close", stop);
      cut(outgoing, error);
      resolve();
    };
    const flow = (result: ReadableStreamReadResult<Uint8Array>) => {
      try {
        if (result.done) {
          outgoing.off("close", stop);
          outgoing.end();
          resolve();
        } else if (!outgoing.write(result.value)) {
          outgoing.once("drain", () => reader.read().then(flow, failed));
        } else reader.read().then(flow, failed);
      } catch (error) {
        failed(error);
      }
    };
    (pending ?? reader.read()).then(flow, failed);
  });
}

/**
 * A body that failed: the connection closes, mid-body if the head went out. A fault rule's cut is
 * meant (not a word on stderr); anything else is ccemu's bug, said on stderr in one line.
 */
function cut(
  outgoing: ServerResponse,
  error: unknown,
  status?: number,
  headers?: Record<string, string | string[]>,
): void {
  if (!(error instanceof ConnectionCut)) {
    console.error(`ccemu: an answer's body failed: ${(error as Error)?.message ?? error}`);
  }
  // The head goes out first, so the client sees a status and then the connection close.
  if (!outgoing.headersSent && status !== undefined) {
    outgoing.writeHead(status, headers);
    outgoing.flushHeaders();
  }
  outgoing.destroy();
}

/** Writes a JSON answer whose text is at hand (the signed dispatcher's), with its length. */
export function writeText(
  outgoing: ServerResponse,
  status: number,
  contentType: string,
  text: string,
): void {
  outgoing.writeHead(status, {
    "content-type": contentType,
    "content-length": Buffer.byteLength(text),
  });
  outgoing.end(text);
}
