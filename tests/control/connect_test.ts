/**
 * `GET /_emulator/connect` (issue 43, the Firebase Emulator Suite row): how a client reaches this
 * ccemu — base URL, host and port as requested, the API's paths — and the shipped demo key with its
 * secret. No other key's secret is ever in the answer, nor the demo key's id with a secret of its
 * own (a fixture that reuses the id).
 */
import assert from "node:assert/strict";
import { testEmulator } from "../helpers.ts";
import { DEMO_KEY } from "../../harness/client.ts";
import { SHIPPED_DEMO_KEY } from "../../emulator/control/connect.ts";

Deno.test("connect: the address as requested, the API's paths, the demo key and its secret", async () => {
  using ccemu = testEmulator();
  const answer = await ccemu.control("GET", "/_emulator/connect");
  assert.equal(answer.status, 200, answer.text);
  const c = answer.json;
  assert.equal(c.baseUrl, "http://127.0.0.1:8686");
  assert.equal(c.host, "127.0.0.1");
  assert.equal(c.port, 8686);
  assert.deepEqual(c.paths, {
    openApi: "/gateway",
    knowledgeBase: "/aikb",
    agentRegistration: "/livechat/third_part_bot_register",
    control: "/_emulator",
  });
  assert.deepEqual(c.demoKey, {
    accessKeyId: "ccemu-demo-key",
    accessKeySecret: "ccemu-demo-secret",
    enterpriseId: "7000001",
  });
  assert.deepEqual(c.otherKeys.map((k: { accessKeyId: string }) => k.accessKeyId), [
    "ccemu-readonly-key",
    "ccemu-office-key",
  ]);
  const secrets = JSON.stringify(c.otherKeys);
  assert.doesNotMatch(secrets, /secret/i, "no other key's secret, not even the field's name");
});

Deno.test("connect: the demo key's id with another secret keeps that secret hidden", async () => {
  using ccemu = testEmulator();
  const gone = await ccemu.control("DELETE", "/_emulator/keys/ccemu-demo-key");
  assert.equal(gone.status, 200, gone.text);
  const added = await ccemu.control("POST", "/_emulator/keys", {
    accessKeyId: "ccemu-demo-key",
    accessKeySecret: "a-secret-of-my-own",
    enterpriseId: "7000001",
  });
  assert.equal(added.status, 201, added.text);
  const c = (await ccemu.control("GET", "/_emulator/connect")).json;
  assert.equal(c.demoKey, null);
  assert.doesNotMatch(JSON.stringify(c), /a-secret-of-my-own|secret/i);
  assert.ok(c.otherKeys.some((k: { accessKeyId: string }) => k.accessKeyId === "ccemu-demo-key"));
});

Deno.test("connect: the shipped demo key is the one the harness signs with", () => {
  assert.equal(SHIPPED_DEMO_KEY.accessKeyId, DEMO_KEY.accessKeyId);
  assert.equal(SHIPPED_DEMO_KEY.accessKeySecret, DEMO_KEY.accessKeySecret);
});
