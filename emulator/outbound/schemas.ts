/**
 * The outbound area's shapes (document 2): the records fixtures and the state hold (spec 2.2-2.4),
 * and the request body of every operation (part 4). Types are inferred from these schemas only.
 * Longer than most files because every shape of the area is written here and nowhere else.
 */
import { z } from "npm:zod@4.6.7";
import { MAX_TIME, MIN_TIME } from "../core/clock.ts";
import { defineSlice } from "../core/state.ts";
import { httpUrl, timeValue } from "../core/validation.ts";
import { parseLocalText } from "../core/zoned-time.ts";
import {
  described,
  vBool,
  vCode,
  vJsonArrayText,
  vLong,
  vLongIn,
  vString,
  vText,
} from "../signed-api/fields.ts";
import { COMMAND_HELP } from "./task-states.ts";
import {
  FINISH_STATUS_FILTERS,
  INTENTION_LEVELS,
  OutcomeRuleSchema,
  WeightedOutcomeSchema,
} from "./outcomes.ts";

const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** A script (robot). `robotStatus`: 0 to be published … 5 online (spec 2.3). */
export const ScriptSchema = z.strictObject({
  enterpriseId: z.string(),
  robotDefId: z.number().int().positive(),
  robotName: z.string().min(1),
  industryOneName: z.string().default(""),
  industryTwoName: z.string().default(""),
  robotStatus: z.number().int().min(0).max(5),
  /** Last publication, `yyyy-MM-dd HH:mm:ss`; null for a script never published. */
  deployTime: z.string().regex(DATE_TIME).nullable().default(null),
  /** Script variable names: what `scenevariables` lists and imports must fill. */
  variables: z.array(z.string().min(1)).default(() => []),
  /** The result-analysis enumeration (`resultDefs`, NameValuesVO). */
  resultDefs: z.array(z.strictObject({ name: z.string(), values: z.array(z.string()) })).default(
    () => [],
  ),
  /** The dialogue an answered call follows; `{{variable}}` is filled from the customer's properties. */
  dialogue: z.array(z.strictObject({ speaker: z.enum(["AI", "ME"]), content: z.string() })).default(
    () => [],
  ),
});
export type Script = z.infer<typeof ScriptSchema>;

/** An outbound line (UserPhoneNumberVO). */
export const LineSchema = z.strictObject({
  enterpriseId: z.string(),
  userPhoneId: z.number().int().positive(),
  phone: z.string().min(1),
  phoneName: z.string().default(""),
  phoneType: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(9)]),
  sceneType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  billPeriod: z.number().int().positive().default(60),
  rateType: z.union([z.literal(0), z.literal(1)]).default(0),
  nonlocalSellingRate: z.number().default(0),
  localSellingRate: z.number().default(0),
  lineAmount: z.number().min(-1e12).max(1e12).default(0),
  enabled: z.boolean().default(true),
});
export type Line = z.infer<typeof LineSchema>;

export const BlacklistEntrySchema = z.strictObject({
  enterpriseId: z.string(),
  blackListId: z.number().int().positive(),
  mobile: z.string(),
  name: z.string().nullable().default(null),
  remark: z.union([z.string(), z.number()]).nullable().default(null),
  createTime: z.number().int(),
});
export type BlacklistEntry = z.infer<typeof BlacklistEntrySchema>;

export const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, {
  error: "must be HH:mm",
});

export const WorkingTimeRuleSchema = z.strictObject({
  weeks: z.array(z.number().int().min(0).max(7)).min(1),
  timeRanges: z.array(z.strictObject({ startTime: HHMM, endTime: HHMM })).min(1),
});

export const RepeatCallRuleSchema = z.strictObject({
  interval: z.number().int().min(0).max(120),
  phoneStatus: z.number().int().min(1).max(10),
  times: z.number().int().min(1).max(5),
});

