/**
 * Named snapshots kept in memory (as LocalStack's app lists and restores named states, not one
 * file): save the whole state under a name, list them, restore one, delete one. They belong to
 * this running ccemu — a reset or a restore keeps them — and go with the process.
 */
import type { Emulator } from "../core/emulator.ts";
import { ApiError } from "../core/errors.ts";
import { serializeSnapshot } from "../core/snapshot.ts";
import { controlRoutes } from "./documented.ts";

const NAME = /^[A-Za-z0-9][A-Za-z0-9 ._-]{0,63}$/;

interface Saved {
  name: string;
  /** The virtual clock's reading when it was saved. */
  savedAt: number;
  bytes: number;
  text: string;
}

function checkName(name: string): string {
  if (!NAME.test(name)) {
    throw new ApiError(
      "InvalidParameter",
      `name "${name}" is not a snapshot name: use 1 to 64 letters, digits, spaces, dots, dashes or underscores, starting with a letter or digit.`,
      "name",
    );
  }
  return name;
}

export function namedSnapshotRoutes(emulator: Emulator) {
  const saved = new Map<string, Saved>();
  const find = (name: string) => {
    const snapshot = saved.get(name);
    if (!snapshot) {
      const known = [...saved.keys()].join(", ") || "none yet";
      throw new ApiError(
        "ResourceNotFound",
        `No snapshot named "${name}" (saved: ${known}); save one with PUT /_emulator/snapshots/{name}.`,
        "name",
      );
    }
    return snapshot;
  };
  const row = ({ text: _, ...rest }: Saved) => rest;
  return controlRoutes()
    .get(
      "/snapshots",
      { summary: "The named snapshots kept in memory, oldest first (no state, just names)." },
      (c) => c.json({ snapshots: [...saved.values()].map(row) }),
    )
    .put(
      "/snapshots/:name",
      { summary: "Save the whole state under a name (replacing one of the same name)." },
      (c) => {
        const name = checkName(c.req.param("name"));
        const text = serializeSnapshot(emulator.snapshotSchema, emulator.exportSnapshot());
        saved.delete(name); // a replaced snapshot moves to the end, as the newest
        const snapshot = {
          name,
          savedAt: emulator.clock.now(),
          bytes: new TextEncoder().encode(text).length,
          text,
        };
        saved.set(name, snapshot);
        return c.json(row(snapshot), 201);
      },
    )
    .post(
      "/snapshots/:name/restore",
      { summary: "Replace the state with a named snapshot (the snapshot is kept)." },
      (c) => {
        const snapshot = find(c.req.param("name"));
        emulator.importSnapshot(JSON.parse(snapshot.text));
        return c.json({ restored: snapshot.name, clock: emulator.clock.status() });
      },
    )
    .delete("/snapshots/:name", { summary: "Forget a named snapshot." }, (c) => {
      const snapshot = find(c.req.param("name"));
      saved.delete(snapshot.name);
      return c.json({ deleted: snapshot.name });
    })
    .hono;
}
