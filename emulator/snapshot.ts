/**
 * Snapshots: the whole state plus the clock reading and the generator's position, as JSON. Export
 * normalizes through the schema, so importing an export and exporting again gives the same bytes.
 */
import { z } from "zod";
import { StateSchema } from "./state.ts";

export const SnapshotSchema = z.strictObject({
  format: z.literal("ccemu-snapshot"),
  version: z.literal(1),
  clock: z.strictObject({ now: z.number().int() }),
  random: z.strictObject({ state: z.number().int().min(0).max(2 ** 32 - 1) }),
  state: StateSchema,
});
export type Snapshot = z.infer<typeof SnapshotSchema>;

export function serializeSnapshot(snapshot: Snapshot): string {
  return JSON.stringify(SnapshotSchema.parse(snapshot), null, 2) + "\n";
}