/** An outbound call task as ccemu keeps it (CallJobVO and its detail, spec 2.2). */
export const TaskSchema = z.strictObject({
  enterpriseId: z.string(),
  callJobId: z.number().int().positive(),
  jobName: z.string(),
  jobType: z.union([z.literal(1), z.literal(2)]),
  robotDefId: z.number().int(),
  userPhoneIds: z.array(z.number().int()),
  concurrencyNum: z.number().int().min(1),
  concurrencyQuota: z.number().int().min(1),
  /** Scheduled tasks: the instant they start (local midnight of `startDate`). Manual: when started. */
  startDate: z.number().int().nullable(),
  callJobStatus: z.number().int().min(0).max(10),
  remark: z.string(),
  mobile: z.string().nullable(),
  openElasticity: z.boolean(),
  priority: z.number().int().nullable(),
  repeatCall: z.boolean(),
  repeatCallRule: z.array(RepeatCallRuleSchema),
  restoreAi: z.boolean(),
  smsType: z.union([z.literal(0), z.literal(1)]),
  smsTemplateId: z.number().int().nullable(),
  smsSendLevel: z.string().nullable(),
  wechatPush: z.boolean(),
  levelAssignTypeEnabled: z.boolean(),
  workingTimeRuleList: z.array(WorkingTimeRuleSchema),
  permitRepeatNum: z.boolean(),
  createTime: z.number().int(),
});
export type Task = z.infer<typeof TaskSchema>;

/** One number of a task and the state of its calls (CallDoneVO and call detail, spec 2.4, 2.5). */
/** A call record's `callInstanceStatus` (spec 2.5: the API answers only the code). */
export const CALL_STATUS = {
  NOT_STARTED: 0,
  IN_PROGRESS: 1,
  COMPLETED: 2,
  REDIAL_SCHEDULED: 3,
} as const;

/**
 * A number imported and not dialed yet: no outcome, no attempt (what task_import records). A
 * function: each record gets arrays of its own.
 */
export const notDialed = () => ({
  callInstanceStatus: CALL_STATUS.NOT_STARTED,
  finishStatus: null,
  duration: 0,
  chatRound: 0,
  startTime: null,
  endTime: null,
  calledTimes: 0,
  hangUp: null,
  intention: null,
  labels: [] as string[],
  rule: null,
  callerPhone: null,
  endsAt: null,
  nextAttemptAt: null,
});

export const CallRecordSchema = z.strictObject({
  enterpriseId: z.string(),
  callInstanceId: z.number().int().positive(),
  callJobId: z.number().int().positive(),
  customerTelephone: z.string(),
  customerName: z.string(),
  properties: z.record(z.string(), z.unknown()),
  /** One of CALL_STATUS: not started, in progress, completed, waiting for a redial. */
  callInstanceStatus: z.union([
    z.literal(CALL_STATUS.NOT_STARTED),
    z.literal(CALL_STATUS.IN_PROGRESS),
    z.literal(CALL_STATUS.COMPLETED),
    z.literal(CALL_STATUS.REDIAL_SCHEDULED),
  ]),
  finishStatus: z.number().int().nullable(),
  duration: z.number().int(),
  chatRound: z.number().int(),
  startTime: z.number().int().nullable(),
  endTime: z.number().int().nullable(),
  calledTimes: z.number().int(),
  hangUp: z.union([z.literal(0), z.literal(1)]).nullable(),
  intention: z.string().nullable(),
  labels: z.array(z.string()),
  /** The outcome rule that decided the last call ("table" for the weighted table). */
  rule: z.string().nullable(),
  callerPhone: z.string().nullable(),
  /** While in progress: when the call ends. While waiting for a redial: when it is due. */
  endsAt: z.number().int().nullable(),
  nextAttemptAt: z.number().int().nullable(),
});
export type CallRecord = z.infer<typeof CallRecordSchema>;

/** A tenant's account conditions behind the system states 5, 7, 8, 9 and 10. */
export const AccountSchema = z.strictObject({
  enterpriseId: z.string(),
  /** AI seats in all; running tasks hold `concurrencyQuota` each. */
  aiSeats: z.number().int().min(0).max(1_000_000).default(10),
  /** When the AI service expires (epoch ms); null: never. */
  aiExpiresAt: z.number().int().min(MIN_TIME).max(MAX_TIME).nullable().default(null),
  /** Hang-up SMS left. */
  smsBalance: z.number().int().min(0).max(1_000_000_000).default(1000),
});
export type Account = z.infer<typeof AccountSchema>;

// ---- Call-result callbacks (ccemu's own design: the spec leaves them unshown) ----

