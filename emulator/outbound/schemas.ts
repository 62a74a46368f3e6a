/** Outbound AI-calling records as fixtures and state hold them (spec 2.2–2.4 of document 2). */
import { z } from "zod";
import { OutcomeRuleSchema, WeightedOutcomeSchema } from "./outcomes.ts";

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
  lineAmount: z.number().default(0),
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
export const CallRecordSchema = z.strictObject({
  enterpriseId: z.string(),
  callInstanceId: z.number().int().positive(),
  callJobId: z.number().int().positive(),
  customerTelephone: z.string(),
  customerName: z.string(),
  properties: z.record(z.string(), z.unknown()),
  /** 0 not started, 1 in progress, 2 completed, 3 waiting for a redial. */
  callInstanceStatus: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
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
  aiSeats: z.number().int().min(0).default(10),
  /** When the AI service expires (epoch ms); null: never. */
  aiExpiresAt: z.number().int().nullable().default(null),
  /** Hang-up SMS left. */
  smsBalance: z.number().int().min(0).default(1000),
});
export type Account = z.infer<typeof AccountSchema>;

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
});
export type OutboundState = z.infer<typeof OutboundStateSchema>;
