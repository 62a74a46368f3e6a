/**
 * Forwarding one push to the agent, unchanged, and its reply back to the caller, unchanged and
 * unbuffered: each chunk of the agent's reply is handed on the moment it arrives (a streamed
 * reply's first chunk reaches the gateway before the agent has sent the second). Nothing is ever
 * retried: a retried push would reach the agent twice, which the real gateway never does.
 */
import { type Delivery, emptyDelivery } from "../gateway/replies.ts";
import type { AgentError } from "../gateway/streams.ts";
import { type EarlyEnd, ReplyCapture } from "./capture.ts";
import { HOP_BY_HOP, keptText, recordedHeaders, type RelayedPush } from "./relayed-push.ts";
import type { Platform } from "./push-body.ts";

/** A push as it reached the tap. */
export interface Incoming {
  request: Request;
  /** The body's bytes, forwarded as they came. */
  body: Uint8Array<ArrayBuffer>;
  /** The path and query as received, appended to the agent URL. */
  path: string;
  /** performance.now() when it arrived. */
  arrived: number;
  /** The wall clock when it arrived (ISO). */
  time: string;
  via: "open" | "message";
  /** The way the agent's reply is read for the history. */
  platform: Platform;
}

/** One finished exchange: the recording's part, and what the reply delivered. */
export interface Finished {
  exchange: RelayedPush;
  delivery: Delivery;
  error: AgentError | null;
}

export interface Forwarded {
  /** What the caller gets: the agent's reply passed through, or a 502 when none came. */
  response: Response;
  /** Resolves once the reply has ended: its last byte passed, or it was cut. */
  finished: Promise<Finished>;
}

/** The agent URL a push goes to: the agent URL's path, then the push's path and query as received. */
export function agentUrlFor(agent: string, path: string): string {
  return agent.replace(/\/+$/, "") + path;
}

const since = (arrived: number) => Math.round((performance.now() - arrived) * 10) / 10;

/** Why no reply came, said for the caller's 502 (and the recording), naming the agent URL. */
function noReply(url: string, error: unknown, signal: AbortSignal): AgentError {
  // The one abort before the agent's headers are in: the tap stopping (see mod.ts).
  if (signal.aborted) {
    return {
      code: "TapStopped",
      message: `ccemu tap stopped while the push to ${url} was under way.`,
    };
  }
  const text = `${(error as Error)?.message ?? error} ${
    (error as { cause?: unknown })?.cause ?? ""
  }`;
  const notRetried = "the push was not retried.";
  if (/dns error|failed to lookup|name or service not known|no such host/i.test(text)) {
    return {
      code: "AgentUnknownHost",
      message: `ccemu tap: the agent's host in ${url} cannot be resolved; ${notRetried}`,
    };
  }
  if (/connection refused/i.test(text)) {
    return {
      code: "AgentUnreachable",
      message:
        `ccemu tap: the agent at ${url} refused the connection (is it running, and is the port right?); ${notRetried}`,
    };
  }
  const what = /closed|reset|eof|broken pipe|incomplete/i.test(text)
    ? "closed the connection without answering"
    : `could not be reached (${text.trim().slice(0, 200)})`;
  return {
    code: "AgentUnreachable",
    message: `ccemu tap: the agent at ${url} ${what}; ${notRetried}`,
  };
}

/** The recording's part of the push itself. */
function sent(incoming: Incoming, url: string): Omit<RelayedPush, "response" | "timings"> {
  const body = keptText(new TextDecoder().decode(incoming.body));
  return {
    via: incoming.via,
    time: incoming.time,
    request: {
      method: incoming.request.method,
      path: incoming.path,
      headers: recordedHeaders(incoming.request.headers),
      body: body.text,
      ...(body.cut ? { cut: true as const } : {}),
    },
    agentUrl: url,
  };
}

