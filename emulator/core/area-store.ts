/**
 * The base of every area's store, and the one first argument of every area's domain functions: the
 * area's slice of the state (read through the emulator each time, so a reset or an import that
 * replaces the state is seen at once), the shared services, and what the area derives from the slice.
 */
import type { Emulator } from "./emulator.ts";
import type { SliceDefinition } from "./state.ts";

/** An area's view of the emulator's state: its own slice, and ids counted per kind. */
export class AreaStore<Slice> {
  /** The store of the slice `definition` names, in `emulator`'s state. */
  constructor(readonly emulator: Emulator, readonly definition: SliceDefinition<Slice>) {}

  /** The area's slice of the current state. */
  get state(): Slice {
    return this.emulator.slice(this.definition);
  }

  /** Virtual now. */
  get now(): number {
    return this.emulator.clock.now();
  }

  /** The next id of `kind` (1, 2, 3…), counted in the state so a snapshot keeps it. */
  nextId(kind: string): number {
    return this.emulator.nextId(kind);
  }

  /** Rebuilds what the area derives from its slice (indexes, timers): at start, reset and import. */
  load(): void {}
}
