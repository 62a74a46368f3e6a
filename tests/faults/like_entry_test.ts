/**
 * `GET /_emulator/journal/{id}/fault-rule` (issue 34, 2): the matchers of a rule like an entry's
 * request, its parameters as the operation validates them; what is no request to ccemu, or no
 * longer in the journal, answers InvalidParameter saying why.
 */
import assert from "node:assert/strict";
import { testEmulator } from "../helpers.ts";

Deno.test("a fault rule drafted like an entry matches that request again", async () => {
  using ccemu = testEmulator();
  const query = { repositoryId: "101", type: "FAQ" };
  assert.equal((await ccemu.signed("GET", "/aikb/list_directory_tree", { query })).status, 200);
  const id = ccemu.emulator.journal.list().at(-1)!.id;
  const drafted = await ccemu.control("GET", `/_emulator/journal/${id}/fault-rule`);
  assert.equal(drafted.status, 200, drafted.text);
  assert.deepEqual(drafted.json, {
    rule: {
      area: "kb",
      operation: "/aikb/list_directory_tree",
      accessKeyId: "ccemu-demo-key",
      body: { repositoryId: 101, type: "FAQ" },
      note: `like journal entry #${id}`,
    },
    notes: [],
  });
  const added = await ccemu.control("POST", "/_emulator/faults", {
    ...drafted.json.rule,
    effect: { type: "error", code: "InternalError" },
  });
  assert.equal(added.status, 201, added.text);
  const again = await ccemu.signed("GET", "/aikb/list_directory_tree", { query });
  assert.equal(again.json.error.code, "InternalError");
});

Deno.test("a request whose parameters failed their checks is drafted without them", async () => {
  using ccemu = testEmulator();
  await ccemu.signed("POST", "/gateway/robot_list", { body: { robotStatus: "x" } });
  const id = ccemu.emulator.journal.list().at(-1)!.id;
  const drafted = await ccemu.control("GET", `/_emulator/journal/${id}/fault-rule`);
  assert.equal(drafted.json.rule.body, undefined);
  assert.match(drafted.json.notes[0], /did not pass the operation's checks/);
});

Deno.test("entries no rule can be like answer InvalidParameter", async () => {
  using ccemu = testEmulator();
  const refused = async (id: string, why: RegExp) => {
    const drafted = await ccemu.control("GET", `/_emulator/journal/${id}/fault-rule`);
    assert.equal(drafted.status, 400, drafted.text);
    assert.equal(drafted.json.error.code, "InvalidParameter");
    assert.match(drafted.json.error.message, why);
  };
  await refused("7", /journal entry 7 cannot be made a fault rule: the journal is empty/);
  await ccemu.signed("POST", "/gateway/no_such_operation", { body: {} });
  await refused("1", /is POST \/gateway\/no_such_operation, which is no signed operation/);
});
