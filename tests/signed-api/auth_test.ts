/**
 * The signed API's authentication, every check in the vendor's order with its code and message.
 * Longer than most files: one test per check, and the order between them, read best together.
 */
import assert from "node:assert/strict";
import { signUrl } from "../../emulator/signed-api/signature.ts";
import { formatTimestamp, testEmulator } from "../helpers.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const READONLY = { accessKeyId: "ccemu-readonly-key", accessKeySecret: "ccemu-readonly-secret" };
const OFFICE = { accessKeyId: "ccemu-office-key", accessKeySecret: "ccemu-office-secret" };
const BLACKLIST = { enterpriseId: "7000001", mobile: "13912345678" };

function assertError(
  res: { status: number; json: { requestId: string; error: { code: string; message: string } } },
  status: number,
  code: string,
) {
  assert.equal(res.status, status, JSON.stringify(res.json));
  assert.equal(res.json.error.code, code, res.json.error.message);
  assert.match(res.json.requestId, UUID);
  assert.ok(res.json.error.message.length > 0);
}

Deno.test("a request signed the SDK's way is accepted", async (t) => {
  using ccemu = testEmulator({ signHosts: ["open.vendor.example"] });
  const ok = (res: { status: number; json: { requestId: string; error?: unknown } }) => {
    assert.equal(res.status, 200, JSON.stringify(res.json));
    assert.match(res.json.requestId, UUID);
    assert.equal(res.json.error, undefined);
  };
  await t.step("host without port, POST with charset", async () => {
    await ok(await ccemu.signed("POST", "/gateway/robot_list", { body: { robotStatus: 0 } }));
  });
  await t.step("host with its port, as the Host header carries it", async () => {
    await ok(
      await ccemu.signed("POST", "/gateway/robot_list", {
        body: { robotStatus: 0 },
        signHost: "127.0.0.1:8686",
      }),
    );
  });
  await t.step("a --sign-host alias", async () => {
    await ok(
      await ccemu.signed("POST", "/gateway/robot_list", {
        body: { robotStatus: 0 },
        signHost: "open.vendor.example",
      }),
    );
  });
  await t.step("trailing slash requested, signed without it", async () => {
    await ok(await ccemu.signed("POST", "/gateway/robot_list/", { body: { robotStatus: 0 } }));
  });
  await t.step("plain application/json", async () => {
    await ok(
      await ccemu.signed("POST", "/gateway/robot_list", {
        body: { robotStatus: 0 },
        contentType: "application/json",
      }),
    );
  });
  await t.step("the gateway spec's ContentType header spelling", async () => {
    const res = await ccemu.request(
      (signUrl({
        method: "POST",
        url: "http://127.0.0.1:8686/gateway/robot_list",
        accessKeyId: "ccemu-demo-key",
        accessKeySecret: "ccemu-demo-secret",
        now: ccemu.emulator.clock.now(),
      })).url,
      {
        method: "POST",
        headers: { host: "127.0.0.1:8686", contenttype: "application/json" },
        body: '{"robotStatus":0}',
      },
      { remoteAddr: { hostname: "127.0.0.1" } },
    );
    assert.equal(res.status, 200, await res.text());
  });
  await t.step("GET with business parameters: Chinese, specials, ids[0], empty value", async () => {
    // The signature verifies (otherwise AuthFailure); the operation then refuses the parameters it
    // does not take, naming the first.
    const res = await ccemu.signed("GET", "/aikb/list_public_repositories", {
      query: { "ids[0]": "5", keyword: "退款 *~+/=&%", empty: "" },
    });
    assertError(res, 400, "UnknownParameter");
  });
  await t.step("POST with a business query parameter the operation does not take", async () => {
    const res = await ccemu.signed("POST", "/gateway/robot_list", {
      query: { colour: "red" },
      body: { robotStatus: 0 },
    });
    assertError(res, 400, "UnknownParameter");
    assert.match(res.json.error.message, /^colour/);
  });
  await t.step("GET without business parameters", async () => {
    await ok(await ccemu.signed("GET", "/aikb/list_public_repositories"));
  });
});