/** Where an enterprise wants its finished calls POSTed, and the key whose secret signs them. */
export interface CallbackUrl {
  /** The enterprise whose finished calls are sent. */
  enterpriseId: string;
  /** Where they are POSTed. */
  url: string;
  /** The key whose secret signs each POST (`X-Ccemu-Signature`), named in `X-Ccemu-Key`. */
  accessKeyId: string;
  /** How long one attempt may take on the wall clock before it counts as failed (ms). */
  timeoutMs: number;
}

/** One POST of a delivery: when (virtual ms), what came back, how long it took (real ms). */
export interface CallbackAttempt {
  /** Virtual time of the attempt, ms. */
  at: number;
  /** The receiver's HTTP status; null when none came (time-out, refused connection). */
  status: number | null;
  /** Why the attempt got no status. */
  error: string | null;
  /** Real milliseconds the attempt took (0 when nothing could be sent). */
  latencyMs: number;
  /** The start of the receiver's answer (1 KiB at most). */
  responseBody: string | null;
}

/** A finished call on its way to the callback URL: attempts until one answers 2xx, or six failed. */
export interface CallbackDelivery {
  /** The delivery's id, sent as `X-Ccemu-Delivery`. */
  deliveryId: number;
  /** The enterprise the call belongs to. */
  enterpriseId: string;
  /** The task (`callJobId`) the call belongs to. */
  callJobId: number;
  /** The finished call (`callInstanceId`) being delivered. */
  callInstanceId: number;
  /** The callback URL: the one registered when the latest attempt was made. */
  url: string;
  /**
   * `pending` while attempts remain, `delivered` once one was answered 2xx, `failed` after six
   * failed attempts (or when nothing could be sent: the URL, the key or the call gone).
   */
  status: "pending" | "delivered" | "failed";
  /** Every attempt so far, oldest first. */
  attempts: CallbackAttempt[];
  /** Virtual time the next attempt is due; null while one is on the wire, delivered or failed. */
  nextAttemptAt: number | null;
  /** Set on a "deliver again": the delivery it repeats. */
  redeliveryOf: number | null;
}

const CALLBACK_TIMEOUT = z.number().int().min(100).max(60_000);

export const CallbackUrlSchema: z.ZodType<
  CallbackUrl,
  Omit<CallbackUrl, "timeoutMs"> & { timeoutMs?: number }
> = z
  .strictObject({
    enterpriseId: z.string(),
    url: httpUrl(),
    accessKeyId: z.string(),
    timeoutMs: CALLBACK_TIMEOUT.default(5000),
  });

const CallbackAttemptSchema = z.strictObject({
  at: z.number().int(),
  status: z.number().int().nullable(),
  error: z.string().nullable(),
  latencyMs: z.number().min(0),
  responseBody: z.string().nullable(),
});

export const CallbackDeliverySchema: z.ZodType<
  CallbackDelivery,
  Omit<CallbackDelivery, "redeliveryOf"> & { redeliveryOf?: number | null }
> = z.strictObject({
  deliveryId: z.number().int().positive(),
  enterpriseId: z.string(),
  callJobId: z.number().int(),
  callInstanceId: z.number().int(),
  url: z.string(),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.array(CallbackAttemptSchema),
  nextAttemptAt: z.number().int().nullable(),
  redeliveryOf: z.number().int().nullable().default(null),
});

export const OutboundStateSchema = z.strictObject({
  scripts: z.array(ScriptSchema).default(() => []),
  lines: z.array(LineSchema).default(() => []),
  blacklist: z.array(BlacklistEntrySchema).default(() => []),
  accounts: z.array(AccountSchema).default(() => []),
  tasks: z.array(TaskSchema).default(() => []),
  calls: z.array(CallRecordSchema).default(() => []),
  outcomeRules: z.array(OutcomeRuleSchema).default(() => []),
  outcomeTable: z.array(WeightedOutcomeSchema).default(() => [
    { weight: 55, finishStatus: 0 },
    { weight: 15, finishStatus: 8 },
    { weight: 10, finishStatus: 1 },
    { weight: 8, finishStatus: 6 },
    { weight: 5, finishStatus: 5 },
    { weight: 4, finishStatus: 2 },
    { weight: 3, finishStatus: 4 },
  ]),
  callbackUrls: z.array(CallbackUrlSchema).default(() => []),
  callbackDeliveries: z.array(CallbackDeliverySchema).default(() => []),
});
export type OutboundState = z.infer<typeof OutboundStateSchema>;

