/** Reading a platform-A (Dify) SSE reply: answer chunks, `message_end`, `error`, transfer lines. */
import { type Delivery, emptyDelivery } from "./replies.ts";
import type { Finding } from "./schemas.ts";
import { MESSAGE_TYPES } from "./schemas.ts";
import { splitTransfer } from "./transfer.ts";
import {
  type AgentError,
  agentError,
  type EventOutcome,
  parseData,
  type StreamReader,
} from "./streams.ts";

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