Deno.test("every authentication failure answers its code, status and requestId", async (t) => {
  using ccemu = testEmulator();
  const post = (options: Parameters<typeof ccemu.signed>[2] = {}) =>
    ccemu.signed("POST", "/gateway/robot_list", { body: { robotStatus: 0 }, ...options });

  await t.step("no AccessKeyId -> MissingAuthenticationToken", async () => {
    assertError(
      await post({ alter: (p) => p.delete("AccessKeyId") }),
      400,
      "MissingAuthenticationToken",
    );
  });
  await t.step("unknown key -> AuthFailure", async () => {
    const res = await post({ key: { accessKeyId: "nobody", accessKeySecret: "x" } });
    assertError(res, 401, "AuthFailure");
    assert.match(res.json.error.message, /nobody/);
  });
  for (const name of ["Expires", "Timestamp", "Signature"]) {
    await t.step(`missing ${name} -> MissingParameter naming it`, async () => {
      const res = await post({ alter: (p) => p.delete(name) });
      assertError(res, 400, "MissingParameter");
      assert.match(res.json.error.message, new RegExp(name));
    });
  }
  for (const expires of ["0", "86401", "abc", "1.5", "-5"]) {
    await t.step(`Expires=${expires} -> InvalidParameter`, async () => {
      const res = await post({ alter: (p) => p.set("Expires", expires) });
      assertError(res, 400, "InvalidParameter");
      assert.match(res.json.error.message, /Expires/);
    });
  }
  for (
    const timestamp of [
      "2026-01-05 01:00:00",
      "2026-01-05T01:00:00.000Z",
      "1767574800",
      "2026-13-01T00:00:00Z",
    ]
  ) {
    await t.step(`Timestamp=${timestamp} -> InvalidParameter`, async () => {
      const res = await post({ alter: (p) => p.set("Timestamp", timestamp) });
      assertError(res, 400, "InvalidParameter");
      assert.match(res.json.error.message, /Timestamp/);
    });
  }
  await t.step(
    "clock past Timestamp + Expires -> SignaturesExpired; at the edge still valid",
    async () => {
      const now = ccemu.emulator.clock.now();
      assertError(await post({ at: now - 601_000, expires: 600 }), 403, "SignaturesExpired");
      const edge = await post({ at: now - 600_000, expires: 600 });
      assert.equal(edge.status, 200, JSON.stringify(edge.json));
    },
  );
  await t.step(
    "Timestamp beyond the allowed skew -> SignaturesExpired, within it accepted",
    async () => {
      const now = ccemu.emulator.clock.now();
      const res = await post({ at: now + 901_000 });
      assertError(res, 403, "SignaturesExpired");
      assert.match(res.json.error.message, /not valid yet/);
      assert.equal((await post({ at: now + 899_000 })).status, 200);
    },
  );
  await t.step("wrong signature -> AuthFailure with the expected string-to-sign", async () => {
    const res = await post({
      key: { accessKeyId: "ccemu-demo-key", accessKeySecret: "wrong-secret" },
    });
    assertError(res, 401, "AuthFailure");
    const expected =
      `POST127.0.0.1/gateway/robot_list?AccessKeyId=ccemu-demo-key&Expires=600&Timestamp=${
        encodeURIComponent(formatTimestamp(ccemu.emulator.clock.now()))
      }`;
    assert.ok(res.json.error.message.includes(expected), res.json.error.message);
    assert.ok(!res.text.includes("ccemu-demo-secret"), "the secret never appears");
  });
  await t.step("a tampered parameter after signing -> AuthFailure", async () => {
    assertError(await post({ alter: (p) => p.set("Expires", "601") }), 401, "AuthFailure");
  });
  await t.step("a '+' of the signature sent raw is explained", async () => {
    // Signature of this exact request contains '+' for some timestamps; emulate by sending a space.
    const res = await post({ alter: (p) => p.set("Signature", "a b") });
    assertError(res, 401, "AuthFailure");
    assert.match(res.json.error.message, /%2B/);
  });
  await t.step(
    "signed for a host ccemu does not know -> AuthFailure listing the hosts tried",
    async () => {
      const res = await post({ signHost: "elsewhere.example" });
      assertError(res, 401, "AuthFailure");
      assert.match(res.json.error.message, /127\.0\.0\.1, 127\.0\.0\.1:8686/);
    },
  );
  await t.step("caller outside the key's allow-list -> UnauthorizedOperation", async () => {
    const res = await post({ key: OFFICE });
    assertError(res, 403, "UnauthorizedOperation");
    assert.match(res.json.error.message, /127\.0\.0\.1.*allow-list/);
  });
  await t.step(
    "caller inside the allow-list (a range and a single address) is served",
    async () => {
      assert.equal((await post({ key: OFFICE, remote: "10.20.2.77" })).status, 200);
      assert.equal((await post({ key: OFFICE, remote: "::ffff:192.168.1.10" })).status, 200);
      assertError(await post({ key: OFFICE, remote: "10.20.4.1" }), 403, "UnauthorizedOperation");
    },
  );
  await t.step(
    "read-only key on a write operation -> UnauthorizedOperation; on a read it works",
    async () => {
      const res = await ccemu.signed("POST", "/gateway/add_black_info", {
        key: READONLY,
        body: BLACKLIST,
      });
      assertError(res, 403, "UnauthorizedOperation");
      assert.match(res.json.error.message, /add_black_info/);
      assert.equal((await post({ key: READONLY })).status, 200);
    },
  );
});

