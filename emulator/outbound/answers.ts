/**
 * What the outbound operations answer (document 2, parts 2.2-2.5), beside `requestId`: documented
 * in the OpenAPI description and checked against real answers by a test.
 */
import { z } from "npm:zod@4.6.7";
import { outboundPage } from "../signed-api/answers.ts";
import { described } from "../signed-api/fields.ts";

const int = () => z.number().int();
const nullableInt = () => z.number().int().nullable();

export const ScriptEntry = z.strictObject(described({
  robotDefId: int(),
  robotName: z.string(),
  industryOneName: z.string(),
  industryTwoName: z.string(),
  robotStatus: int(),
  deployTime: z.string().nullable(),
}, {
  robotDefId: "Script (robot) ID.",
  robotStatus:
    "0 to be published, 1 to be reviewed, 2 to be recorded, 3 to go online, 4 review failed, 5 online.",
  deployTime: "Last publication, yyyy-MM-dd HH:mm:ss; null when never published.",
}));

const LineFields = {
  userPhoneId: int(),
  phone: z.string(),
  phoneName: z.string(),
  phoneType: int(),
  sceneType: int(),
};
const LINE_TEXTS = {
  userPhoneId: "Line ID.",
  phone: "Line name (its number).",
  phoneName: "Alias.",
  phoneType: "0 mobile number, 1 landline, 2 and 9 line.",
  sceneType: "1 inbound, 2 outbound, 3 both.",
};
export const LineEntry = z.strictObject(described(LineFields, LINE_TEXTS));

/** UserPhoneNumberVO, as the task detail lists its caller lines. */
const CallPhone = z.strictObject(described({
  ...LineFields,
  billPeriod: int(),
  rateType: int(),
  nonlocalSellingRate: z.number(),
  localSellingRate: z.number(),
  lineAmount: z.number(),
}, {
  ...LINE_TEXTS,
  billPeriod: "Billing period in seconds.",
  rateType: "0 one national rate, 1 local and non-local differ.",
  nonlocalSellingRate: "Non-local price per period, fen.",
  localSellingRate: "Local (or national) price per period, fen.",
  lineAmount: "Line balance, yuan.",
}));

const TASK_TEXTS = {
  callJobId: "Task ID.",
  jobType: "1 scheduled, 2 manual.",
  startDate: "Start, epoch ms; for a manual task present once it has started.",
  callJobStatus:
    "Task status: 0 not started, 1 in progress, 2 completed, 3 runnable, 4 user-paused, 5 system-paused, 6 terminated, 7 queued, 8 AI expired, 9 line in arrears, 10 SMS in arrears.",
  callJobStatusDesc: "The status as text.",
  totalCount: "Numbers to dial.",
  doneCount: "Numbers whose dialing is complete.",
  calledCount: "Numbers connected.",
  rejectedCount: "Numbers that rejected.",
  unavailableCount: "Numbers unreachable.",
  fromUnavailableCount: "Numbers where the caller number was unavailable.",
  workingStartTime: "Start of the first working period, HH:mm.",
  workingEndTime: "End of the first working period, HH:mm.",
};
const TaskFields = {
  callJobId: int(),
  jobName: z.string(),
  jobType: int(),
  startDate: nullableInt(),
  callJobStatus: int(),
  callJobStatusDesc: z.string(),
  remark: z.string(),
  totalCount: int(),
  doneCount: int(),
  calledCount: int(),
  rejectedCount: int(),
  unavailableCount: int(),
  fromUnavailableCount: int(),
  workingStartTime: z.string(),
  workingEndTime: z.string(),
};
export const TaskEntry = z.strictObject(described(TaskFields, TASK_TEXTS));

const NameValue = z.strictObject({ name: z.string(), value: int() });
const WorkingTimeRule = z.strictObject({
  weeks: z.array(int()),
  timeRanges: z.array(z.strictObject({ startTime: z.string(), endTime: z.string() })),
});

export const TaskDetail = z.strictObject(described({
  ...TaskFields,
  robotDefName: z.string(),
  robotDefId: int(),
  durationStat: z.array(NameValue),
  chatRoundStat: z.array(NameValue),
  resultDefs: z.array(z.strictObject({ name: z.string(), values: z.array(z.string()) })),
  callPhones: z.array(CallPhone),
  workingTimeRuleList: z.array(WorkingTimeRule),
  workingTimeRule: WorkingTimeRule,
  smsType: int(),
  smsTemplateId: nullableInt(),
  smsCondition: z.string().nullable(),
  seatNum: int(),
  phoneNum: int(),
  mobile: z.string().nullable(),
  openElasticity: z.boolean(),
  repeatCall: z.boolean(),
  repeatCallRule: z.string(),
  userPhoneIds: z.array(int()),
  permitRepeatNum: z.boolean(),
}, {
  ...TASK_TEXTS,
  durationStat: "Answered calls by duration: under 10 s, 10-59 s, 1 min-1 min 59 s, 2 min or more.",
  chatRoundStat: "Answered calls by chat rounds: 0-2, 3-4, 5-6, 7-9.",
  resultDefs: "The script's result-analysis enumeration.",
  callPhones: "Caller lines.",
  workingTimeRuleList: "Working periods (weekdays 1 Monday ... 7 Sunday, HH:mm ranges).",
  workingTimeRule: "The first working period (deprecated single form).",
  smsType: "Hang-up SMS: 0 no, 1 yes.",
  smsCondition: "The intention level that triggers the SMS.",
  seatNum: "AI seats (concurrencyQuota).",
  phoneNum: "Concurrency (concurrencyNum).",
  repeatCallRule: "Redial rules as JSON-array text.",
}));

