/** Outbound AI-calling records as fixtures and state hold them (spec 2.2–2.4 of document 2). */
import { z } from "zod";

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

export const OutboundStateSchema = z.strictObject({
  scripts: z.array(ScriptSchema).default(() => []),
  lines: z.array(LineSchema).default(() => []),
  blacklist: z.array(BlacklistEntrySchema).default(() => []),
});
export type OutboundState = z.infer<typeof OutboundStateSchema>;
