/**
 * Reading an agent's server-sent events (spec part 6) and turning them into what the visitor sees.
 * eventsource-parser does the parsing; a small scan beside it notices events that carry no data
 * (Dify's bare `event: ping` keep-alive), which the SSE rules otherwise drop without a trace.
 */
import { createParser } from "eventsource-parser";
import { monotonicNow } from "../core/clock.ts";
import {
  checkInstruction,
  checkMessage,
  type Delivery,
  emptyDelivery,
  typeOfContentType,
} from "./replies.ts";
import type { AgentMessage, Finding } from "./schemas.ts";
import { MESSAGE_TYPES } from "./schemas.ts";
import { splitTransfer } from "./transfer.ts";

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

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** An `error` event as the agent sent it (both ways name its fields `code` and `message`). */
function agentError(json: Json): AgentError {
  return {
    code: String(json.code ?? "error"),
    message: String(json.message ?? "the agent reported an error"),
  };
}

function parseData(data: string | null, path: string, findings: Finding[]): Json | null {
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

/** The default way's events: `message` chunks, `end` (with the transfer command), `error`. */
export class DefaultStreamReader implements StreamReader {
  #delivery = emptyDelivery();
  #texts = new Map<string, { type: number; text: string }>();
  #order: (string | AgentMessage)[] = [];
  #error: AgentError | null = null;
  #ended = false;

  event(name: string, data: string | null, index: number): EventOutcome {
    const { findings } = this.#delivery;
    const path = `$.events[${index}].data`;
    const json = parseData(data, path, findings);
    if (!json) return { ignored: true };
    const kind = typeof json.event === "string" ? json.event : name;
    if (typeof json.conversation_id === "string" && json.conversation_id) {
      this.#delivery.conversationId = json.conversation_id;
    }
    if (kind === "message") return this.#message(json, path);
    if (kind === "end") {
      this.#ended = true;
      const answers = Array.isArray(json.answer) ? json.answer : [];
      const metadata = answers.find((a) => isObject(a) && isObject(a.metadata))?.metadata as
        | Json
        | undefined;
      if (metadata?.command === "TRANSFER_HUMAN") {
        const { command, ...actionData } = metadata;
        this.#delivery.instruction = checkInstruction(
          { actionType: command, actionData },
          `${path}.answer[0].metadata`,
          findings,
        );
      }
      return { stop: true };
    }
    if (kind === "error") {
      this.#ended = true;
      this.#error = agentError(json);
      return { stop: true };
    }
    findings.push({
      path: `$.events[${index}]`,
      severity: "warning",
      message: `unknown event "${kind}" in the default way (message, end, error); ignored`,
    });
    return { ignored: true };
  }

  #message(json: Json, path: string): EventOutcome {
    const { findings } = this.#delivery;
    const answers = Array.isArray(json.answer)
      ? json.answer
      : isObject(json.answer)
      ? [json.answer]
      : null;
    if (!answers) {
      findings.push({
        path: `${path}.answer`,
        severity: "error",
        message: "expected answer to be a list of chunks",
      });
      return { ignored: true };
    }
    let chunk: EventOutcome["chunk"];
    answers.forEach((answer, i) => {
      if (!isObject(answer)) return;
      const id = String(answer.message_id ?? `message-${this.#order.length}`);
      const textType = typeOfContentType(answer.content_type);
      if (textType !== undefined && typeof answer.content === "string") {
        const joined = this.#texts.get(id);
        if (joined) joined.text += answer.content;
        else {
          this.#texts.set(id, { type: textType, text: answer.content });
          this.#order.push(id);
        }
        chunk = { messageId: id, text: answer.content };
        return;
      }
      // ccemu's extension for structured types: content_type is the type code, content its JSON.
      const structured = typeof answer.content === "string"
        ? safeJson(answer.content)
        : answer.content;
      // content_type is a String in the spec, so a code written as digits is no discrepancy here.
      const code = typeof answer.content_type === "string" && /^\d+$/.test(answer.content_type)
        ? Number(answer.content_type)
        : answer.content_type;
      const message = checkMessage(code, structured, `${path}.answer[${i}]`, findings);
      if (message) this.#order.push({ ...message, messageId: id });
    });
    return { chunk };
  }

  result() {
    if (!this.#ended) {
      this.#delivery.findings.push({
        path: "$.events",
        severity: "error",
        message: "the stream ended without an end event",
      });
      this.#error ??= {
        code: "AgentStreamIncomplete",
        message: "The agent's stream closed before its end event.",
      };
    }
    this.#delivery.messages = this.#order.map((item) => {
      if (typeof item !== "string") return item;
      const { type, text } = this.#texts.get(item)!;
      return { type, content: { content: text }, messageId: item };
    });
    return { delivery: this.#delivery, error: this.#error };
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Events the platform-A way reads; every other event is ignored (and marked so in the journal). */
const PLATFORM_A_READ = new Set(["message", "agent_message", "message_end", "error"]);

/** The platform-A (Dify) way: answer chunks, `message_end`, `error`; transfer lines in the answer. */
export class PlatformAStreamReader implements StreamReader {
  #answer = "";
  #messageId: string | null = null;
  #findings: Finding[] = [];
  #conversationId: string | null = null;
  #error: AgentError | null = null;
  #ended = false;

  event(name: string, data: string | null, index: number): EventOutcome {
    if (data === null) return { ignored: true }; // the bare `event: ping` keep-alive
    const json = parseData(data, `$.events[${index}].data`, this.#findings);
    if (!json) return { ignored: true };
    const kind = typeof json.event === "string" ? json.event : name;
    if (!PLATFORM_A_READ.has(kind)) return { ignored: true };
    if (typeof json.conversation_id === "string" && json.conversation_id) {
      this.#conversationId = json.conversation_id;
    }
    if (kind === "message_end") {
      this.#ended = true;
      return { stop: true };
    }
    if (kind === "error") {
      this.#ended = true;
      this.#error = agentError(json);
      return { stop: true };
    }
    const text = typeof json.answer === "string" ? json.answer : "";
    this.#messageId ??= String(json.message_id ?? json.id ?? "answer");
    this.#answer += text;
    return { chunk: { messageId: this.#messageId, text } };
  }

  result() {
    if (!this.#ended) {
      this.#findings.push({
        path: "$.events",
        severity: "error",
        message: "the stream ended without a message_end event",
      });
      this.#error ??= {
        code: "AgentStreamIncomplete",
        message: "The agent's stream closed before message_end.",
      };
    }
    const delivery = platformADelivery(this.#answer, this.#messageId, this.#findings);
    delivery.conversationId = this.#conversationId;
    return { delivery, error: this.#error };
  }
}

/** A platform-A answer as the visitor sees it: markdown, then the transfer phrase and instruction. */
export function platformADelivery(
  answer: string,
  messageId: string | null,
  findings: Finding[],
): Delivery {
  const delivery = emptyDelivery();
  delivery.findings = findings;
  const split = splitTransfer(answer);
  if (split.answer) {
    delivery.messages.push({
      type: MESSAGE_TYPES.MARKDOWN,
      content: { content: split.answer },
      ...(messageId ? { messageId } : {}),
    });
  }
  if (split.phrase) {
    delivery.messages.push({ type: MESSAGE_TYPES.TEXT, content: { content: split.phrase } });
  }
  delivery.instruction = split.instruction;
  return delivery;
}
