/**
 * Fault rules: what makes the signed API or the storage host fail on purpose, so that a client's
 * retries and error handling can be tested. ccemu's own design (the vendor has no such thing);
 * rules are state, so fixtures can set them and snapshots carry their counters.
 */
import { z } from "npm:zod@4.6.7";
import { ERROR_STATUS, type ErrorCode } from "../core/errors.ts";
import { defineSlice } from "../core/state.ts";

/**
 * Where a rule may apply: the three emulated areas and the storage host.
 *
 * @example
 * ```ts
 * import type { FAULT_AREAS } from "@ccemu/ccemu";
 *
 * // The package exports it as a type: the areas a fault rule may name.
 * const area: (typeof FAULT_AREAS)[number] = "kb";
 * console.log(area);
 * ```
 */
export const FAULT_AREAS = ["outbound", "kb", "gateway", "storage"] as const;

/** The statuses a gateway in front of the service answers with on a bad day. */
export const GATEWAY_STATUSES = [502, 503, 504] as const;

/** Wall-clock waits are bounded: a client's own time-out is the thing under test, not ccemu's. */
const MAX_WAIT_MS = 120_000;
const waitMs = z.number().int().min(1).max(MAX_WAIT_MS, {
  error: `must be at most ${MAX_WAIT_MS} ms (two minutes)`,
});

const errorCode = z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]], {
  error: `must be a vendor error code: ${Object.keys(ERROR_STATUS).join(", ")}`,
});

/** What a fired rule does (docs/faults.md). */
export type FaultEffect =
  | { type: "error"; code: ErrorCode; message?: string }
  | { type: "gateway"; status: 502 | 503 | 504 }
  | { type: "delay"; ms: number }
  | { type: "reset" }
  /** `fraction` (default 0.5): the part of the answer's bytes sent before the connection closes. */
  | { type: "truncate"; fraction?: number }
  | { type: "slow-body"; ms: number };

export const FaultEffectSchema: z.ZodType<FaultEffect, FaultEffect> = z.discriminatedUnion("type", [
  z.strictObject({
    type: z.literal("error"),
    code: errorCode,
    /** The message the client sees (by default one naming the rule). */
    message: z.string().min(1).max(1000).optional(),
  }),
  z.strictObject({
    type: z.literal("gateway"),
    status: z.union(GATEWAY_STATUSES.map((s) => z.literal(s)), {
      error: "must be 502, 503 or 504",
    }),
  }),
  z.strictObject({ type: z.literal("delay"), ms: waitMs }),
  z.strictObject({ type: z.literal("reset") }),
  z.strictObject({
    type: z.literal("truncate"),
    fraction: z.number().min(0).max(0.99).optional(),
  }),
  z.strictObject({ type: z.literal("slow-body"), ms: waitMs }),
], {
  error: 'must be one of "error", "gateway", "delay", "reset", "truncate", "slow-body"',
});

const count: z.ZodNumber = z.number().int().min(1).max(1_000_000);

const RULE_SHAPE = {
  /** Only requests to this area. */
  area: z.enum(FAULT_AREAS, { error: `must be one of ${FAULT_AREAS.join(", ")}` }).optional(),
  /** Only this operation's path (`/gateway/task_create`) or a storage path prefix (`/_storage/uploads`). */
  operation: z.string().startsWith("/", { error: 'must be a path, starting with "/"' }).max(200)
    .optional(),
  /** Only requests signed with this access key. */
  accessKeyId: z.string().min(1).max(128).optional(),
  /** Only requests whose parameters include each of these, equal (deep) to the value given. */
  body: z.record(z.string(), z.unknown()).optional(),
  /** Fire on the first N matching requests only. */
  first: count.optional(),
  /** Fire on every Nth matching request (the Nth, 2Nth, ...). */
  every: count.optional(),
  /** Fire with this probability, drawn from the seeded generator (a run repeats exactly). */
  probability: z.number().min(0).max(1).optional(),
  effect: FaultEffectSchema,
  /** A label for the inspector and the rule list. */
  note: z.string().max(200).optional(),
};

function oneTrigger(rule: { first?: number; every?: number; probability?: number }) {
  return [rule.first, rule.every, rule.probability].filter((v) => v !== undefined).length <= 1;
}
const TRIGGER_RULE = {
  error: "give at most one of first, every and probability (none: the rule always fires)",
  path: ["first"],
};

/** A rule as a client adds it (control API, harness, UI); every matcher is optional. */
export interface FaultRuleInput {
  /** Only requests to this area: outbound, kb, gateway or storage. */
  area?: (typeof FAULT_AREAS)[number];
  /** Only this operation's path (`/gateway/task_create`) or a storage path prefix (`/_storage/uploads`). */
  operation?: string;
  /** Only requests signed with this access key. */
  accessKeyId?: string;
  /** Only requests whose parameters include each of these, equal (deep) to the value given. */
  body?: Record<string, unknown>;
  /** Fire on the first N matching requests only. */
  first?: number;
  /** Fire on every Nth matching request. */
  every?: number;
  /** Fire with this probability, drawn from the seeded generator. */
  probability?: number;
  /** What the rule does when it fires. */
  effect: FaultEffect;
  /** A label for the inspector and the rule list. */
  note?: string;
}

/** A rule as stored: its id and how often it matched and fired. */
export interface FaultRule extends FaultRuleInput {
  /** The rule's id, given when it was added. */
  id: number;
  /** Requests the rule matched so far. */
  matched: number;
  /** Requests it fired on so far (fewer than it matched with `first`, `every` or `probability`). */
  fired: number;
}

/**
 * The schema a rule as a client adds it is checked against: the matchers, one effect, and at most
 * one of `first`, `every` and `probability`. Not part of the harness's API, which re-exports only
 * the type of the same name; `@ignore` (here, and on the name, where `deno doc --lint` looks for a
 * variable's tags) keeps the schema out of the package's docs.
 *
 * @ignore
 */
export const /** @ignore */ FaultRuleInput: z.ZodType<FaultRuleInput> = z.strictObject(RULE_SHAPE)
  .refine(
    oneTrigger,
    TRIGGER_RULE,
  );

/** In fixtures and snapshots; a fixture may leave the counters out. */
export const FaultRuleSchema: z.ZodType<
  FaultRule,
  FaultRuleInput & { id: number; matched?: number; fired?: number }
> = z.strictObject({
  id: z.number().int().min(1),
  ...RULE_SHAPE,
  matched: z.number().int().min(0).default(0),
  fired: z.number().int().min(0).default(0),
}).refine(oneTrigger, TRIGGER_RULE);

export interface FaultState {
  rules: FaultRule[];
}

export const FaultStateSchema: z.ZodType<FaultState> = z.strictObject({
  rules: z.array(FaultRuleSchema).default(() => []),
});

export const faultsSlice = defineSlice<FaultState>({
  name: "faults",
  schema: FaultStateSchema,
  sequences: { faultRuleId: { ids: (s) => s.rules.map((r) => r.id), first: 1 } },
  lists: [{ path: "faults.rules", id: "id", space: "fault rule" }],
});
