/**
 * Deterministic call outcomes, like card numbers in a payment provider's test mode: fixture rules
 * are matched in order (exact number, prefix, suffix, regular expression, customer property); a
 * number no rule matches gets an outcome from the weighted table through a hash of the seed, the
 * number and the attempt. Nothing here depends on the order in which calls happen.
 */
import { z } from "npm:zod@4.6.7";
import { vRegex } from "../signed-api/fields.ts";

/** Finish statuses of spec 2.6 with the text of the call-done list. */
export const FINISH_STATUS_DESC: Record<number, string> = {
  0: "已接听",
  1: "拒接",
  2: "无法接通",
  3: "主叫号码不可用",
  4: "空号",
  5: "关机",
  6: "占线",
  7: "停机",
  8: "未接",
  9: "主叫欠费",
  10: "呼损",
  11: "黑名单",
  12: "盾牌拦截",
  13: "线路盲区",
  22: "线路拦截",
  23: "外呼拦截",
  25: "无可用线路",
};
export const FINISH_STATUSES = Object.keys(FINISH_STATUS_DESC).map(Number);

/**
 * Where spec 2.6's call-detail column differs from the call-done list's: 3 is a failed outbound
 * call, 22 the line's blind zone, 25 no line at all. A code one column does not list (13 in the
 * detail) keeps the other column's wording.
 */
export const CALL_DETAIL_STATUS_DESC: Record<number, string> = {
  ...FINISH_STATUS_DESC,
  3: "外呼失败",
  22: "线路盲区",
  25: "无可用线路",
};

/** The codes spec 2.6 lists as call_done_list's filter: not 13 (result only) nor 23. */
export const FINISH_STATUS_FILTERS = FINISH_STATUSES.filter((s) => s !== 13 && s !== 23);

/** The English translation of each finish status, for the UI's "vendor's word · translation". */
export const FINISH_STATUS_NAME: Record<number, string> = {
  0: "answered",
  1: "refused",
  2: "unreachable",
  3: "caller number unavailable",
  4: "empty number",
  5: "powered off",
  6: "busy",
  7: "out of service",
  8: "no answer",
  9: "caller in arrears",
  10: "call lost",
  11: "blacklisted",
  12: "shield blocked",
  13: "line blind spot",
  22: "line blocked",
  23: "outbound blocked",
  25: "no line available",
};

export const INTENTION_LEVELS = [
  "A级(有明确意向)",
  "B级(可能有意向)",
  "C级(明确拒绝)",
  "D级(用户忙)",
  "E级(拨打失败)",
  "F级(无效客户)",
] as const;

export const OutcomeSchema = z.strictObject({
  finishStatus: z.number().int().refine((s) => FINISH_STATUSES.includes(s), {
    error: `must be a finish status of spec 2.6 (${FINISH_STATUSES.join(", ")})`,
  }),
  /** Seconds of conversation (answered calls); at most an hour, the recording is that long. */
  duration: z.number().int().min(0).max(3600).optional(),
  /** Seconds of ringing before the call ends or is answered. */
  ringSeconds: z.number().int().min(0).max(300).optional(),
  /** Times the AI speaks; more than the script's AI turns counts as all of them. */
  chatRound: z.number().int().min(0).max(1000).optional(),
  /** 0 the AI hung up, 1 the customer. */
  hangUp: z.union([z.literal(0), z.literal(1)]).optional(),
  intention: z.enum(INTENTION_LEVELS).optional(),
  /** Result labels (focus points) the analysis gives. */
  labels: z.array(z.string().min(1)).optional(),
});
export type OutcomeInput = z.infer<typeof OutcomeSchema>;

export const OutcomeRuleSchema = z.strictObject({
  name: z.string().optional(),
  /** Every condition given must hold. */
  match: z.strictObject({
    number: z.string().optional(),
    prefix: z.string().optional(),
    suffix: z.string().optional(),
    regex: vRegex().optional(),
    property: z.strictObject({ name: z.string(), value: z.string() }).optional(),
  }),
  /** One outcome per attempt (first call, first redial, …); the last one repeats. */
  outcomes: z.array(OutcomeSchema).min(1),
});
export type OutcomeRule = z.infer<typeof OutcomeRuleSchema>;

export const WeightedOutcomeSchema = OutcomeSchema.extend({ weight: z.number().positive() });
export type WeightedOutcome = z.infer<typeof WeightedOutcomeSchema>;

/** A complete outcome: what the dialer and the call records use. */
export interface Outcome {
  finishStatus: number;
  duration: number;
  ringSeconds: number;
  chatRound: number;
  hangUp: 0 | 1;
  intention: string;
  labels: string[];
  /** The rule that decided it ("table" for the weighted table). */
  rule: string;
}

/** What a finish status implies when the rule leaves it open. */
function defaults(finishStatus: number): Omit<Outcome, "finishStatus" | "rule"> {
  if (finishStatus === 0) {
    return {
      duration: 48,
      ringSeconds: 8,
      chatRound: 6,
      hangUp: 0,
      intention: INTENTION_LEVELS[1],
      labels: [],
    };
  }
  const intention = finishStatus === 1
    ? INTENTION_LEVELS[2]
    : finishStatus === 6 || finishStatus === 8
    ? INTENTION_LEVELS[3]
    : finishStatus === 4 || finishStatus === 7
    ? INTENTION_LEVELS[5]
    : INTENTION_LEVELS[4];
  const ringSeconds = finishStatus === 8
    ? 30
    : finishStatus === 1
    ? 6
    : finishStatus === 11
    ? 0
    : 3;
  return { duration: 0, ringSeconds, chatRound: 0, hangUp: 1, intention, labels: [] };
}

function complete(input: OutcomeInput, rule: string): Outcome {
  const base = defaults(input.finishStatus);
  return {
    finishStatus: input.finishStatus,
    duration: input.duration ?? base.duration,
    ringSeconds: input.ringSeconds ?? base.ringSeconds,
    chatRound: input.chatRound ?? base.chatRound,
    hangUp: input.hangUp ?? base.hangUp,
    intention: input.intention ?? base.intention,
    labels: input.labels ?? base.labels,
    rule,
  };
}

/** FNV-1a over the text, as a float in [0, 1). */
export function hashUnit(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) / 2 ** 32;
}

function matches(rule: OutcomeRule, number: string, properties: Record<string, unknown>): boolean {
  const m = rule.match;
  return (m.number === undefined || m.number === number) &&
    (m.prefix === undefined || number.startsWith(m.prefix)) &&
    (m.suffix === undefined || number.endsWith(m.suffix)) &&
    (m.regex === undefined || new RegExp(m.regex).test(number)) &&
    (m.property === undefined || String(properties[m.property.name] ?? "") === m.property.value);
}

/** The outcome of attempt `attempt` (0 = first call) to `number`. */
export function outcomeFor(
  rules: OutcomeRule[],
  table: WeightedOutcome[],
  seed: number,
  number: string,
  properties: Record<string, unknown>,
  attempt: number,
): Outcome {
  const index = rules.findIndex((rule) => matches(rule, number, properties));
  if (index !== -1) {
    const rule = rules[index];
    return complete(
      rule.outcomes[Math.min(attempt, rule.outcomes.length - 1)],
      rule.name ?? `rule ${index + 1}`,
    );
  }
  const total = table.reduce((sum, entry) => sum + entry.weight, 0);
  let pick = hashUnit(`${seed}:${number}:${attempt}`) * total;
  for (const { weight, ...entry } of table) {
    pick -= weight;
    if (pick < 0) return complete(entry, "table");
  }
  return complete({ finishStatus: 0 }, "table");
}