export const ImportResult = z.strictObject(described({
  total: int(),
  successNum: int(),
  placeFailNum: int(),
  repeatNum: int(),
  placeFailDetail: z.string(),
}, {
  total: "Rows received.",
  successNum: "Rows imported.",
  placeFailNum: "Rows refused.",
  repeatNum: "Rows skipped as numbers the task already has.",
  placeFailDetail: "JSON-array text of refused rows: row, phone, reason.",
}));

const OUTCOME_TEXTS = {
  callInstanceStatus: "0 not started, 1 in progress, 2 completed, 3 waiting for a redial.",
  finishStatus:
    "0 answered, 1 rejected, 2 unreachable, 3 caller number unavailable, 4 empty number, 5 powered off, 6 busy, 7 suspended, 8 unanswered, 9 caller in arrears, 10 call loss, 11 blacklisted, 12 shield interception, 13 line blind zone, 22 line interception, 23 outbound interception, 25 no line available.",
  finishStatusDesc: "The finish status as text.",
  duration: "Call duration, seconds.",
  chatRound: "Chat rounds (times the AI spoke).",
  startTime: "Dial start, epoch ms.",
  endTime: "Dial end, epoch ms.",
  luyinOssUrl: "Recording (user and AI voice); empty unless answered.",
};
const OutcomeFields = {
  callInstanceStatus: int(),
  finishStatus: nullableInt(),
  finishStatusDesc: z.string(),
  duration: int(),
  chatRound: int(),
  startTime: nullableInt(),
  endTime: nullableInt(),
};

export const CallDoneEntry = z.strictObject(described({
  callInstanceId: int(),
  callJobId: int(),
  callJobName: z.string(),
  customerTelephone: z.string(),
  customerName: z.string(),
  ...OutcomeFields,
  luyinOssUrl: z.string(),
  resultList: z.array(z.strictObject({ name: z.string(), value: z.string() })),
  properties: z.string(),
  userProperties: z.string(),
}, {
  ...OUTCOME_TEXTS,
  callInstanceId: "Call record ID.",
  resultList: "Analysis results: intention level and labels under the script's result names.",
  properties: "JSON text of the dialing parameters (the imported properties).",
  userProperties: "JSON text of the imported attributes with name and phone.",
}));

export const NotStartedEntry = z.strictObject({
  callInstanceId: int(),
  customerName: z.string(),
  customerTelephone: z.string(),
  properties: z.string(),
  userProperties: z.string(),
});

export const CallDetail = z.strictObject(described({
  phoneLogs: z.array(z.strictObject({
    callInstanceId: int(),
    speaker: z.enum(["AI", "ME"]).describe("AI the robot, ME the customer."),
    content: z.string(),
    userMean: z.string(),
    userMeanDetail: z.array(z.unknown()),
    aiUnknown: int(),
    startTime: int(),
    endTime: int(),
  })),
  callInstance: z.strictObject(described({
    callInstanceId: int(),
    callJobId: int(),
    customerTelephone: z.string(),
    customerName: z.string(),
    ...OutcomeFields,
    luyinOssUrl: z.string(),
    userLuyinOssUrl: z.string(),
    properties: z.record(z.string(), z.unknown()),
    jobName: z.string(),
    robotDefId: int(),
    hangUp: nullableInt(),
    calledTimes: int(),
    collectProperties: z.record(z.string(), z.unknown()),
    notifyEavesdrop: z.boolean(),
    eavesdrop: z.boolean(),
    eavesdropIntercept: z.boolean(),
    csDuration: int(),
    callerPhone: z.string().nullable(),
  }, {
    ...OUTCOME_TEXTS,
    userLuyinOssUrl: "User recording.",
    properties: "Script variables and custom parameters.",
    hangUp: "0 the AI hung up, 1 the user.",
    calledTimes: "Attempts made.",
    collectProperties: "Collected data variables.",
    csDuration: "Human call duration.",
    callerPhone: "The line called from.",
  })),
  taskResult: z.array(z.strictObject({
    resultName: z.string(),
    resultValue: z.string(),
    resultDesc: z.string(),
    resultLabels: z.array(z.strictObject({ key: int(), value: z.string() })),
  })),
}, {
  phoneLogs: "The dialogue, turn by turn.",
  callInstance: "The call.",
  taskResult: "Result analysis: intention level and focus points.",
}));

/** Each operation's answer beside `requestId`. */
export const ANSWERS = {
  robotList: z.strictObject({ result: z.strictObject({ list: z.array(ScriptEntry) }) }),
  sceneVariables: z.strictObject({
    result: z.strictObject({ variables: z.array(z.string()).describe("Script variable names.") }),
  }),
  phoneList: z.strictObject({ result: z.strictObject({ list: z.array(LineEntry) }) }),
  addBlackInfo: z.strictObject({
    result: z.strictObject({ blackListId: int().describe("Blacklist entry ID.") }),
  }),
  taskCreate: z.strictObject({ result: z.strictObject({ callJobId: int().describe("Task ID.") }) }),
  taskExecute: z.strictObject({
    code: z.literal(200).describe("200 on success."),
    message: z.string().describe("The outcome as text, e.g. 启动成功."),
  }),
  taskImport: z.strictObject({ result: ImportResult }),
  taskList: z.strictObject({ result: outboundPage(TaskEntry) }),
  task: z.strictObject({ result: TaskDetail }),
  calljobStatusList: z.strictObject({
    result: z.strictObject({
      list: z.array(z.strictObject({ callJobId: int(), status: int().describe("Task status.") })),
    }),
  }),
  callDoneList: z.strictObject({ result: outboundPage(CallDoneEntry) }),
  callNotStartList: z.strictObject({ result: outboundPage(NotStartedEntry) }),
  callDetail: z.strictObject({ result: CallDetail }),
};
