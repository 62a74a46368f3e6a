/**
 * Snapshots: the whole state plus the clock reading and the generator's position, as JSON. Export
 * normalizes through the schema, so importing an export and exporting again gives the same bytes.
 */
import { z } from "zod";
import { MAX_TIME, MIN_TIME } from "./clock.ts";
import type { CoreState } from "./state.ts";

export interface Snapshot<S extends CoreState = CoreState> {
  format: "ccemu-snapshot";
  version: 1;
  clock: { now: number };
  random: { state: number };
  state: S;
}

/** The snapshot schema around a state schema. */
export function snapshotSchema<S extends CoreState>(state: z.ZodType<S>): z.ZodType<Snapshot<S>> {
  return z.strictObject({
    format: z.literal("ccemu-snapshot"),
    version: z.literal(1),
    clock: z.strictObject({ now: z.number().int().min(MIN_TIME).max(MAX_TIME) }),
    random: z.strictObject({ state: z.number().int().min(0).max(2 ** 32 - 1) }),
    state,
  });
}

export function serializeSnapshot<S extends CoreState>(
  schema: z.ZodType<Snapshot<S>>,
  snapshot: Snapshot<S>,
): string {
  return JSON.stringify(schema.parse(snapshot), null, 2) + "\n";
}
