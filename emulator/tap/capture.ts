/**
 * The agent's reply as it passes through the tap: each chunk is seen on its way to the caller (the
 * forwarder never waits for this), kept for the recording with the arrival time of each SSE event,
 * and read the way ccemu's gateway reads replies, so that the recording's history shows what a
 * visitor would have seen.
 */
import type { Json } from "../core/json.ts";
import { readBlocking } from "../gateway/blocking-reply.ts";
import { DefaultStreamReader } from "../gateway/default-stream.ts";
import { PlatformAStreamReader } from "../gateway/platform-a-stream.ts";
import { type Delivery, emptyDelivery } from "../gateway/replies.ts";
import type { Robot } from "../gateway/schemas.ts";
import {
  type AgentError,
  readEventStream,
  type StreamReader,
  Utf8Reader,
} from "../gateway/streams.ts";
import {
  MAX_KEPT_CHARS,
  MAX_KEPT_EVENTS,
  recordedHeaders,
  type TapEvent,
  type TapResponse,
} from "./relayed-push.ts";
import type { Platform } from "./push-body.ts";

/** The most bytes of one reply read for the history (the caller gets every byte regardless). */
const MAX_READ_BYTES = 64 * 1024 * 1024;
/** The longest timer there is: the tap puts no idle limit of its own on a stream. */
const NO_IDLE_LIMIT = 2 ** 31 - 1;

/** How a reply ended early, and who ended it. */
export interface EarlyEnd {
  by: "caller" | "agent" | "tap";
  reason: string;
}

export interface CapturedReply {
  response: TapResponse;
  delivery: Delivery;
  error: AgentError | null;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** A reply that ended before the agent finished it, as the session's history says it. */
function earlyError(early: EarlyEnd, what: "stream" | "reply"): AgentError {
  switch (early.by) {
    case "tap":
      return {
        code: "TapStopped",
        message: `ccemu tap stopped while the agent's ${what} was under way.`,
      };
    case "caller":
      return {
        code: "GatewayClosed",
        message:
          `The gateway closed the agent's ${what} before it ended (a time limit of its own?).`,
      };
    case "agent":
      return what === "stream"
        ? { code: "AgentStreamBroken", message: `The agent's stream broke: ${early.reason}` }
        : { code: "AgentUnreachable", message: `The agent's reply broke off: ${early.reason}` };
  }
}

export class ReplyCapture {
  readonly isStream: boolean;
  #events: TapEvent[] = [];
  #keptData = 0;
  #cut = false;
  #received = 0;
  #reader: StreamReader;
  #stopped = false;
  #chunks: Uint8Array[] = [];
  #size = 0;
  #side: ReadableStreamDefaultController<Uint8Array> | undefined;
  #sideOpen = true;
  #reading: Promise<void> = Promise.resolve();
  #early: EarlyEnd | undefined;
  #ended = false;

  constructor(
    readonly platform: Platform,
    readonly response: Response,
    /** performance.now() when the push reached the tap: event times count from there. */
    readonly arrived: number,
  ) {
    // As the gateway reads replies: an event stream only with a 2xx status (else an HTTP error).
    this.isStream = response.ok &&
      (response.headers.get("content-type")?.startsWith("text/event-stream") ?? false);
    this.#reader = platform === "PlatformA"
      ? new PlatformAStreamReader()
      : new DefaultStreamReader();
    if (this.isStream) {
      // A stream of its own feeds ccemu's SSE reading (eventsource-parser and the bare-event scan),
      // so events are parsed exactly as the gateway parses them, with their arrival times.
      const side = new ReadableStream<Uint8Array>({
        start: (controller) => void (this.#side = controller),
        cancel: () => void (this.#sideOpen = false),
      });
      this.#reading = readEventStream(
        side,
        { idleMs: NO_IDLE_LIMIT, maxBytes: MAX_READ_BYTES },
        (event, data) => this.#event(event, data),
      ).then(() => {}, () => void (this.#cut = true));
    }
  }

  /** A chunk on its way to the caller. */
  chunk(bytes: Uint8Array): void {
    if (this.isStream) {
      if (this.#sideOpen) this.#side!.enqueue(bytes);
    } else if (this.#size < MAX_READ_BYTES) {
      this.#chunks.push(bytes);
      this.#size += bytes.length;
    }
  }

  /** The reply ended: whole (no argument), or early, by whom and why. Only the first call counts. */
  end(early?: EarlyEnd): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#early = early;
    if (this.#sideOpen) {
      this.#sideOpen = false;
      this.#side?.close();
    }
  }

  #event(event: string, data: string | null): void {
    const at = round(performance.now() - this.arrived);
    const size = data?.length ?? 0;
    if (this.#events.length >= MAX_KEPT_EVENTS) this.#cut = true;
    else if (this.#keptData + size > MAX_KEPT_CHARS) {
      this.#cut = true;
      this.#events.push({ at, event, data: null, dataCut: true });
    } else {
      this.#keptData += size;
      this.#events.push({ at, event, data });
    }
    // The history reads up to the gateway's last event (end, message_end, error); the recording
    // keeps whatever follows too.
    if (!this.#stopped && this.#reader.event(event, data, this.#received).stop) {
      this.#stopped = true;
    }
    this.#received++;
  }

  /** The reply as recorded, and what it delivered; once the reply has ended. */
  async result(): Promise<CapturedReply> {
    await this.#reading;
    const { status } = this.response;
    const response: TapResponse = {
      status,
      headers: recordedHeaders(this.response.headers),
      body: null,
      events: this.isStream ? this.#events : null,
      ...(this.#early ? { ended: `${this.#early.by}: ${this.#early.reason}` } : {}),
    };
    if (this.isStream) {
      if (this.#cut) response.cut = true;
      return { response, ...this.#streamDelivery() };
    }
    const bytes = new Uint8Array(this.#size);
    let offset = 0;
    for (const chunk of this.#chunks) {
      bytes.set(chunk, offset);
      offset += chunk.length;
    }
    const text = new Utf8Reader().decode(bytes, false);
    response.body = text.slice(0, MAX_KEPT_CHARS);
    if (text.length > MAX_KEPT_CHARS) response.cut = true;
    return { response, ...this.#blockingDelivery(text) };
  }

  #streamDelivery(): { delivery: Delivery; error: AgentError | null } {
    const result = this.#reader.result();
    // A stream cut before its last event: say who cut it rather than only that it is incomplete.
    if (this.#early && !this.#stopped) result.error = earlyError(this.#early, "stream");
    return result;
  }

  #blockingDelivery(text: string): { delivery: Delivery; error: AgentError | null } {
    const { status } = this.response;
    if (this.#early) return { delivery: emptyDelivery(), error: earlyError(this.#early, "reply") };
    if (status < 200 || status > 299) {
      return {
        delivery: emptyDelivery(),
        error: {
          code: "AgentHttpError",
          message: `The agent answered HTTP ${status}: ${text.slice(0, 200)}`,
        },
      };
    }
    // readBlocking reads a robot's way from its platform alone; the tap knows no more of the robot.
    return readBlocking({ platform: this.platform } as Json as Robot, text);
  }
}
