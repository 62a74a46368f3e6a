/**
 * The records one answer shows, built exactly as `ccemu fixtures` builds them from a recording
 * that holds that one answer (fixtures/build.ts), and all put in the tenant of the key that
 * signed the request: that is who asks ccemu the same question next time.
 */
import { ApiError } from "../../core/errors.ts";
import { buildFixture } from "../fixtures/build.ts";
import { isRow, type Row } from "../fixtures/fields.ts";
import type { Recording } from "../fixtures/recording.ts";
import type { EntryRead } from "./entry-read.ts";

/** A fixture file's area lists (no tenant, no key), what they count, and what was not known. */
export interface Fragment {
  fixture: { outbound?: Row; kb?: Row };
  /** Records by kind: `{ scripts: 2 }`. */
  records: Record<string, number>;
  /** What the answer did not show and was left at ccemu's defaults, as `ccemu fixtures` says it. */
  notes: string[];
}

/**
 * Notes about the tenant and key a fixture file needs: a kept answer goes into a tenant ccemu
 * already has, so they say nothing true of it.
 */
const TENANT_NOTES = [/^the key's user name is in no answer/, /^the blacklist is read by no/];

/** Every record of the slice moved into `enterpriseId` (a recorded tenant's id means nothing here). */
function rehome(slice: unknown, enterpriseId: string): Row | undefined {
  if (!isRow(slice)) return undefined;
  return Object.fromEntries(
    Object.entries(slice).map(([name, list]) => [
      name,
      Array.isArray(list)
        ? list.map((row) => (isRow(row) && "enterpriseId" in row ? { ...row, enterpriseId } : row))
        : list,
    ]),
  );
}

export function fragmentOf(entryId: number, { read, enterpriseId }: EntryRead): Fragment {
  const recording: Recording = {
    upstreams: [],
    sessions: 0,
    exchanges: 1,
    reads: [read],
    skipped: new Map(),
  };
  // The key goes only into the tenant part of the fixture, which a fragment leaves out.
  const key = { accessKeyId: "unused", accessKeySecret: "unused", placeholder: false };
  const built = buildFixture(recording, { key, enterpriseId });
  const notes = built.report.lines.filter((line) => !TENANT_NOTES.some((n) => n.test(line)));
  if (!built.ok) {
    throw new ApiError(
      "InvalidParameter",
      `id: journal entry ${entryId} (${read.name}) shows no record ccemu can keep: ${
        notes.join("; ") || "its answer lists none (or none that fits ccemu's records)"
      }.`,
      "id",
    );
  }
  const outbound = rehome(built.fixture.outbound, enterpriseId);
  const kb = rehome(built.fixture.kb, enterpriseId);
  return {
    fixture: {
      ...(outbound && Object.keys(outbound).length ? { outbound } : {}),
      ...(kb && Object.keys(kb).length ? { kb } : {}),
    },
    records: Object.fromEntries(Object.entries(built.records).filter(([, n]) => n > 0)),
    notes,
  };
}
