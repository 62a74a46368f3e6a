/**
 * Snapshots: the whole state, the clock reading, the generator's position and every stored byte
 * (uploads, attachments, visitor images) as JSON. Export normalizes through the schema, so
 * importing an export and exporting again gives the same bytes. Version 1 (before stored bytes
 * travelled with the snapshot) still imports.
 */
import { z } from "npm:zod@4.6.7";
import { MAX_TIME, MIN_TIME } from "./clock.ts";
import type { CoreState } from "./state.ts";
import { keyAsWritten } from "./tenants.ts";

/** Stored bytes as a snapshot carries them. */
export interface SnapshotMedia {
  /** Its media type, as stored (e.g. `image/png`). */
  contentType: string;
  /** The file name it was stored with. */
  fileName: string;
  /** The area that stored it (`gateway`, `kb`); absent before it travelled, then told by its key. */
  area?: "gateway" | "kb";
  /** The bytes, base64-encoded. */
  base64: string;
}

/**
 * A snapshot as JSON: the whole state `S`, the clock reading, the generator's position and the
 * stored bytes. Export writes version 2.
 */
export interface Snapshot<S extends CoreState = CoreState> {
  /** Always `ccemu-snapshot`. */
  format: "ccemu-snapshot";
  /** 2; version 1 (without `media`) still imports. */
  version: 1 | 2;
  /** The virtual clock's reading, ms. */
  clock: { now: number };
  /** The seeded generator's position, so that ids and outcomes go on as they would have. */
  random: { state: number };
  /** The whole state: the core's tenants, keys and sequences, and each area's slice. */
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
        area: z.enum(["gateway", "kb"]).optional(),
        base64: z.base64(),
      }),
    ).optional(),
  });
}

/** A snapshot as JSON text, checked against the schema first. */
export function serializeSnapshot<S extends CoreState>(
  schema: z.ZodType<Snapshot<S>>,
  snapshot: Snapshot<S>,
): string {
  const parsed = schema.parse(snapshot);
  const state = { ...parsed.state, accessKeys: parsed.state.accessKeys.map(keyAsWritten) };
  return JSON.stringify({ ...parsed, state }, null, 2) + "\n";
}
