/**
 * Registering an enterprise's callback URL (control API, UI, fixtures), asking for a delivery
 * again, and the integrator's check: did every finished call of a task reach the receiver
 * exactly once? Pure functions over the store; the sending is callbacks.ts.
 */
import { ApiError } from "../core/errors.ts";
import { parseParameters } from "../core/validation.ts";
import { type CallbackSender, MAX_ATTEMPTS, received as reached } from "./callbacks.ts";
import {
  CALL_STATUS,
  type CallbackDelivery,
  type CallbackUrl,
  CallbackUrlChange,
} from "./schemas.ts";
import type { OutboundRuntime } from "./runtime.ts";
import type { OutboundStore } from "./store.ts";

export function setCallbackUrl(
  store: OutboundStore,
  enterpriseId: string,
  input: unknown,
): CallbackUrl {
  const change = parseParameters(CallbackUrlChange, input);
  const { emulator } = store;
  if (!emulator.findEnterprise(enterpriseId)) {
    throw new ApiError("ResourceNotFound", `No enterprise ${enterpriseId}.`);
  }
  const keys = emulator.state.accessKeys.filter((k) => k.enterpriseId === enterpriseId);
  const accessKeyId = change.accessKeyId ?? keys[0]?.accessKeyId;
  if (!accessKeyId || !keys.some((k) => k.accessKeyId === accessKeyId)) {
    throw new ApiError(
      "InvalidParameter",
      `accessKeyId: callbacks are signed with one of the enterprise's keys (${
        keys.map((k) => k.accessKeyId).join(", ") || "it has none: add one first"
      }).`,
      "accessKeyId",
    );
  }
  const previous = store.callbackUrl(enterpriseId);
  const entry: CallbackUrl = {
    enterpriseId,
    url: change.url,
    accessKeyId,
    timeoutMs: change.timeoutMs ?? previous?.timeoutMs ?? 5000,
  };
  const list = store.state.callbackUrls;
  if (previous) list.splice(list.indexOf(previous), 1, entry);
  else list.push(entry);
  return entry;
}

export function removeCallbackUrl(store: OutboundStore, enterpriseId: string): CallbackUrl {
  const entry = store.callbackUrl(enterpriseId);
  if (!entry) {
    throw new ApiError("ResourceNotFound", `Enterprise ${enterpriseId} has no callback URL.`);
  }
  store.state.callbackUrls.splice(store.state.callbackUrls.indexOf(entry), 1);
  return entry;
}

/** A delivery as the control API shows it: with whether an attempt is on the wire now. */
export const deliveryView = (callbacks: CallbackSender, delivery: CallbackDelivery) => ({
  ...delivery,
  sending: callbacks.sending(delivery),
});

/** A delivery as the control API and the UI's delivery log show it. */
export type DeliveryRow = ReturnType<typeof deliveryView>;

/** The delivery log, oldest first; only a task's when `callJobId` is given. */
export const deliveriesOf = (store: OutboundStore, callJobId?: string | number) =>
  store.state.callbackDeliveries.filter((d) =>
    callJobId === undefined || String(d.callJobId) === String(callJobId)
  );

/** The delivery log as the UI shows it: newest first, the newest 500, and how many in all. */
export function deliveryLog(callbacks: CallbackSender, store: OutboundStore, callJobId?: string) {
  const deliveries = deliveriesOf(store, callJobId);
  const newest = deliveries.slice(-500).reverse();
  return { total: deliveries.length, deliveries: newest.map((d) => deliveryView(callbacks, d)) };
}

export function findDelivery(store: OutboundStore, deliveryId: string): CallbackDelivery {
  const delivery = store.state.callbackDeliveries.find((d) => String(d.deliveryId) === deliveryId);
  if (!delivery) throw new ApiError("ResourceNotFound", `No callback delivery ${deliveryId}.`);
  return delivery;
}

