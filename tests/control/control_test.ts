import assert from "node:assert/strict";
import { testEmulator } from "../helpers.ts";
import { type Config, parseConfig } from "../../emulator/core/config.ts";

const START = Date.UTC(2026, 0, 5, 1);
const BLACKLIST = { enterpriseId: "7000001", mobile: "13912345678" };

Deno.test("clock routes: read, set mode and time, advance by ms or to a time", async () => {
  using ccemu = testEmulator();
  const read = await ccemu.control("GET", "/_emulator/clock");
  assert.deepEqual(read.json, {
    mode: "manual",
    now: START,
    iso: "2026-01-05T01:00:00.000Z",
    pendingTimers: 0,
    nextTimerAt: null,
    timeZone: "Asia/Shanghai",
  });

  let fired = 0;
  ccemu.emulator.clock.schedule(START + 30_000, () => fired++);
  const advanced = await ccemu.control("POST", "/_emulator/clock/advance", { ms: 60_000 });
  assert.equal(advanced.json.now, START + 60_000);
  assert.equal(advanced.json.fired, 1);
  assert.equal(fired, 1);

  const to = await ccemu.control("POST", "/_emulator/clock/advance", {
    to: "2026-01-05T02:00:00Z",
  });
  assert.equal(to.json.iso, "2026-01-05T02:00:00.000Z");

  const set = await ccemu.control("POST", "/_emulator/clock", { now: START });
  assert.equal(set.json.now, START);
  const byMs = await ccemu.control("POST", "/_emulator/clock", { now: START + 5 });
  assert.equal(byMs.json.now, START + 5);
  const real = await ccemu.control("POST", "/_emulator/clock", { mode: "real" });
  assert.equal(real.json.mode, "real");
  assert.ok(Math.abs(real.json.now - (START + 5)) < 1000, "switching mode keeps the time");
  await ccemu.control("POST", "/_emulator/clock", { mode: "manual" });
});

Deno.test("clock routes refuse bad input with the envelope, naming the field", async () => {
  using ccemu = testEmulator();
  const cases: [unknown, string, RegExp][] = [
    [{ ms: -1 }, "InvalidParameter", /^ms: /],
    [{ to: "someday" }, "InvalidParameter", /^to: expected ISO 8601/],
    [{ ms: 1, to: 5 }, "InvalidParameter", /either/],
    [{}, "InvalidParameter", /either/],
    ["[1]", "InvalidParameter", /JSON object/],
    ["{", "InvalidParameter", /not valid JSON/],
  ];
  for (const [body, code, message] of cases) {
    const res = await ccemu.control("POST", "/_emulator/clock/advance", body);
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.equal(res.json.error.code, code);
    assert.match(res.json.error.message, message);
    assert.match(res.json.requestId, /^control-\d+$/);
  }
  const extra = await ccemu.control("POST", "/_emulator/clock/advance", { ms: 1, extra: true });
  assert.equal(extra.json.error.code, "UnknownParameter");
  const empty = await ccemu.control("POST", "/_emulator/clock/advance");
  assert.equal(empty.json.error.code, "MissingRequestBody");
  const mode = await ccemu.control("POST", "/_emulator/clock", { mode: "fast" });
  assert.equal(mode.json.error.code, "InvalidParameter");
  assert.match(mode.json.error.message, /^mode: /);
  assert.equal(ccemu.emulator.clock.now(), START, "nothing moved");
});

