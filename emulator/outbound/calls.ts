/**
 * Call records as the API shows them: the call-done list (CallDoneVO, spec 2.4), the not-started
 * list, and the call detail (spec 2.5) with a dialogue made from the script's template.
 */
import type { Tenant } from "../core/tenants.ts";
import { CALL_DETAIL_STATUS_DESC, FINISH_STATUS_DESC } from "./outcomes.ts";
import {
  CALL_STATUS,
  type CallDoneQuery,
  type CallRecord,
  type Script,
  type Task,
} from "./schemas.ts";
import type { OutboundStore } from "./store.ts";
import { page } from "./task-views.ts";

/** The recording ccemu serves for a call (a short silent WAV). */
const recordingUrl = (store: OutboundStore, record: CallRecord) =>
  record.finishStatus === 0
    ? `${store.emulator.selfOrigin}/_storage/recordings/${record.callInstanceId}.wav`
    : "";

/** Names of the analysis results: the script's result definitions, or ccemu's defaults. */
function resultNames(script: Script | undefined): [string, string] {
  return [script?.resultDefs[0]?.name ?? "意向等级", script?.resultDefs[1]?.name ?? "关注点"];
}

/** `resultList`: the intention level and the labels, under the script's result names. */
export function resultList(record: CallRecord, script: Script | undefined) {
  if (record.intention === null) return [];
  const [intention, labels] = resultNames(script);
  return [
    { name: intention, value: record.intention },
    ...(record.labels.length ? [{ name: labels, value: record.labels.join(",") }] : []),
  ];
}

/**
 * Status, outcome and times: the same fields, in the same order, in both call views, each view
 * with its own column of spec 2.6 for the finish status's text.
 */
function outcomeFields(record: CallRecord, wording: Record<number, string>) {
  return {
    callInstanceStatus: record.callInstanceStatus,
    finishStatus: record.finishStatus,
    finishStatusDesc: record.finishStatus === null ? "" : wording[record.finishStatus],
    duration: record.duration,
    chatRound: record.chatRound,
    startTime: record.startTime,
    endTime: record.endTime,
  };
}

/** A finished call as call_done_list shows it (CallDoneVO). */
export function callDoneEntry(store: OutboundStore, record: CallRecord, task: Task) {
  const script = store.scriptOf(task);
  return {
    callInstanceId: record.callInstanceId,
    callJobId: record.callJobId,
    callJobName: task.jobName,
    customerTelephone: record.customerTelephone,
    customerName: record.customerName,
    ...outcomeFields(record, FINISH_STATUS_DESC),
    luyinOssUrl: recordingUrl(store, record),
    resultList: resultList(record, script),
    properties: JSON.stringify(record.properties),
    userProperties: JSON.stringify({
      name: record.customerName,
      phone: record.customerTelephone,
      ...record.properties,
    }),
  };
}

export function notStartedEntry(record: CallRecord) {
  return {
    callInstanceId: record.callInstanceId,
    customerName: record.customerName,
    customerTelephone: record.customerTelephone,
    properties: JSON.stringify(record.properties),
    userProperties: JSON.stringify({
      name: record.customerName,
      phone: record.customerTelephone,
      ...record.properties,
    }),
  };
}

/** `call_done_list`: a task's finished calls in the order they ended, filtered and paged. */
export function listDoneCalls(store: OutboundStore, tenant: Tenant, q: CallDoneQuery) {
  const task = store.findTask(tenant.enterpriseId, q.callJobId);
  const script = store.scriptOf(task);
  const from = q.startTime?.(tenant.timeZone) ?? -Infinity;
  const to = q.endTime?.(tenant.timeZone) ?? Infinity;
  let done = store.dialer.done(task.callJobId);
  if (
    q.finishStatus !== undefined || q.startTime !== undefined || q.endTime !== undefined ||
    q.resultQueryList?.length
  ) {
    done = done.filter((r) =>
      (q.finishStatus === undefined || r.finishStatus === q.finishStatus) &&
      (r.startTime ?? 0) >= from && (r.startTime ?? 0) <= to &&
      (q.resultQueryList ?? []).every(({ name, value }) =>
        resultList(r, script).some((entry) =>
          entry.name === name && entry.value.split(",").includes(value)
        )
      )
    );
  }
  return page(done, q.pageNum, q.pageSize, (r) => callDoneEntry(store, r, task));
}

