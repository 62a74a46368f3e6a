/** Reading a default-way SSE reply (spec part 6): chunks, the end event with its command, errors. */
import { isObject, type Json, parseJson } from "../core/json.ts";
import { checkInstruction, checkMessage, emptyDelivery, typeOfContentType } from "./replies.ts";
import type { AgentMessage } from "./schemas.ts";
import {
  type AgentError,
  agentError,
  type EventOutcome,
  parseData,
  type StreamReader,
} from "./streams.ts";

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
      const at = `${path}.answer[${i}]`;
      if (textType !== undefined) {
        if (typeof answer.content !== "string") {
          findings.push({
            path: `${at}.content`,
            severity: "error",
            message: `content_type ${
              JSON.stringify(answer.content_type)
            } carries text: expected content to be a string, got ${kindOf(answer.content)}`,
          });
          return;
        }
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
      // Checked as a message, reported in the chunk's own field names (content_type, not type).
      const before = findings.length;
      const message = checkMessage(code, structured, at, findings);
      for (const finding of findings.slice(before)) {
        if (finding.path === `${at}.type`) finding.path = `${at}.content_type`;
      }
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

/** JSON content as a value; text that is not JSON (or nests too deep) stays text, to be judged. */
function safeJson(text: string): unknown {
  try {
    return parseJson(text);
  } catch {
    return text;
  }
}

const kindOf = (value: unknown) =>
  value === null ? "null" : Array.isArray(value) ? "a list" : typeof value;
