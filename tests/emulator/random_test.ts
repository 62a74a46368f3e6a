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
