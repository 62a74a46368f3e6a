/**
 * What an agent answers, as schemas to publish: the default way's reply envelope (spec 2.4) whose
 * messages are the content schemas the gateway checks replies with (CONTENT_SCHEMAS), its stream
 * events (6.1), and the platform-A way's (Dify's) chat-completion object and stream events (2.8,
 * 6.2). The OpenAPI document gives them to the sample agents' routes, so that an agent developer
 * reads the reply there; the gateway itself reads replies field by field (replies.ts), to deliver
 * what it can of a wrong one.
 */
import { z } from "npm:zod@4.6.7";
import { CONTENT_SCHEMAS } from "./schemas.ts";

/** `"102/10201"` → 102. */
const codeOf = (key: string) => Number(key.split("/")[0]);

/** One message of each type and subtype but the combination: `{type, content}`. */
const SINGLE_MESSAGES = Object.entries(CONTENT_SCHEMAS).filter(([key]) => key !== "111").map((
  [key, content],
) => z.object({ type: z.literal(codeOf(key)), content }).meta({ title: `message ${key}` }));

const SingleMessage = z.union(SINGLE_MESSAGES as unknown as [z.ZodType, z.ZodType]);

/** A message of any type (spec 2.5): the combination nests the others, in any order. */
export const AgentMessageSchema = z.union([
  ...SINGLE_MESSAGES,
  z.object({
    type: z.literal(111),
    content: z.object({ combinationList: z.array(SingleMessage).min(1) }),
  }).meta({ title: "message 111" }),
] as unknown as [z.ZodType, z.ZodType]).meta({
  id: "AgentMessage",
  description:
    "A message the agent sends (spec 2.5): type 100 text, 101 rich text, 102 card (subtype 10201), 103 options (10301, 10302, 10303), 104 file, 105 image, 109 markdown, 111 combination.",
});

/** An instruction (spec 2.6): TRANSFER_HUMAN, to a queue when actionData names one. */
export const InstructionSchema = z.object({
  actionType: z.literal("TRANSFER_HUMAN"),
  actionData: z.record(z.string(), z.string()).describe(
    "Empty for a plain transfer; the queue variable (e.g. qno) and the queue number otherwise.",
  ),
}).meta({ id: "Instruction" });

/** The default way's blocking reply, and the open-session call's (spec 2.4). */
export const ReplyEnvelopeSchema = z.object({
  status: z.number().int().describe("200."),
  code: z.string().describe("success."),
  data: z.object({
    conversationId: z.string().describe("The conversation id, sent back on later pushes."),
    answers: z.array(z.union([
      z.object({ answerType: z.literal("message"), answerContent: AgentMessageSchema }),
      z.object({ answerType: z.literal("action"), answerContent: InstructionSchema }),
    ])).describe("Messages and instructions, delivered in order."),
    metadata: z.record(z.string(), z.unknown()).optional(),
  }),
}).meta({ id: "ReplyEnvelope", description: "The default way's reply (spec 2.4)." });

/** The data of each default-way stream event (spec 6.1): `message` chunks, `end`, `error`. */
export const DefaultStreamEventSchema = z.union([
  z.object({
    event: z.literal("message"),
    conversation_id: z.string(),
    answer: z.array(z.object({
      message_id: z.string().describe("Chunks with the same id are joined into one message."),
      content_type: z.string().describe(
        "text, markdown, html or rich_text; ccemu also accepts a type code (e.g. 102) with the content object as JSON text.",
      ),
      content: z.string(),
      created_at: z.number().int().describe("Milliseconds."),
    })),
  }),
  z.object({
    event: z.literal("end"),
    conversation_id: z.string(),
    answer: z.array(z.object({
      metadata: z.record(z.string(), z.unknown()).describe(
        "command: TRANSFER_HUMAN transfers; its other keys (qno) are the instruction's actionData.",
      ),
    })),
  }),
  z.object({ event: z.literal("error"), code: z.string(), message: z.string() }),
]).meta({
  id: "DefaultStreamEvent",
  description:
    "The data of each server-sent event of a default-way streaming reply (`event: NAME`, `data: JSON`).",
});

const difyIds = {
  task_id: z.string(),
  id: z.string().optional(),
  message_id: z.string(),
  conversation_id: z.string(),
};

/** The platform-A way's blocking reply: Dify's chat-completion object (spec 2.8). */
export const ChatCompletionSchema = z.object({
  event: z.literal("message"),
  ...difyIds,
  mode: z.string().describe("chat."),
  answer: z.string().describe(
    "The whole reply (markdown); a line >transfer_human:PHRASE or >transfer_human_QUEUE:PHRASE transfers.",
  ),
  metadata: z.record(z.string(), z.unknown()).optional(),
  created_at: z.number().int().describe("Seconds."),
}).meta({ id: "ChatCompletion", description: "The platform-A way's blocking reply (Dify)." });

/** The data of each platform-A stream event (spec 6.2); a bare `event: ping` is a keep-alive. */
export const ChatStreamEventSchema = z.union([
  z.object({
    event: z.enum(["message", "agent_message"]),
    ...difyIds,
    answer: z.string().describe("A chunk of the reply."),
    created_at: z.number().int(),
  }),
  z.object({
    event: z.literal("message_end"),
    ...difyIds,
    metadata: z.record(z.string(), z.unknown()).optional(),
  }),
  z.object({
    event: z.literal("error"),
    message_id: z.string().optional(),
    task_id: z.string().optional(),
    status: z.union([z.number().int(), z.string()]),
    code: z.string(),
    message: z.string(),
  }),
]).meta({
  id: "ChatStreamEvent",
  description:
    "The data of each server-sent event of a platform-A streaming reply (`data: JSON`, the event named inside).",
});
