/**
 * What the UI's outbound console shows beyond the API's own views: each status as the vendor's word
 * with its English translation, why a task waits, a task's outcomes counted by finish status (the
 * stacked bar), and the scripts and lines a new task can use. Read through `/_emulator/outbound`.
 */
import { ApiError } from "../core/errors.ts";
import { callDoneEntry } from "./call-entries.ts";
import { callDetail } from "./calls.ts";
import { FINISH_STATUS_DESC, FINISH_STATUS_NAME, FINISH_STATUSES } from "./outcomes.ts";
import { CALL_STATUS, type CallRecord, type Task } from "./schemas.ts";
import type { OutboundRuntime } from "./runtime.ts";
import type { OutboundStore } from "./store.ts";
import { statusTranslation } from "./task-states.ts";
import { taskEntry } from "./task-views.ts";

/** callInstanceStatus has no text in the API: the spec's English words (spec 2.6). */
const CALL_STATUS_NAME = ["not started", "in progress", "completed", "second-dial scheduling"];

/** Finished calls counted by finish status, in the spec's order, only the statuses that occur. */
export function outcomeCounts(records: CallRecord[]) {
  const counts = new Map<number, number>();
  for (const r of records) {
    if (r.callInstanceStatus === CALL_STATUS.COMPLETED && r.finishStatus !== null) {
      counts.set(r.finishStatus, (counts.get(r.finishStatus) ?? 0) + 1);
    }
  }
  return FINISH_STATUSES.filter((s) => counts.has(s)).map((finishStatus) => ({
    finishStatus,
    finishStatusDesc: FINISH_STATUS_DESC[finishStatus],
    finishStatusName: FINISH_STATUS_NAME[finishStatus],
    count: counts.get(finishStatus)!,
  }));
}

/** A task as the UI's outbound console lists it (`GET /_emulator/outbound/tasks`). */
export type TaskRow = ReturnType<typeof taskConsoleEntry>;
/** A call as the console lists it (`GET /_emulator/outbound/tasks/:callJobId/calls`). */
export type CallRow = ReturnType<typeof callConsoleEntry>;

export function taskConsoleEntry({ store, dialer }: OutboundRuntime, task: Task) {
  const records = dialer.records(task);
  return {
    ...taskEntry(task, records),
    callJobStatusName: statusTranslation(task.callJobStatus),
    enterpriseId: task.enterpriseId,
    robotDefId: task.robotDefId,
    concurrencyQuota: task.concurrencyQuota,
    timeZone: store.timeZone(task.enterpriseId),
    waiting: dialer.waiting(task),
    outcomes: outcomeCounts(records),
  };
}

export function callConsoleEntry(store: OutboundStore, record: CallRecord, task: Task) {
  return {
    ...callDoneEntry(store, record, task),
    callInstanceStatusName: CALL_STATUS_NAME[record.callInstanceStatus] ?? "unknown",
    finishStatusName: record.finishStatus === null ? "" : FINISH_STATUS_NAME[record.finishStatus],
    calledTimes: record.calledTimes,
    rule: record.rule,
  };
}

/** A task's calls as the UI's task pane lists them: the first 500, and how many in all. */
export function taskCalls({ store, dialer }: OutboundRuntime, callJobId: string) {
  const task = store.taskAt(callJobId);
  const records = dialer.records(task);
  const calls = records.slice(0, 500).map((r) => callConsoleEntry(store, r, task));
  return { total: records.length, calls };
}

/** The call numbered `callInstanceId` (as the path gives it), with its detail. */
export function callDetailAt(store: OutboundStore, callInstanceId: string) {
  const record = store.state.calls.find((r) => String(r.callInstanceId) === callInstanceId);
  if (!record) throw new ApiError("ResourceNotFound", `No call ${callInstanceId}.`);
  return callDetail(store, record);
}

/** What the new-task form offers (`GET /_emulator/outbound/resources`). */
export type ConsoleResources = ReturnType<typeof consoleResources>;

/** The scripts and lines of each tenant: what the new-task form offers. */
export function consoleResources(store: OutboundStore) {
  return {
    scripts: store.state.scripts.map((s) => ({
      enterpriseId: s.enterpriseId,
      robotDefId: s.robotDefId,
      robotName: s.robotName,
      robotStatus: s.robotStatus,
      variables: s.variables,
    })),
    lines: store.state.lines.map((l) => ({
      enterpriseId: l.enterpriseId,
      userPhoneId: l.userPhoneId,
      phone: l.phone,
      phoneName: l.phoneName,
      enabled: l.enabled,
      lineAmount: l.lineAmount,
    })),
  };
}
