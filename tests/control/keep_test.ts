/**
 * "Keep this answer as fixture data" (issue 34): `POST /_emulator/journal/{id}/keep` puts a
 * recorded tenant's answer (an `upstream` entry of the recording proxy) into ccemu's state with
 * the builders `ccemu fixtures` uses, and says what it added and changed; `GET .../fixture` gives
 * any signed read's answer as fixture data. Every entry that cannot be kept answers
 * InvalidParameter saying why, and changes nothing.
 */
import assert from "node:assert/strict";
import { DEFAULT_CONFIG } from "../../emulator/core/config.ts";
import { startServer } from "../../emulator/server.ts";
import { envelope, message, startTestAgent } from "../gateway/test-agent.ts";
import { testEmulator } from "../helpers.ts";
import {
  SECRET_ENV,
  signedCall,
  startUpstream,
  UPSTREAM_ENTERPRISE,
  UPSTREAM_KEY,
  UPSTREAM_ROBOT,
  UPSTREAM_SECRET,
} from "../upstream/helpers.ts";

type Scripts = { robotDefId: number; robotName: string; enterpriseId: string }[];

/** ccemu as a recording proxy in this process, in front of `upstream`. */
function startProxy(upstream: string) {
  Deno.env.set(SECRET_ENV, UPSTREAM_SECRET);
  return startServer({
    ...DEFAULT_CONFIG,
    port: 0,
    clock: "real",
    ui: false,
    upstream: {
      url: upstream,
      accessKeyId: UPSTREAM_KEY,
      secretEnv: SECRET_ENV,
      timeoutMs: 30_000,
    },
  }).finally(() => Deno.env.delete(SECRET_ENV)); // read once, at start-up
}

const json = async (response: Response) => ({
  status: response.status,
  json: await response.json(),
});

Deno.test("a recorded tenant's answer is kept in ccemu's state, and said", async (t) => {
  await using real = await startUpstream();
  const proxy = await startProxy(real.url);
  try {
    // The body names the recorded tenant; the answer is kept for the tenant of B's key.
    const body = JSON.stringify({ robotStatus: 0, enterpriseId: UPSTREAM_ENTERPRISE });
    const through = await signedCall(proxy.url, "POST", "/gateway/robot_list", { body });
    assert.equal(through.status, 200, through.text);
    const entry = proxy.emulator.journal.list().at(-1)!;
    assert.equal(entry.kind, "upstream");
    const scripts = () => proxy.emulator.state.outbound.scripts as Scripts;
    assert.ok(!scripts().some((s) => s.robotDefId === UPSTREAM_ROBOT.robotDefId));

    await t.step("kept: the upstream-only robot is added, in the demo tenant", async () => {
      const kept = await json(
        await fetch(`${proxy.url}/_emulator/journal/${entry.id}/keep`, { method: "POST" }),
      );
      assert.equal(kept.status, 200, JSON.stringify(kept.json));
      assert.equal(kept.json.operation, "POST /gateway/robot_list");
      assert.equal(kept.json.enterpriseId, "7000001");
      assert.equal(kept.json.upstream, new URL(real.url).host);
      assert.deepEqual(kept.json.added, { "outbound.scripts": [UPSTREAM_ROBOT.robotDefId] });
      assert.ok(
        kept.json.notes.some((n: string) => /variables never read/.test(n)),
        kept.json.notes,
      );
      const added = scripts().find((s) => s.robotDefId === UPSTREAM_ROBOT.robotDefId);
      assert.equal(added?.robotName, UPSTREAM_ROBOT.robotName);
      assert.equal(added?.enterpriseId, "7000001");
    });

    await t.step("kept again: nothing added, the records found as they are", async () => {
      const again = await json(
        await fetch(`${proxy.url}/_emulator/journal/${entry.id}/keep`, { method: "POST" }),
      );
      assert.deepEqual(again.json.added, {});
      assert.deepEqual(again.json.changed, {});
      assert.ok(again.json.unchanged["outbound.scripts"].includes(UPSTREAM_ROBOT.robotDefId));
    });
  } finally {
    await proxy.close();
  }
});

