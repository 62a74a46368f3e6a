/**
 * What the keep routes (routes.ts) do with a journal entry: its records as fixture data, or those
 * records merged into the live state. A module of its own, loaded on the first such request: the
 * fixture builder it needs is most of the recording proxy, which a plain `ccemu start` never uses.
 */
import type { Emulator } from "../../core/emulator.ts";
import type { JournalEntry } from "../../core/journal-entry.ts";
import { ApiError } from "../../core/errors.ts";
import type { Operation } from "../../signed-api/operation.ts";
import type { State } from "../../state.ts";
import type { UpstreamEntry } from "../entry.ts";
import { readOfEntry } from "./entry-read.ts";
import { fragmentOf } from "./fragment.ts";
import { keepInState } from "./merge-state.ts";

/** The entry's records, or the InvalidParameter that says why it has none. */
function fragment(
  emulator: Emulator<State>,
  operations: readonly Operation[],
  entry: JournalEntry,
) {
  const found = readOfEntry(emulator, entry, operations);
  const upstream = (entry as Partial<UpstreamEntry>).upstream?.host ?? null;
  return { found, upstream, ...fragmentOf(entry.id, found) };
}

/** The entry as fixture data; one that holds none answers why, since the inspector asks of all. */
export function fixtureOfEntry(
  emulator: Emulator<State>,
  operations: readonly Operation[],
  entry: JournalEntry,
) {
  let made;
  try {
    made = fragment(emulator, operations, entry);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { entry: entry.id, fixture: null, why: error.message.replace(/^id: /, "") };
  }
  const { found, upstream, fixture, records, notes } = made;
  return {
    entry: entry.id,
    operation: found.operation,
    upstream,
    enterpriseId: found.enterpriseId,
    fixture,
    records,
    notes,
  };
}

/** A recorded tenant's answer merged into the state; ccemu's own is refused (see above). */
export function keepEntry(
  emulator: Emulator<State>,
  operations: readonly Operation[],
  entry: JournalEntry,
) {
  const { found, upstream, fixture, notes } = fragment(emulator, operations, entry);
  if (entry.kind !== "upstream") {
    throw new ApiError(
      "InvalidParameter",
      `id: journal entry ${entry.id} is ccemu's own answer, built from its state: keeping it would add nothing and blank what the answer does not show. Only a recorded tenant's answer (kind upstream, ccemu start --upstream) is kept; GET /_emulator/journal/${entry.id}/fixture gives this one as fixture data.`,
      "id",
    );
  }
  const changes = keepInState(emulator, fixture, found.enterpriseId, entry.id);
  return {
    entry: entry.id,
    operation: found.operation,
    upstream,
    enterpriseId: found.enterpriseId,
    ...changes,
    notes,
  };
}
