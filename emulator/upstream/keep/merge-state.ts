/**
 * A fragment's records merged into the live state the way `ccemu fixtures --merge` merges them
 * into a file (fixtures/merge.ts): a record of the same id is replaced in its place, a new one is
 * added after the others. The result is checked as a fixture is before anything changes, and the
 * id sequences only move up, so no id handed out before is handed out again.
 */
import { isDeepStrictEqual } from "node:util";
import type { Emulator } from "../../core/emulator.ts";
import { ApiError } from "../../core/errors.ts";
import { FixtureError, fixturesFrom } from "../../core/fixtures.ts";
import { STATE, type State } from "../../state.ts";
import { isRow, type Row } from "../fixtures/fields.ts";
import { mergeFixture } from "../fixtures/merge.ts";
import { Report } from "../fixtures/report.ts";

/** Record ids by list (`outbound.scripts`): what keeping added, changed, or found as it was. */
export interface KeptChanges {
  added: Record<string, number[]>;
  changed: Record<string, number[]>;
  unchanged: Record<string, number[]>;
}

const listAt = (root: unknown, path: string): Row[] => {
  const value = path.split(".").reduce<unknown>((v, k) => (isRow(v) ? v[k] : undefined), root);
  return Array.isArray(value) ? value : [];
};

/** How each record of the fragment compares with the state before. */
function compare(before: State, after: State, fragment: Row): KeptChanges {
  const changes: KeptChanges = { added: {}, changed: {}, unchanged: {} };
  for (const { path, id } of STATE.lists) {
    for (const row of listAt(fragment, path)) {
      const old = listAt(before, path).find((r) => r[id] === row[id]);
      const now = listAt(after, path).find((r) => r[id] === row[id]);
      const how = !old ? "added" : isDeepStrictEqual(old, now) ? "unchanged" : "changed";
      (changes[how][path] ??= []).push(row[id] as number);
    }
  }
  return changes;
}

/** The state with the fragment merged in, checked as a fixture file is. */
function merged(emulator: Emulator<State>, fragment: Row, tenant: string): State {
  const { sequences, ...current } = structuredClone(emulator.state);
  // A key is written only from the fixture's own tenant part, which a fragment has none of.
  const key = { accessKeyId: "unused", accessKeySecret: "unused", placeholder: false };
  const { fixture } = mergeFixture(current, fragment, tenant, key, new Report());
  let state: State;
  try {
    state = fixturesFrom(STATE, [{ file: "the kept answer", json: fixture }]);
  } catch (error) {
    if (!(error instanceof FixtureError)) throw error;
    throw new ApiError(
      "InvalidParameter",
      `id: what the answer shows does not fit ccemu's state, so nothing was kept: ${error.message}.`,
      "id",
    );
  }
  for (const [kind, next] of Object.entries(sequences)) {
    state.sequences[kind] = Math.max(next, state.sequences[kind] ?? 0);
  }
  return state;
}

/** Merges the fragment into the state (when it changes anything) and says what changed. */
export function keepInState(
  emulator: Emulator<State>,
  fragment: Row,
  tenant: string,
  entryId: number,
): KeptChanges {
  const state = merged(emulator, fragment, tenant);
  const changes = compare(emulator.state, state, fragment);
  if (Object.keys(changes.added).length || Object.keys(changes.changed).length) {
    emulator.replaceState(state, "fixture-kept", { entryId, ...changes });
  }
  return changes;
}