Deno.test("a ccemu read's answer comes as fixture data, and changes nothing", async () => {
  using ccemu = testEmulator();
  const read = await ccemu.signed("POST", "/gateway/robot_list", { body: { robotStatus: 0 } });
  assert.equal(read.status, 200);
  const id = ccemu.emulator.journal.list().at(-1)!.id;
  const before = ccemu.stateText();
  const fixture = await ccemu.control("GET", `/_emulator/journal/${id}/fixture`);
  assert.equal(fixture.status, 200, fixture.text);
  const listed = read.json.result.list as { robotDefId: number }[];
  assert.deepEqual(
    (fixture.json.fixture.outbound.scripts as Scripts).map((s) => s.robotDefId),
    listed.map((s) => s.robotDefId),
  );
  assert.deepEqual(fixture.json.records, { scripts: listed.length });
  assert.equal(fixture.json.upstream, null);
  assert.equal(ccemu.stateText(), before);

  // An entry that holds none says why, without failing: the inspector asks of every entry.
  await ccemu.signed("POST", "/gateway/task_create", { body: {} });
  const none = ccemu.emulator.journal.list().at(-1)!.id;
  const write = await ccemu.control("GET", `/_emulator/journal/${none}/fixture`);
  assert.equal(write.status, 200);
  assert.equal(write.json.fixture, null);
  assert.match(write.json.why, new RegExp(`^journal entry ${none} is task_create, a write`));
});

/** Every refusal: InvalidParameter naming the entry and why, nothing changed. */
Deno.test("entries that cannot be kept answer InvalidParameter saying why", async (t) => {
  using ccemu = testEmulator({ journalSize: 50 });
  await using agent = startTestAgent(() =>
    Response.json(envelope([message(100, { content: "hi" })]))
  );
  const last = () => ccemu.emulator.journal.list().at(-1)!.id;
  const refused = async (id: number | string, why: RegExp) => {
    const before = ccemu.stateText();
    const keep = await ccemu.control("POST", `/_emulator/journal/${id}/keep`);
    assert.equal(keep.status, 400, keep.text);
    assert.equal(keep.json.error.code, "InvalidParameter");
    assert.match(keep.json.error.message, why);
    assert.equal(ccemu.stateText(), before, "a refused keep changes nothing");
  };

  await t.step("ccemu's own read: nothing to keep, and where its fixture data is", async () => {
    await ccemu.signed("POST", "/gateway/robot_list", { body: { robotStatus: 0 } });
    await refused(last(), /ccemu's own answer.*GET \/_emulator\/journal\/\d+\/fixture/);
  });
  await t.step("a write", async () => {
    await ccemu.signed("POST", "/gateway/task_create", { body: {} });
    await refused(last(), /is task_create, a write/);
  });
  await t.step("an error answer", async () => {
    await ccemu.signed("POST", "/gateway/task", {
      body: { enterpriseId: "7000001", callJobId: 424242 },
    });
    await refused(last(), /answered 404 ResourceNotFound: an error answer holds no records/);
  });
  await t.step("an operation no builder reads", async () => {
    const read = await ccemu.signed("POST", "/aikb/list_recycled_items", {
      body: { repositoryId: 101 },
    });
    assert.equal(read.status, 200, read.text);
    await refused(
      last(),
      /list_recycled_items, whose answers no fixture builder reads \(area kb\)/,
    );
  });
  await t.step("a push ccemu made", async () => {
    const robot = await ccemu.control("POST", "/_emulator/gateway/robots", {
      name: "agent",
      url: `${agent.url}/message`,
      platform: "Default",
    });
    const { json: opened } = await ccemu.control("POST", "/_emulator/gateway/sessions", {
      robotId: robot.json.robotId,
    });
    await ccemu.control(
      "POST",
      `/_emulator/gateway/sessions/${opened.session.sessionId}/messages`,
      {
        text: "hello",
      },
    );
    const push = ccemu.emulator.journal.list().findLast((e) => e.kind === "push")!;
    await refused(push.id, /is a push ccemu made itself/);
  });
  await t.step("an entry that never was, and one that is no number", async () => {
    await refused(last() + 10, /there is no such entry \(the newest is #\d+\)/);
    await refused("abc", /"abc" is not a journal entry's number/);
  });
});

Deno.test("an entry gone from the ring cannot be kept", async () => {
  // Four reads in a journal of two: #1 and #2 have left it.
  using ccemu = testEmulator({ journalSize: 2 });
  for (let i = 0; i < 4; i++) {
    await ccemu.signed("POST", "/gateway/robot_list", { body: { robotStatus: 0 } });
  }
  const fixture = await ccemu.control("POST", "/_emulator/journal/1/keep");
  assert.equal(fixture.status, 400);
  assert.equal(fixture.json.error.code, "InvalidParameter");
  assert.match(fixture.json.error.message, /journal entry 1 .*no longer in the journal.*from #3/);
});
