/**
 * ccemu's own tests reach behind a harness instance to the emulator and its areas. Not part of the
 * package's API (the package exports `harness/mod.ts`): these types are ccemu's internals and
 * change without notice.
 */
import type { Areas } from "../emulator/app.ts";
import type { Emulator } from "../emulator/core/emulator.ts";
import type { State } from "../emulator/state.ts";

/** The key under which a harness instance keeps its internals. */
export const INTERNALS: unique symbol = Symbol("ccemu internals");

/** What a running emulator keeps for ccemu's own tools (tests, the CLI), not for users. */
export interface Internals {
  /** The emulator. */
  emulator: Emulator<State>;
  /** Its areas. */
  areas: Areas;
}

/** The emulator and areas behind a harness instance. */
export function internals(running: object): Internals {
  const found = (running as { [INTERNALS]?: Internals })[INTERNALS];
  if (!found) throw new Error("not a running ccemu from startEmulator()");
  return found;
}
