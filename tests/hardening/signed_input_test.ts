/**
 * Issue defects 8 to 11: prototype names as query parameters, a missing enumeration, `null` for an
 * optional field, and signing parameters given twice.
 */
import assert from "node:assert/strict";
import { testEmulator } from "../helpers.ts";

Deno.test("__proto__, constructor, toString, hasOwnProperty are unknown parameters", async () => {
  using ccemu = testEmulator();
  for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty", "foo"]) {
    const res = await ccemu.signed("GET", "/aikb/list_public_repositories", {
      query: { [name]: "x" },
    });
    assert.equal(res.status, 400, `${name}: ${res.text}`);
    assert.equal(res.json.error.code, "UnknownParameter", name);
    assert.match(res.json.error.message, new RegExp(`^${name} is not a parameter`));
    const [entry] = ccemu.emulator.journal.list({ limit: 1 });
    const recorded = Object.getOwnPropertyDescriptor(entry.query, name)?.value;
    assert.equal(recorded, "x", `the journal records ${name}`);
  }
  const body = await ccemu.signed("POST", "/aikb/describe_faq", {
    rawBody: '{"id": 2001, "__proto__": {"polluted": true}}',
  });
  assert.equal(body.json.error.code, "UnknownParameter");
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
});

Deno.test("a missing enumeration or literal is MissingParameter, not InvalidParameter", async () => {
  using ccemu = testEmulator();
  const cases: [string, string, Record<string, unknown>, string][] = [
    ["GET", "/aikb/list_directory_tree", { repositoryId: "1" }, "type"],
    ["POST", "/aikb/save_directory", { repositoryId: 1, name: "x" }, "type"],
    ["POST", "/aikb/create_faq", {
      repositoryId: 1,
      directoryId: 1001,
      question: "q",
      answers: [{ content: "a" }],
    }, "answers[0].type"],
    ["POST", "/livechat/third_part_bot_register", {
      name: "n",
      domain: "http://agent.test",
      authEnabled: true,
      authentication: { type: "TOKEN", token: "t" },
      pushConfigList: [{ uri: "/m", httpMethod: "POST" }],
      platform: "Default",
    }, "pushConfigList[0].type"],
  ];
  for (const [method, path, params, field] of cases) {
    const res = method === "GET"
      ? await ccemu.signed(method, path, { query: params as Record<string, string> })
      : await ccemu.signed(method, path, { body: params });
    assert.equal(res.json.error.code, "MissingParameter", `${path}: ${res.text}`);
    assert.match(
      res.json.error.message,
      new RegExp(`^${field.replace(/[[\]]/g, "\\$&")} is required`),
    );
  }
  const auth = await ccemu.signed("POST", "/livechat/third_part_bot_register", {
    body: {
      name: "n",
      domain: "http://agent.test",
      authEnabled: true,
      authentication: { token: "t" },
      pushConfigList: [{ type: "Message", uri: "/m", httpMethod: "POST" }],
      platform: "Default",
    },
  });
  assert.match(auth.json.error.message, /^authentication\.type is required/);
});

Deno.test("null for an optional field is read as absent; for a required one, as missing", async () => {
  using ccemu = testEmulator();
  const registered = await ccemu.signed("POST", "/livechat/third_part_bot_register", {
    body: {
      name: "java client",
      domain: "http://agent.test",
      authEnabled: false,
      authentication: null,
      pushConfigList: [{ type: "Message", uri: "/m", httpMethod: "POST" }],
      platform: "Default",
    },
  });
  assert.equal(registered.status, 200, registered.text);
  const blacklisted = await ccemu.signed("POST", "/gateway/add_black_info", {
    body: { enterpriseId: "7000001", mobile: "13900000001", name: null, remark: null },
  });
  assert.equal(blacklisted.status, 200, blacklisted.text);
  const missing = await ccemu.signed("POST", "/gateway/add_black_info", {
    body: { enterpriseId: "7000001", mobile: null },
  });
  assert.equal(missing.json.error.code, "MissingParameter");
  assert.match(missing.json.error.message, /^mobile is required/);
});

Deno.test("a signing parameter given twice is refused, naming it", async () => {
  using ccemu = testEmulator();
  const before = ccemu.stateText();
  for (const name of ["Expires", "Timestamp", "Signature", "AccessKeyId"]) {
    const res = await ccemu.signed("POST", "/gateway/add_black_info", {
      body: { enterpriseId: "7000001", mobile: "13900000002" },
      alter: (params) => params.append(name, params.get(name)!),
    });
    assert.equal(res.status, 400, `${name}: ${res.text}`);
    assert.equal(res.json.error.code, "InvalidParameter");
    assert.match(
      res.json.error.message,
      new RegExp(`^The ${name} query parameter is given 2 times`),
    );
  }
  assert.equal(ccemu.stateText(), before);
});
