// The example test file shown in the README, kept here so it provably passes as written.
import assert from "node:assert/strict";
import { startEmulator } from "../../harness/mod.ts";

Deno.test("blacklisting a number through the signed open API", async () => {
  await using ccemu = await startEmulator(); // in-process, free port, manual clock, seed 1
  const api = ccemu.client(); // demo key, signs exactly like the vendor's Java SDK

  const added = await api.post("/gateway/add_black_info", {
    enterpriseId: "7000001",
    mobile: "13800138000",
  });
  assert.equal(added.status, 200);
  assert.equal(typeof (added.body.result as { blackListId: number }).blackListId, "number");

  const refused = await api.post("/gateway/add_black_info", {
    enterpriseId: "7000001",
    mobile: "call me",
  });
  assert.equal(refused.body.error?.code, "InvalidParameter");

  ccemu.clock.advance(60 * 60 * 1000); // one virtual hour, instantly
  const [last] = ccemu.journal.list({ limit: 1 });
  assert.equal(last.response.status, 400);
});
