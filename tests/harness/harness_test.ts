import { internals } from "../../harness/internals.ts";
import assert from "node:assert/strict";
import { startEmulator } from "../../harness/mod.ts";
import { curlCommand, shellQuote } from "../../emulator/signed-api/curl.ts";

Deno.test("startEmulator serves on a free port and signs with the virtual clock", async () => {
  await using ccemu = await startEmulator();
  assert.match(ccemu.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  const client = ccemu.client();
  const res = await client.post("/gateway/robot_list/", { robotStatus: 1 });
  assert.equal(res.status, 200);
  assert.equal((res.body.result as { list: unknown[] }).list.length, 2);
  const entry = ccemu.journal.list().at(-1)!;
  assert.equal(entry.requestId, res.body.requestId);
  assert.equal(entry.auth?.outcome, "accepted");

  ccemu.clock.advance(3_600_000);
  assert.equal(ccemu.clock.now(), Date.UTC(2026, 0, 5, 2));
  assert.equal(
    (await client.get("/aikb/list_public_repositories")).status,
    200,
    "still signs with the moved clock",
  );
  const stale = ccemu.client({ now: () => Date.UTC(2026, 0, 5, 0) });
  assert.equal(
    (await stale.get("/aikb/list_public_repositories")).body.error?.code,
    "SignaturesExpired",
  );
});

Deno.test("addKey, snapshot/restore and reset through the harness", async () => {
  await using ccemu = await startEmulator();
  ccemu.addKey({ accessKeyId: "ci", accessKeySecret: "ci-secret", permissions: ["read"] });
  const ci = ccemu.client({ accessKeyId: "ci", accessKeySecret: "ci-secret" });
  assert.equal((await ci.post("/gateway/robot_list", { robotStatus: 0 })).status, 200);
  assert.equal(
    (await ci.post("/gateway/add_black_info", { enterpriseId: "7000001", mobile: "13900000001" }))
      .body.error?.code,
    "UnauthorizedOperation",
  );

  const saved = ccemu.snapshot();
  await ccemu.client().post("/gateway/add_black_info", {
    enterpriseId: "7000001",
    mobile: "13900000001",
  });
  assert.equal(internals(ccemu).emulator.state.outbound.blacklist.length, 1);
  ccemu.restore(saved);
  assert.equal(internals(ccemu).emulator.state.outbound.blacklist.length, 0);
  ccemu.reset();
  assert.equal(internals(ccemu).emulator.findKey("ci"), undefined);
});

Deno.test("same seed, manual clock, same inputs: byte-identical outputs", async () => {
  const run = async () => {
    await using ccemu = await startEmulator({ seed: 123 });
    const client = ccemu.client();
    const bodies: string[] = [];
    for (const mobile of ["13900000001", "13900000002", "bad"]) {
      const res = await fetch(client.signedUrl("POST", "/gateway/add_black_info"), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ enterpriseId: "7000001", mobile }),
      });
      bodies.push(await res.text());
      ccemu.clock.advance(1000);
    }
    const snapshot = await (await fetch(`${ccemu.url}/_emulator/snapshot`)).text();
    return bodies.join("\n") + snapshot;
  };
  const first = await run();
  assert.equal(await run(), first);
  assert.match(first, /"requestId":"[0-9a-f-]{36}"/);
});

Deno.test("the sign tool's curl command carries a signature ccemu accepts", async () => {
  await using ccemu = await startEmulator();
  const command = curlCommand({
    method: "POST",
    url: `${ccemu.url}/gateway/scenevariables/`,
    body: '{"enterpriseId":"7000001","robotDefId":3001}',
    accessKeyId: "ccemu-demo-key",
    accessKeySecret: "ccemu-demo-secret",
    now: ccemu.clock.now(),
  });
  assert.match(
    command,
    /^curl -sS -X POST 'http:\/\/127\.0\.0\.1:\d+\/gateway\/scenevariables\/\?AccessKeyId=ccemu-demo-key&Expires=600&Timestamp=2026-01-05T01%3A00%3A00Z&Signature=[^']+' -H 'Content-Type: application\/json; charset=UTF-8' --data-raw '\{"enterpriseId":"7000001","robotDefId":3001\}'$/,
  );
  const url = command.split("'")[1];
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json; charset=UTF-8" },
    body: '{"enterpriseId":"7000001","robotDefId":3001}',
  });
  assert.deepEqual((await res.json()).result.variables, ["客户姓名", "分期金额"]);
  assert.equal(shellQuote("it's"), `'it'\\''s'`);
});