export const outboundSlice = defineSlice<OutboundState>({
  name: "outbound",
  schema: OutboundStateSchema,
  sequences: {
    blackListId: { ids: (s) => s.blacklist.map((entry) => entry.blackListId), first: 1 },
    callJobId: { ids: (s) => s.tasks.map((t) => t.callJobId), first: 80001 },
    callInstanceId: { ids: (s) => s.calls.map((c) => c.callInstanceId), first: 900000001 },
    deliveryId: { ids: (s) => s.callbackDeliveries.map((d) => d.deliveryId), first: 1 },
  },
  lists: [
    { path: "outbound.scripts", id: "robotDefId", space: "script" },
    { path: "outbound.lines", id: "userPhoneId", space: "line" },
    { path: "outbound.blacklist", id: "blackListId", space: "blacklist entry" },
    { path: "outbound.accounts", id: "enterpriseId", space: "account" },
    { path: "outbound.tasks", id: "callJobId", space: "task" },
    { path: "outbound.calls", id: "callInstanceId", space: "call record" },
    { path: "outbound.callbackUrls", id: "enterpriseId", space: "callback URL" },
    { path: "outbound.callbackDeliveries", id: "deliveryId", space: "callback delivery" },
  ],
});

// ---- Request bodies (spec part 4) ----

/** What each request field means (spec part 4), attached to every request schema that has it. */
const FIELDS = {
  enterpriseId: "Tenant ID; must be the signing key's tenant.",
  robotStatus: "0 all scripts, 1 online scripts, 2 scripts ever published.",
  robotDefId: "Script (robot) ID.",
  userPhoneId: "A line ID, to list only that line.",
  mobile: "Phone number: digits, an optional leading + and - separators.",
  name: "The customer's name.",
  remark: "A note (typed Integer by the spec; text is kept as sent).",
  callJobName: "Task name.",
  callJobType: "1 scheduled, 2 manual; startDate is required when 1.",
  userPhoneIds:
    "Line IDs as JSON-array text, e.g. [501]; a line or landline takes one ID, mobile numbers may take several.",
  concurrencyNum: "Concurrency; at most twice concurrencyQuota.",
  concurrencyQuota: "AI seats, default 1; one seat serves one robot.",
  levelAssignTypeEnabled: "Whether class A and B intention customers flow into the public pool.",
  openElasticity: "Elastic task, default false.",
  priority: "Task priority: higher priority tasks take AI seats first.",
  repeatCall: "Redial, default false.",
  repeatCallRule:
    "JSON-array text of redial rules: interval (minutes, 0-120), phoneStatus (the finish status to redial, 1-10), times (1-5).",
  restoreAi: "Whether AI seats are released when the task pauses by itself.",
  smsSendLevel: "Intention level that triggers a hang-up SMS, e.g. A级(有明确意向).",
  smsTemplateId: "SMS template ID.",
  smsType: "Hang-up SMS: 0 no, 1 yes.",
  startDate:
    "Start date yyyy-MM-dd (day precision, the tenant's zone); required for scheduled tasks.",
  wechatPush: "Push a message to the member the customer is assigned to.",
  workingTimeRuleList:
    "JSON-array text of working periods: weeks (1 Monday ... 7 Sunday) and timeRanges (startTime, endTime as HH:mm). Default every day 09:00-21:00.",
  callJobId: "Task ID.",
  command: COMMAND_HELP,
  customerInfoVOList:
    "JSON-array text of customers: phone (required), name, properties (the script's variables, required when it has some, and custom parameters).",
  permitrepeatnum: "Whether one number may be imported twice into the task; default false.",
  callJobStatus: "Status filter, 0-10.",
  createDate: "Creation range start, yyyy-MM-dd.",
  endDate: "Creation range end, yyyy-MM-dd (inclusive).",
  jobName: "Task name contains this.",
  pageNum: "Page, from 1.",
  pageSize: "Page size (task_list: 20 advised, at most 1000; call_done_list at most 500).",
  callJobIdList: "Task IDs as JSON-array text.",
  startTime: "Dial start from: epoch ms, or yyyy-MM-dd HH:mm:ss in the tenant's zone.",
  endTime: "Dial start until: epoch ms, or yyyy-MM-dd HH:mm:ss in the tenant's zone.",
  finishStatus: "Finish status filter (spec 2.6).",
  resultQueryList: "JSON-array text of analysis-result conditions, each name and value.",
  callInstanceId: "Call record ID.",
};

