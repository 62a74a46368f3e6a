/**
 * Tasks as the API shows them (spec 2.2): the list entry, the detail with its statistics, the
 * status list. Counts and statistics are computed from the call records every time, so they always
 * agree with them.
 */
import type { Tenant } from "../core/tenants.ts";
import { zonedTime } from "../core/zoned-time.ts";
import { CALL_STATUS, type CallRecord, type Task, type TaskListQuery } from "./schemas.ts";
import { page } from "./paging.ts";
import type { OutboundRuntime } from "./runtime.ts";
import type { OutboundStore } from "./store.ts";
import { TASK_STATUS_DESC, type TaskStatus } from "./task-states.ts";
import { DEFAULT_WORKING_TIME } from "./working-time.ts";

/** `calljob_status_list`: each named task's status (an unknown one fails the whole call). */
export function jobStatuses(store: OutboundStore, tenant: Tenant, callJobIds: number[]) {
  return callJobIds.map((id) => ({
    callJobId: id,
    status: store.findTask(tenant.enterpriseId, id).callJobStatus,
  }));
}

/** The counts of spec 2.2, from the records. */
export function taskCounts(records: CallRecord[]) {
  const counts = {
    totalCount: records.length,
    doneCount: 0,
    calledCount: 0,
    rejectedCount: 0,
    unavailableCount: 0,
    fromUnavailableCount: 0,
  };
  for (const r of records) {
    if (r.callInstanceStatus === CALL_STATUS.COMPLETED) counts.doneCount++;
    if (r.callInstanceStatus !== CALL_STATUS.COMPLETED) continue;
    if (r.finishStatus === 0) counts.calledCount++;
    else if (r.finishStatus === 1) counts.rejectedCount++;
    else if (r.finishStatus === 2) counts.unavailableCount++;
    else if (r.finishStatus === 3) counts.fromUnavailableCount++;
  }
  return counts;
}

function firstRange(task: Task) {
  return (task.workingTimeRuleList[0] ?? DEFAULT_WORKING_TIME[0]).timeRanges[0];
}

/** A task as `task_list` shows it (CallJobVO). */
export function taskEntry(task: Task, records: CallRecord[]) {
  const range = firstRange(task);
  return {
    callJobId: task.callJobId,
    jobName: task.jobName,
    jobType: task.jobType,
    startDate: task.startDate,
    callJobStatus: task.callJobStatus,
    callJobStatusDesc: TASK_STATUS_DESC[task.callJobStatus as TaskStatus],
    remark: task.remark,
    ...taskCounts(records),
    workingStartTime: range.startTime,
    workingEndTime: range.endTime,
  };
}

/** Buckets over answered calls: duration (s) and chat rounds, as spec 2.2 names them. */
function buckets(records: CallRecord[]) {
  const answered = records.filter((r) =>
    r.callInstanceStatus === CALL_STATUS.COMPLETED && r.finishStatus === 0
  );
  const count = (test: (r: CallRecord) => boolean) => answered.filter(test).length;
  return {
    durationStat: [
      { name: "10秒以下", value: count((r) => r.duration < 10) },
      { name: "10-59秒", value: count((r) => r.duration >= 10 && r.duration < 60) },
      { name: "1分-1分59秒", value: count((r) => r.duration >= 60 && r.duration < 120) },
      { name: "2分钟及以上", value: count((r) => r.duration >= 120) },
    ],
    chatRoundStat: [
      { name: "0-2", value: count((r) => r.chatRound <= 2) },
      { name: "3-4", value: count((r) => r.chatRound >= 3 && r.chatRound <= 4) },
      { name: "5-6", value: count((r) => r.chatRound >= 5 && r.chatRound <= 6) },
      { name: "7-9", value: count((r) => r.chatRound >= 7) },
    ],
  };
}

/** The task detail of spec 2.2. */
export function taskDetail({ store, dialer }: OutboundRuntime, task: Task) {
  const records = dialer.records(task);
  const script = store.scriptOf(task);
  const rules = task.workingTimeRuleList.length ? task.workingTimeRuleList : DEFAULT_WORKING_TIME;
  return {
    ...taskEntry(task, records),
    robotDefName: script?.robotName ?? "",
    robotDefId: task.robotDefId,
    ...buckets(records),
    resultDefs: script?.resultDefs ?? [],
    callPhones: store.linesOf(task).map(({ enterpriseId: _, enabled: __, ...line }) => line),
    workingTimeRuleList: rules,
    workingTimeRule: rules[0],
    smsType: task.smsType,
    smsTemplateId: task.smsTemplateId,
    smsCondition: task.smsSendLevel,
    seatNum: task.concurrencyQuota,
    phoneNum: task.concurrencyNum,
    mobile: task.mobile,
    openElasticity: task.openElasticity,
    repeatCall: task.repeatCall,
    repeatCallRule: JSON.stringify(task.repeatCallRule),
    userPhoneIds: task.userPhoneIds,
    permitRepeatNum: task.permitRepeatNum,
  };
}

/** `createDate`/`endDate` (`yyyy-MM-dd`, inclusive) as instants in the tenant's zone. */
function dayRange(timeZone: string, from?: string, to?: string): [number, number] {
  const start = (day: string) => {
    const [y, m, d] = day.split("-").map(Number);
    return zonedTime(y, m, d, 0, timeZone);
  };
  return [from ? start(from) : -Infinity, to ? start(to) + 86_400_000 : Infinity];
}

/** `task_list`: the tenant's tasks matching the query, newest first, paged. */
export function listTasks({ store, dialer }: OutboundRuntime, tenant: Tenant, q: TaskListQuery) {
  const [from, to] = dayRange(tenant.timeZone, q.createDate, q.endDate);
  const tasks = store.state.tasks.filter((t) =>
    t.enterpriseId === tenant.enterpriseId &&
    (q.callJobStatus === undefined || t.callJobStatus === q.callJobStatus) &&
    (q.jobName === undefined || t.jobName.includes(q.jobName)) && t.createTime >= from &&
    t.createTime < to
  ).sort((a, b) => b.callJobId - a.callJobId);
  return page(tasks, q.pageNum, q.pageSize, (t) => taskEntry(t, dialer.records(t)));
}
