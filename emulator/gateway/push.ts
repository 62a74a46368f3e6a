/**
 * One push from the gateway to an agent: the HTTP exchange, the reply read the robot's way, every
 * fault turned into a clear error, and one journal entry with the SSE timeline and timings.
 */
import { preciseWallNow } from "../core/clock.ts";
import { MAX_STORED_BODY, storeBody } from "../core/stored-body.ts";
import { headersObject } from "../core/name-value-list.ts";
import { readBody } from "../core/body.ts";
import {
  asEmulatorWork,
  type Cutoff,
  EmulatorFault,
  fetchError,
  INVALID_UTF8,
  tooLarge,
} from "./agent-errors.ts";
import { readBlocking } from "./blocking-reply.ts";
import { type Delivery, emptyDelivery } from "./replies.ts";
import type {
  AgentMessage,
  KeptMessage,
  PushEntry,
  PushEvent,
  ResponseMode,
  Robot,
} from "./schemas.ts";
import type { GatewayStore } from "./store.ts";
import { DefaultStreamReader } from "./default-stream.ts";
import { PlatformAStreamReader } from "./platform-a-stream.ts";
import {
  type AgentError,
  readEventStream,
  ReplyTooLarge,
  StreamIdleTimeout,
  type StreamReader,
  Utf8Reader,
} from "./streams.ts";

/** The most events one push's journal entry keeps of a stream (see PushRecord.events). */
const MAX_KEPT_EVENTS = 10_000;

export interface PushInput {
  robot: Robot;
  sessionId: string;
  via: "open" | "message";
  mode: ResponseMode;
  body: Record<string, unknown>;
  /** What the visitor sent, in a line (the inspector's activity log); none for the open call. */
  visitor?: string;
}

/** What one push to an agent came to: what it delivered, its failure, and its journal entry. */
export interface PushOutcome {
  /** What the reply delivered, read the robot's way as far as it could be read. */
  delivery: Delivery;
  /** Why the push failed; null when it did not. */
  error: AgentError | null;
  /** The id of the push's journal entry. */
  journalId: number;
}

/** The agent URL for an interface type: `<domain><uri>`; domain `self` is ccemu's own origin. */
export function agentUrl(
  selfOrigin: string,
  robot: Robot,
  type: "Message" | "Open",
): string | undefined {
  const config = robot.pushConfigList.find((c) => c.type === type);
  if (!config) return undefined;
  const domain = robot.domain === "self" ? selfOrigin : robot.domain;
  return domain.replace(/\/+$/, "") + config.uri;
}

/**
 * The characters of a JSON value's strings, member names included: no more than its JSON's length,
 * so a content whose strings alone exceed the room left is cut without serializing it (an agent's
 * large reply was serialized once more only to learn that, which raised a burst's peak resident
 * memory: docs/performance.md).
 */
function stringLength(value: unknown): number {
  if (typeof value === "string") return value.length;
  if (value === null || typeof value !== "object") return 0;
  let length = 0;
  const named = !Array.isArray(value);
  for (const [name, member] of Object.entries(value)) {
    length += (named ? name.length : 0) + stringLength(member);
  }
  return length;
}

/** What the journal keeps of the delivered messages: their content up to 64 KiB (as JSON) in all. */
function keptMessages(messages: AgentMessage[]): KeptMessage[] {
  let kept = 0;
  return messages.map((message) => {
    const room = MAX_STORED_BODY - kept;
    const size = stringLength(message.content) > room
      ? Infinity
      : JSON.stringify(message.content).length;
    if (size > room) return { ...message, content: null, contentCut: true };
    kept += size;
    return message;
  });
}

/** The request a push sends: where, with which headers, and the body as text. */
function pushRequest(selfOrigin: string, input: PushInput) {
  const { robot, mode, via } = input;
  const url = agentUrl(selfOrigin, robot, via === "open" ? "Open" : "Message")!;
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: mode === "streaming" ? "text/event-stream" : "application/json",
  };
  if (robot.authEnabled && robot.authentication?.token) {
    headers.authorization = `Bearer ${robot.authentication.token}`;
  }
  return { url, headers, text: JSON.stringify(input.body) };
}

/**
 * The events of a stream as the journal keeps them, bounded in count and in data (PushRecord), and
 * when its first chunk came: kept even when the stream is cut off later.
 */
class KeptEvents {
  readonly events: PushEvent[] = [];
  readonly notKept = { events: 0, dataChars: 0 };
  firstChunkMs: number | null = null;
  #keptData = 0;

