/**
 * The base of every area's store, and the one first argument of every area's domain functions: the
 * area's slice of the state (read through the emulator each time, so a reset or an import that
 * replaces the state is seen at once), the shared services, and what the area derives from the slice.
 */
import type { Emulator } from "./emulator.ts";
import type { SliceDefinition } from "./state.ts";

export class AreaStore<Slice> {
  constructor(readonly emulator: Emulator, readonly definition: SliceDefinition<Slice>) {}

  get state(): Slice {
    return this.emulator.slice(this.definition);
  }

  /** Virtual now. */
  get now(): number {
    return this.emulator.clock.now();
  }

  nextId(kind: string): number {
    return this.emulator.nextId(kind);
  }

  /** Rebuilds what the area derives from its slice (indexes, timers): at start, reset and import. */
  load(): void {}
}
