/**
 * Snapshots: the whole state, the clock reading, the generator's position and every stored byte
 * (uploads, attachments, visitor images) as JSON. Export normalizes through the schema, so
 * importing an export and exporting again gives the same bytes. Version 1 (before stored bytes
 * travelled with the snapshot) still imports.
 */
import { z } from "zod";
import { MAX_TIME, MIN_TIME } from "./clock.ts";
import type { CoreState } from "./state.ts";

/** Stored bytes as a snapshot carries them. */
export interface SnapshotMedia {
  contentType: string;
  fileName: string;
  base64: string;
}

export interface Snapshot<S extends CoreState = CoreState> {
  format: "ccemu-snapshot";
  version: 1 | 2;
  clock: { now: number };
  random: { state: number };
  state: S;
  /** Stored bytes by key (absent in version 1). */
  media?: Record<string, SnapshotMedia>;
}

/** The snapshot schema around a state schema. */
export function snapshotSchema<S extends CoreState>(state: z.ZodType<S>): z.ZodType<Snapshot<S>> {
  return z.strictObject({
    format: z.literal("ccemu-snapshot"),
    version: z.union([z.literal(1), z.literal(2)]),
    clock: z.strictObject({ now: z.number().int().min(MIN_TIME).max(MAX_TIME) }),
    random: z.strictObject({ state: z.number().int().min(0).max(2 ** 32 - 1) }),
    state,
    media: z.record(
      z.string().min(1),
      z.strictObject({
        contentType: z.string(),
        fileName: z.string(),
        base64: z.base64(),
      }),
    ).optional(),
  });
}

export function serializeSnapshot<S extends CoreState>(
  schema: z.ZodType<Snapshot<S>>,
  snapshot: Snapshot<S>,
): string {
  return JSON.stringify(schema.parse(snapshot), null, 2) + "\n";
}
