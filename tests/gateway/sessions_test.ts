/**
 * The workbench's session surface over HTTP: the session list's summaries, deleting a session,
 * a transcript exported and imported back (read-only, replayable as a scenario), and the push's
 * visitor line in the journal.
 */
import assert from "node:assert/strict";
import { startEmulator } from "../../harness/mod.ts";
import { control, openSession, say } from "./test-agent.ts";

Deno.test("session list: robot name, visitor, last line, findings, transfer; delete", async () => {
  await using ccemu = await startEmulator();
  const opened = await openSession(ccemu, {
    robotId: "sample-default",
    visitor: { name: "Ada" },
  });
  const sessionId = opened.json.sessionId;
  await say(ccemu, sessionId, { text: "queue 12" });
  const second = (await openSession(ccemu, { robotId: "sample-platform-a" })).json.sessionId;

  const list = await control(ccemu, "GET", "/_emulator/gateway/sessions");
  const first = list.json.sessions.find((s: { sessionId: string }) => s.sessionId === sessionId);
  assert.equal(first.robotName, "Sample agent (default way)");
  assert.equal(first.visitor.name, "Ada");
  assert.deepEqual(first.lastMessage.kind, "instruction");
  assert.equal(first.lastMessage.text, "[TRANSFER_HUMAN]");
  assert.equal(first.transferred.actionData.qno, "12");
  assert.deepEqual(first.findings, { errors: 0, warnings: 0 });
  assert.equal(first.history, undefined, "the list leaves histories out");

  const deleted = await control(ccemu, "DELETE", `/_emulator/gateway/sessions/${second}`);
  assert.deepEqual(deleted.json, { deleted: second });
  const after = await control(ccemu, "GET", "/_emulator/gateway/sessions");
  assert.deepEqual(after.json.sessions.map((s: { sessionId: string }) => s.sessionId), [sessionId]);
  const again = await control(ccemu, "DELETE", `/_emulator/gateway/sessions/${second}`);
  assert.equal(again.status, 404);
  assert.equal(again.json.error.code, "ResourceNotFound");
});

Deno.test("a push's journal entry says what the visitor sent", async () => {
  await using ccemu = await startEmulator();
  const sessionId = (await openSession(ccemu, { robotId: "sample-default" })).json.sessionId;
  await say(ccemu, sessionId, { text: "card" });
  const pushes = ccemu.journal.list({ area: "gateway" }).filter((e) => "push" in e) as unknown as {
    push: { via: string; visitor: string | null };
  }[];
  assert.deepEqual(pushes.map((e) => [e.push.via, e.push.visitor]), [
    ["open", null],
    ["message", "card"],
  ]);
});

Deno.test("transcripts: export, import as a read-only session, replay as a scenario", async (t) => {
  await using ccemu = await startEmulator();
  const sessionId = (await openSession(ccemu, { robotId: "sample-default" })).json.sessionId;
  await say(ccemu, sessionId, { text: "card" });
  await say(ccemu, sessionId, { text: "options" });

  const exported = await control(
    ccemu,
    "GET",
    `/_emulator/gateway/sessions/${sessionId}/transcript`,
  );
  await t.step("the export is a file with what it is, the robot and the history", () => {
    assert.equal(exported.status, 200);
    assert.match(
      exported.headers.get("content-disposition") ?? "",
      /attachment; filename="s-1\.transcript\.json"/,
    );
    assert.equal(exported.json.ccemu, "transcript");
    assert.equal(exported.json.version, 1);
    assert.equal(exported.json.robot.robotId, "sample-default");
    assert.equal(exported.json.session.history.length, 5);
  });

  const imported = await control(
    ccemu,
    "POST",
    "/_emulator/gateway/transcripts",
    exported.json,
  );
  await t.step("importing it makes a new session with the same history", () => {
    assert.equal(imported.status, 201);
    assert.equal(imported.json.sessionId, "s-2");
    assert.deepEqual(imported.json.importedFrom, {
      sessionId: "s-1",
      exportedAt: exported.json.exportedAt,
    });
    assert.deepEqual(
      imported.json.history.map((i: { kind: string }) => i.kind),
      exported.json.session.history.map((i: { kind: string }) => i.kind),
    );
    assert.ok(imported.json.history.every((i: { journalId: null }) => i.journalId === null));
  });

  await t.step("an imported session is not continued, and the refusal says why", async () => {
    const sent = await say(ccemu, "s-2", { text: "hello" });
    assert.equal(sent.status, 400);
    assert.equal(sent.json.error.code, "InvalidParameter");
    assert.match(sent.json.error.message, /imported from a transcript.*Open a new session/);
    const session = await control(ccemu, "GET", "/_emulator/gateway/sessions/s-2");
    assert.equal(session.json.history.length, 5, "the refusal changed nothing");
    assert.equal(ccemu.journal.list().filter((e) => "push" in e).length, 3, "and pushed nothing");
  });

  await t.step("recorded as a scenario, it replays against another robot", async () => {
    const scenario = await control(ccemu, "GET", "/_emulator/gateway/sessions/s-2/scenario");
    const report = await control(ccemu, "POST", "/_emulator/scenarios/replay", {
      scenario: { ...scenario.json, robot: { robotId: "sample-default" } },
    });
    assert.equal(report.json.passed, true, JSON.stringify(report.json.steps));
    const card = report.json.steps[0].checks.find((c: { key: string }) => c.key === "types");
    assert.deepEqual(card, {
      key: "types",
      expected: ["102/10201"],
      observed: ["102/10201"],
      passed: true,
    });
  });

  await t.step("a file that is not a transcript is refused, naming the field", async () => {
    const bad = await control(ccemu, "POST", "/_emulator/gateway/transcripts", {
      ...exported.json,
      ccemu: "scenario",
    });
    assert.equal(bad.status, 400);
    assert.match(bad.json.error.message, /ccemu/);
    const broken = await control(ccemu, "POST", "/_emulator/gateway/transcripts", {
      ...exported.json,
      session: {
        ...exported.json.session,
        history: [{ kind: "instruction", at: 0, instruction: "x", journalId: null }],
      },
    });
    assert.equal(broken.status, 400);
    assert.match(broken.json.error.message, /instruction/);
    const list = await control(ccemu, "GET", "/_emulator/gateway/sessions");
    assert.equal(list.json.sessions.length, 3, "refused imports added no session");
  });
});

Deno.test("a failing step's checks show expected against what the reply showed", async () => {
  await using ccemu = await startEmulator();
  const report = await control(ccemu, "POST", "/_emulator/scenarios/replay", {
    scenario: {
      name: "wrong on purpose",
      robot: { robotId: "sample-default" },
      steps: [{ send: { text: "card" }, expect: { types: [100], transfer: true } }],
    },
  });
  assert.equal(report.json.passed, false);
  const checks = report.json.steps[0].checks;
  assert.deepEqual(checks.map((c: { key: string; passed: boolean }) => [c.key, c.passed]), [
    ["types", false],
    ["transfer", false],
  ]);
  assert.deepEqual(checks[0].observed, ["102/10201"]);
  assert.equal(checks[1].observed, false);
});
