/** The knowledge base console's read view (`/_emulator/kb/items`): the recycle bin with days left. */
import assert from "node:assert/strict";
import { testEmulator } from "../helpers.ts";

const DAY = 86_400_000;

Deno.test("the recycle bin lists a deleted FAQ with the virtual days it has left, then drops it", async () => {
  using ccemu = testEmulator();
  const deleted = await ccemu.signed("POST", "/aikb/delete_faq", { body: { id: 2001 } });
  assert.equal(deleted.status, 200);
  const bin = async () =>
    (await ccemu.control("GET", "/_emulator/kb/items?repositoryId=101")).json.recycled;
  assert.deepEqual(
    (await bin()).map((r: { name: string; daysLeft: number }) => [r.name, r.daysLeft]),
    [["如何申请退款？", 30]],
  );
  ccemu.emulator.clock.advance(10.5 * DAY);
  assert.equal((await bin())[0].daysLeft, 20, "a part of a day counts as a day");
  ccemu.emulator.clock.advance(19.5 * DAY);
  assert.deepEqual(await bin(), [], "gone after 30 days, as list_recycled_items");
  const items = (await ccemu.control("GET", "/_emulator/kb/items?repositoryId=101")).json;
  assert.ok(!items.faqs.some((f: { id: number }) => f.id === 2001));
  assert.ok(items.files.every((f: { text: string }) => typeof f.text === "string"));
});

Deno.test("the items view names a missing or malformed repositoryId", async () => {
  using ccemu = testEmulator();
  const missing = await ccemu.control("GET", "/_emulator/kb/items");
  assert.equal(missing.json.error.code, "MissingParameter");
  const bad = await ccemu.control("GET", "/_emulator/kb/items?repositoryId=x");
  assert.equal(bad.status, 400);
  assert.equal(bad.json.error.code, "InvalidParameter");
  assert.match(
    bad.json.error.message,
    /^repositoryId: expected a repository id \(digits\), got "x"/,
  );
});
