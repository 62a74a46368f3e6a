/**
 * Stubs are state: exported and imported with a snapshot (counters and all, and they answer again
 * after the import), cleared by a reset to fixtures that hold none, put back by one to fixtures
 * that hold some, and added in bulk (the config file's way), all or none.
 */
import assert from "node:assert/strict";
import { startEmulator } from "../../harness/mod.ts";
import { internals } from "../../harness/internals.ts";
import { addStub, stubs, TASK_CREATE, taskCreate } from "./helpers.ts";

const STUB = {
  operation: TASK_CREATE,
  answer: { body: { requestId: "{{requestId}}", result: { callJobId: 424242 } } },
  note: "kept",
};

Deno.test("stubs: a snapshot carries them and their counters; after the import they answer again", async () => {
  await using ccemu = await startEmulator();
  const api = ccemu.client({ now: () => ccemu.clock.now() });
  await addStub(ccemu, { ...STUB, first: 2 });
  await api.post(TASK_CREATE, taskCreate("a"));
  const exported = await (await fetch(`${ccemu.url}/_emulator/snapshot`)).json();
  assert.deepEqual(exported.state.stubs.stubs.map((s: { matched: number }) => s.matched), [1]);

  await stubs(ccemu, "DELETE");
  assert.deepEqual((await stubs(ccemu, "GET")).body.stubs, []);
  const imported = await fetch(`${ccemu.url}/_emulator/snapshot`, {
    method: "POST",
    body: JSON.stringify(exported),
  });
  assert.equal(imported.status, 200, await imported.text());
  const [stub] = (await stubs(ccemu, "GET")).body.stubs as { answered: number; note: string }[];
  assert.equal(stub.answered, 1);
  assert.equal(stub.note, "kept");
  // Its second answer (first: 2), then the state's.
  const again = await api.post(TASK_CREATE, taskCreate("b"));
  assert.equal((again.body.result as { callJobId: number }).callJobId, 424242);
  const past = await api.post(TASK_CREATE, taskCreate("c"));
  assert.notEqual((past.body.result as { callJobId: number }).callJobId, 424242);
  // A stub added after the import takes the next id.
  assert.equal((await addStub(ccemu, STUB)).id, 2);
});

Deno.test("stubs: reset goes back to the fixtures' stubs (none by default, or theirs)", async () => {
  await using plain = await startEmulator();
  await addStub(plain, STUB);
  const reset = await fetch(`${plain.url}/_emulator/reset`, { method: "POST" });
  assert.equal(reset.status, 200, await reset.text());
  assert.deepEqual((await stubs(plain, "GET")).body.stubs, []);

  // The fixtures without their sequences: ids then start after the largest a fixture holds.
  const { sequences: _, ...fixtures } = internals(plain).emulator.exportSnapshot().state;
  await using fixtured = await startEmulator({
    fixtures: {
      ...fixtures,
      stubs: { stubs: [{ ...STUB, id: 7, area: "outbound", method: "POST" }] },
    },
  });
  await addStub(fixtured, STUB);
  fixtured.reset();
  const kept = (await stubs(fixtured, "GET")).body.stubs as { id: number; matched: number }[];
  assert.deepEqual(kept.map((s) => [s.id, s.matched]), [[7, 0]]);
  const api = fixtured.client({ now: () => fixtured.clock.now() });
  const answered = await api.post(TASK_CREATE, taskCreate("x"));
  assert.equal((answered.body.result as { callJobId: number }).callJobId, 424242);
  assert.equal((await addStub(fixtured, STUB)).id, 8, "ids go on after the fixtures' own");
});

Deno.test("stubs: addAll adds a list all or none, naming the refused one by its index", async () => {
  await using ccemu = await startEmulator();
  const { areas, emulator } = internals(ccemu);
  const store = areas.stubs.store;
  const before = JSON.stringify(emulator.state);
  assert.throws(
    () => store.addAll([STUB, { ...STUB, answer: { body: {}, status: 99 } }]),
    (error: Error & { parameter?: string }) => {
      assert.equal(error.parameter, "stubs[1].answer.status");
      assert.match(error.message, /^stubs\[1\]\.answer\.status: must be an HTTP status/);
      return true;
    },
  );
  assert.equal(JSON.stringify(emulator.state), before);
  assert.deepEqual(store.addAll([STUB, { ...STUB, priority: 3 }]).map((s) => s.id), [1, 2]);
});

Deno.test("stubs: a snapshot holding a stub that cannot run is refused, naming it; nothing changes", async () => {
  await using ccemu = await startEmulator();
  const exported = await (await fetch(`${ccemu.url}/_emulator/snapshot`)).json();
  exported.state.stubs.stubs = [{
    id: 1,
    operation: TASK_CREATE,
    area: "outbound",
    method: "POST",
    when: { body: { "$.a": { matches: "(" } } },
    answer: { body: "{{bdy}}" },
  }];
  const before = JSON.stringify(ccemu.snapshot().state);
  const refused = await fetch(`${ccemu.url}/_emulator/snapshot`, {
    method: "POST",
    body: JSON.stringify(exported),
  });
  const { error } = await refused.json();
  assert.equal(refused.status, 400);
  assert.match(
    error.message,
    /stubs\.stubs\[0\]\.when\.body\.\$\.a\.matches: not a regular expression/,
  );
  assert.equal(JSON.stringify(ccemu.snapshot().state), before);
});
