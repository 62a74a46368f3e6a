/**
 * Reading an agent's server-sent events (spec part 6) and turning them into what the visitor sees.
 * eventsource-parser does the parsing; a small scan beside it notices events that carry no data
 * (Dify's bare `event: ping` keep-alive), which the SSE rules otherwise drop without a trace.
 */
import { createParser } from "npm:eventsource-parser@4.1.3";
import { monotonicNow } from "../core/clock.ts";
import { isObject, type Json, JsonTooDeep, parseJson } from "../core/json.ts";
import type { Delivery } from "./replies.ts";
import type { Finding } from "./schemas.ts";

export class StreamIdleTimeout extends Error {}

/** The reply passed the push's byte budget; reading stopped there. */
export class ReplyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`the reply passed the push byte budget of ${limit} bytes`);
  }
}

/** Notices SSE blocks that hold an `event:` line but no `data:` line. */
class BareEventScanner {
  #partial = "";
  #event: string | null = null;
  #sawData = false;

  feed(text: string, onBare: (event: string) => void): void {
    const lines = (this.#partial + text).split(/\r\n|\r|\n/);
    this.#partial = lines.pop()!;
    for (const line of lines) {
      if (line === "") {
        if (this.#event !== null && !this.#sawData) onBare(this.#event);
        this.#event = null;
        this.#sawData = false;
      } else if (line.startsWith("data")) this.#sawData = true;
      else if (line.startsWith("event:")) this.#event = line.slice(6).trim();
    }
  }
}

/**
 * Reads an event stream to its end (or until `onEvent` says stop), decoding UTF-8 as it comes.
 * Throws StreamIdleTimeout when nothing arrives for `idleMs`, ReplyTooLarge past `maxBytes`.
 * Bytes that are not UTF-8 are replaced and reported (`invalidUtf8`), not silently dropped.
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  limits: { idleMs: number; maxBytes: number },
  onEvent: (event: string, data: string | null) => "stop" | void,
): Promise<{ invalidUtf8: boolean }> {
  let stopped = false;
  const handle = (event: string, data: string | null) => {
    if (!stopped && onEvent(event, data) === "stop") stopped = true;
  };
  const parser = createParser({ onEvent: (e) => handle(e.event ?? "message", e.data) });
  const scanner = new BareEventScanner();
  const reader = body.getReader();
  const decoder = new Utf8Reader();
  let bytesRead = 0;
  // One watchdog per stream (not a timer per read): it cancels the read once the stream is quiet.
  let lastByte = monotonicNow();
  let idle = false;
  let watchdog: ReturnType<typeof setTimeout>;
  const watch = () => {
    const quiet = monotonicNow() - lastByte;
    if (quiet < limits.idleMs) watchdog = setTimeout(watch, limits.idleMs - quiet);
    else {
      idle = true;
      reader.cancel().catch(() => {});
    }
  };
  watchdog = setTimeout(watch, limits.idleMs);
  try {
    while (!stopped) {
      const { value: bytes, done } = await reader.read();
      if (done) break;
      lastByte = monotonicNow();
      bytesRead += bytes.length;
      if (bytesRead > limits.maxBytes) throw new ReplyTooLarge(limits.maxBytes);
      const value = decoder.decode(bytes, true);
      // Order matters little: a bare event and a data event cannot share one block.
      scanner.feed(value, (event) => handle(event, null));
      parser.feed(value);
    }
  } finally {
    clearTimeout(watchdog);
    await reader.cancel().catch(() => {});
  }
  if (idle) throw new StreamIdleTimeout();
  return { invalidUtf8: decoder.invalid };
}

/** Decodes UTF-8 strictly until the first bad byte, then leniently, remembering that it met one. */
export class Utf8Reader {
  invalid = false;
  #strict = new TextDecoder("utf-8", { fatal: true });
  #lenient = new TextDecoder();

  decode(bytes: Uint8Array, stream: boolean): string {
    if (!this.invalid) {
      try {
        return this.#strict.decode(bytes, { stream });
      } catch {
        this.invalid = true;
      }
    }
    return this.#lenient.decode(bytes, { stream });
  }
}

/** Why a push failed, as the session history, the journal and the visitor's view show it. */
export interface AgentError {
  /**
   * `AgentUnreachable`, `AgentTimeout`, `AgentHttpError`, `AgentStreamBroken` and the like, or the
   * code of the agent's own `error` event.
   */
  code: string;
  /** What happened, in a sentence. */
  message: string;
}

/** What one event did, for the journal's SSE timeline and the live chunk stream. */
export interface EventOutcome {
  chunk?: { messageId: string; text: string };
  ignored?: boolean;
  stop?: boolean;
}

export interface StreamReader {
  event(name: string, data: string | null, index: number): EventOutcome;
  /** The delivery, once the stream ended; a stream that closed before its last event is an error. */
  result(): { delivery: Delivery; error: AgentError | null };
}

/** An `error` event as the agent sent it (both ways name its fields `code` and `message`). */
export function agentError(json: Json): AgentError {
  return {
    code: String(json.code ?? "error"),
    message: String(json.message ?? "the agent reported an error"),
  };
}

export function parseData(data: string | null, path: string, findings: Finding[]): Json | null {
  if (data === null) return null;
  try {
    const json = parseJson(data);
    if (isObject(json)) return json;
  } catch (error) {
    if (error instanceof JsonTooDeep) {
      findings.push({ path, severity: "error", message: `event data: ${error.message}` });
      return null;
    }
  }
  findings.push({
    path,
    severity: "error",
    message: `event data is not a JSON object: ${data.slice(0, 80)}`,
  });
  return null;
}
