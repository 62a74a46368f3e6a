/** A scriptable agent for gateway tests: records every push and answers what the test says. */
import type { RunningEmulator } from "../../harness/mod.ts";

export interface ReceivedPush {
  path: string;
  headers: Headers;
  body: Record<string, unknown>;
}

type Handler = (push: ReceivedPush) => Response | Promise<Response>;

export function startTestAgent(handler: Handler = () => Response.json({})) {
  const received: ReceivedPush[] = [];
  let current = handler;
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    async (request) => {
      const push = {
        path: new URL(request.url).pathname,
        headers: request.headers,
        body: await request.json(),
      };
      received.push(push);
      return current(push);
    },
  );
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    received,
    answer(next: Handler) {
      current = next;
    },
    async [Symbol.asyncDispose]() {
      await server.shutdown();
    },
  };
}

/** The default way's reply envelope around answers. */
export const envelope = (answers: unknown[], conversationId = "c-1") => ({
  status: 200,
  code: "success",
  data: { conversationId, answers, metadata: {} },
});
export const message = (type: unknown, content: unknown) => ({
  answerType: "message",
  answerContent: { type, content },
});

/** An SSE response from raw text (so tests control the framing byte for byte). */
export function sse(text: string | string[], delayMs = 0): Response {
  const parts = Array.isArray(text) ? text : [text];
  const encoder = new TextEncoder();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const part of parts) {
        if (delayMs) await new Promise((resolve) => (timer = setTimeout(resolve, delayMs)));
        controller.enqueue(encoder.encode(part));
      }
      controller.close();
    },
    cancel() {
      clearTimeout(timer);
    },
  });
  return new Response(body, { headers: { "content-type": "text/event-stream" } });
}

/** An SSE response that sends `first` and then nothing, until the reader gives up. */
export function hangingSse(first = ""): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      if (first) controller.enqueue(new TextEncoder().encode(first));
    },
  });
  return new Response(body, { headers: { "content-type": "text/event-stream" } });
}

/** Registers `agentUrl` through the signed API and returns the robot id. */
export async function register(
  ccemu: RunningEmulator,
  agentUrl: string,
  options: { platform?: string; open?: boolean; token?: string } = {},
) {
  const platform = options.platform ?? "Default";
  const messageUri = platform === "PlatformA" ? "/v1/chat-messages" : "/message";
  const res = await ccemu.client().post("/livechat/third_part_bot_register", {
    name: "test agent",
    domain: agentUrl,
    authEnabled: options.token !== undefined,
    ...(options.token !== undefined
      ? { authentication: { type: "TOKEN", token: options.token } }
      : {}),
    pushConfigList: [
      ...(options.open ? [{ type: "Open", uri: "/open", httpMethod: "POST" }] : []),
      { type: "Message", uri: messageUri, httpMethod: "POST" },
    ],
    platform,
  });
  if (res.status !== 200) throw new Error(`registration failed: ${JSON.stringify(res.body)}`);
  return String(res.body.robotId);
}

/** Any control-API call: status, headers and JSON answer. */
export async function control(
  ccemu: RunningEmulator,
  method: string,
  path: string,
  body?: unknown,
) {
  const res = await fetch(`${ccemu.url}${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, headers: res.headers, json: await res.json() };
}

/** Control-API helpers for sessions. */
export async function openSession(ccemu: RunningEmulator, body: Record<string, unknown>) {
  const res = await fetch(`${ccemu.url}/_emulator/gateway/sessions`, {
    method: "POST",
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

export async function say(
  ccemu: RunningEmulator,
  sessionId: string,
  body: Record<string, unknown>,
) {
  const res = await fetch(`${ccemu.url}/_emulator/gateway/sessions/${sessionId}/messages`, {
    method: "POST",
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}
