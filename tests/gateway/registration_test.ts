import assert from "node:assert/strict";
import { testEmulator } from "../helpers.ts";

const PATH = "/livechat/third_part_bot_register";
const VALID = {
  name: "my agent",
  domain: "https://agent.example.com",
  authEnabled: true,
  authentication: { type: "TOKEN", token: "t0ken" },
  pushConfigList: [
    { type: "Open", uri: "/open", httpMethod: "POST" },
    { type: "Message", uri: "/message", httpMethod: "POST" },
  ],
  platform: "Default",
  pushType: "Default",
  responseType: "Default",
};

Deno.test("registration answers a robotId; registering again makes another robot", async () => {
  using ccemu = testEmulator();
  const first = await ccemu.signed("POST", PATH, { body: VALID });
  assert.equal(first.status, 200, first.text);
  assert.deepEqual(Object.keys(first.json), ["requestId", "robotId"]);
  assert.equal(typeof first.json.robotId, "string");
  const second = await ccemu.signed("POST", PATH, { body: VALID });
  assert.notEqual(second.json.robotId, first.json.robotId);
  const robots = await ccemu.control("GET", "/_emulator/gateway/robots");
  const ids = robots.json.robots.map((r: { robotId: string }) => r.robotId);
  assert.ok(ids.includes(first.json.robotId) && ids.includes(second.json.robotId));
  const one = await ccemu.control("GET", `/_emulator/gateway/robots/${first.json.robotId}`);
  assert.equal(one.json.domain, "https://agent.example.com");
  assert.deepEqual(one.json.timeouts, { blockingMs: 30000, streamIdleMs: 60000 });
  assert.equal(
    (await ccemu.signed("POST", PATH, { body: { ...VALID, platform: "PlatformA" } })).status,
    200,
  );
});

Deno.test("registration is validated field by field and refuses PlatformB", async (t) => {
  using ccemu = testEmulator();
  const cases: [string, unknown, string, RegExp][] = [
    ["missing name", { ...VALID, name: undefined }, "MissingParameter", /^name is required/],
    [
      "domain not http(s)",
      { ...VALID, domain: "ftp://agent.example.com" },
      "InvalidParameter",
      /^domain: must be an http or https URL/,
    ],
    [
      "authEnabled not boolean",
      { ...VALID, authEnabled: "yes" },
      "InvalidParameter",
      /^authEnabled: /,
    ],
    [
      "auth on without authentication",
      { ...VALID, authentication: undefined },
      "MissingParameter",
      /^authentication is required/,
    ],
    [
      "TOKEN without token",
      { ...VALID, authentication: { type: "TOKEN" } },
      "MissingParameter",
      /^authentication\.token is required/,
    ],
    [
      "other auth type",
      { ...VALID, authentication: { type: "BASIC", token: "x" } },
      "InvalidParameter",
      /^authentication\.type: must be "TOKEN"/,
    ],
    [
      "no Message entry",
      { ...VALID, pushConfigList: [{ type: "Open", uri: "/open", httpMethod: "POST" }] },
      "InvalidParameter",
      /exactly one Message/,
    ],
    [
      "empty pushConfigList",
      { ...VALID, pushConfigList: [] },
      "InvalidParameter",
      /^pushConfigList: must hold a Message entry/,
    ],
    [
      "uri without slash",
      { ...VALID, pushConfigList: [{ type: "Message", uri: "message", httpMethod: "POST" }] },
      "InvalidParameter",
      /^pushConfigList\[0\]\.uri: must start with "\/"/,
    ],
    [
      "GET method",
      { ...VALID, pushConfigList: [{ type: "Message", uri: "/m", httpMethod: "GET" }] },
      "InvalidParameter",
      /^pushConfigList\[0\]\.httpMethod: must be "POST"/,
    ],
    [
      "PlatformB",
      { ...VALID, platform: "PlatformB" },
      "InvalidParameter",
      /platform-B way is not supported yet/,
    ],
    [
      "unknown platform",
      { ...VALID, platform: "Rasa" },
      "InvalidParameter",
      /^platform: must be "PlatformA" or "Default"/,
    ],
    [
      "unknown field",
      { ...VALID, webhook: "x" },
      "UnknownParameter",
      /^webhook is not a parameter/,
    ],
  ];
  const before = ccemu.stateText();
  for (const [name, body, code, message] of cases) {
    await t.step(name, async () => {
      const res = await ccemu.signed("POST", PATH, { body });
      assert.equal(res.status, 400, res.text);
      assert.equal(res.json.error.code, code);
      assert.match(res.json.error.message, message);
    });
  }
  assert.equal(ccemu.stateText(), before, "no rejected registration left a robot");
});

Deno.test("registration is signed like the open API", async () => {
  using ccemu = testEmulator();
  const readonly = await ccemu.signed("POST", PATH, {
    body: VALID,
    key: { accessKeyId: "ccemu-readonly-key", accessKeySecret: "ccemu-readonly-secret" },
  });
  assert.equal(readonly.json.error.code, "UnauthorizedOperation");
  const unsigned = await ccemu.send("POST", "http://127.0.0.1:8686" + PATH, { body: VALID });
  assert.equal(unsigned.json.error.code, "MissingAuthenticationToken");
  const entry = ccemu.emulator.journal.list({ area: "gateway" }).at(-1)!;
  assert.equal(entry.path, PATH);
});

Deno.test("robots: per-robot time-outs, delete, unknown ids", async () => {
  using ccemu = testEmulator();
  const { json } = await ccemu.signed("POST", PATH, { body: VALID });
  const patched = await ccemu.control("PATCH", `/_emulator/gateway/robots/${json.robotId}`, {
    timeouts: { blockingMs: 500 },
  });
  assert.deepEqual(patched.json.timeouts, { blockingMs: 500, streamIdleMs: 60000 });
  const bad = await ccemu.control("PATCH", `/_emulator/gateway/robots/${json.robotId}`, {
    timeouts: { blockingMs: 0 },
  });
  assert.equal(bad.json.error.code, "InvalidParameter");
  assert.equal(
    (await ccemu.control("DELETE", `/_emulator/gateway/robots/${json.robotId}`)).status,
    200,
  );
  assert.equal(
    (await ccemu.control("GET", `/_emulator/gateway/robots/${json.robotId}`)).json.error.code,
    "ResourceNotFound",
  );
  assert.equal((await ccemu.control("DELETE", "/_emulator/gateway/robots/nope")).status, 404);
  const session = await ccemu.control("POST", "/_emulator/gateway/sessions", { robotId: "nope" });
  assert.equal(session.json.error.code, "ResourceNotFound");
});
