/**
 * A call record's fields as the API shows them: the recording, the analysis results and the
 * outcome that both call views share, and the call_done_list entry (CallDoneVO), which the result
 * callback sends too. Below the list operations and the callback sender, which both use it.
 */
import { FINISH_STATUS_DESC } from "./outcomes.ts";
import type { CallRecord, Script, Task } from "./schemas.ts";
import type { OutboundStore } from "./store.ts";

/** The recording ccemu serves for a call (a short silent WAV). */
export const recordingUrl = (store: OutboundStore, record: CallRecord) =>
  record.finishStatus === 0
    ? `${store.emulator.selfOrigin}/_storage/recordings/${record.callInstanceId}.wav`
    : "";

/** Names of the analysis results: the script's result definitions, or ccemu's defaults. */
export function resultNames(script: Script | undefined): [string, string] {
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
export function outcomeFields(record: CallRecord, wording: Record<number, string>) {
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
