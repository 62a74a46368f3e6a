/**
 * A minimal agent for the robot gateway, in TypeScript on Deno with no dependency. It serves both
 * ways and both modes:
 *
 *   POST /open               the open-session call (default way): a hot-question list
 *   POST /message            a visitor message (default way): the reply envelope, or SSE events
 *   POST /v1/chat-messages   a visitor message (platform-A way, Dify's chat API)
 *
 * It answers a text with "You said: …", an image with a thank-you, and "转人工" / "human" with a
 * transfer to a human. Run: deno run --allow-net --allow-env agent.ts [PORT]  (0 picks a free port;
 * AGENT_TOKEN=… makes it require `Authorization: Bearer …`). Its first line on stdout is
 * `agent listening on http://127.0.0.1:PORT`.
 */

type Json = Record<string, unknown>;

const TOKEN = Deno.env.get("AGENT_TOKEN");
const wantsHuman = (text: string) => /人工|human/i.test(text);

/** What to say to a visitor's text (or image, when `text` is empty). */
function replyTo(text: string): { text: string; transfer: boolean } {
  if (wantsHuman(text)) {
    return { text: "正在为您转接人工客服 / Connecting you to a human.", transfer: true };
  }
  if (!text) return { text: "Thanks, I received your image.", transfer: false };
  return { text: `You said: ${text}`, transfer: false };
}

/** One SSE event: `event:` names it (the default way), `data:` carries its JSON. */
function sse(events: { event?: string; data: Json }[]): Response {
  const body = events.map(({ event, data }) =>
    `${event ? `event: ${event}\n` : ""}data: ${JSON.stringify(data)}\n\n`
  ).join("");
  return new Response(body, { headers: { "content-type": "text/event-stream" } });
}

/** The default way's reply envelope (spec 2.4) around answers. */
const envelope = (conversationId: string, answers: Json[]) =>
  Response.json({ status: 200, code: "success", data: { conversationId, answers, metadata: {} } });

const textAnswer = (content: string) => ({
  answerType: "message",
  answerContent: { type: 100, content: { content } },
});

function openSession(push: Json): Response {
  const inputs = (push.inputs ?? {}) as Json;
  return envelope(`conv-${inputs.uniqueId ?? push.visitorId}`, [{
    answerType: "message",
    answerContent: {
      type: 103,
      content: {
        subtype: 10301,
        content: "猜你想问 / Popular questions",
        scene: "HotQuestion",
        options: [{ content: "How do I track my order?" }, { content: "human" }],
      },
    },
  }]);
}

function defaultMessage(push: Json): Response {
  const inputs = (push.inputs ?? {}) as Json;
  const conversationId = String(push.conversationId ?? `conv-${inputs.uniqueId ?? push.visitorId}`);
  const [first] = push.data as { messageType: number | string; message: Json }[];
  const reply = replyTo(Number(first.messageType) === 100 ? String(first.message.content) : "");
  if (push.responseMode === "streaming") {
    const now = Date.now();
    return sse([
      {
        event: "message",
        data: {
          event: "message",
          conversation_id: conversationId,
          answer: [{
            message_id: "m-1",
            content_type: "text",
            content: reply.text,
            created_at: now,
          }],
        },
      },
      {
        event: "end",
        data: {
          event: "end",
          conversation_id: conversationId,
          answer: [{ metadata: reply.transfer ? { command: "TRANSFER_HUMAN" } : {} }],
        },
      },
    ]);
  }
  const answers: Json[] = [textAnswer(reply.text)];
  if (reply.transfer) {
    answers.push({
      answerType: "action",
      answerContent: { actionType: "TRANSFER_HUMAN", actionData: {} },
    });
  }
  return envelope(conversationId, answers);
}

function chatMessage(request: Json): Response {
  const inputs = (request.inputs ?? {}) as Json;
  const conversationId = String(
    request.conversation_id || `conv-${inputs.uniqueId ?? request.user}`,
  );
  const reply = replyTo(String(request.query ?? ""));
  // A transfer, the platform-A way, is a line the gateway reads (spec 4.3).
  const answer = reply.transfer ? `>transfer_human:${reply.text}` : reply.text;
  const ids = {
    task_id: "task-1",
    id: "msg-1",
    message_id: "msg-1",
    conversation_id: conversationId,
  };
  const createdAt = Math.floor(Date.now() / 1000);
  if (request.response_mode === "streaming") {
    return sse([
      { data: { event: "message", ...ids, answer, created_at: createdAt } },
      { data: { event: "message_end", ...ids, metadata: {} } },
    ]);
  }
  return Response.json({
    event: "message",
    ...ids,
    mode: "chat",
    answer,
    metadata: {},
    created_at: createdAt,
  });
}

const routes: Record<string, (body: Json) => Response> = {
  "/open": openSession,
  "/message": defaultMessage,
  "/v1/chat-messages": chatMessage,
};

export function serve(port: number) {
  return Deno.serve({
    hostname: "127.0.0.1",
    port,
    onListen: ({ port }) => console.log(`agent listening on http://127.0.0.1:${port}`),
  }, async (request) => {
    const route = routes[new URL(request.url).pathname];
    if (!route || request.method !== "POST") return new Response("not found", { status: 404 });
    if (TOKEN !== undefined && request.headers.get("authorization") !== `Bearer ${TOKEN}`) {
      return Response.json({ status: 401, code: "unauthorized", message: "wrong Bearer token" }, {
        status: 401,
      });
    }
    return route(await request.json());
  });
}

if (import.meta.main) serve(Number(Deno.args[0] ?? 3000));
