/**
 * The signed areas' own path (app.ts `fetch`): a request under `/gateway/`, `/aikb/` or
 * `/livechat/` skips Hono but must answer and be journaled exactly as Hono's routes would.
 */
import assert from "node:assert/strict";
import { signUrl } from "../../emulator/signed-api/signature.ts";
import { BASE, testEmulator } from "../helpers.ts";

type Call = { method: string; path: string; body?: string; contentType?: string; sign?: boolean };

const CALLS: Call[] = [
  { method: "POST", path: "/gateway/robot_list", body: '{"robotStatus":1}' },
  { method: "POST", path: "/gateway/robot_list/", body: '{"robotStatus":1}' },
  { method: "GET", path: "/aikb/list_public_repositories" },
  { method: "POST", path: "/livechat/third_part_bot_list", body: "{}" },
  { method: "GET", path: "/gateway/robot_list" }, // wrong method
  { method: "POST", path: "/gateway/robot_list", body: "{", contentType: "text/plain" },
  { method: "POST", path: "/gateway/robot_list", body: '{"robotStatus":"x"}' },
  { method: "POST", path: "/gateway/no_such_operation", body: "{}" },
  { method: "POST", path: "/gateway/robot_list", body: "{}", sign: false },
];

function requestFor(call: Call, now: number): [string, RequestInit] {
  const url = call.sign === false ? BASE + call.path : signUrl({
    method: call.method,
    url: BASE + call.path,
    accessKeyId: "ccemu-demo-key",
    accessKeySecret: "ccemu-demo-secret",
    now,
  }).url;
  const headers: Record<string, string> = { host: "127.0.0.1:8686" };
  if (call.body !== undefined) headers["content-type"] = call.contentType ?? "application/json";
  return [url, { method: call.method, headers, body: call.body }];
}

/** What a client and the journal see of an answer, real time taken aside. */
async function seen(response: Response) {
  return { status: response.status, headers: [...response.headers], text: await response.text() };
}

Deno.test("a signed area's request answers and is journaled as through Hono's routes", async () => {
  using direct = testEmulator();
  using routed = testEmulator();
  const remote = { remoteAddr: { hostname: "127.0.0.1" } };
  for (const call of CALLS) {
    const [url, init] = requestFor(call, direct.emulator.clock.now());
    const answers = [
      await seen(await direct.request(url, init)),
      await seen(await routed.hono.fetch(new Request(url, init), remote)),
    ];
    assert.deepEqual(answers[0], answers[1], `${call.method} ${call.path}`);
  }
  const journal = (ccemu: typeof direct) =>
    ccemu.emulator.journal.list().map(({ durationMs: _, ...entry }) => entry);
  assert.equal(journal(direct).length, CALLS.length);
  assert.deepEqual(journal(direct), journal(routed));
});

Deno.test("HEAD and a prefix without its slash still go through Hono's routes", async () => {
  using ccemu = testEmulator();
  const head = await ccemu.request(`${BASE}/gateway/robot_list`, {
    method: "HEAD",
    headers: { host: "127.0.0.1:8686" },
  });
  assert.equal(head.status, 405);
  assert.equal(await head.text(), "", "Hono answers HEAD without the body");
  const bare = await ccemu.send("POST", `${BASE}/gateway`, { body: {} });
  assert.equal(bare.json.error.code, "ResourceNotFound");
  assert.match(bare.json.error.message, /No operation at \/gateway\. Operations under \/gateway:/);
  assert.deepEqual(
    ccemu.emulator.journal.list().map((entry) => [entry.method, entry.path, entry.area]),
    [["HEAD", "/gateway/robot_list", "outbound"], ["POST", "/gateway", "outbound"]],
  );
});
