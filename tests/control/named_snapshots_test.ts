/**
 * Named snapshots in memory (issue 43, the LocalStack row): save the state under a name, list
 * them, restore one (kept for another restore), delete one; a reset keeps them; a bad name or an
 * unknown one is refused with the vendor's envelope, naming the field, and changes nothing.
 */
import assert from "node:assert/strict";
import { testEmulator } from "../helpers.ts";

Deno.test("named snapshots: save, list, restore, delete", async () => {
  using ccemu = testEmulator();
  const robots = async () =>
    (await ccemu.control("GET", "/_emulator/gateway/robots")).json.robots.length;
  const before = await robots();

  const saved = await ccemu.control("PUT", "/_emulator/snapshots/fixture%20state");
  assert.equal(saved.status, 201, saved.text);
  assert.equal(saved.json.name, "fixture state");
  assert.equal(saved.json.savedAt, Date.parse("2026-01-05T01:00:00Z"));
  assert.ok(saved.json.bytes > 100);
  assert.equal(saved.json.text, undefined, "the list and answers carry no state");

  const added = await ccemu.control("POST", "/_emulator/gateway/robots", {
    name: "extra agent",
    url: "http://127.0.0.1:9/message",
    platform: "Default",
  });
  assert.equal(added.status, 201, added.text);
  await ccemu.control("POST", "/_emulator/clock/advance", { ms: 60_000 });
  assert.equal((await ccemu.control("PUT", "/_emulator/snapshots/with-agent")).status, 201);
  assert.equal(await robots(), before + 1);

  const list = await ccemu.control("GET", "/_emulator/snapshots");
  assert.deepEqual(list.json.snapshots.map((s: { name: string }) => s.name), [
    "fixture state",
    "with-agent",
  ]);
  assert.equal(list.json.snapshots[1].savedAt, Date.parse("2026-01-05T01:01:00Z"));

  const restored = await ccemu.control("POST", "/_emulator/snapshots/fixture%20state/restore");
  assert.equal(restored.status, 200, restored.text);
  assert.equal(restored.json.restored, "fixture state");
  assert.equal(restored.json.clock.iso, "2026-01-05T01:00:00.000Z");
  assert.equal(await robots(), before);

  // A reset keeps them: restore the other one afterwards.
  await ccemu.control("POST", "/_emulator/reset");
  await ccemu.control("POST", "/_emulator/snapshots/with-agent/restore");
  assert.equal(await robots(), before + 1);

  const deleted = await ccemu.control("DELETE", "/_emulator/snapshots/with-agent");
  assert.deepEqual(deleted.json, { deleted: "with-agent" });
  const names = (await ccemu.control("GET", "/_emulator/snapshots")).json.snapshots.map((
    s: { name: string },
  ) => s.name);
  assert.deepEqual(names, ["fixture state"]);
});

Deno.test("named snapshots: a bad or unknown name is refused and changes nothing", async () => {
  using ccemu = testEmulator();
  const bad = await ccemu.control("PUT", "/_emulator/snapshots/.hidden");
  assert.equal(bad.status, 400);
  assert.equal(bad.json.error.code, "InvalidParameter");
  assert.match(bad.json.error.message, /name "\.hidden" is not a snapshot name/);
  const missing = await ccemu.control("POST", "/_emulator/snapshots/nope/restore");
  assert.equal(missing.status, 404);
  assert.equal(missing.json.error.code, "ResourceNotFound");
  assert.match(missing.json.error.message, /No snapshot named "nope" \(saved: none yet\)/);
  const gone = await ccemu.control("DELETE", "/_emulator/snapshots/nope");
  assert.equal(gone.status, 404);
  assert.deepEqual((await ccemu.control("GET", "/_emulator/snapshots")).json, { snapshots: [] });
});
