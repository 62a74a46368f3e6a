/**
 * Call-result callbacks (ccemu's own design; the spec says only that a call's `properties` are
 * "returned to the user by an interface callback"). When a call record is finished, ccemu POSTs
 * it, as call_done_list shows it, to the enterprise's callback URL, signed with the key's secret,
 * and retries on the virtual clock until the receiver answers 2xx or six attempts failed.
 * Deliveries are state (a snapshot carries the log and what is still due); what is on the wire
 * is runtime, rebuilt with the state. Nothing here is awaited by the dialer: a receiver that is
 * down, slow or failing never holds a call up.
 */
import { hmac } from "npm:@noble/hashes@2.4.0/hmac.js";
import { sha256 } from "npm:@noble/hashes@2.4.0/sha2.js";
import { bytesToHex } from "npm:@noble/hashes@2.4.0/utils.js";
import type { JournalEntry } from "../core/journal-entry.ts";
import { storeBody } from "../core/stored-body.ts";
import { headersObject } from "../core/name-value-list.ts";
import { VERSION } from "../version.ts";
import { callDoneEntry } from "./call-entries.ts";
import type { CallbackAttempt, CallbackDelivery, CallRecord, Task } from "./schemas.ts";
import type { OutboundStore } from "./store.ts";

/** After attempt n fails, attempt n+1 is due this long after attempt n was (virtual time). */
export const RETRY_DELAYS_MS = [10_000, 60_000, 300_000, 1_800_000, 7_200_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** An attempt reached the receiver when it answered 2xx. */
export const received = (attempt: CallbackAttempt): boolean =>
  attempt.status !== null && attempt.status >= 200 && attempt.status < 300;

/** What the receiver keeps of an answer in the log. */
const KEPT_ANSWER = 1024;
const UTF8 = new TextEncoder();

/**
 * `X-Ccemu-Signature: t=<seconds>,v1=<hex>`: HMAC-SHA256 of `<seconds>.<body>` keyed with the
 * access key's secret, `<seconds>` the attempt's virtual time in Unix seconds.
 */
export function callbackSignature(secret: string, seconds: number, body: string): string {
  const mac = hmac(sha256, UTF8.encode(secret), UTF8.encode(`${seconds}.${body}`));
  return `t=${seconds},v1=${bytesToHex(mac)}`;
}

/** One attempt, journaled as an outbound entry of its own kind with its delivery. */
export interface CallbackEntry extends JournalEntry {
  /** Always `callback`. */
  kind: "callback";
  /** The delivery, the attempt's number in it (from 1), and why it got no status (or null). */
  delivery: { deliveryId: number; attempt: number; error: string | null };
}

/** What went over the wire in one attempt, for the journal. */
interface AttemptWire {
  headers: Record<string, string>;
  body: string;
  responseHeaders: Record<string, string>;
}

/** The first bytes of an answer, without reading a receiver's endless body. */
async function answerStart(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < KEPT_ANSWER) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  await reader.cancel().catch(() => {});
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) bytes.set(chunk, (at += chunk.length) - chunk.length);
  return new TextDecoder().decode(bytes.subarray(0, KEPT_ANSWER));
}

export class CallbackSender {
  /** Attempts on the wire; their results are dropped when the state was replaced meanwhile. */
  #inFlight = new Map<CallbackDelivery, { promise: Promise<void>; abort: AbortController }>();
  #generation = 0;
  #closing = false;
  /** The clock timer of each delivery waiting for its next attempt. */
  #timers = new Map<CallbackDelivery, number>();
  /** Deliveries deleted with their task: nothing more is sent or recorded for them. */
  #forgotten = new WeakSet<CallbackDelivery>();

  constructor(private readonly store: OutboundStore) {}

