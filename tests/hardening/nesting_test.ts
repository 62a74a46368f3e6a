/**
 * Issue defect 6: one bound on nesting (64 levels) for every JSON ccemu reads: the signed API (body
 * and JSON-array text fields) answers InvalidParameter naming the field; the control API, fixtures
 * and snapshots refuse it too; nothing accepted can break an export.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { FixtureError } from "../../emulator/core/fixtures.ts";
import { loadFixtures } from "../../emulator/state.ts";
import { testEmulator } from "../helpers.ts";

const deepObject = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);

Deno.test("a task_import whose properties nest 10,000 deep is refused, naming the field", async () => {
  using ccemu = testEmulator();
  const task = await ccemu.signed("POST", "/gateway/task_create", {
    body: {
      enterpriseId: "7000001",
      callJobName: "deep",
      callJobType: 2,
      robotDefId: 3002,
      userPhoneIds: "[501]",
    },
  });
  const callJobId = task.json.result.callJobId;
  const before = ccemu.stateText();
  const row = `{"phone":"13800000001","properties":${deepObject(10_000)}}`;
  const asText = await ccemu.signed("POST", "/gateway/task_import", {
    body: { enterpriseId: "7000001", callJobId, customerInfoVOList: `[${row}]` },
  });
  assert.equal(asText.status, 400);
  assert.equal(asText.json.error.code, "InvalidParameter");
  assert.match(
    asText.json.error.message,
    /^customerInfoVOList: the JSON in this text is nested deeper than 64 levels \(at \[0\]\.properties\.a/,
  );
  const asArray = await ccemu.signed("POST", "/gateway/task_import", {
    rawBody: `{"enterpriseId":"7000001","callJobId":${callJobId},"customerInfoVOList":[${row}]}`,
  });
  assert.equal(asArray.json.error.code, "InvalidParameter");
  assert.match(
    asArray.json.error.message,
    /^customerInfoVOList\[0\]\.properties\.a(\.a)*: nested deeper than 64 levels/,
  );
  assert.equal(ccemu.stateText(), before);
  assert.equal((await ccemu.control("GET", "/_emulator/snapshot")).status, 200);

  const shallow = await ccemu.signed("POST", "/gateway/task_import", {
    body: {
      enterpriseId: "7000001",
      callJobId,
      customerInfoVOList: `[{"phone":"13800000001","properties":${deepObject(60)}}]`,
    },
  });
  assert.equal(shallow.json.result.successNum, 1, "60 levels are fine");
  assert.equal((await ccemu.control("GET", "/_emulator/snapshot")).status, 200);
});

Deno.test("the control API and snapshots refuse JSON nested too deep", async () => {
  using ccemu = testEmulator();
  const before = ccemu.stateText();
  const snapshot = (await ccemu.control("GET", "/_emulator/snapshot")).text;
  const deep = snapshot.replace('"state": {', `"state": {"deep": ${deepObject(200)},`);
  const res = await ccemu.control("POST", "/_emulator/snapshot", deep);
  assert.equal(res.status, 400);
  assert.match(res.json.error.message, /^state\.deep\.a(\.a)*: nested deeper than 64 levels/);
  const visitor = await ccemu.control("POST", "/_emulator/gateway/sessions", {
    robotId: "sample-default",
    visitor: JSON.parse(deepObject(70)),
  });
  assert.equal(visitor.status, 400);
  assert.equal(ccemu.stateText(), before);
});

Deno.test("a fixture file nested too deep stops start-up naming the file", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(join(dir, "deep.json"), `{"kb": ${deepObject(100)}}`);
    const error = await loadFixtures(dir).then(() => undefined, (e) => e);
    assert.ok(error instanceof FixtureError);
    assert.match(error.message, /deep\.json: \$: .*nested deeper than 64 levels/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
