/**
 * `POST /_emulator/instances` with `config` (what the Node API and the JUnit extension send for a
 * ccemu.json): the instance starts with the file's settings, keys and fault rules; the request's
 * own fields win; a bad file is a 400 naming `config` and the place in the file.
 */
import assert from "node:assert/strict";
import { startProcess } from "../process.ts";

const TEXT = `{
  "clock": "manual", // comments too
  "seed": 11,
  "journalSize": 40,
  "keys": [{ "accessKeyId": "inst-key", "accessKeySecret": "inst-secret", "enterpriseId": "7000001" }],
  "faults": [{ "operation": "/gateway/task_list", "effect": { "type": "reset" } }],
}`;

async function post(url: string, body: unknown) {
  const response = await fetch(`${url}/_emulator/instances`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

Deno.test("an instance from a config file's text", async () => {
  await using ccemu = await startProcess(["--no-ui"]);
  const made = await post(ccemu.url, { config: { path: "/team/ccemu.json", text: TEXT } });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  assert.equal(made.body.clock, "manual");
  assert.equal(made.body.seed, 11);
  const health = await (await fetch(`${made.body.url}/_emulator/health`)).json();
  assert.equal(health.journal.capacity, 40);
  const keys = (await (await fetch(`${made.body.url}/_emulator/keys`)).json()).keys;
  assert.ok(keys.some((k: { accessKeyId: string }) => k.accessKeyId === "inst-key"));
  const rules = (await (await fetch(`${made.body.url}/_emulator/faults`)).json()).rules;
  assert.equal(rules.length, 1);

  const seeded = await post(ccemu.url, {
    seed: 3,
    clock: "real",
    config: { path: "/team/ccemu.json", text: TEXT },
  });
  assert.equal(seeded.body.seed, 3);
  assert.equal(seeded.body.clock, "real");

  const bad = await post(ccemu.url, { config: { path: "/team/ccemu.json", text: '{"clok":1}' } });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.error.code, "InvalidParameter");
  assert.match(
    bad.body.error.message,
    /^config: \/team\/ccemu\.json: \$\.clok: unknown key; did you mean `clock`\?/,
  );
  for (const { id } of [made.body, seeded.body]) {
    await (await fetch(`${ccemu.url}/_emulator/instances/${id}`, { method: "DELETE" })).body
      ?.cancel();
  }
});
