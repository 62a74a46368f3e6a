import assert from "node:assert/strict";
import { Random } from "../../emulator/core/random.ts";

Deno.test("one seed gives one sequence, and the state resumes it", () => {
  const a = new Random(42), b = new Random(42);
  const first = [a.uuid(), a.uuid()];
  assert.deepEqual([b.uuid(), b.uuid()], first);
  const saved = a.state;
  const next = a.uuid();
  const c = new Random(0);
  c.state = saved;
  assert.equal(c.uuid(), next);
  assert.notEqual(new Random(43).uuid(), first[0]);
});

Deno.test("uuids are version-4 shaped and floats lie in [0, 1)", () => {
  const r = new Random(1);
  for (let i = 0; i < 1000; i++) {
    assert.match(r.uuid(), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const x = r.next();
    assert.ok(x >= 0 && x < 1);
  }
});

Deno.test("a seed's uuids stay the ones earlier versions gave (snapshots and replays carry them)", () => {
  const r = new Random(42);
  assert.deepEqual([r.uuid(), r.uuid(), r.uuid()], [
    "99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad",
    "2cc09a8a-86ce-44d3-85f2-45149fef4401",
    "dd8fbf1e-78e9-4541-bffb-0079e1ce9b93",
  ]);
  assert.equal(new Random(0xffffffff).uuid(), "e57bf3d3-3081-45a4-b735-0390f1ade904");
});
