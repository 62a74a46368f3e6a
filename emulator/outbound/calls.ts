/**
 * Call records as the API shows them: the call-done list (spec 2.4, its entries in
 * call-entries.ts), the not-started list, the call detail (spec 2.5) with its dialogue, and the
 * recording's bytes.
 */
import type { Tenant } from "../core/tenants.ts";
import {
  callDoneEntry,
  outcomeFields,
  recordingUrl,
  resultList,
  resultNames,
} from "./call-entries.ts";
import { phoneLogs } from "./dialogue.ts";
import { CALL_DETAIL_STATUS_DESC } from "./outcomes.ts";
import { page } from "./paging.ts";
import type { OutboundRuntime } from "./runtime.ts";
import { CALL_STATUS, type CallDoneQuery, type CallRecord } from "./schemas.ts";
import type { OutboundStore } from "./store.ts";

/** A number not dialed yet as call_not_start_list shows it. */
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
export function listDoneCalls(
  { store, dialer }: OutboundRuntime,
  tenant: Tenant,
  q: CallDoneQuery,
) {
  const task = store.findTask(tenant.enterpriseId, q.callJobId);
  const script = store.scriptOf(task);
  const from = q.startTime?.(tenant.timeZone) ?? -Infinity;
  const to = q.endTime?.(tenant.timeZone) ?? Infinity;
  let done = dialer.done(task.callJobId);
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
  { store, dialer }: OutboundRuntime,
  tenant: Tenant,
  q: { callJobId: number; pageNum?: number; pageSize?: number },
) {
  const task = store.findTask(tenant.enterpriseId, q.callJobId);
  const waiting = dialer.records(task).filter((r) =>
    r.callInstanceStatus === CALL_STATUS.NOT_STARTED
  );
  return page(waiting, q.pageNum, q.pageSize, notStartedEntry);
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

/** A call as the UI's call pane shows it (`GET /_emulator/outbound/calls/:callInstanceId`). */
export type CallDetail = ReturnType<typeof callDetail>;

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
