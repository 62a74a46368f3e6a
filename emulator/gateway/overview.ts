/**
 * What the Overview shows of the gateway: robots and visitor sessions counted, and the newest
 * findings (problems in an agent's reply) of the sessions' pushes, each with its journal entry.
 */
import type { PushEntry } from "./schemas.ts";
import type { GatewayStore } from "./store.ts";

/** Findings listed, newest first. */
const LATEST = 5;
/** Pushes read for them, newest first: each read decodes a journal entry, so a busy run stays cheap. */
const PUSHES_READ = 100;

export function gatewayOverview(store: GatewayStore) {
  const { robots, sessions } = store.state;
  return {
    robots: robots.length,
    sessions: sessions.length,
    /** Sessions an agent handed to a human (a transfer instruction). */
    transferred: sessions.filter((s) => s.transferred !== null).length,
    ...latestFindings(store),
  };
}

/** `GET /_emulator/overview`'s `areas.gateway`. */
export type GatewayOverview = ReturnType<typeof gatewayOverview>;

/**
 * The newest findings of the pushes the sessions still hold (a deleted session's go with it), and
 * what was looked at: `pushesRead` of the `pushes` the sessions hold (newest first), so that "none"
 * says "none in the newest 100" when older pushes were not read.
 */
function latestFindings(store: GatewayStore) {
  const ids = new Set<number>();
  for (const session of store.state.sessions) {
    for (const item of session.history) if (item.journalId !== null) ids.add(item.journalId);
  }
  const found = [];
  const newest = [...ids].sort((a, b) => b - a).slice(0, PUSHES_READ);
  let pushesRead = 0;
  for (const id of newest) {
    pushesRead++;
    const entry = store.emulator.journal.get(id) as PushEntry | undefined;
    for (const finding of entry?.push?.findings ?? []) {
      found.push({
        journalId: id,
        time: entry!.time,
        sessionId: entry!.push.sessionId,
        ...finding,
      });
    }
    if (found.length >= LATEST) break;
  }
  return { findings: found.slice(0, LATEST), pushesRead, pushes: ids.size };
}
