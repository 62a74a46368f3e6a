/**
 * Transcripts: a visitor session saved to a file (what the visitor sent, what the agent answered,
 * with the profile and inputs it ran with) and read back as a session of its own. An imported
 * session is for reading and for replaying as a scenario against any robot; it is not continued,
 * since the agent on the other end never saw it.
 */
import { z } from "npm:zod@4.6.7";
import { ApiError } from "../core/errors.ts";
import { SessionSchema } from "./schemas.ts";
import type { Session } from "./schemas.ts";
import type { GatewayStore } from "./store.ts";

/** The file: `ccemu: "transcript"` says what it is, `version` how to read it. */
export const TranscriptSchema = z.strictObject({
  ccemu: z.literal("transcript", { error: 'must be "transcript" (this is not a transcript file)' }),
  version: z.literal(1, { error: "must be 1 (the only transcript version)" }),
  exportedAt: z.string(),
  robot: z.strictObject({ robotId: z.string(), name: z.string(), platform: z.string() }),
  session: SessionSchema.omit({ importedFrom: true }),
});
export type Transcript = z.infer<typeof TranscriptSchema>;

export function exportTranscript(store: GatewayStore, sessionId: string): Transcript {
  const { importedFrom: _, ...session } = store.findSession(sessionId);
  const robot = store.state.robots.find((r) => r.robotId === session.robotId);
  return {
    ccemu: "transcript",
    version: 1,
    exportedAt: new Date(store.now).toISOString(),
    robot: {
      robotId: session.robotId,
      name: robot?.name ?? "(robot no longer registered)",
      platform: robot?.platform ?? "",
    },
    session,
  };
}

/**
 * A transcript becomes a new, read-only session (`s-N`). Its journal references are dropped: they
 * point into the journal of the ccemu that exported it.
 */
export function importTranscript(store: GatewayStore, transcript: Transcript): Session {
  const sessionId = `s-${store.nextId("sessionId")}`;
  const session: Session = {
    ...transcript.session,
    sessionId,
    history: transcript.session.history.map((item) => ({ ...item, journalId: null })),
    importedFrom: {
      sessionId: transcript.session.sessionId,
      exportedAt: transcript.exportedAt,
    },
  };
  store.state.sessions.push(session);
  store.emulator.events.publish({
    type: "gateway",
    change: "session-opened",
    sessionId,
    detail: { robotId: session.robotId, imported: true },
  });
  return session;
}

/** Refuses to continue an imported session, saying what can be done with it instead. */
export function assertLive(session: Session): void {
  if (!session.importedFrom) return;
  throw new ApiError(
    "InvalidParameter",
    `sessionId: ${session.sessionId} was imported from a transcript (of ${session.importedFrom.sessionId}); ` +
      "it can be read and replayed as a scenario, not continued. Open a new session to chat.",
    "sessionId",
  );
}
