/**
 * What the Overview shows of outbound calling: tasks counted by state (with the newest of each),
 * calls started today in each tenant's own day on the virtual clock, and the call-result
 * deliveries still being tried or given up on.
 */
import { localDay, zonedTime } from "../core/zoned-time.ts";
import type { Task } from "./schemas.ts";
import type { OutboundStore } from "./store.ts";
import {
  statusTranslation,
  TASK_STATUS,
  TASK_STATUS_DESC,
  type TaskStatus,
} from "./task-states.ts";

/** Items listed under a state or among the deliveries, newest first. */
const LATEST = 3;

export function outboundOverview(store: OutboundStore) {
  const { tasks, callbackDeliveries } = store.state;
  const waiting = callbackDeliveries.filter((d) => d.status !== "delivered");
  return {
    tasks: tasks.length,
    tasksByState: tasksByState(tasks),
    callsToday: callsToday(store),
    callbacks: {
      pending: waiting.filter((d) => d.status === "pending").length,
      failed: waiting.filter((d) => d.status === "failed").length,
      latest: waiting.slice(-LATEST).reverse().map((d) => ({
        deliveryId: d.deliveryId,
        callJobId: d.callJobId,
        callInstanceId: d.callInstanceId,
        status: d.status,
        attempts: d.attempts.length,
      })),
    },
  };
}

/** `GET /_emulator/overview`'s `areas.outbound`. */
export type OutboundOverview = ReturnType<typeof outboundOverview>;

/** The states that occur, in the spec's order, each with its count and newest tasks. */
function tasksByState(tasks: Task[]) {
  return Object.values(TASK_STATUS).flatMap((status: TaskStatus) => {
    const inState = tasks.filter((t) => t.callJobStatus === status);
    if (inState.length === 0) return [];
    return [{
      callJobStatus: status,
      callJobStatusDesc: TASK_STATUS_DESC[status],
      callJobStatusName: statusTranslation(status),
      count: inState.length,
      newest: inState.slice(-LATEST).reverse().map((t) => ({
        callJobId: t.callJobId,
        jobName: t.jobName,
      })),
    }];
  });
}

/**
 * Per tenant, the calls whose latest dial started today: from midnight to midnight in the
 * tenant's zone, the day the virtual clock is in there (a redial counts once, on its last dial).
 */
function callsToday(store: OutboundStore) {
  const now = store.emulator.clock.now();
  return store.emulator.state.enterprises.map(({ enterpriseId, timeZone }) => {
    const { y, m, d } = localDay(now, timeZone);
    const from = zonedTime(y, m, d, 0, timeZone), to = zonedTime(y, m, d + 1, 0, timeZone);
    const calls = store.state.calls.filter((r) =>
      r.enterpriseId === enterpriseId && r.startTime !== null && r.startTime >= from &&
      r.startTime < to
    ).length;
    const date = `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
    return { enterpriseId, timeZone, date, calls };
  });
}
