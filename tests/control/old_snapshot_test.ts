/** A snapshot written by an earlier version imports, and dialing goes on exactly as it did then. */
import { internals } from "../../harness/internals.ts";
import assert from "node:assert/strict";
import { startEmulator } from "../../harness/mod.ts";

const fixture = (name: string) => new URL(`../../fixtures/snapshots/${name}`, import.meta.url);

Deno.test("a snapshot from before the area shape imports and finishes dialing identically", async () => {
  const snapshot = JSON.parse(await Deno.readTextFile(fixture("before-areas-mid-dialing.json")));
  const expected = JSON.parse(
    await Deno.readTextFile(fixture("before-areas-finished-calls.json")),
  );
  await using ccemu = await startEmulator({ seed: 42 });
  const imported = await fetch(`${ccemu.url}/_emulator/snapshot`, {
    method: "POST",
    body: JSON.stringify(snapshot),
  });
  assert.equal(imported.status, 200, await imported.text());
  assert.equal(ccemu.clock.now(), snapshot.clock.now);
  assert.equal(internals(ccemu).areas.gateway.store.findSession("s-1").robotId, "sample-default");
  assert.deepEqual(internals(ccemu).emulator.state.outbound.blacklist.map((b) => b.mobile), [
    "13800000003",
  ]);
  const idle = await fetch(`${ccemu.url}/_emulator/outbound/advance-until-idle`, {
    method: "POST",
  });
  assert.equal((await idle.json()).idle, true);
  const done = await ccemu.client().post("/gateway/call_done_list", {
    enterpriseId: "7000001",
    callJobId: expected.callJobId,
    pageSize: 50,
  });
  const got = JSON.parse(JSON.stringify(done.body.result).replaceAll(ccemu.url, "ORIGIN"));
  assert.deepEqual(got, expected.result);
});
