/**
 * Reading an agent's server-sent events (spec part 6) and turning them into what the visitor sees.
 * eventsource-parser does the parsing; a small scan beside it notices events that carry no data
 * (Dify's bare `event: ping` keep-alive), which the SSE rules otherwise drop without a trace.
 */
import { createParser } from "eventsource-parser";
import { monotonicNow } from "../core/clock.ts";
import type { Delivery } from "./replies.ts";
import type { Finding } from "./schemas.ts";

export class StreamIdleTimeout extends Error {}

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
 * Reads an event stream until it ends or `onEvent` answers "stop". `data` is null for a data-less
 * event. Throws StreamIdleTimeout when no byte arrives for `idleMs`.
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  idleMs: number,
  onEvent: (event: string, data: string | null) => "stop" | void,
): Promise<void> {
  let stopped = false;
  const handle = (event: string, data: string | null) => {
    if (!stopped && onEvent(event, data) === "stop") stopped = true;
  };
  const parser = createParser({ onEvent: (e) => handle(e.event ?? "message", e.data) });
  const scanner = new BareEventScanner();
  const reader = body.getReader();
  const decoder = new TextDecoder();
  // One watchdog per stream (not a timer per read): it cancels the read once the stream is quiet.
  let lastByte = monotonicNow();
  let idle = false;
  let watchdog: ReturnType<typeof setTimeout>;
  const watch = () => {
    const quiet = monotonicNow() - lastByte;
    if (quiet < idleMs) watchdog = setTimeout(watch, idleMs - quiet);
    else {
      idle = true;
      reader.cancel().catch(() => {});
    }
  };
  watchdog = setTimeout(watch, idleMs);
  try {
    while (!stopped) {
      const { value: bytes, done } = await reader.read();
      if (done) break;
      lastByte = monotonicNow();
      const value = decoder.decode(bytes, { stream: true });
      // Order matters little: a bare event and a data event cannot share one block.
      scanner.feed(value, (event) => handle(event, null));
      parser.feed(value);
    }
  } finally {
    clearTimeout(watchdog);
    await reader.cancel().catch(() => {});
  }
  if (idle) throw new StreamIdleTimeout();
}

export interface AgentError {
  code: string;
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

export type Json = Record<string, unknown>;
export const isObject = (v: unknown): v is Json =>
  v !== null && typeof v === "object" && !Array.isArray(v);

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
    const json = JSON.parse(data);
    if (isObject(json)) return json;
  } catch { /* reported below */ }
  findings.push({
    path,
    severity: "error",
    message: `event data is not a JSON object: ${data.slice(0, 80)}`,
  });
  return null;
}