/** `call_not_start_list`: a task's numbers not dialed yet, paged. */
export function listNotStarted(
  store: OutboundStore,
  tenant: Tenant,
  q: { callJobId: number; pageNum?: number; pageSize?: number },
) {
  const task = store.findTask(tenant.enterpriseId, q.callJobId);
  const waiting = store.records(task).filter((r) =>
    r.callInstanceStatus === CALL_STATUS.NOT_STARTED
  );
  return page(waiting, q.pageNum, q.pageSize, notStartedEntry);
}

const fill = (text: string, properties: Record<string, unknown>) =>
  text.replace(/\{\{\s*([^}]+?)\s*\}\}/g, (_, name) => String(properties[name] ?? ""));

/** How often the AI speaks in a script's dialogue: the most chat rounds a call can have. */
export const aiTurns = (script: Script | undefined) =>
  script?.dialogue.filter((t) => t.speaker === "AI").length ?? 0;

/**
 * The dialogue of an answered call: the script's turns, once, until the AI has spoken `chatRound`
 * times (the dialer caps `chatRound` at the script's AI turns), with the customer's last answer.
 */
export function phoneLogs(record: CallRecord, script: Script | undefined) {
  if (record.finishStatus !== 0) return [];
  const turns: { speaker: "AI" | "ME"; content: string }[] = [];
  let ai = 0;
  for (const turn of script?.dialogue ?? []) {
    if (turn.speaker === "AI" && ai++ === record.chatRound) break;
    turns.push({ speaker: turn.speaker, content: fill(turn.content, record.properties) });
  }
  if (!turns.length) return [];
  const start = (record.endTime ?? 0) - record.duration * 1000;
  const step = (record.duration * 1000) / turns.length;
  return turns.map((turn, i) => ({
    callInstanceId: record.callInstanceId,
    speaker: turn.speaker,
    content: turn.content,
    userMean: turn.speaker === "ME" ? "用户回答" : "",
    userMeanDetail: [],
    aiUnknown: 0,
    startTime: Math.round(start + i * step),
    endTime: Math.round(start + (i + 1) * step),
  }));
}

/** The call detail of spec 2.5: dialogue, the call, the analysis results. */
export function callDetail(store: OutboundStore, record: CallRecord) {
  const task = store.findTask(record.enterpriseId, record.callJobId);
  const script = store.scriptOf(task);
  const [intentionName, labelsName] = resultNames(script);
  return {
    phoneLogs: phoneLogs(record, script),
    callInstance: {
      callInstanceId: record.callInstanceId,
      callJobId: record.callJobId,
      customerTelephone: record.customerTelephone,
      customerName: record.customerName,
      ...outcomeFields(record, CALL_DETAIL_STATUS_DESC),
      luyinOssUrl: recordingUrl(store, record),
      userLuyinOssUrl: recordingUrl(store, record),
      properties: record.properties,
      jobName: task.jobName,
      robotDefId: task.robotDefId,
      hangUp: record.hangUp,
      calledTimes: record.calledTimes,
      collectProperties: {},
      notifyEavesdrop: false,
      eavesdrop: false,
      eavesdropIntercept: false,
      csDuration: 0,
      callerPhone: record.callerPhone,
    },
    taskResult: record.intention === null ? [] : [
      {
        resultName: intentionName,
        resultValue: record.intention,
        resultDesc: record.rule ?? "",
        resultLabels: [],
      },
      ...(record.labels.length
        ? [{
          resultName: labelsName,
          resultValue: record.labels.join(","),
          resultDesc: "",
          resultLabels: record.labels.map((value, i) => ({ key: i + 1, value })),
        }]
        : []),
    ],
  };
}

/** `seconds` of silence: 8 kHz, 8-bit, mono PCM in a RIFF/WAVE container (8,000 bytes a second). */
export function silentWav(seconds: number): Uint8Array {
  const dataSize = 8000 * seconds;
  const bytes = new Uint8Array(44 + dataSize);
  bytes.fill(0x80, 44); // 8-bit PCM is unsigned: 128 is silence
  const view = new DataView(bytes.buffer);
  const text = (offset: number, s: string) =>
    [...s].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)));
  text(0, "RIFF");
  view.setUint32(4, 36 + dataSize, true);
  text(8, "WAVE");
  text(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, 8000, true);
  view.setUint32(28, 8000, true); // byte rate
  view.setUint16(32, 1, true); // block align
  view.setUint16(34, 8, true); // bits per sample
  text(36, "data");
  view.setUint32(40, dataSize, true);
  return bytes;
}