/** The caller's headers for the agent, as they came, but those of the connection itself. */
function agentHeaders(received: Headers): Headers {
  const headers = new Headers();
  received.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name)) headers.set(name, value);
  });
  // Without one, fetch would offer gzip and br of its own accord.
  if (!headers.has("accept-encoding")) headers.set("accept-encoding", "identity");
  return headers;
}

/**
 * Whether fetch decodes a compressed reply: it does unless the request asked for `identity` only
 * (measured on Deno 2.9: with `gzip`, `br` or `gzip, br` it decodes, keeping Content-Encoding).
 */
const fetchDecodes = (acceptEncoding: string | null) =>
  !/^\s*identity\s*$/i.test(acceptEncoding ?? "");

/** The agent's headers for the caller; Content-Encoding only while the body is still encoded. */
function replyHeaders(received: Headers, decoded: boolean): Headers {
  const headers = new Headers();
  received.forEach((value, name) => {
    if (HOP_BY_HOP.has(name) || (decoded && name === "content-encoding")) return;
    headers.append(name, value);
  });
  return headers;
}

/**
 * The agent's body for the caller, a chunk at a time as the caller asks (highWaterMark 0: nothing
 * read ahead, nothing held back). `finish` is told how the reply ended.
 */
function passThrough(
  body: ReadableStream<Uint8Array>,
  capture: ReplyCapture,
  abort: AbortController,
  finish: (early?: EarlyEnd) => void,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let read;
      try {
        read = await reader.read();
      } catch (error) {
        const byTap = abort.signal.aborted;
        finish({
          by: byTap ? "tap" : "agent",
          reason: byTap ? "ccemu tap stopped" : (error as Error)?.message ?? String(error),
        });
        controller.error(error);
        return;
      }
      if (read.done) {
        finish();
        controller.close();
        return;
      }
      capture.chunk(read.value);
      controller.enqueue(read.value);
    },
    cancel() {
      // The caller stopped reading (ccemu's gateway does once it has read `end`): so does the tap.
      finish({ by: "caller", reason: "the caller closed the reply" });
      abort.abort(new DOMException("the caller closed the reply", "AbortError"));
      reader.cancel().catch(() => {});
    },
  }, { highWaterMark: 0 });
}

/** Forwards a push; answers as soon as the agent's headers are in (or no answer can come). */
export async function forward(
  incoming: Incoming,
  agent: string,
  abort: AbortController,
): Promise<Forwarded> {
  const url = agentUrlFor(agent, incoming.path);
  const { method } = incoming.request;
  const headers = agentHeaders(incoming.request.headers);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: method === "GET" || method === "HEAD" ? undefined : incoming.body,
      redirect: "manual",
      signal: abort.signal,
    });
  } catch (thrown) {
    const error = noReply(url, thrown, abort.signal);
    const exchange: RelayedPush = {
      ...sent(incoming, url),
      response: null,
      error: error.message,
      timings: { firstByteMs: null, endMs: since(incoming.arrived) },
    };
    return {
      response: new Response(`${error.message}\n`, {
        status: 502,
        headers: { "content-type": "text/plain; charset=utf-8" },
      }),
      finished: Promise.resolve({ exchange, delivery: emptyDelivery(), error }),
    };
  }
  const firstByteMs = since(incoming.arrived);
  const capture = new ReplyCapture(incoming.platform, response, incoming.arrived);
  const ended = Promise.withResolvers<void>();
  const finish = (early?: EarlyEnd) => {
    capture.end(early);
    ended.resolve();
  };
  const body = response.body ? passThrough(response.body, capture, abort, finish) : null;
  if (!body) finish();
  const finished = ended.promise.then(async () => {
    const endMs = since(incoming.arrived);
    const { response: reply, delivery, error } = await capture.result();
    const exchange = { ...sent(incoming, url), response: reply, timings: { firstByteMs, endMs } };
    return { exchange, delivery, error };
  });
  return {
    response: new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: replyHeaders(response.headers, fetchDecodes(headers.get("accept-encoding"))),
    }),
    finished,
  };
}