/** "Deliver again": a new delivery of the same record, to the URL registered now. */
export function redeliver(
  { store, callbacks }: OutboundRuntime,
  deliveryId: string,
): CallbackDelivery {
  const delivery = findDelivery(store, deliveryId);
  if (delivery.status === "pending") {
    throw new ApiError(
      "InvalidParameter",
      `deliveryId: delivery ${deliveryId} is still being tried (attempt ${
        delivery.attempts.length + 1
      } of ${MAX_ATTEMPTS}); deliver again once it is delivered or failed.`,
      "deliveryId",
    );
  }
  if (!store.callbackUrl(delivery.enterpriseId)) {
    throw new ApiError(
      "InvalidParameter",
      `Enterprise ${delivery.enterpriseId} has no callback URL now; register one first.`,
      "url",
    );
  }
  const record = store.state.calls.find((r) => r.callInstanceId === delivery.callInstanceId);
  if (!record) throw new ApiError("ResourceNotFound", `Call ${delivery.callInstanceId} is gone.`);
  return callbacks.start(record, delivery.deliveryId);
}

/** One finished call in the check: how many attempts reached the receiver (answered 2xx). */
export interface CallbackCheckCall {
  /** The call (`callInstanceId`). */
  callInstanceId: number;
  /** The number it called. */
  customerTelephone: string;
  /** True when it reached the receiver exactly once (one 2xx answer). */
  passed: boolean;
  /** Attempts answered 2xx, over every delivery of the call. */
  received: number;
  /** Attempts made, over every delivery of the call. */
  attempts: number;
  /** Attempts that got no answer in time: the receiver may have processed them all the same. */
  unanswered: number;
  /** Why it failed: never sent, received more than once, not delivered yet, or never received. */
  problem?: string;
}

/** The integrator's check of a task: did every finished call reach the receiver exactly once? */
export interface CallbackCheck {
  /** The task checked. */
  callJobId: number;
  /** True when every finished call passed. */
  passed: boolean;
  /** Calls not finished yet, which the check does not cover. */
  unfinished: number;
  /** One row per finished call. */
  calls: CallbackCheckCall[];
}

/** Every finished call of the task reached the receiver exactly once (one 2xx answer). */
export function checkCallbacks(
  { store, dialer }: OutboundRuntime,
  callJobId: string,
): CallbackCheck {
  const task = store.taskAt(callJobId);
  const records = dialer.records(task);
  const deliveries = new Map<number, CallbackDelivery[]>();
  for (const d of store.state.callbackDeliveries) {
    if (d.callJobId === task.callJobId) {
      deliveries.set(d.callInstanceId, [...(deliveries.get(d.callInstanceId) ?? []), d]);
    }
  }
  const calls = records.filter((r) => r.callInstanceStatus === CALL_STATUS.COMPLETED).map(
    (record) => {
      const of = deliveries.get(record.callInstanceId) ?? [];
      const attempts = of.flatMap((d) => d.attempts);
      const received = attempts.filter(reached).length;
      const unanswered = attempts.filter((a) => a.status === null).length;
      const pending = of.find((d) => d.status === "pending");
      const problem = of.length === 0
        ? "never sent: no callback URL was registered when the call finished"
        : received > 1
        ? `received ${received} times (deliveries ${of.map((d) => d.deliveryId).join(", ")})`
        : received === 1
        ? undefined
        : pending
        ? `not delivered yet: attempt ${pending.attempts.length + 1} of ${MAX_ATTEMPTS} is due`
        : `never received: ${
          attempts.map((a) => a.status ?? a.error).join("; ")
        } (delivery failed after ${attempts.length} attempts)`;
      return {
        callInstanceId: record.callInstanceId,
        customerTelephone: record.customerTelephone,
        passed: problem === undefined,
        received,
        attempts: attempts.length,
        unanswered,
        ...(problem ? { problem } : {}),
      };
    },
  );
  return {
    callJobId: task.callJobId,
    passed: calls.every((c) => c.passed),
    unfinished: records.length - calls.length,
    calls,
  };
}
