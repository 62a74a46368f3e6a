/**
 * The sample agent for the default way (spec 2.2–2.6, 4.2, 6.1): `POST /open` answers the
 * open-session call with a hot-question list; `POST /message` answers a visitor message with the
 * reply envelope (blocking) or `message` / `end` events (streaming). A reference to copy.
 */
import type { Context } from "npm:hono@4.13.19";
import { streamSSE } from "npm:hono@4.13.19/streaming";
import { z } from "npm:zod@4.6.7";
import { answerFor, hotQuestions, type SampleMessage } from "./catalog.ts";
import { bearer, chunks, type SampleAgentOptions, serveAsset } from "./agent-kit.ts";
import { MESSAGE_TYPES } from "../gateway/schemas.ts";
import { controlRoutes } from "../control/documented.ts";
import { DefaultStreamEventSchema, ReplyEnvelopeSchema } from "../gateway/reply-schemas.ts";

const Push = z.object({
  robotId: z.string(),
  conversationId: z.string().optional(),
  visitorId: z.string(),
  data: z.array(
    z.object({
      messageType: z.union([z.number(), z.string()]),
      message: z.record(z.string(), z.unknown()),
    }),
  ).min(1),
  inputs: z.record(z.string(), z.unknown()).optional(),
  responseMode: z.enum(["blocking", "streaming"]),
  sender: z.string().optional(),
});

const OpenCall = z.object({
  robotId: z.string(),
  visitorId: z.string(),
  inputs: z.record(z.string(), z.unknown()),
  responseMode: z.literal("blocking"),
});

const envelope = (conversationId: string, answers: unknown[]) => ({
  status: 200,
  code: "success",
  data: { conversationId, answers, metadata: {} },
});
const messageAnswer = (m: SampleMessage) => ({
  answerType: "message",
  answerContent: { type: m.type, content: m.content },
});

type Answer = ReturnType<typeof answerFor>;
type Push = z.infer<typeof Push>;
type Out = Parameters<Parameters<typeof streamSSE>[1]>[0];

const invalid = (c: Context, message: string) =>
  c.json({ status: 400, code: "invalid_param", message }, 400);

/** What the visitor's message asks for: an image is thanked for, text goes to the catalog. */
function answerTo(push: Push, options: SampleAgentOptions): Answer {
  const { messageType, message } = push.data[0];
  if (Number(messageType) !== 105) {
    return answerFor(String(message.content ?? ""), options.knowledge(), options.assets());
  }
  return {
    messages: [{
      type: 100,
      content: { content: `Thanks, I received your image ${message.fileName ?? ""}.` },
    }],
    markdown: "",
    transfer: undefined,
  };
}

/** The blocking reply: every message, then the transfer as an action. */
function blockingAnswers(answer: Answer): unknown[] {
  const answers: unknown[] = answer.messages.map(messageAnswer);
  if (answer.transfer) {
    answers.push({
      answerType: "action",
      answerContent: {
        actionType: "TRANSFER_HUMAN",
        actionData: answer.transfer.qno ? { qno: answer.transfer.qno } : {},
      },
    });
  }
  return answers;
}

/** The streamed reply: text in chunks, structured types whole, then `end` with the transfer. */
async function streamAnswer(
  out: Out,
  conversationId: string,
  answer: Answer,
  options: SampleAgentOptions,
) {
  const send = (event: string, data: unknown) =>
    out.writeSSE({ event, data: JSON.stringify(data) });
  const piece = (message_id: string, content_type: string, content: string) =>
    send("message", {
      event: "message",
      conversation_id: conversationId,
      answer: [{ message_id, content_type, content, created_at: options.now() }],
    });
  for (const [i, m] of answer.messages.entries()) {
    const messageId = `${conversationId}-${i}`;
    if (m.type === MESSAGE_TYPES.TEXT || m.type === MESSAGE_TYPES.MARKDOWN) {
      const contentType = m.type === MESSAGE_TYPES.MARKDOWN ? "markdown" : "text";
      for (const text of chunks(String(m.content.content))) {
        await piece(messageId, contentType, text);
        if (options.chunkDelayMs) await out.sleep(options.chunkDelayMs);
      }
    } else {
      // Structured types stream whole: content_type is the type code, content its JSON (docs/write-an-agent.md).
      await piece(messageId, String(m.type), JSON.stringify(m.content));
    }
  }
  const metadata = answer.transfer
    ? { command: "TRANSFER_HUMAN", ...(answer.transfer.qno ? { qno: answer.transfer.qno } : {}) }
    : {};
  await send("end", { event: "end", conversation_id: conversationId, answer: [{ metadata }] });
}

export function defaultAgent(options: SampleAgentOptions) {
  const routes = controlRoutes().get(
    "/assets/:name",
    { summary: "Images and files the default-way sample agent sends." },
    serveAsset,
  );
  routes.hono.use("/open", bearer(options.token));
  routes.hono.use("/message", bearer(options.token));
  return routes
    .post("/open", {
      summary: "The default-way sample agent's open-session interface.",
      body: OpenCall,
      answer: ReplyEnvelopeSchema,
    }, async (c) => {
      const call = OpenCall.safeParse(await c.req.json().catch(() => null));
      if (!call.success) return invalid(c, call.error.issues[0].message);
      const conversationId = `conv-${call.data.inputs.uniqueId ?? call.data.visitorId}`;
      return c.json(envelope(conversationId, [messageAnswer(hotQuestions(options.knowledge()))]));
    })
    .post("/message", {
      summary: "The default-way sample agent's message interface.",
      body: Push,
      answer: ReplyEnvelopeSchema,
      events: DefaultStreamEventSchema,
    }, async (c) => {
      const parsed = Push.safeParse(await c.req.json().catch(() => null));
      if (!parsed.success) return invalid(c, parsed.error.issues[0].message);
      const push = parsed.data;
      const conversationId = push.conversationId ??
        `conv-${push.inputs?.uniqueId ?? push.visitorId}`;
      const answer = answerTo(push, options);
      if (push.responseMode === "blocking") {
        return c.json(envelope(conversationId, blockingAnswers(answer)));
      }
      return streamSSE(c, (out) => streamAnswer(out, conversationId, answer, options));
    })
    .hono;
}