/** Digits, optionally a leading `+` and `-` separators: mobiles, landlines with area codes. */
export const PHONE = /^\+?\d[\d-]{2,22}\d$/;

const phoneNumber = () =>
  vText().pipe(
    z.string().regex(PHONE, {
      error: "must be a phone number (digits, an optional leading + and - separators)",
    }),
  );

const DAY = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be yyyy-MM-dd" }).refine(
  (d) => !Number.isNaN(Date.parse(d)) && new Date(d).toISOString().startsWith(d),
  { error: "is not a real date" },
);
const pageNum = () => vLongIn(1, 1_000_000).optional();

/**
 * Times of call_done_list: epoch ms, or `yyyy-MM-dd HH:mm:ss` in the tenant's zone (the spec shows
 * no format). The zone is the caller's, known only in the handler, so this gives a function of it.
 */
const callTime = () =>
  z.union([z.number().int(), z.string()], { error: "expected epoch ms or yyyy-MM-dd HH:mm:ss" })
    .transform((v, ctx) => {
      if (typeof v === "number" || /^\d+$/.test(v)) return () => Number(v);
      if (!/^\d{4}-\d{2}-\d{2} /.test(v) || parseLocalText(v, "UTC") === undefined) {
        ctx.issues.push({
          code: "custom",
          message: "expected epoch ms or yyyy-MM-dd HH:mm:ss",
          input: v,
        });
        return z.NEVER;
      }
      return (zone: string) => parseLocalText(v, zone)!;
    });

const withTask = { enterpriseId: vText(), callJobId: vLong() };

export const RobotListRequest = z.strictObject(described({
  robotStatus: vCode([0, 1, 2]),
  // The table names only robotStatus; enterpriseId, sent by clients as on every other call, is accepted.
  enterpriseId: vString().optional(),
}, FIELDS));

export const SceneVariablesRequest = z.strictObject(
  described({ enterpriseId: vText(), robotDefId: vLong() }, FIELDS),
);

export const PhoneListRequest = z.strictObject(described({
  enterpriseId: vText(),
  userPhoneId: vLong().optional(),
}, FIELDS));

export const AddBlackInfoRequest = z.strictObject(described({
  enterpriseId: vText(),
  mobile: phoneNumber(),
  name: vString().optional(),
  // Typed Integer by the spec, yet a remark is text in practice: both are kept as sent.
  remark: z.union([z.string(), z.number()], { error: "expected text or an integer" }).optional(),
}, FIELDS));
export type BlacklistInput = z.infer<typeof AddBlackInfoRequest>;

export const TaskCreateRequest = z.strictObject(described({
  enterpriseId: vText(),
  callJobName: vText(),
  callJobType: vCode([1, 2]),
  robotDefId: vLong(),
  userPhoneIds: vJsonArrayText(vLong()).pipe(
    z.array(z.number()).min(1, { error: "must name at least one line" }),
  ),
  concurrencyNum: vLongIn(1, 10_000).optional(),
  concurrencyQuota: vLongIn(1, 10_000).optional(),
  levelAssignTypeEnabled: vBool().optional(),
  mobile: vString().optional(),
  openElasticity: vBool().optional(),
  remark: vString().optional(),
  priority: vLong().optional(),
  repeatCall: vBool().optional(),
  repeatCallRule: vJsonArrayText(
    z.strictObject({
      interval: vLongIn(0, 120),
      phoneStatus: vLongIn(1, 10),
      times: vLongIn(1, 5),
    }),
  ).optional(),
  restoreAi: vBool().optional(),
  smsSendLevel: z.enum(INTENTION_LEVELS, { error: `must be one of ${INTENTION_LEVELS.join(", ")}` })
    .optional(),
  smsTemplateId: vLong().optional(),
  smsType: vCode([0, 1]).optional(),
  startDate: DAY.optional(),
  wechatPush: vBool().optional(),
  workingTimeRuleList: vJsonArrayText(z.strictObject({
    weeks: z.array(vLongIn(0, 7)).min(1),
    timeRanges: z.array(z.strictObject({ startTime: HHMM, endTime: HHMM })).min(1),
  })).optional(),
}, FIELDS)).superRefine((body, ctx) => {
  if (body.callJobType === 1 && body.startDate === undefined) {
    ctx.addIssue({
      code: "invalid_type",
      expected: "string",
      path: ["startDate"],
      input: undefined,
      message: "required for a scheduled task (callJobType 1)",
    });
  }
  const quota = body.concurrencyQuota ?? 1;
  if (body.concurrencyNum !== undefined && body.concurrencyNum > 2 * quota) {
    ctx.addIssue({
      code: "custom",
      path: ["concurrencyNum"],
      input: body.concurrencyNum,
      message: `must not exceed twice concurrencyQuota (${2 * quota})`,
    });
  }
});
export type TaskInput = z.infer<typeof TaskCreateRequest>;

