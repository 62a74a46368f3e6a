/**
 * The agent ccemu pushes to during a tap-recording parity run: it keeps every push it gets and
 * answers each with the reply the tap recorded for the same push (the n-th open-session call with
 * the recorded n-th, the n-th message with the n-th), so that ccemu's session goes on as the real
 * one did (its conversation id, a transfer) and later pushes can match the real gateway's.
 */
import type { RelayedPush, TapResponse } from "../tap/relayed-push.ts";
import { recordedHeaders } from "../tap/relayed-push.ts";

/** A push as the capture agent got it, kept as the tap keeps one (token redacted). */
export interface CapturedPush {
  via: "open" | "message";
  method: string;
  /** Path and query. */
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** A recorded SSE stream written again; an unnamed event was `message`, which is SSE's default. */
function sseText(events: NonNullable<TapResponse["events"]>): string {
  return events.map(({ event, data }) => {
    const name = event === "message" ? "" : `event: ${event}\n`;
    const lines = (data ?? "").split("\n").map((line) => `data: ${line}\n`).join("");
    return `${name}${lines}\n`;
  }).join("");
}

/** The recorded reply as a Response; a push the agent never answered gets the tap's 502 again. */
export function recordedReply(exchange: RelayedPush | undefined): Response {
  if (!exchange) return Response.json({}); // ccemu pushed more than the real gateway: any reply
  const { response } = exchange;
  if (!response) {
    return new Response(exchange.error ?? "no reply was recorded", {
      status: 502,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
  const type = response.headers["content-type"];
  const headers = type ? { "content-type": type } : undefined;
  const body = response.events ? sseText(response.events) : response.body ?? "";
  return new Response(body, { status: response.status, headers });
}

export interface CaptureAgent extends AsyncDisposable {
  url: string;
  pushes: CapturedPush[];
}

/**
 * Listens on 127.0.0.1 (a free port). A push to `openPath` is the open-session call; any other is a
 * message. `replies` are the recorded exchanges of each kind, in order.
 */
export function startCaptureAgent(
  openPath: string | undefined,
  replies: { open: RelayedPush[]; message: RelayedPush[] },
): CaptureAgent {
  const pushes: CapturedPush[] = [];
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    async (request) => {
      const url = new URL(request.url);
      const path = url.pathname + url.search;
      const via = openPath !== undefined && path === openPath ? "open" : "message";
      const body = await request.text();
      const n = pushes.filter((p) => p.via === via).length;
      pushes.push({
        via,
        method: request.method,
        path,
        headers: recordedHeaders(request.headers),
        body,
      });
      return recordedReply(replies[via][n]);
    },
  );
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    pushes,
    async [Symbol.asyncDispose]() {
      await server.shutdown();
    },
  };
}
