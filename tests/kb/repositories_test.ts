import assert from "node:assert/strict";
import { testEmulator } from "../helpers.ts";

const READONLY = { accessKeyId: "ccemu-readonly-key", accessKeySecret: "ccemu-readonly-secret" };

Deno.test("repositories: public, personal per key user, robot-dedicated", async () => {
  using ccemu = testEmulator();
  const pub = await ccemu.signed("GET", "/aikb/list_public_repositories");
  assert.deepEqual(pub.json.result.map((r: { id: number }) => r.id), [101, 102]);
  assert.deepEqual(Object.keys(pub.json.result[0]), [
    "id",
    "name",
    "createUser",
    "updateUser",
    "createTime",
    "updateTime",
  ]);
  const mine = await ccemu.signed("GET", "/aikb/list_private_repositories");
  assert.deepEqual(mine.json.result, [{
    id: 201,
    name: "demo 的个人知识库",
    owner: "demo",
    createTime: "2026/01/02 11:00:00",
  }]);
  const auditor = await ccemu.signed("GET", "/aikb/list_private_repositories", { key: READONLY });
  assert.deepEqual(auditor.json.result.map((r: { owner: string }) => r.owner), ["auditor"]);
  const bot = await ccemu.signed("GET", "/aikb/describe_bot_repository");
  assert.deepEqual(bot.json.result, {
    id: 301,
    name: "机器人专属知识库",
    createTime: "2026/01/02 12:00:00",
  });
});

Deno.test("a tenant without a robot-dedicated repository gets ResourceNotFound", async () => {
  using ccemu = testEmulator();
  ccemu.emulator.state.kb.botRepositories = [];
  const res = await ccemu.signed("GET", "/aikb/describe_bot_repository");
  assert.equal(res.status, 404);
  assert.equal(res.json.error.code, "ResourceNotFound");
});
