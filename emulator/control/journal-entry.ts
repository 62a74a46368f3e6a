/**
 * The journal entry a control action names (`/_emulator/journal/{id}/keep`, `.../fault-rule`):
 * the entry, or an InvalidParameter that says why there is none, so an action on an entry that
 * left the ring reads as such rather than as a missing route.
 */
import type { Emulator } from "../core/emulator.ts";
import { ApiError } from "../core/errors.ts";
import type { JournalEntry } from "../core/journal-entry.ts";
import { withoutTrailingSlash } from "../core/request-target.ts";

/** The entry numbered `idText`; `action` (e.g. "kept") words the refusal. */
export function entryToActOn(emulator: Emulator, idText: string, action: string): JournalEntry {
  const id = Number(idText);
  if (!/^\d+$/.test(idText) || !Number.isSafeInteger(id)) {
    throw new ApiError(
      "InvalidParameter",
      `id: "${idText}" is not a journal entry's number: use the id the journal lists (GET /_emulator/journal).`,
      "id",
    );
  }
  const entry = emulator.journal.get(id);
  if (entry) return entry;
  const oldest = emulator.journal.list({ since: 0, limit: 1 })[0]?.id;
  const newest = emulator.journal.list({ limit: 1 })[0]?.id;
  const why = oldest !== undefined && id < oldest
    ? `it is no longer in the journal, which keeps the newest entries only (from #${oldest} now; --journal-size and --journal-mb set how many)`
    : newest === undefined
    ? "the journal is empty"
    : `there is no such entry (the newest is #${newest})`;
  throw new ApiError(
    "InvalidParameter",
    `id: journal entry ${id} cannot be ${action}: ${why}.`,
    "id",
  );
}

/**
 * The URL a request ccemu received had: `url` (its origin) with the entry's path and its query as
 * journaled, but for the parameters named in `omit`.
 */
export function receivedUrl(
  entry: Pick<JournalEntry, "path" | "query">,
  url: URL,
  omit: readonly string[] = [],
): URL {
  url.pathname = entry.path;
  for (const [name, values] of Object.entries(entry.query)) {
    if (omit.includes(name)) continue;
    for (const value of [values].flat()) url.searchParams.append(name, value);
  }
  return url;
}

/** The signed operation an entry called (as the dispatcher finds it: a trailing slash ignored). */
export function operationOf<O extends { method: string; path: string }>(
  entry: JournalEntry,
  operations: readonly O[],
): O | undefined {
  const path = withoutTrailingSlash(entry.path);
  return operations.find((op) => op.path === path && op.method === entry.method);
}
