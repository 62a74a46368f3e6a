/**
 * Clearing one area at a time (issue 43, the Firebase Emulator Suite row): `DELETE
 * /_emulator/gateway/sessions` deletes every visitor session and nothing else — robots, the
 * journal, tasks and the knowledge base stay; a second clear deletes nothing.
 */
import assert from "node:assert/strict";
import { startEmulator } from "../../harness/mod.ts";
import { control, openSession, say } from "./test-agent.ts";

Deno.test("clear sessions: every session goes, robots and the journal stay", async () => {
  await using ccemu = await startEmulator();
  const first = (await openSession(ccemu, { robotId: "sample-default" })).json.sessionId;
  await say(ccemu, first, { text: "hello" });
  const second = (await openSession(ccemu, { robotId: "sample-platform-a" })).json.sessionId;
  const journal = (await control(ccemu, "GET", "/_emulator/journal")).json;
  const robots = (await control(ccemu, "GET", "/_emulator/gateway/robots")).json;

  const cleared = await control(ccemu, "DELETE", "/_emulator/gateway/sessions");
  assert.equal(cleared.status, 200, JSON.stringify(cleared.json));
  assert.deepEqual(cleared.json, { deleted: [first, second] });
  assert.deepEqual((await control(ccemu, "GET", "/_emulator/gateway/sessions")).json.sessions, []);
  assert.deepEqual((await control(ccemu, "GET", "/_emulator/gateway/robots")).json, robots);
  assert.deepEqual((await control(ccemu, "GET", "/_emulator/journal")).json, journal);
  const gone = await control(ccemu, "GET", `/_emulator/gateway/sessions/${first}`);
  assert.equal(gone.status, 404);

  const again = await control(ccemu, "DELETE", "/_emulator/gateway/sessions");
  assert.deepEqual(again.json, { deleted: [] });
  // Numbering goes on: a new session is not confused with a deleted one's links.
  const next = (await openSession(ccemu, { robotId: "sample-default" })).json.sessionId;
  assert.ok(![first, second].includes(next), next);
});
