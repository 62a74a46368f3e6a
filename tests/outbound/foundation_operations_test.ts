import assert from "node:assert/strict";
import { testEmulator } from "../helpers.ts";

const ENT = "7000001";

Deno.test("robot_list filters by robotStatus: 0 all, 1 online, 2 ever published", async () => {
  using ccemu = testEmulator();
  const ids = async (robotStatus: unknown) => {
    const res = await ccemu.signed("POST", "/gateway/robot_list", { body: { robotStatus } });
    assert.equal(res.status, 200, res.text);
    return res.json.result.list.map((s: { robotDefId: number }) => s.robotDefId);
  };
  assert.deepEqual(await ids(0), [3001, 3002, 3003, 3004]);
  assert.deepEqual(await ids(1), [3001, 3002]);
  assert.deepEqual(await ids(2), [3001, 3002, 3003], "3003 was published, then edited");
  assert.deepEqual(await ids("1"), [3001, 3002], "the code as text is accepted");
  const entry =
    (await ccemu.signed("POST", "/gateway/robot_list", { body: { robotStatus: 1 } })).json.result
      .list[0];
  assert.deepEqual(Object.keys(entry), [
    "robotDefId",
    "robotName",
    "industryOneName",
    "industryTwoName",
    "robotStatus",
    "deployTime",
  ]);
  const bad = await ccemu.signed("POST", "/gateway/robot_list", { body: { robotStatus: 3 } });
  assert.equal(bad.json.error.code, "InvalidParameter");
  assert.match(bad.json.error.message, /^robotStatus: must be one of 0, 1, 2/);
  assert.equal(
    (await ccemu.signed("POST", "/gateway/robot_list", { body: {} })).json.error.code,
    "MissingParameter",
  );
});

Deno.test("scenevariables lists a script's variables; unknown script and wrong tenant are refused", async () => {
  using ccemu = testEmulator();
  const ok = await ccemu.signed("POST", "/gateway/scenevariables", {
    body: { enterpriseId: ENT, robotDefId: 3001 },
  });
  assert.deepEqual(ok.json.result.variables, ["客户姓名", "分期金额"]);
  const unknown = await ccemu.signed("POST", "/gateway/scenevariables", {
    body: { enterpriseId: ENT, robotDefId: 9999 },
  });
  assert.equal(unknown.status, 404);
  assert.equal(unknown.json.error.code, "ResourceNotFound");
  assert.match(unknown.json.error.message, /9999/);
  const tenant = await ccemu.signed("POST", "/gateway/scenevariables", {
    body: { enterpriseId: "7000002", robotDefId: 3001 },
  });
  assert.equal(tenant.status, 403);
  assert.equal(tenant.json.error.code, "UnauthorizedOperation");
  assert.match(tenant.json.error.message, /enterpriseId 7000002/);
  const missing = await ccemu.signed("POST", "/gateway/scenevariables", {
    body: { robotDefId: 3001 },
  });
  assert.equal(missing.json.error.code, "MissingParameter");
  assert.match(missing.json.error.message, /^enterpriseId is required/);
});

Deno.test("phone_list lists the tenant's lines, optionally one", async () => {
  using ccemu = testEmulator();
  const all = await ccemu.signed("POST", "/gateway/phone_list", { body: { enterpriseId: ENT } });
  assert.deepEqual(all.json.result.list.map((l: { userPhoneId: number }) => l.userPhoneId), [
    501,
    502,
    503,
  ]);
  assert.deepEqual(Object.keys(all.json.result.list[0]), [
    "userPhoneId",
    "phone",
    "phoneName",
    "phoneType",
    "sceneType",
  ]);
  const one = await ccemu.signed("POST", "/gateway/phone_list", {
    body: { enterpriseId: ENT, userPhoneId: "502" },
  });
  assert.deepEqual(one.json.result.list.map((l: { phone: string }) => l.phone), ["01080002000"]);
  const none = await ccemu.signed("POST", "/gateway/phone_list", {
    body: { enterpriseId: ENT, userPhoneId: 1 },
  });
  assert.deepEqual(none.json.result.list, []);
});

Deno.test("add_black_info adds a number once and answers its blackListId", async () => {
  using ccemu = testEmulator();
  const first = await ccemu.signed("POST", "/gateway/add_black_info", {
    body: { enterpriseId: ENT, mobile: "13912345678", name: "张三", remark: 1 },
  });
  assert.equal(first.status, 200, first.text);
  assert.deepEqual(Object.keys(first.json), ["requestId", "result"]);
  assert.equal(first.json.result.blackListId, 1);
  const again = await ccemu.signed("POST", "/gateway/add_black_info", {
    body: { enterpriseId: ENT, mobile: "13912345678" },
  });
  assert.equal(again.json.result.blackListId, 1, "the same number keeps its entry");
  const second = await ccemu.signed("POST", "/gateway/add_black_info", {
    body: { enterpriseId: ENT, mobile: "010-12345678" },
  });
  assert.equal(second.json.result.blackListId, 2);
  assert.equal(ccemu.emulator.state.outbound.blacklist.length, 2);
  for (const mobile of ["abc", "12", "", "+86 139"]) {
    const bad = await ccemu.signed("POST", "/gateway/add_black_info", {
      body: { enterpriseId: ENT, mobile },
    });
    assert.equal(bad.status, 400, mobile);
    assert.match(bad.json.error.message, /^mobile: /);
  }
  const unknown = await ccemu.signed("POST", "/gateway/add_black_info", {
    body: { enterpriseId: ENT, mobile: "13900000000", reason: "x" },
  });
  assert.equal(unknown.json.error.code, "UnknownParameter");
  assert.match(unknown.json.error.message, /^reason is not a parameter/);
});
