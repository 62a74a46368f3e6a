/**
 * One push from the gateway to an agent: the HTTP exchange, the reply read the robot's way, every
 * fault turned into a clear error, and one journal entry with the SSE timeline and timings.
 */
import { preciseWallNow } from "../core/clock.ts";
import { MAX_STORED_BODY, storeBody } from "../core/journal.ts";
import { headersObject } from "../core/journal-middleware.ts";
import { readBody } from "../core/body.ts";
import {
  type Cutoff,
  EmulatorFault,
  fetchError,
  INVALID_UTF8,
  ours,
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
 * 10 MB reply was serialized once more only to learn that, which raised the peak resident memory
 * of a burst by 16 MB).
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

export async function push(store: GatewayStore, input: PushInput): Promise<PushOutcome> {
  const { emulator } = store;
  const { robot, mode, via } = input;
  const url = agentUrl(emulator.selfOrigin, robot, via === "open" ? "Open" : "Message")!;
  const streaming = mode === "streaming";
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: streaming ? "text/event-stream" : "application/json",
  };
  if (robot.authEnabled && robot.authentication?.token) {
    headers.authorization = `Bearer ${robot.authentication.token}`;
  }
  const requestText = JSON.stringify(input.body);
  const time = emulator.clock.now();
  const elapsed = emulator.clock.stopwatch();
  const timeoutMs = streaming ? robot.timeouts.streamIdleMs : robot.timeouts.blockingMs;
  const events: PushEvent[] = [];
  const notKept = { events: 0, dataChars: 0 };
  let received = 0, keptData = 0;
  /** Keeps what the journal may hold of a long stream (see PushRecord.events). */
  const keep = (event: PushEvent) => {
    const size = event.data?.length ?? 0;
    if (events.length >= MAX_KEPT_EVENTS) {
      notKept.events++;
      notKept.dataChars += size;
    } else if (keptData + size > MAX_STORED_BODY) {
      notKept.dataChars += size;
      events.push({ ...event, data: null, dataCut: true });
    } else {
      keptData += size;
      events.push(event);
    }
  };
  let delivery = emptyDelivery();
  let error: AgentError | null = null;
  let status = 0;
  let responseHeaders: Record<string, string> = {};
  let responseText: string | null = null;
  let firstByteMs: number | null = null;
  let firstChunkMs: number | null = null;
  let invalidUtf8 = false;

  // Blocking: the whole reply must come within the limit. Streaming: only the response headers;
  // after them each gap between bytes has its own limit (readEventStream), however long the stream.
  // Every push also ends at its deadline, past its byte budget, or when ccemu shuts down.
  const { deadlineMs, maxBytes } = store.pushLimits;
  const limit = new AbortController();
  let cutoff: Cutoff | null = null;
  const cut = (reason: Cutoff) => () => {
    cutoff ??= reason;
    limit.abort(new DOMException(reason, "AbortError"));
  };
  const limitTimer = setTimeout(cut("limit"), timeoutMs);
  const deadlineTimer = setTimeout(cut("deadline"), deadlineMs);
  const stopOnShutdown = store.onShutdown(cut("shutdown"));
  try {
    const response = await fetch(url, {
      method: "POST",
      headers,
      body: requestText,
      signal: limit.signal,
    });
    if (streaming) clearTimeout(limitTimer);
    firstByteMs = elapsed();
    status = response.status;
    responseHeaders = headersObject(response.headers);
    const isStream = response.headers.get("content-type")?.startsWith("text/event-stream") ?? false;
    if (streaming && isStream && response.ok && response.body) {
      const reader: StreamReader = robot.platform === "Default"
        ? new DefaultStreamReader()
        : new PlatformAStreamReader();
      const limits = { idleMs: robot.timeouts.streamIdleMs, maxBytes };
      try {
        const read = await readEventStream(response.body, limits, (event, data) =>
          ours(() => {
            const outcome = reader.event(event, data, received++);
            const at = elapsed();
            keep({ at, event, data, ...(outcome.ignored ? { ignored: true } : {}) });
            if (outcome.chunk) {
              firstChunkMs ??= at;
              emulator.events.publish({
                type: "gateway",
                change: "chunk",
                sessionId: input.sessionId,
                detail: { ...outcome.chunk, at, receivedAt: preciseWallNow() },
              });
            }
            return outcome.stop ? "stop" : undefined;
          }));
        if (read.invalidUtf8) invalidUtf8 = true;
      } catch (thrown) {
        if (thrown instanceof EmulatorFault || cutoff) throw thrown;
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
      const result = ours(() => reader.result());
      delivery = result.delivery;
      error ??= result.error;
    } else {
      const read = await readBody(response, maxBytes);
      const utf8 = new Utf8Reader();
      responseText = utf8.decode(read.bytes, false);
      invalidUtf8 = utf8.invalid;
      if (read.overLimit) error = tooLarge(url, maxBytes);
      else if (!response.ok) {
        error = {
          code: "AgentHttpError",
          message: `The agent answered HTTP ${status}: ${responseText.slice(0, 200)}`,
        };
      } else {
        ({ delivery, error } = ours(() => readBlocking(robot, responseText!)));
        if (streaming) {
          delivery.findings.unshift({
            path: "$",
            severity: "warning",
            message:
              "a streaming push was answered with a blocking reply (no text/event-stream); read as blocking",
          });
        }
      }
    }
  } catch (thrown) {
    // ccemu's own failure goes up as such (InternalError), never blamed on the agent.
    if (thrown instanceof EmulatorFault) throw thrown.fault;
    error = fetchError(thrown, url, { reason: cutoff, limitMs: timeoutMs, deadlineMs });
  } finally {
    clearTimeout(limitTimer);
    clearTimeout(deadlineTimer);
    stopOnShutdown();
  }
  if (invalidUtf8) delivery.findings.unshift(INVALID_UTF8);

  const entry = emulator.journal.add<PushEntry>({
    kind: "push",
    requestId: emulator.newRequestId(),
    time,
    area: "gateway",
    method: "POST",
    path: new URL(url).pathname,
    query: {},
    headers,
    body: storeBody(requestText),
    response: {
      status,
      headers: responseHeaders,
      body: responseText === null ? null : storeBody(responseText),
    },
    durationMs: elapsed(),
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
      events,
      ...(notKept.events || notKept.dataChars ? { notKept } : {}),
      timings: { firstByteMs, firstChunkMs, endMs: elapsed() },
      findings: delivery.findings,
      delivered: { messages: keptMessages(delivery.messages), instruction: delivery.instruction },
      error,
    },
  });
  return { delivery, error, journalId: entry.id };
}