  keep(event: PushEvent): void {
    const size = event.data?.length ?? 0;
    if (this.events.length >= MAX_KEPT_EVENTS) {
      this.notKept.events++;
      this.notKept.dataChars += size;
    } else if (this.#keptData + size > MAX_STORED_BODY) {
      this.notKept.dataChars += size;
      this.events.push({ ...event, data: null, dataCut: true });
    } else {
      this.#keptData += size;
      this.events.push(event);
    }
  }
}

/** What reading a reply came to, whichever way it was read. */
interface ReplyRead {
  delivery: Delivery;
  error: AgentError | null;
  invalidUtf8: boolean;
  /** The body as text, for a reply read whole (the journal keeps it); null for a stream. */
  responseText: string | null;
}

/** How a reply is read: the push's own facts a reader needs. */
interface ReadContext {
  store: GatewayStore;
  input: PushInput;
  url: string;
  elapsed: () => number;
  kept: KeptEvents;
  /** Whether a cut-off (limit, deadline, shutdown) ended the read: then its error wins. */
  cutOff: () => boolean;
}

/** An SSE reply, event by event, each chunk published as it comes (the UI's growing bubble). */
async function readStreamed(context: ReadContext, body: ReadableStream<Uint8Array>) {
  const { store, input, url, elapsed, kept } = context;
  const { robot } = input;
  const maxBytes = store.pushLimits.maxBytes;
  const reader: StreamReader = robot.platform === "Default"
    ? new DefaultStreamReader()
    : new PlatformAStreamReader();
  let received = 0;
  let invalidUtf8 = false;
  let error: AgentError | null = null;
  try {
    const limits = { idleMs: robot.timeouts.streamIdleMs, maxBytes };
    const read = await readEventStream(body, limits, (event, data) =>
      asEmulatorWork(() => {
        const outcome = reader.event(event, data, received++);
        const at = elapsed();
        kept.keep({ at, event, data, ...(outcome.ignored ? { ignored: true } : {}) });
        if (outcome.chunk) {
          kept.firstChunkMs ??= at;
          store.emulator.events.publish({
            type: "gateway",
            change: "chunk",
            sessionId: input.sessionId,
            detail: { ...outcome.chunk, at, receivedAt: preciseWallNow() },
          });
        }
        return outcome.stop ? "stop" : undefined;
      }));
    invalidUtf8 = read.invalidUtf8;
  } catch (thrown) {
    if (thrown instanceof EmulatorFault || context.cutOff()) throw thrown;
    error = thrown instanceof StreamIdleTimeout
      ? {
        code: "AgentStreamTimeout",
        message: `The agent's stream sent nothing for ${robot.timeouts.streamIdleMs} ms.`,
      }
      : thrown instanceof ReplyTooLarge
      ? tooLarge(url, maxBytes)
      : {
        code: "AgentStreamBroken",
        message: `The agent's stream broke: ${(thrown as Error)?.message ?? thrown}`,
      };
  }
  const result = asEmulatorWork(() => reader.result());
  return {
    delivery: result.delivery,
    error: error ?? result.error,
    invalidUtf8,
    responseText: null,
  };
}

/** A reply read whole: JSON the robot's way, or an HTTP failure, or too large. */
async function readWhole(context: ReadContext, response: Response): Promise<ReplyRead> {
  const { url, input } = context;
  const maxBytes = context.store.pushLimits.maxBytes;
  const read = await readBody(response, maxBytes);
  const utf8 = new Utf8Reader();
  const responseText = utf8.decode(read.bytes, false);
  const whole = { responseText, invalidUtf8: utf8.invalid };
  if (read.overLimit) {
    return { ...whole, delivery: emptyDelivery(), error: tooLarge(url, maxBytes) };
  }
  if (!response.ok) {
    const message = `The agent answered HTTP ${response.status}: ${responseText.slice(0, 200)}`;
    return { ...whole, delivery: emptyDelivery(), error: { code: "AgentHttpError", message } };
  }
  const { delivery, error } = asEmulatorWork(() => readBlocking(input.robot, responseText));
  if (input.mode === "streaming") {
    delivery.findings.unshift({
      path: "$",
      severity: "warning",
      message:
        "a streaming push was answered with a blocking reply (no text/event-stream); read as blocking",
    });
  }
  return { ...whole, delivery, error };
}