Deno.test("a key over its rate limit gets TooManyRequests until the window passes", async () => {
  using ccemu = testEmulator();
  ccemu.emulator.addKey({
    accessKeyId: "limited",
    accessKeySecret: "s",
    enterpriseId: "7000001",
    rateLimit: { requests: 2, perSeconds: 10 },
  });
  const key = { accessKeyId: "limited", accessKeySecret: "s" };
  // Start at a window boundary so the count is exact.
  ccemu.emulator.clock.set(Math.ceil(ccemu.emulator.clock.now() / 10_000) * 10_000);
  const call = () => ccemu.signed("POST", "/gateway/robot_list", { key, body: { robotStatus: 0 } });
  assert.equal((await call()).status, 200);
  assert.equal((await call()).status, 200);
  const refused = await call();
  assertError(refused, 429, "TooManyRequests");
  assert.match(refused.json.error.message, /2 requests per 10 s/);
  ccemu.emulator.clock.advance(10_000);
  assert.equal((await call()).status, 200);
});

Deno.test("errors outside authentication", async (t) => {
  using ccemu = testEmulator();
  await t.step("wrong method -> 405 HttpRequestMethodNotSupported", async () => {
    assertError(
      await ccemu.signed("GET", "/gateway/robot_list"),
      405,
      "HttpRequestMethodNotSupported",
    );
    assertError(
      await ccemu.signed("POST", "/aikb/list_public_repositories", { body: {} }),
      405,
      "HttpRequestMethodNotSupported",
    );
  });
  await t.step("POST not JSON -> HttpMediaTypeNotSupported", async () => {
    assertError(
      await ccemu.signed("POST", "/gateway/robot_list", {
        rawBody: "robotStatus=0",
        contentType: "application/x-www-form-urlencoded",
      }),
      400,
      "HttpMediaTypeNotSupported",
    );
    assertError(
      await ccemu.signed("POST", "/gateway/robot_list", { rawBody: "{}", contentType: null }),
      400,
      "HttpMediaTypeNotSupported",
    );
  });
  await t.step("empty POST body -> MissingRequestBody", async () => {
    assertError(
      await ccemu.signed("POST", "/gateway/robot_list", { rawBody: "" }),
      400,
      "MissingRequestBody",
    );
  });
  await t.step("malformed JSON or a non-object -> InvalidParameter", async () => {
    assertError(
      await ccemu.signed("POST", "/gateway/robot_list", { rawBody: '{"robotStatus":' }),
      400,
      "InvalidParameter",
    );
    assertError(
      await ccemu.signed("POST", "/gateway/robot_list", { rawBody: "[1]" }),
      400,
      "InvalidParameter",
    );
  });
  await t.step("oversized body -> InvalidParameter naming the limit", async () => {
    using small = testEmulator({ maxBodyBytes: 64 });
    const res = await small.signed("POST", "/gateway/robot_list", {
      body: { robotStatus: 0, pad: "x".repeat(100) },
    });
    assertError(res, 400, "InvalidParameter");
    assert.match(res.json.error.message, /64 bytes/);
  });
  await t.step("unknown path -> ResourceNotFound", async () => {
    assertError(
      await ccemu.signed("POST", "/gateway/no_such_operation", { body: {} }),
      404,
      "ResourceNotFound",
    );
    assertError(await ccemu.signed("GET", "/aikb/nothing"), 404, "ResourceNotFound");
  });
  await t.step("an uncaught failure -> 500 InternalError, no stack trace", async () => {
    // Corrupt the state so the handler throws a TypeError.
    (ccemu.emulator.state.outbound as { scripts: unknown }).scripts = null;
    const res = await ccemu.signed("POST", "/gateway/robot_list", { body: { robotStatus: 0 } });
    assertError(res, 500, "InternalError");
    assert.ok(!/TypeError|at .*\.ts/.test(res.text), res.text);
  });
});

