/**
 * What a fired rule does to the exchange. `error`, `gateway` and `reset` answer before the
 * operation runs, so the request changes nothing; `delay` waits (on the wall clock, since clients
 * wait in real time) and then lets it run; `truncate` and `slow-body` let it run and damage the
 * answer on its way out, as a network failing after the service did its work would.
 */
import { ApiError, ConnectionCut } from "../core/errors.ts";
import type { FaultMark } from "../core/journal-entry.ts";
import { effectText } from "./effect-text.ts";
import type { FaultRule } from "./schemas.ts";

const UTF8 = new TextEncoder();

/**
 * What a fault acts on: the answer's text as the journal keeps it, and the mark saying which rule
 * fired. A signed request's exchange has both as fields; a storage route's Hono context is given
 * as an object reading and writing its variables (faults/mod.ts).
 */
export interface FaultSubject {
  responseText: string | undefined;
  fault: FaultMark | undefined;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What nginx answers when the service behind it is down, slow or overloaded. */
const GATEWAY_TEXT: Record<number, string> = {
  502: "Bad Gateway",
  503: "Service Temporarily Unavailable",
  504: "Gateway Time-out",
};
export function gatewayPage(status: number): string {
  const title = `${status} ${GATEWAY_TEXT[status]}`;
  return `<html>\r\n<head><title>${title}</title></head>\r\n<body>\r\n<center><h1>${title}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;
}

/**
 * Damaged bodies go out chunked, as they would without a length: the server then sends the
 * status line at once and streams, rather than wait for the body to end (or fail) to count it.
 */
const CHUNKED = { "transfer-encoding": "chunked" };

/**
 * A body that sends `bytes` (after `pause` ms between chunks when slowed) and then, when `cut`,
 * fails instead of ending: the server closes the connection mid-body, which every HTTP client
 * reports as an I/O error ("error reading a body", "unexpected end of stream", "socket hang up").
 */
function bodyStream(chunks: Uint8Array[], pause: number, cut: boolean): ReadableStream<Uint8Array> {
  let next = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return new ReadableStream({
    async pull(controller) {
      const wait = (ms: number) => new Promise((r) => (timer = setTimeout(r, ms)));
      if (next < chunks.length) {
        if (next > 0 && pause > 0) await wait(pause);
        controller.enqueue(chunks[next++]);
        if (next === chunks.length && !cut) controller.close();
        return;
      }
      // The cut comes on a later read and a timer later, so the bytes before it reach the socket
      // (an error clears the stream's queue) and the status line goes out first.
      await wait(0);
      controller.error(new ConnectionCut());
    },
    cancel: () => clearTimeout(timer),
  });
}

/** The answer again, with the same status and headers but a damaged body (no length: it lies). */
async function damaged(
  c: FaultSubject,
  response: Response,
  shape: (bytes: Uint8Array) => { chunks: Uint8Array[]; pause: number; cut: boolean },
  mark: FaultMark,
): Promise<Response> {
  const text = c.responseText;
  const bytes = text !== undefined
    ? UTF8.encode(text)
    : new Uint8Array(await response.arrayBuffer());
  // The journal keeps the answer the service gave; the mark says what the client got of it.
  if (text === undefined) c.responseText = new TextDecoder().decode(bytes);
  const { chunks, pause, cut } = shape(bytes);
  const sent = chunks.reduce((n, chunk) => n + chunk.length, 0);
  mark.detail = cut
    ? `answer cut after ${sent} of ${bytes.length} bytes, then the connection closed`
    : `answer sent in ${chunks.length} chunks ${pause} ms apart`;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  headers.set("transfer-encoding", "chunked");
  return new Response(bodyStream(chunks, pause, cut), { status: response.status, headers });
}

/** Splits bytes into at most `count` chunks. */
function split(bytes: Uint8Array, count: number): Uint8Array[] {
  const size = Math.max(1, Math.ceil(bytes.length / count));
  const chunks = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return chunks;
}

/** Marks the exchange for the journal and acts out the rule's effect around `run`. */
export async function applyFault(
  c: FaultSubject,
  rule: FaultRule,
  run: () => Response | Promise<Response>,
): Promise<Response> {
  const mark: FaultMark = { ruleId: rule.id, effect: effectText(rule.effect) };
  if (rule.note) mark.note = rule.note;
  c.fault = mark;
  const effect = rule.effect;
  switch (effect.type) {
    case "error":
      throw new ApiError(
        effect.code,
        effect.message ??
          `${effect.code} injected by ccemu fault rule ${rule.id}; the request changed nothing. Remove the rule with DELETE /_emulator/faults/${rule.id}.`,
      );
    case "gateway": {
      const page = gatewayPage(effect.status);
      c.responseText = page;
      return new Response(page, {
        status: effect.status,
        headers: { "content-type": "text/html", server: "nginx" },
      });
    }
    case "reset":
      c.responseText = "";
      mark.detail = "the connection closed before any body byte; the request changed nothing";
      return new Response(bodyStream([], 0, true), { status: 200, headers: CHUNKED });
    case "delay":
      await sleep(effect.ms);
      return run();
    case "truncate":
      return damaged(c, await run(), (bytes) => ({
        chunks: [bytes.subarray(0, Math.floor(bytes.length * (effect.fraction ?? 0.5)))],
        pause: 0,
        cut: true,
      }), mark);
    case "slow-body":
      return damaged(c, await run(), (bytes) => {
        const chunks = split(bytes, 10);
        return {
          chunks,
          pause: Math.round(effect.ms / Math.max(1, chunks.length - 1)),
          cut: false,
        };
      }, mark);
  }
}
