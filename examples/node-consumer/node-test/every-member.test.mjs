// The Node API with Node's own test runner (`node --test node-test/`), every member of it: one
// ccemu process for the whole file, a fresh emulator per test. The suite runs this file from the
// packed npm package in an empty Node project (tests/package/node_api_test.ts).
import assert from "node:assert/strict";
import { createServer } from "node:net";
import { test } from "node:test";
import { CcemuError, startCcemu } from "ccemu";

const MANUAL_START = Date.parse("2026-01-05T01:00:00Z");

test("a signed call, the virtual clock and the journal", async () => {
  const ccemu = await startCcemu({ clock: "manual", seed: 1 });
  try {
    assert.match(ccemu.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.deepEqual(ccemu.key, { id: "ccemu-demo-key", secret: "ccemu-demo-secret" });
    assert.equal(ccemu.enterpriseId, "7000001");

    const robots = await ccemu.call("POST", "/gateway/robot_list", { robotStatus: 1 });
    assert.equal(robots.status, 200, JSON.stringify(robots.body));
    assert.equal(robots.body.result.list.length, 2);
    // GET: the business parameters as an object, or on the path; signed either way.
    const repositories = await ccemu.call("GET", "/aikb/list_public_repositories");
    assert.equal(repositories.status, 200, JSON.stringify(repositories.body));
    const asObject = await ccemu.call("GET", "/aikb/list_directory_tree", {
      repositoryId: 101,
      type: "FAQ",
    });
    const onPath = await ccemu.call("GET", "/aikb/list_directory_tree?repositoryId=101&type=FAQ");
    assert.equal(asObject.status, 200, JSON.stringify(asObject.body));
    assert.deepEqual(onPath.body.result, asObject.body.result);

    assert.equal(await ccemu.clock.now(), MANUAL_START);
    assert.equal((await ccemu.clock.advance(60_000)).iso, "2026-01-05T01:01:00.000Z");
    await ccemu.clock.set("2026-01-05T09:00:00+08:00");
    assert.equal(await ccemu.clock.now(), MANUAL_START);
    // Signed with the virtual time: an hour on, a call still goes through.
    await ccemu.clock.advance(3_600_000);
    assert.equal((await ccemu.call("POST", "/gateway/robot_list", { robotStatus: 1 })).status, 200);

    const outbound = await ccemu.journal({ area: "outbound" });
    assert.deepEqual(outbound.map((entry) => entry.path), [
      "/gateway/robot_list",
      "/gateway/robot_list",
    ]);
    assert.equal(outbound.at(-1).time, MANUAL_START + 3_600_000); // newest last
    assert.equal((await ccemu.journal({ limit: 1 }))[0].id, outbound.at(-1).id);
  } finally {
    await ccemu.stop();
  }
});

test("reset, snapshot export and import, faults", async () => {
  const ccemu = await startCcemu();
  try {
    const added = await ccemu.call("POST", "/gateway/add_black_info", {
      enterpriseId: "7000001",
      mobile: "13800138000",
    });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    const withNumber = await ccemu.snapshot.export();
    await ccemu.reset();
    assert.notDeepEqual((await ccemu.snapshot.export()).state, withNumber.state);
    await ccemu.snapshot.import(withNumber);
    assert.deepEqual((await ccemu.snapshot.export()).state, withNumber.state);

    const rule = await ccemu.faults.add({
      operation: "/gateway/robot_list",
      first: 1,
      effect: { type: "error", code: "TooManyRequests" },
    });
    assert.equal(rule.fired, 0);
    const limited = await ccemu.call("POST", "/gateway/robot_list", { robotStatus: 1 });
    assert.equal(limited.status, 429);
    assert.equal(limited.body.error.code, "TooManyRequests");
    assert.deepEqual(await ccemu.faults.clear(), { removed: 1 });
  } finally {
    await ccemu.stop();
  }
});

test("verify: the result when it passes, an AssertionError with the near misses when not", async () => {
  const ccemu = await startCcemu();
  try {
    await ccemu.call("POST", "/gateway/add_black_info", {
      enterpriseId: "7000001",
      mobile: "13800138000",
    });
    const found = await ccemu.verify({
      match: { operation: "/gateway/add_black_info", body: { "$.mobile": "13800138000" } },
      count: { exactly: 1 },
    });
    assert.equal(found.count, 1);
    assert.equal(found.entries[0].path, "/gateway/add_black_info");
    await assert.rejects(
      ccemu.verify({
        match: { operation: "/gateway/add_black_info", body: { "$.mobile": "13900000000" } },
        count: { exactly: 1 },
      }),
      (error) => {
        assert.ok(error instanceof assert.AssertionError);
        assert.equal(
          error.message,
          [
            'verify failed: expected exactly 1 request matching /gateway/add_black_info with $.mobile = "13900000000", found 0.',
            "Nearest requests (most matchers met first):",
            "  #1 POST /gateway/add_black_info → 200: met 1 of 2",
            '    $.mobile: expected "13900000000", got "13800138000"',
          ].join("\n"),
        );
        return true;
      },
    );
    // A malformed match is ccemu's refusal, naming the field.
    await assert.rejects(
      ccemu.verify({ match: { body: { mobile: "1" } } }),
      (error) =>
        error instanceof CcemuError && /^match\.body\.mobile: not a JSON path/.test(error.message),
    );
  } finally {
    await ccemu.stop();
  }
});

test("fixtures from a file: its first key signs, its tenant is enterpriseId", async () => {
  const ccemu = await startCcemu({ clock: "manual", seed: 1, fixtures: "./my-fixtures.json" });
  try {
    assert.deepEqual(ccemu.key, { id: "acme-key", secret: "acme-secret" });
    assert.equal(ccemu.enterpriseId, "7100001");
    const robots = await ccemu.call("POST", "/gateway/robot_list", { robotStatus: 0 });
    assert.equal(robots.status, 200, JSON.stringify(robots.body));
    assert.deepEqual(robots.body.result.list, []);
  } finally {
    await ccemu.stop();
  }
});

test("instances share the process, not their state: each its own port, clock and journal", async () => {
  const a = await startCcemu();
  const b = await startCcemu({ clock: "manual", clockStart: "2030-01-01T00:00:00Z" });
  try {
    assert.notEqual(a.url, b.url);
    await a.clock.advance(1000);
    assert.equal(await a.clock.now(), MANUAL_START + 1000);
    assert.equal(await b.clock.now(), Date.parse("2030-01-01T00:00:00Z"));
    await a.call("POST", "/gateway/robot_list", { robotStatus: 1 });
    assert.equal((await b.journal()).length, 0);
  } finally {
    await a.stop();
    await b.stop();
  }
  // Stopped is closed: its port answers no more.
  await assert.rejects(fetch(`${a.url}/_emulator/health`));
  await a.stop(); // and a second stop is harmless
});

test("await using (Symbol.asyncDispose) stops it", async () => {
  let url;
  {
    const ccemu = await startCcemu();
    url = ccemu.url;
    await ccemu[Symbol.asyncDispose]();
  }
  await assert.rejects(fetch(`${url}/_emulator/health`));
});

test("a process of its own takes ccemu's flags, and ends with its stop()", async () => {
  const ccemu = await startCcemu({ process: "own", args: ["--strict"] });
  const health = await (await fetch(`${ccemu.url}/_emulator/health`)).json();
  assert.equal(health.strict, true);
  assert.equal((await ccemu.call("POST", "/gateway/robot_list", { robotStatus: 1 })).status, 200);
  await ccemu.stop();
  await assert.rejects(fetch(`${ccemu.url}/_emulator/health`));
});

test("a bad fixture rejects with ccemu's message, naming its JSON path", async () => {
  const bad = { accessKeys: [{ accessKeyId: "k", accessKeySecret: "s", enterpriseId: 7 }] };
  await assert.rejects(startCcemu({ fixtures: bad }), (error) => {
    assert.ok(error instanceof CcemuError);
    assert.equal(error.code, "InvalidParameter");
    assert.match(error.message, /\$\.accessKeys\[0\]\.enterpriseId/);
    return true;
  });
  await assert.rejects(startCcemu({ fixtures: "./no-such-fixtures.json" }), /no-such-fixtures/);
  await assert.rejects(
    startCcemu({ process: "own", fixtures: bad }),
    /\$\.accessKeys\[0\]\.enterpriseId/,
  );
});

test("start-up failures reject with ccemu's own message: a bad flag, a busy port", async () => {
  await assert.rejects(
    startCcemu({ process: "own", args: ["--sign-hosts", "x"] }),
    /Unknown option '--sign-hosts': did you mean/,
  );
  await assert.rejects(startCcemu({ args: ["--strict"] }), TypeError);
  const taken = createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => taken.once("listening", resolve));
  try {
    const { port } = taken.address();
    await assert.rejects(
      startCcemu({ process: "own", args: ["--port", String(port)] }),
      new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use`),
    );
  } finally {
    taken.close();
  }
});