Deno.test("--strict answers terse messages without diagnostics", async () => {
  using ccemu = testEmulator({ strict: true });
  const res = await ccemu.signed("POST", "/gateway/robot_list", {
    body: { robotStatus: 0 },
    key: { accessKeyId: "ccemu-demo-key", accessKeySecret: "wrong" },
  });
  assertError(res, 401, "AuthFailure");
  assert.equal(res.json.error.message, "Authentication failed.");
  const missing = await ccemu.signed("POST", "/gateway/scenevariables", {
    body: { enterpriseId: "7000001" },
  });
  assertError(missing, 400, "MissingParameter");
  assert.equal(missing.json.error.message, "A required parameter is absent. (robotDefId)");
  // The journal still holds the diagnostics.
  const entry = ccemu.emulator.journal.list({ status: "401" })[0];
  assert.equal(entry.auth?.failedCheck, "signature");
  assert.match(entry.auth?.expectedStringToSign ?? "", /^POST127\.0\.0\.1\/gateway\/robot_list\?/);
});

Deno.test("a rejected request changes no state", async () => {
  using ccemu = testEmulator();
  const before = ccemu.stateText();
  const attempts = [
    ccemu.signed("POST", "/gateway/add_black_info", {
      body: BLACKLIST,
      key: { accessKeyId: "ccemu-demo-key", accessKeySecret: "bad" },
    }),
    ccemu.signed("POST", "/gateway/add_black_info", { body: BLACKLIST, key: READONLY }),
    ccemu.signed("POST", "/gateway/add_black_info", {
      body: { ...BLACKLIST, mobile: "not-a-phone" },
    }),
    ccemu.signed("POST", "/gateway/add_black_info", { body: { ...BLACKLIST, surprise: 1 } }),
    ccemu.signed("POST", "/gateway/add_black_info", {
      body: { ...BLACKLIST, enterpriseId: "7000002" },
    }),
    ccemu.signed("POST", "/gateway/add_black_info", {
      body: BLACKLIST,
      at: ccemu.emulator.clock.now() - 3_600_000,
    }),
    ccemu.signed("POST", "/gateway/add_black_info", { body: BLACKLIST, key: OFFICE }),
  ];
  for (const res of await Promise.all(attempts)) {
    assert.ok(res.status >= 400, JSON.stringify(res.json));
  }
  assert.equal(ccemu.stateText(), before);
  const accepted = await ccemu.signed("POST", "/gateway/add_black_info", { body: BLACKLIST });
  assert.equal(accepted.status, 200);
  assert.notEqual(ccemu.stateText(), before, "the same request, signed right, does change it");
});

Deno.test("every exchange is journaled with auth diagnostics and never the secret", async () => {
  using ccemu = testEmulator();
  await ccemu.signed("POST", "/gateway/robot_list", { body: { robotStatus: 0 } });
  await ccemu.signed("POST", "/gateway/robot_list", {
    body: { robotStatus: 0 },
    key: { accessKeyId: "ccemu-demo-key", accessKeySecret: "bad" },
  });
  const [ok, bad] = ccemu.emulator.journal.list();
  assert.equal(ok.auth?.outcome, "accepted");
  assert.deepEqual(ok.auth?.matched, { host: "127.0.0.1", path: "/gateway/robot_list" });
  assert.equal(ok.response.status, 200);
  assert.equal(JSON.parse(ok.response.body!.text).requestId, ok.requestId);
  assert.equal(bad.auth?.outcome, "rejected");
  assert.equal(bad.auth?.failedCheck, "signature");
  assert.deepEqual(bad.auth?.hostsTried, ["127.0.0.1", "127.0.0.1:8686"]);
  assert.equal(bad.errorCode, "AuthFailure");
  assert.equal(JSON.parse(bad.body!.text).robotStatus, 0);
  const all = JSON.stringify(ccemu.emulator.journal.list());
  assert.ok(!all.includes("ccemu-demo-secret"));
});