export const TaskExecuteRequest = z.strictObject(
  described({ ...withTask, command: vCode([1, 2, 3]) }, FIELDS),
);

/**
 * One customer of `customerInfoVOList`, as published. The rows themselves are checked at import
 * (tasks.ts), one by one, because a bad row fails alone into `placeFailDetail`.
 */
const CustomerInfoVO = z.object({
  phone: z.string().regex(PHONE).describe("The number to call; a bare element is read as it."),
  name: z.string().optional().describe("The customer's name."),
  properties: z.record(z.string(), z.unknown()).optional().describe(
    "The script's variables by name (each required when the script has some), and custom parameters.",
  ),
});

export const TaskImportRequest = z.strictObject(described({
  ...withTask,
  customerInfoVOList: vJsonArrayText(z.unknown(), CustomerInfoVO),
  permitrepeatnum: vBool().optional(),
}, FIELDS));

export const TaskListRequest = z.strictObject(described({
  enterpriseId: vText(),
  callJobStatus: vLongIn(0, 10).optional(),
  createDate: DAY.optional(),
  endDate: DAY.optional(),
  jobName: vString().optional(),
  pageNum: pageNum(),
  pageSize: vLongIn(1, 1000).optional(),
}, FIELDS));
export type TaskListQuery = z.infer<typeof TaskListRequest>;

export const TaskRequest = z.strictObject(described(withTask, FIELDS));

export const CallJobStatusListRequest = z.strictObject(described({
  enterpriseId: vText(),
  callJobIdList: vJsonArrayText(vLong()),
}, FIELDS));

export const CallDoneListRequest = z.strictObject(described({
  ...withTask,
  startTime: callTime().optional(),
  endTime: callTime().optional(),
  finishStatus: vCode(FINISH_STATUS_FILTERS).optional(),
  pageNum: pageNum(),
  pageSize: vLongIn(1, 500).optional(),
  resultQueryList: vJsonArrayText(z.strictObject({ name: vText(), value: vText() })).optional(),
}, FIELDS));
export type CallDoneQuery = z.infer<typeof CallDoneListRequest>;

export const CallNotStartListRequest = z.strictObject(described({
  ...withTask,
  pageNum: pageNum(),
  pageSize: vLongIn(1, 1000).optional(),
}, FIELDS));

export const CallDetailRequest = z.strictObject(
  described({ enterpriseId: vText(), callInstanceId: vLong() }, FIELDS),
);

// ---- Control bodies (`/_emulator/outbound`) ----

export const AccountChange = z.strictObject({
  aiSeats: z.number().int().min(0).max(1_000_000).optional(),
  /** ISO time, epoch ms, or null for "never". */
  aiExpiresAt: z.union([z.null(), timeValue()]).optional(),
  smsBalance: z.number().int().min(0).max(1_000_000_000).optional(),
});
export type AccountChangeInput = z.infer<typeof AccountChange>;

/** `PUT /_emulator/outbound/callback-urls/:enterpriseId`. */
export const CallbackUrlChange = z.strictObject({
  url: httpUrl(),
  /** The key whose secret signs; by default the enterprise's first key. */
  accessKeyId: z.string().min(1).optional(),
  timeoutMs: CALLBACK_TIMEOUT.optional(),
});

export const LineChange = z.strictObject({
  enabled: z.boolean().optional(),
  /** Yuan, to the fen. */
  lineAmount: z.number().min(-1e12).max(1e12).refine(
    (n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6,
    { error: "must be yuan to the fen (at most two decimals)" },
  ).optional(),
});