Deno.test("journal routes: list with filters, one entry, clear", async () => {
  using ccemu = testEmulator();
  await ccemu.signed("POST", "/gateway/robot_list", { body: { robotStatus: 0 } });
  await ccemu.signed("GET", "/aikb/list_public_repositories");
  await ccemu.signed("POST", "/gateway/nothing", { body: {} });
  const all = await ccemu.control("GET", "/_emulator/journal");
  assert.equal(all.json.entries.length, 3);
  assert.equal(all.json.capacity, 5000);
  const kb = await ccemu.control("GET", "/_emulator/journal?area=kb");
  assert.deepEqual(kb.json.entries.map((e: { path: string }) => e.path), [
    "/aikb/list_public_repositories",
  ]);
  const failed = await ccemu.control("GET", "/_emulator/journal?status=4xx");
  assert.equal(failed.json.entries[0].errorCode, "ResourceNotFound");
  const after = await ccemu.control(
    "GET",
    `/_emulator/journal?since=${all.json.entries[0].id}&limit=1`,
  );
  assert.equal(after.json.entries[0].id, all.json.entries[1].id);
  const second = all.json.entries[1];
  const byRequest = await ccemu.control("GET", `/_emulator/journal?requestId=${second.requestId}`);
  assert.deepEqual(byRequest.json.entries.map((e: { id: number }) => e.id), [second.id]);
  const one = await ccemu.control("GET", `/_emulator/journal/${all.json.entries[0].id}`);
  assert.equal(one.json.requestId, all.json.entries[0].requestId);
  assert.equal(
    (await ccemu.control("GET", "/_emulator/journal/99999")).json.error.code,
    "ResourceNotFound",
  );
  const bad = await ccemu.control("GET", "/_emulator/journal?status=teapot");
  assert.equal(bad.json.error.code, "InvalidParameter");
  assert.equal(
    (await ccemu.control("GET", "/_emulator/journal?colour=red")).json.error.code,
    "UnknownParameter",
  );
  assert.deepEqual((await ccemu.control("DELETE", "/_emulator/journal")).json, { cleared: 3 });
  assert.equal((await ccemu.control("GET", "/_emulator/journal")).json.entries.length, 0);
});

