/**
 * "Keep this answer as fixture data", from one journal entry (docs/stubs.md, "Keep an answer as fixture data"):
 *
 * - `GET /_emulator/journal/{id}/fixture`: the records a signed read's answer shows, as the
 *   fixture file `ccemu fixtures` would write from a recording of that one answer (the area lists
 *   only, to drop into a fixture folder beside a tenant's file). Any read: ccemu's own or upstream.
 *   An entry that holds none answers `fixture: null` and `why` (the inspector asks of every entry
 *   it shows, and a refusal there is no failure); one the journal no longer has, InvalidParameter.
 * - `POST /_emulator/journal/{id}/keep`: those records merged into the live state. Only for an
 *   answer that did not come from ccemu's state (kind `upstream`, the recording proxy's): ccemu's
 *   own answer was built from the state, so keeping it adds nothing and would blank what the
 *   answer does not show (a script's variables, a task's settings).
 */
import type { Emulator } from "../../core/emulator.ts";
import type { JournalEntry } from "../../core/journal-entry.ts";
import { ApiError } from "../../core/errors.ts";
import { controlRoutes } from "../../control/documented.ts";
import { entryToActOn } from "../../control/journal-entry.ts";
import type { Operation } from "../../signed-api/operation.ts";
import type { State } from "../../state.ts";
import type { UpstreamEntry } from "../entry.ts";
import { readOfEntry } from "./entry-read.ts";
import { fragmentOf } from "./fragment.ts";
import { keepInState } from "./merge-state.ts";

export function keepRoutes(emulator: Emulator<State>, operations: readonly Operation[]) {
  return controlRoutes()
    .get("/journal/:id/fixture", {
      summary:
        "A signed read's answer as fixture data: the records ccemu fixtures would build from it, in the signing key's tenant.",
    }, (c) => {
      const entry = entryToActOn(emulator, c.req.param("id"), "made fixture data");
      return c.json(fixtureOfEntry(emulator, operations, entry));
    })
    .post("/journal/:id/keep", {
      summary:
        "Keep a recorded tenant's answer (an upstream entry) in the state: its records added or replaced by id; answers what changed.",
    }, (c) => {
      const entry = entryToActOn(emulator, c.req.param("id"), "kept");
      return c.json(keepEntry(emulator, operations, entry));
    })
    .hono;
}

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
function fixtureOfEntry(
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
function keepEntry(
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
