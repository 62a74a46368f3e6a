/**
 * The sample agent for the platform-A way: a Dify-style `POST /v1/chat-messages` (spec 2.8, 4.3,
 * 6.2). Blocking answers the chat-completion object; streaming writes Dify's framing — `data:` lines
 * whose JSON names the event, and the keep-alive as a bare `event: ping`. Transfers are the
 * `>transfer_human:` lines the spec asks the model to write. A reference to copy.
 */
import type { Context } from "npm:hono@4.13.19";
import { streamSSE } from "npm:hono@4.13.19/streaming";
import { z } from "npm:zod@4.6.7";
import { answerFor } from "./catalog.ts";
import { bearer, chunks, type SampleAgentOptions, serveAsset } from "./agent-kit.ts";
import { controlRoutes } from "../control/documented.ts";
import { ChatCompletionSchema, ChatStreamEventSchema } from "../gateway/reply-schemas.ts";

const ChatRequest = z.object({
  query: z.string(),
  inputs: z.record(z.string(), z.unknown()),
  user: z.string(),
  response_mode: z.enum(["blocking", "streaming"]).optional(),
  conversation_id: z.string().optional(),
  auto_generate_name: z.boolean().optional(),
  files: z.array(
    z.object({
      type: z.literal("image"),
      transfer_method: z.literal("remote_url"),
      url: z.string(),
    }),
  ).optional(),
});

type ChatRequest = z.infer<typeof ChatRequest>;

export function platformAAgent(options: SampleAgentOptions) {
  let messages = 0;
  const routes = controlRoutes().get(
    "/assets/:name",
    { summary: "Files the platform-A sample agent links." },
    serveAsset,
  );
  routes.hono.use("/v1/*", bearer(options.token));
  return routes.post("/v1/chat-messages", {
    summary: "The platform-A sample agent (Dify-style chat-messages).",
    body: ChatRequest,
    answer: ChatCompletionSchema,
    events: ChatStreamEventSchema,
  }, async (c) => {
    const parsed = ChatRequest.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return c.json({
        status: 400,
        code: "invalid_param",
        message: `${issue.path.join(".")}: ${issue.message}`,
      }, 400);
    }
    const reply = chatReply(parsed.data, `msg-${++messages}`, options);
    return parsed.data.response_mode === "streaming" ? streamReply(c, reply, options) : c.json({
      event: "message",
      ...reply.base,
      mode: "chat",
      answer: reply.text,
      metadata: { usage: reply.usage },
      created_at: Math.floor(options.now() / 1000),
    });
  }).hono;
}

/** The reply's text (a transfer as the `>transfer_human:` line), ids and token usage. */
function chatReply(request: ChatRequest, id: string, options: SampleAgentOptions) {
  const conversationId = request.conversation_id ||
    `conv-${request.inputs.uniqueId ?? request.user}`;
  const answer = request.files?.length && !request.query
    ? { markdown: `Thanks, I received your image: ${request.files[0].url}`, transfer: undefined }
    : answerFor(request.query, options.knowledge(), options.assets());
  const text = answer.transfer
    ? `>transfer_human${
      answer.transfer.qno ? `_${answer.transfer.qno}` : ""
    }:${answer.transfer.phrase}`
    : answer.markdown;
  const base = { task_id: `task-${id}`, id, message_id: id, conversation_id: conversationId };
  const usage = {
    prompt_tokens: request.query.length,
    completion_tokens: text.length,
    total_tokens: request.query.length + text.length,
  };
  return { text, base, usage };
}

/** Dify's streaming framing: a ping, the text in `message` chunks, then `message_end`. */
function streamReply(
  c: Context,
  { text, base, usage }: ReturnType<typeof chatReply>,
  options: SampleAgentOptions,
) {
  return streamSSE(c, async (out) => {
    // Dify's ping has no data line, and writeSSE always writes one: the one frame written whole.
    await out.write("event: ping\n\n");
    for (const piece of chunks(text)) {
      await out.writeSSE({
        data: JSON.stringify({
          event: "message",
          ...base,
          answer: piece,
          created_at: Math.floor(options.now() / 1000),
        }),
      });
      if (options.chunkDelayMs) await out.sleep(options.chunkDelayMs);
    }
    await out.writeSSE({
      data: JSON.stringify({ event: "message_end", ...base, metadata: { usage } }),
    });
  });
}