Deno.test("the events stream carries journal entries and state changes live", async () => {
  using ccemu = testEmulator();
  const response = await ccemu.request("http://127.0.0.1:8686/_emulator/events", {
    headers: { host: "127.0.0.1:8686" },
  }, {
    remoteAddr: { hostname: "127.0.0.1" },
  });
  assert.equal(response.headers.get("content-type"), "text/event-stream");
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  const readUntil = async (pattern: RegExp) => {
    while (!pattern.test(text)) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended before ${pattern}: ${text}`);
      text += value;
    }
  };
  try {
    await readUntil(/event: hello/);
    await ccemu.signed("POST", "/gateway/robot_list", { body: { robotStatus: 1 } });
    await readUntil(/event: journal\ndata: .*\nid: 1\n/);
    assert.match(text, /"path":"\/gateway\/robot_list"/);
    await ccemu.control("POST", "/_emulator/clock/advance", { ms: 1000 });
    await readUntil(/event: state\ndata: \{"type":"state","change":"clock"/);
    await ccemu.control("POST", "/_emulator/reset");
    await readUntil(/"change":"reset"/);
  } finally {
    await reader.cancel();
  }
});

Deno.test("reset goes back to the fixtures", async () => {
  using ccemu = testEmulator();
  const fresh = ccemu.stateText();
  assert.equal(
    (await ccemu.signed("POST", "/gateway/add_black_info", { body: BLACKLIST })).status,
    200,
  );
  await ccemu.control("POST", "/_emulator/keys", {
    accessKeyId: "k2",
    accessKeySecret: "s2",
    enterpriseId: "7000001",
  });
  assert.notEqual(ccemu.stateText(), fresh);
  const res = await ccemu.control("POST", "/_emulator/reset");
  assert.equal(res.json.reset, true);
  assert.equal(ccemu.stateText(), fresh);
});

Deno.test("snapshot: export, import, export again gives the same bytes", async () => {
  using ccemu = testEmulator();
  await ccemu.signed("POST", "/gateway/add_black_info", {
    body: { ...BLACKLIST, name: "张三", remark: 3 },
  });
  const first = await ccemu.control("GET", "/_emulator/snapshot");
  assert.equal(first.status, 200);
  assert.equal(JSON.parse(first.text).format, "ccemu-snapshot");

  using other = testEmulator({ seed: 99 });
  const imported = await other.control("POST", "/_emulator/snapshot", first.text);
  assert.equal(imported.status, 200, imported.text);
  const second = await other.control("GET", "/_emulator/snapshot");
  assert.equal(second.text, first.text);

  // The imported emulator continues exactly where the exporter was: same next request id.
  const a = await ccemu.signed("POST", "/gateway/robot_list", { body: { robotStatus: 0 } });
  const b = await other.signed("POST", "/gateway/robot_list", { body: { robotStatus: 0 } });
  assert.equal(a.text, b.text);
});

Deno.test("an invalid snapshot is refused and changes nothing", async () => {
  using ccemu = testEmulator();
  const before = (await ccemu.control("GET", "/_emulator/snapshot")).text;
  const snapshot = JSON.parse(before);
  snapshot.state.accessKeys[0].permissions = ["everything"];
  const res = await ccemu.control("POST", "/_emulator/snapshot", snapshot);
  assert.equal(res.status, 400);
  assert.equal(res.json.error.code, "InvalidParameter");
  assert.match(res.json.error.message, /state\.accessKeys\[0\]\.permissions\[0\]/);
  const wrongFormat = await ccemu.control("POST", "/_emulator/snapshot", { format: "other" });
  assert.equal(wrongFormat.status, 400);
  assert.equal((await ccemu.control("GET", "/_emulator/snapshot")).text, before);
});

Deno.test("keys: add, use, list without secrets, refuse duplicates, delete", async () => {
  using ccemu = testEmulator();
  const added = await ccemu.control("POST", "/_emulator/keys", {
    accessKeyId: "ci-key",
    accessKeySecret: "ci-secret",
    enterpriseId: "7000001",
    permissions: ["/gateway/*"],
    ipAllowList: ["127.0.0.*"],
    rateLimit: { requests: 100, perSeconds: 1 },
  });
  assert.equal(added.status, 201);
  assert.equal(added.json.accessKeySecret, undefined);
  const key = { accessKeyId: "ci-key", accessKeySecret: "ci-secret" };
  assert.equal(
    (await ccemu.signed("POST", "/gateway/robot_list", { key, body: { robotStatus: 0 } })).status,
    200,
  );
  const kb = await ccemu.signed("GET", "/aikb/list_public_repositories", { key });
  assert.equal(kb.json.error.code, "UnauthorizedOperation", "outside its /gateway/* permission");

  const listed = await ccemu.control("GET", "/_emulator/keys");
  assert.ok(listed.json.keys.some((k: { accessKeyId: string }) => k.accessKeyId === "ci-key"));
  assert.ok(!listed.text.includes('secret"'), listed.text);
  assert.ok(!listed.text.includes("ccemu-demo-secret"));

  const duplicate = await ccemu.control("POST", "/_emulator/keys", {
    accessKeyId: "ci-key",
    accessKeySecret: "x",
    enterpriseId: "7000001",
  });
  assert.equal(duplicate.json.error.code, "InvalidParameter");
  const stranger = await ccemu.control("POST", "/_emulator/keys", {
    accessKeyId: "k9",
    accessKeySecret: "x",
    enterpriseId: "123",
  });
  assert.match(stranger.json.error.message, /^enterpriseId: no enterprise 123/);
  const missing = await ccemu.control("POST", "/_emulator/keys", {
    accessKeyId: "k9",
    enterpriseId: "7000001",
  });
  assert.equal(missing.json.error.code, "MissingParameter");
  assert.equal((await ccemu.control("DELETE", "/_emulator/keys/ci-key")).status, 200);
  assert.equal(
    (await ccemu.signed("POST", "/gateway/robot_list", { key, body: { robotStatus: 0 } })).json
      .error.code,
    "AuthFailure",
  );
  assert.equal(
    (await ccemu.control("DELETE", "/_emulator/keys/ci-key")).json.error.code,
    "ResourceNotFound",
  );
});

Deno.test("health and the published schemas", async () => {
  using ccemu = testEmulator();
  const health = await ccemu.control("GET", "/_emulator/health");
  assert.equal(health.json.status, "ok");
  assert.equal(health.json.seed, 7);
  const schemas = await ccemu.control("GET", "/_emulator/schemas");
  const robotList = schemas.json.operations["POST /gateway/robot_list"];
  assert.equal(robotList.readOnly, true);
  assert.ok("robotStatus" in robotList.params.properties);
  assert.ok(schemas.json.snapshot.properties.state);
});

Deno.test("the control API and UI answer only loopback names (DNS-rebinding guard)", async () => {
  using ccemu = testEmulator();
  for (
    const host of ["localhost:8686", "127.0.0.1", "127.1.2.3:80", "[::1]:8686", "ccemu.localhost"]
  ) {
    const res = await ccemu.control("GET", "/_emulator/health", undefined, { host });
    assert.equal(res.status, 200, host);
  }
  for (
    const host of [
      "evil.example",
      "evil.example:8686",
      "192.168.1.5:8686",
      "127.0.0.1.evil.example",
    ]
  ) {
    const res = await ccemu.control("POST", "/_emulator/reset", undefined, { host });
    assert.equal(res.status, 403, host);
    assert.equal(res.json.error.code, "UnauthorizedOperation");
    assert.match(res.json.error.message, /loopback/);
  }
  const ui = await ccemu.control("GET", "/", undefined, { host: "evil.example" });
  assert.equal(ui.status, 403);
  const crossSite = await ccemu.control("POST", "/_emulator/reset", undefined, {
    origin: "https://evil.example",
  });
  assert.equal(crossSite.status, 403);
  assert.match(crossSite.json.error.message, /Origin/);
  const sameSite = await ccemu.control("POST", "/_emulator/reset", undefined, {
    origin: "http://localhost:8686",
  });
  assert.equal(sameSite.status, 200);
});

Deno.test("unknown routes answer ResourceNotFound in the envelope", async () => {
  using ccemu = testEmulator();
  const res = await ccemu.control("GET", "/nothing/here");
  assert.equal(res.status, 404);
  assert.equal(res.json.error.code, "ResourceNotFound");
});

Deno.test("a wrong method on a control route is HttpRequestMethodNotSupported, naming the method it takes", async () => {
  using ccemu = testEmulator();
  const before = await ccemu.control("GET", "/_emulator/clock");
  for (
    const [method, path, takes] of [
      ["GET", "/_emulator/reset", "POST"],
      ["DELETE", "/_emulator/clock", "GET or POST"],
      ["GET", "/_emulator/api/send", "POST"],
      ["PUT", "/_emulator/keys/ccemu-demo-key", "DELETE"],
    ]
  ) {
    const res = await ccemu.control(method, path);
    assert.equal(res.status, 405, `${method} ${path}`);
    assert.equal(res.json.error.code, "HttpRequestMethodNotSupported");
    assert.equal(res.json.error.message, `${path} takes ${takes}, not ${method}.`);
    assert.equal(res.headers.get("allow"), takes.replace(" or ", ", "));
  }
  assert.deepEqual((await ccemu.control("GET", "/_emulator/clock")).json, before.json);
  assert.equal((await ccemu.control("GET", "/_emulator/keys")).json.keys.length, 3);
});

Deno.test("--allow-host: the control API and UI also answer that name, still refusing cross-site Origins", async () => {
  const config = parseConfig(["--allow-host", "ccemu", "--allow-host", "Ci.Example"]);
  assert.ok(config !== "help");
  assert.deepEqual(config.allowHosts, ["ccemu", "Ci.Example"]);
  using ccemu = testEmulator({ allowHosts: config.allowHosts });
  for (const host of ["ccemu:8686", "ccemu", "ci.example:80", "localhost:8686"]) {
    const res = await ccemu.control("GET", "/_emulator/health", undefined, { host });
    assert.equal(res.status, 200, host);
  }
  const ui = await ccemu.control("GET", "/", undefined, { host: "ccemu:8686" });
  assert.equal(ui.status, 200);
  // The UI served as http://ccemu:8686 calls its own API: same origin, accepted.
  const own = await ccemu.control("POST", "/_emulator/reset", undefined, {
    host: "ccemu:8686",
    origin: "http://ccemu:8686",
  });
  assert.equal(own.status, 200);
  for (
    const [host, origin] of [
      ["ccemu:8686", "https://evil.example"],
      ["ccemu:8686", "null"],
      ["ccemu:8686", "http://ccemu.evil.example:8686"],
    ]
  ) {
    const res = await ccemu.control("POST", "/_emulator/reset", undefined, { host, origin });
    assert.equal(res.status, 403, origin);
    assert.match(res.json.error.message, /Origin/);
  }
  const other = await ccemu.control("POST", "/_emulator/reset", undefined, {
    host: "evil.example",
  });
  assert.equal(other.status, 403);
  assert.match(other.json.error.message, /ccemu, ci\.example \(--allow-host\)/);
  // Without the flag the same name is refused, and the message says which flag lets it in.
  using plain = testEmulator();
  const refused = await plain.control("GET", "/_emulator/health", undefined, {
    host: "ccemu:8686",
  });
  assert.equal(refused.status, 403);
  assert.match(refused.json.error.message, /--allow-host NAME/);
});

Deno.test("CCEMU_ALLOW_HOST names more hosts for the control API, beside --allow-host", async () => {
  const config = parseConfig(["--allow-host", "one"], {
    CCEMU_ALLOW_HOST: " ccemu, Ci.Example  two",
  });
  assert.ok(config !== "help");
  assert.deepEqual(config.allowHosts, ["one", "ccemu", "Ci.Example", "two"]);
  using ccemu = testEmulator({ allowHosts: config.allowHosts });
  for (const host of ["ccemu:8686", "ci.example", "two:1", "one"]) {
    const res = await ccemu.control("GET", "/_emulator/health", undefined, { host });
    assert.equal(res.status, 200, host);
  }
  const other = await ccemu.control("GET", "/_emulator/health", undefined, { host: "three" });
  assert.equal(other.status, 403);
  // Unset or empty, it adds nothing; a value that is not host names is refused, naming the form.
  assert.deepEqual((parseConfig([], { CCEMU_ALLOW_HOST: "" }) as Config).allowHosts, []);
  assert.deepEqual((parseConfig([]) as Config).allowHosts, []);
  assert.throws(
    () => parseConfig([], { CCEMU_ALLOW_HOST: "http://ccemu:8686" }),
    /CCEMU_ALLOW_HOST holds host names separated by commas or spaces \(like "ccemu,ccemu\.ci"\), got "http:\/\/ccemu:8686"/,
  );
});

/** The status line of GET /_emulator/health sent with this Host (fetch sets its own Host). */
async function statusLine(port: number, host: string): Promise<string> {
  using conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const request = `GET /_emulator/health HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`;
  await conn.write(new TextEncoder().encode(request));
  const buffer = new Uint8Array(4096);
  const n = await conn.read(buffer);
  return new TextDecoder().decode(buffer.subarray(0, n ?? 0)).split("\r\n")[0];
}

Deno.test("ccemu start reads CCEMU_ALLOW_HOST: its control API answers that name", async () => {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", new URL("../../main.ts", import.meta.url).pathname, "start", "--port", "0"],
    env: { CCEMU_ALLOW_HOST: "ccemu" },
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  try {
    let text = "";
    while (!/listening on (\S+)\n/.test(text)) {
      const { value, done } = await lines.read();
      if (done) throw new Error(`ccemu ended: ${text}`);
      text += value;
    }
    const port = Number(/listening on http:\/\/[^:]+:(\d+)\n/.exec(text)![1]);
    assert.match(await statusLine(port, "ccemu"), /^HTTP\/1\.1 200/);
    assert.match(await statusLine(port, "other"), /^HTTP\/1\.1 403/);
  } finally {
    child.kill("SIGTERM");
    await lines.cancel();
    await child.status;
  }
});