  get #clock() {
    return this.store.emulator.clock;
  }

  /** Re-arms every delivery still due (start, reset, snapshot import); forgets what was on the wire. */
  rebuild(): void {
    this.#generation++;
    for (const { abort } of this.#inFlight.values()) abort.abort();
    this.#inFlight.clear();
    // The clock was cleared with the state it belonged to.
    this.#timers.clear();
    for (const delivery of this.store.state.callbackDeliveries) {
      if (delivery.status === "pending") {
        this.#arm(delivery, delivery.nextAttemptAt ?? this.#clock.now());
      }
    }
  }

  /** A record was finished: when its enterprise has a callback URL, its delivery starts now. */
  finished(task: Task, record: CallRecord): void {
    if (this.store.callbackUrl(task.enterpriseId)) this.start(record);
  }

  /** A new delivery of a finished record (the first, or a "deliver again"), attempted now. */
  start(record: CallRecord, redeliveryOf: number | null = null): CallbackDelivery {
    const delivery: CallbackDelivery = {
      deliveryId: this.store.nextId("deliveryId"),
      enterpriseId: record.enterpriseId,
      callJobId: record.callJobId,
      callInstanceId: record.callInstanceId,
      url: this.store.callbackUrl(record.enterpriseId)!.url,
      status: "pending",
      attempts: [],
      nextAttemptAt: this.#clock.now(),
      redeliveryOf,
    };
    this.store.state.callbackDeliveries.push(delivery);
    this.#send(delivery);
    return delivery;
  }

  /** Whether an attempt of this delivery is on the wire now. */
  sending(delivery: CallbackDelivery): boolean {
    return this.#inFlight.has(delivery);
  }

  /** Resolves once no attempt is on the wire (those that the settling ones schedule included). */
  async settled(): Promise<void> {
    while (this.#inFlight.size) {
      await Promise.all([...this.#inFlight.values()].map((flight) => flight.promise));
    }
  }

  /** Deliveries deleted with their task: their retries are cancelled, attempts on the wire cut off. */
  forget(deliveries: CallbackDelivery[]): void {
    for (const delivery of deliveries) {
      this.#forgotten.add(delivery);
      const timer = this.#timers.get(delivery);
      if (timer !== undefined) this.#clock.cancel(timer);
      this.#timers.delete(delivery);
      this.#inFlight.get(delivery)?.abort.abort();
    }
  }

  /** Cuts every attempt on the wire off, so the server can stop at once. */
  close(): void {
    this.#closing = true;
    for (const { abort } of this.#inFlight.values()) abort.abort();
  }

  #arm(delivery: CallbackDelivery, at: number): void {
    delivery.nextAttemptAt = at;
    // A time the clock already passed (the answer came after the test moved time on) is due now.
    if (at <= this.#clock.now()) this.#send(delivery);
    else this.#timers.set(delivery, this.#clock.schedule(at, () => this.#send(delivery)));
  }

  #send(delivery: CallbackDelivery): void {
    this.#timers.delete(delivery);
    if (delivery.status !== "pending" || this.#inFlight.has(delivery)) return;
    if (this.#forgotten.has(delivery)) return;
    const at = this.#clock.now();
    delivery.nextAttemptAt = null;
    const target = this.store.callbackUrl(delivery.enterpriseId);
    const key = target && this.store.emulator.findKey(target.accessKeyId);
    const record = this.store.state.calls.find((r) => r.callInstanceId === delivery.callInstanceId);
    const task = record && this.store.state.tasks.find((t) => t.callJobId === record.callJobId);
    if (!target || !key || !record || !task) {
      const error = !target
        ? "the enterprise's callback URL was removed"
        : !key
        ? `the signing key ${target.accessKeyId} was removed`
        : "the call record is gone";
      // Nothing to send or sign with: retrying cannot help.
      const attempt = { at, status: null, error, latencyMs: 0, responseBody: null };
      this.#settle(delivery, attempt, { headers: {}, body: "", responseHeaders: {} }, false);
      return;
    }
    delivery.url = target.url;
    const body = JSON.stringify(callDoneEntry(this.store, record, task));
    const headers: Record<string, string> = {
      "content-type": "application/json; charset=UTF-8",
      "user-agent": `ccemu/${VERSION}`,
      "x-ccemu-delivery": String(delivery.deliveryId),
      "x-ccemu-attempt": String(delivery.attempts.length + 1),
      "x-ccemu-key": key.accessKeyId,
      "x-ccemu-signature": callbackSignature(key.accessKeySecret, Math.floor(at / 1000), body),
    };
    const abort = new AbortController();
    const elapsed = this.#clock.stopwatch();
    const generation = this.#generation;
    const promise = (async () => {
      const timer = setTimeout(() => abort.abort(), target.timeoutMs);
      let status: number | null = null, error: string | null = null, responseBody = null;
      let responseHeaders: Record<string, string> = {};
      try {
        const response = await fetch(target.url, {
          method: "POST",
          headers,
          body,
          redirect: "manual",
          signal: abort.signal,
        });
        status = response.status;
        responseHeaders = headersObject(response.headers);
        responseBody = await answerStart(response);
      } catch (thrown) {
        error = abort.signal.aborted
          ? this.#closing ? "ccemu stopped" : `no answer within ${target.timeoutMs} ms`
          : `no answer: ${(thrown as Error).message}`;
      } finally {
        clearTimeout(timer);
      }
      this.#inFlight.delete(delivery);
      if (generation !== this.#generation || this.#closing || this.#forgotten.has(delivery)) return;
      const attempt = { at, status, error, latencyMs: Math.round(elapsed()), responseBody };
      this.#settle(delivery, attempt, { headers, body, responseHeaders });
    })();
    this.#inFlight.set(delivery, { promise, abort });
  }

  #settle(
    delivery: CallbackDelivery,
    attempt: CallbackAttempt,
    exchange: AttemptWire,
    retry = true,
  ): void {
    delivery.attempts.push(attempt);
    const ok = received(attempt);
    const more = !ok && retry && delivery.attempts.length < MAX_ATTEMPTS;
    delivery.status = ok ? "delivered" : more ? "pending" : "failed";
    this.#journal(delivery, attempt, exchange);
    if (more) this.#arm(delivery, attempt.at + RETRY_DELAYS_MS[delivery.attempts.length - 1]);
    this.store.emulator.events.publish({
      type: "state",
      change: "callback-delivery",
      detail: { deliveryId: delivery.deliveryId, status: delivery.status },
    });
  }

  #journal(
    delivery: CallbackDelivery,
    attempt: CallbackAttempt,
    { headers, body, responseHeaders }: AttemptWire,
  ): void {
    const n = delivery.attempts.length;
    this.store.emulator.journal.add<CallbackEntry>({
      kind: "callback",
      // Not from the seeded generator: answers arrive in real time, in no fixed order.
      requestId: `callback-${delivery.deliveryId}-${n}`,
      time: attempt.at,
      area: "outbound",
      method: "POST",
      path: URL.canParse(delivery.url) ? new URL(delivery.url).pathname : delivery.url,
      query: {},
      headers,
      body: body ? storeBody(body) : null,
      response: {
        status: attempt.status ?? 0,
        headers: responseHeaders,
        body: attempt.responseBody ? storeBody(attempt.responseBody) : null,
      },
      durationMs: attempt.latencyMs,
      target: delivery.url,
      delivery: { deliveryId: delivery.deliveryId, attempt: n, error: attempt.error },
    });
  }
}
