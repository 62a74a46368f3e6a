/**
 * Issue defects 4, 5 and 7: absurd clock values, out-of-range account numbers and `Origin: null`
 * are refused with 400 or 403 and change nothing; the emulator stays healthy and exportable.
 */
import assert from "node:assert/strict";
import { testEmulator } from "../helpers.ts";

Deno.test("absurd clock values are refused and change nothing", async (t) => {
  using ccemu = testEmulator();
  const before = (await ccemu.control("GET", "/_emulator/clock")).json.now;
  const absurd: [string, unknown][] = [
    ["past the Date range", 8640000000000001],
    ["1e300", 1e300],
    ["negative, out of range", -8640000000000001],
    ["2^53 + 1", 2 ** 53 + 1],
    ["a long digit string", "9".repeat(40)],
    ["a fraction", 1.5],
    ["before 1970", -1],
    ["after 9999", Date.UTC(10000, 0, 1)],
    ["not a time", "tomorrow-ish"],
  ];
  for (const [name, now] of absurd) {
    await t.step(name, async () => {
      const res = await ccemu.control("POST", "/_emulator/clock", { mode: "manual", now });
      assert.equal(res.status, 400, res.text);
      assert.equal(res.json.error.code, "InvalidParameter");
      assert.match(res.json.error.message, /^now: .*1970-01-01 to 9999-12-31/);
      const advanced = await ccemu.control("POST", "/_emulator/clock/advance", { to: now });
      assert.equal(advanced.status, 400, advanced.text);
    });
  }
  assert.equal((await ccemu.control("GET", "/_emulator/clock")).json.now, before);
  assert.equal((await ccemu.control("GET", "/_emulator/health")).status, 200);
  assert.equal((await ccemu.control("GET", "/_emulator/snapshot")).status, 200);

  const tooFar = await ccemu.control("POST", "/_emulator/clock", { now: "9999-12-31T00:00:00Z" });
  assert.equal(tooFar.status, 200, "the last day is still a time");
  const past = await ccemu.control("POST", "/_emulator/clock/advance", { ms: 2 * 86_400_000 });
  assert.equal(past.status, 400);
  assert.match(past.json.error.message, /would pass 9999-12-31/);
});

Deno.test("a snapshot with an absurd clock reading is refused whole", async () => {
  using ccemu = testEmulator();
  const snapshot = (await ccemu.control("GET", "/_emulator/snapshot")).json;
  const before = ccemu.stateText();
  for (const now of [8640000000000001, 1e300, 1.5, -5]) {
    const res = await ccemu.control("POST", "/_emulator/snapshot", {
      ...snapshot,
      clock: { now },
    });
    assert.equal(res.status, 400, res.text);
    assert.match(res.json.error.message, /^clock\.now/);
  }
  assert.equal(ccemu.stateText(), before);
  assert.equal((await ccemu.control("GET", "/_emulator/snapshot")).status, 200);
});

Deno.test("account and line numbers out of range are refused and change nothing", async () => {
  using ccemu = testEmulator();
  const before = ccemu.stateText();
  const refused: [string, unknown][] = [
    ["/_emulator/outbound/accounts/7000001", { aiExpiresAt: "-99999999999999999999" }],
    ["/_emulator/outbound/accounts/7000001", { aiExpiresAt: 1e300 }],
    ["/_emulator/outbound/accounts/7000001", { aiExpiresAt: 1.5 }],
    ["/_emulator/outbound/accounts/7000001", { aiSeats: 1e12 }],
    ["/_emulator/outbound/accounts/7000001", { aiSeats: 2.5 }],
    ["/_emulator/outbound/accounts/7000001", { smsBalance: -1 }],
    ["/_emulator/outbound/lines/501", { lineAmount: 1e300 }],
    ["/_emulator/outbound/lines/501", { lineAmount: 0.001 }],
  ];
  for (const [path, body] of refused) {
    const res = await ccemu.control("PATCH", path, body);
    assert.equal(res.status, 400, `${JSON.stringify(body)}: ${res.text}`);
    assert.equal(res.json.error.code, "InvalidParameter");
  }
  assert.equal(ccemu.stateText(), before);
  assert.equal((await ccemu.control("GET", "/_emulator/snapshot")).status, 200);
  const fine = await ccemu.control("PATCH", "/_emulator/outbound/accounts/7000001", {
    aiExpiresAt: "2026-02-01T00:00:00Z",
  });
  assert.equal(fine.json.aiExpiresAt, Date.UTC(2026, 1, 1));
  const line = await ccemu.control("PATCH", "/_emulator/outbound/lines/501", { lineAmount: 0.1 });
  assert.equal(line.json.lineAmount, 0.1);
});

Deno.test("Origin: null (a sandboxed frame on any site) is refused by the control API", async () => {
  using ccemu = testEmulator();
  const now = ccemu.emulator.clock.now();
  const res = await ccemu.control("POST", "/_emulator/clock/advance", '{"ms":60000}', {
    origin: "null",
    "content-type": "text/plain",
  });
  assert.equal(res.status, 403);
  assert.match(res.json.error.message, /Origin "null"/);
  assert.equal(ccemu.emulator.clock.now(), now);
});
