/**
 * The sample agent for the default way (spec 2.2–2.6, 4.2, 6.1): `POST /open` answers the
 * open-session call with a hot-question list; `POST /message` answers a visitor message with the
 * reply envelope (blocking) or `message` / `end` events (streaming). A reference to copy.
 */
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import { answerFor, hotQuestions, type SampleMessage } from "./catalog.ts";
import { bearer, chunks, type SampleAgentOptions, serveAsset } from "./agent-kit.ts";
import { MESSAGE_TYPES } from "../gateway/schemas.ts";

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

export function defaultAgent(options: SampleAgentOptions) {
  const app = new Hono();
  app.get("/assets/:name", serveAsset);
  app.use("/open", bearer(options.token));
  app.use("/message", bearer(options.token));

  app.post("/open", async (c) => {
    const call = OpenCall.safeParse(await c.req.json().catch(() => null));
    if (!call.success) {
      return c.json(
        { status: 400, code: "invalid_param", message: call.error.issues[0].message },
        400,
      );
    }
    const conversationId = `conv-${call.data.inputs.uniqueId ?? call.data.visitorId}`;
    return c.json(envelope(conversationId, [messageAnswer(hotQuestions(options.knowledge()))]));
  });

  app.post("/message", async (c) => {
    const parsed = Push.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      return c.json(
        { status: 400, code: "invalid_param", message: parsed.error.issues[0].message },
        400,
      );
    }
    const push = parsed.data;
    const conversationId = push.conversationId ?? `conv-${push.inputs?.uniqueId ?? push.visitorId}`;
    const { messageType, message } = push.data[0];
    const query = Number(messageType) === 105
      ? `image ${message.fileName ?? ""}`
      : String(message.content ?? "");
    const answer = Number(messageType) === 105
      ? {
        messages: [{
          type: 100,
          content: { content: `Thanks, I received your image ${message.fileName ?? ""}.` },
        }],
        markdown: "",
        transfer: undefined,
      }
      : answerFor(query, options.knowledge(), options.assets());

    if (push.responseMode === "blocking") {
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
      return c.json(envelope(conversationId, answers));
    }

    return streamSSE(c, async (out) => {
      const send = (event: string, data: unknown) =>
        out.writeSSE({ event, data: JSON.stringify(data) });
      for (const [i, m] of answer.messages.entries()) {
        const message_id = `${conversationId}-${i}`;
        if (m.type === MESSAGE_TYPES.TEXT || m.type === MESSAGE_TYPES.MARKDOWN) {
          const contentType = m.type === MESSAGE_TYPES.MARKDOWN ? "markdown" : "text";
          for (const piece of chunks(String(m.content.content))) {
            await send("message", {
              event: "message",
              conversation_id: conversationId,
              answer: [{
                message_id,
                content_type: contentType,
                content: piece,
                created_at: options.now(),
              }],
            });
            if (options.chunkDelayMs) await out.sleep(options.chunkDelayMs);
          }
        } else {
          // Structured types stream whole: content_type is the type code, content its JSON (README).
          await send("message", {
            event: "message",
            conversation_id: conversationId,
            answer: [{
              message_id,
              content_type: String(m.type),
              content: JSON.stringify(m.content),
              created_at: options.now(),
            }],
          });
        }
      }
      const metadata = answer.transfer
        ? {
          command: "TRANSFER_HUMAN",
          ...(answer.transfer.qno ? { qno: answer.transfer.qno } : {}),
        }
        : {};
      await send("end", { event: "end", conversation_id: conversationId, answer: [{ metadata }] });
    });
  });
  return app;
}
