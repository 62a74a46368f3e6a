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
import { controlRoutes } from "../../control/documented.ts";
import { entryToActOn } from "../../control/journal-entry.ts";
import type { Operation } from "../../signed-api/operation.ts";
import type { State } from "../../state.ts";

/** act.ts, loaded on the first request that needs it (it says why). */
const act = () => import("./act.ts");

export function keepRoutes(emulator: Emulator<State>, operations: readonly Operation[]) {
  return controlRoutes()
    .get("/journal/:id/fixture", {
      summary:
        "A signed read's answer as fixture data: the records ccemu fixtures would build from it, in the signing key's tenant.",
    }, async (c) => {
      const entry = entryToActOn(emulator, c.req.param("id"), "made fixture data");
      const { fixtureOfEntry } = await act();
      return c.json(fixtureOfEntry(emulator, operations, entry));
    })
    .post("/journal/:id/keep", {
      summary:
        "Keep a recorded tenant's answer (an upstream entry) in the state: its records added or replaced by id; answers what changed.",
    }, async (c) => {
      const entry = entryToActOn(emulator, c.req.param("id"), "kept");
      const { keepEntry } = await act();
      return c.json(keepEntry(emulator, operations, entry));
    })
    .hono;
}
