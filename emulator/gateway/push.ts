/**
 * One push from the gateway to an agent: the HTTP exchange, the reply read the robot's way, every
 * fault turned into a clear error, and one journal entry with the SSE timeline and timings.
 */
import { preciseWallNow } from "../core/clock.ts";
import { storeBody } from "../core/journal.ts";
import { headersObject } from "../core/journal-middleware.ts";
import { type Delivery, emptyDelivery, readEnvelope } from "./replies.ts";
import type { PushEntry, ResponseMode, Robot } from "./schemas.ts";
import type { GatewayStore } from "./store.ts";
import { DefaultStreamReader } from "./default-stream.ts";
import { platformADelivery, PlatformAStreamReader } from "./platform-a-stream.ts";
import {
  type AgentError,
  readEventStream,
  StreamIdleTimeout,
  type StreamReader,
} from "./streams.ts";

export interface PushInput {
  robot: Robot;
  sessionId: string;
  via: "open" | "message";
  mode: ResponseMode;
  body: Record<string, unknown>;
}

export interface PushOutcome {
  delivery: Delivery;
  error: AgentError | null;
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

function fetchError(error: unknown, url: string, timeoutMs: number): AgentError {
  const name = (error as Error)?.name;
  if (name === "TimeoutError" || name === "AbortError") {
    return {
      code: "AgentTimeout",
      message: `The agent at ${url} did not answer within ${timeoutMs} ms.`,
    };
  }
  // Deno says "fetch failed"; what failed is in the cause.
  const text = `${(error as Error)?.message ?? error} ${
    (error as { cause?: unknown })?.cause ?? ""
  }`;
  if (/dns|lookup|resolve|name or service/i.test(text)) {
    return { code: "AgentUnknownHost", message: `The agent's host in ${url} cannot be resolved.` };
  }
  if (/refused/i.test(text)) {
    return {
      code: "AgentUnreachable",
      message: `Connection refused by ${url}: is the agent running?`,
    };
  }
  return { code: "AgentUnreachable", message: `The push to ${url} failed: ${text}` };
}

/** A blocking reply body, read the robot's way. */
function readBlocking(
  robot: Robot,
  text: string,
): { delivery: Delivery; error: AgentError | null } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const delivery = emptyDelivery();
    delivery.findings.push({ path: "$", severity: "error", message: "the reply is not JSON" });
    return {
      delivery,
      error: {
        code: "AgentInvalidReply",
        message: `The agent's reply is not JSON: ${text.slice(0, 120)}`,
      },
    };
  }
  if (robot.platform === "Default") return { delivery: readEnvelope(json), error: null };
  const body = (json ?? {}) as Record<string, unknown>;
  const findings: Delivery["findings"] = [];
  if (typeof body.answer !== "string") {
    findings.push({
      path: "$.answer",
      severity: "error",
      message: "expected the complete reply text in answer",
    });
  }
  if (body.event !== undefined && body.event !== "message") {
    findings.push({
      path: "$.event",
      severity: "warning",
      message: `event is ${JSON.stringify(body.event)}; a blocking reply carries "message"`,
    });
  }
  const delivery = platformADelivery(
    typeof body.answer === "string" ? body.answer : "",
    typeof body.message_id === "string" ? body.message_id : null,
    findings,
  );
  if (typeof body.conversation_id === "string" && body.conversation_id) {
    delivery.conversationId = body.conversation_id;
  }
  return { delivery, error: null };
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
  const events: { at: number; event: string; data: string | null; ignored?: boolean }[] = [];
  let delivery = emptyDelivery();
  let error: AgentError | null = null;
  let status = 0;
  let responseHeaders: Record<string, string> = {};
  let responseText: string | null = null;
  let firstByteMs: number | null = null;
  let firstChunkMs: number | null = null;

  // Blocking: the whole reply must come within the limit. Streaming: only the response headers;
  // after them each gap between bytes has its own limit (readEventStream), however long the stream.
  const limit = new AbortController();
  const limitTimer = setTimeout(
    () => limit.abort(new DOMException("timed out", "TimeoutError")),
    timeoutMs,
  );
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
    if (!response.ok) {
      responseText = await response.text();
      error = {
        code: "AgentHttpError",
        message: `The agent answered HTTP ${status}: ${responseText.slice(0, 200)}`,
      };
    } else if (streaming && isStream && response.body) {
      const reader: StreamReader = robot.platform === "Default"
        ? new DefaultStreamReader()
        : new PlatformAStreamReader();
      try {
        await readEventStream(response.body, robot.timeouts.streamIdleMs, (event, data) => {
          const outcome = reader.event(event, data, events.length);
          const at = elapsed();
          events.push({ at, event, data, ...(outcome.ignored ? { ignored: true } : {}) });
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
        });
      } catch (thrown) {
        error = thrown instanceof StreamIdleTimeout
          ? {
            code: "AgentStreamTimeout",
            message: `The agent's stream sent nothing for ${robot.timeouts.streamIdleMs} ms.`,
          }
          : {
            code: "AgentStreamBroken",
            message: `The agent's stream broke: ${(thrown as Error)?.message ?? thrown}`,
          };
      }
      const result = reader.result();
      delivery = result.delivery;
      error ??= result.error;
    } else {
      responseText = await response.text();
      ({ delivery, error } = readBlocking(robot, responseText));
      if (streaming) {
        delivery.findings.unshift({
          path: "$",
          severity: "warning",
          message:
            "a streaming push was answered with a blocking reply (no text/event-stream); read as blocking",
        });
      }
    }
  } catch (thrown) {
    error = fetchError(thrown, url, timeoutMs);
  } finally {
    clearTimeout(limitTimer);
  }

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
      url,
      events,
      timings: { firstByteMs, firstChunkMs, endMs: elapsed() },
      findings: delivery.findings,
      delivered: { messages: delivery.messages, instruction: delivery.instruction },
      error,
    },
  });
  return { delivery, error, journalId: entry.id };
}