/** The push's journal entry: the request, the reply, the SSE timeline, findings and timings. */
function journalPush(
  store: GatewayStore,
  input: PushInput,
  exchange: {
    request: ReturnType<typeof pushRequest>;
    time: number;
    status: number;
    responseHeaders: Record<string, string>;
    read: ReplyRead;
    kept: KeptEvents;
    firstByteMs: number | null;
    elapsed: () => number;
  },
): number {
  const { emulator } = store;
  const { robot, mode, via } = input;
  const { request: { url, headers, text }, read, kept } = exchange;
  const { delivery, error } = read;
  const { notKept } = kept;
  return emulator.journal.add<PushEntry>({
    kind: "push",
    requestId: emulator.newRequestId(),
    time: exchange.time,
    area: "gateway",
    method: "POST",
    path: new URL(url).pathname,
    query: {},
    headers,
    body: storeBody(text),
    response: {
      status: exchange.status,
      headers: exchange.responseHeaders,
      body: read.responseText === null ? null : storeBody(read.responseText),
    },
    durationMs: exchange.elapsed(),
    ...(error ? { errorCode: error.code } : {}),
    target: url,
    sessionId: input.sessionId,
    push: {
      sessionId: input.sessionId,
      robotId: robot.robotId,
      platform: robot.platform,
      responseMode: mode,
      via,
      visitor: input.visitor ?? null,
      url,
      events: kept.events,
      ...(notKept.events || notKept.dataChars ? { notKept } : {}),
      timings: {
        firstByteMs: exchange.firstByteMs,
        firstChunkMs: kept.firstChunkMs,
        endMs: exchange.elapsed(),
      },
      findings: delivery.findings,
      delivered: { messages: keptMessages(delivery.messages), instruction: delivery.instruction },
      error,
    },
  }).id;
}

/**
 * One push: sends it within its limits, reads the reply the robot's way, and journals it.
 * Blocking: the whole reply must come within the limit. Streaming: only the response headers;
 * after them each gap between bytes has its own limit (readEventStream), however long the stream.
 * Every push also ends at its deadline, past its byte budget, or when ccemu shuts down.
 */
export async function push(store: GatewayStore, input: PushInput): Promise<PushOutcome> {
  const { emulator } = store;
  const request = pushRequest(emulator.selfOrigin, input);
  const streaming = input.mode === "streaming";
  const time = emulator.clock.now();
  const elapsed = emulator.clock.stopwatch();
  const timeoutMs = streaming ? input.robot.timeouts.streamIdleMs : input.robot.timeouts.blockingMs;
  const kept = new KeptEvents();
  let read: ReplyRead = {
    delivery: emptyDelivery(),
    error: null,
    invalidUtf8: false,
    responseText: null,
  };
  let status = 0;
  let responseHeaders: Record<string, string> = {};
  let firstByteMs: number | null = null;

  const { deadlineMs } = store.pushLimits;
  const limit = new AbortController();
  let cutoff: Cutoff | null = null;
  const cut = (reason: Cutoff) => () => {
    cutoff ??= reason;
    limit.abort(new DOMException(reason, "AbortError"));
  };
  const limitTimer = setTimeout(cut("limit"), timeoutMs);
  const deadlineTimer = setTimeout(cut("deadline"), deadlineMs);
  const stopOnShutdown = store.onShutdown(cut("shutdown"));
  const context: ReadContext = {
    store,
    input,
    url: request.url,
    elapsed,
    kept,
    cutOff: () => cutoff !== null,
  };
  try {
    const response = await fetch(request.url, {
      method: "POST",
      headers: request.headers,
      body: request.text,
      signal: limit.signal,
    });
    if (streaming) clearTimeout(limitTimer);
    firstByteMs = elapsed();
    status = response.status;
    responseHeaders = headersObject(response.headers);
    const isStream = response.headers.get("content-type")?.startsWith("text/event-stream") ?? false;
    read = streaming && isStream && response.ok && response.body
      ? await readStreamed(context, response.body)
      : await readWhole(context, response);
  } catch (thrown) {
    // ccemu's own failure goes up as such (InternalError), never blamed on the agent.
    if (thrown instanceof EmulatorFault) throw thrown.fault;
    const error = fetchError(thrown, request.url, {
      reason: cutoff,
      limitMs: timeoutMs,
      deadlineMs,
    });
    read = { ...read, error };
  } finally {
    clearTimeout(limitTimer);
    clearTimeout(deadlineTimer);
    stopOnShutdown();
  }
  if (read.invalidUtf8) read.delivery.findings.unshift(INVALID_UTF8);
  const journalId = journalPush(store, input, {
    request,
    time,
    status,
    responseHeaders,
    read,
    kept,
    firstByteMs,
    elapsed,
  });
  return { delivery: read.delivery, error: read.error, journalId };
}
