/**
 * The authentication messages that say how to fix the request: a host ccemu was not told about,
 * a Timestamp in local time, a wall-clock client against a manual clock. Over HTTP, through the
 * server `ccemu start` and the harness run, exactly as a client reads them.
 */
import assert from "node:assert/strict";
import { startEmulator } from "../../harness/mod.ts";

const HOUR = 3_600_000;
const ROBOTS = "/gateway/robot_list";
const BLACKLIST = { enterpriseId: "7000001", mobile: "13912345678" };
const LOCAL_TIME =
  "local time instead of UTC? The Timestamp must be UTC, written with a trailing Z" +
  " (yyyy-MM-ddTHH:mm:ssZ, e.g. Java's Instant.now() or a formatter set to the UTC zone), not the" +
  " client's local time with a Z appended.";

Deno.test("a signature for another host names the hosts tried and --sign-host", async () => {
  await using ccemu = await startEmulator();
  const port = new URL(ccemu.url).port;
  const cloud = ccemu.client({ signHost: "open.vendor.example" });
  const refused = await cloud.post(ROBOTS, { robotStatus: 0 });
  assert.equal(refused.status, 401);
  assert.equal(refused.body.error?.code, "AuthFailure");
  assert.equal(
    refused.body.error?.message,
    `The signature does not match. ccemu expected the string-to-sign "POST127.0.0.1/gateway/robot_list?AccessKeyId=ccemu-demo-key&Expires=600&Timestamp=2026-01-05T01%3A00%3A00Z" (host names tried: 127.0.0.1, 127.0.0.1:${port}), signed with HMAC-SHA1 under the secret of ccemu-demo-key, base64, then URL-encoded on the query.` +
      " If your string-to-sign is exactly this, byte for byte, your secret differs from the one ccemu holds for ccemu-demo-key: check the AccessKeySecret." +
      " If it is not, compare the two: the host (signed without its port), the path (without a trailing slash) and the parameter order (sorted by encoded name) are the usual differences." +
      ` If your client signs for a host name other than 127.0.0.1 or 127.0.0.1:${port} (e.g. the cloud host name configured in its SDK), start ccemu with \`--sign-host THAT.HOST\` (harness: \`signHosts: ["THAT.HOST"]\`).`,
  );

  // The fix the message names works.
  await using told = await startEmulator({ signHosts: ["open.vendor.example"] });
  const accepted = await told.client({ signHost: "open.vendor.example" }).post(ROBOTS, {
    robotStatus: 0,
  });
  assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
});

Deno.test("a Timestamp a whole number of hours off asks: local time instead of UTC?", async (t) => {
  await using ccemu = await startEmulator(); // manual clock at 2026-01-05T01:00:00Z
  const start = ccemu.clock.now();
  const at = (offset: number) => ccemu.client({ now: () => start + offset }).post(ROBOTS, {});
  const expired = async (offset: number) => {
    const res = await at(offset);
    assert.equal(res.status, 403, JSON.stringify(res.body));
    assert.equal(res.body.error?.code, "SignaturesExpired");
    return res.body.error!.message;
  };

  await t.step("8 hours ahead (Asia/Shanghai's wall time sent as UTC)", async () => {
    // Under a manual clock too: the whole hours are the more telling sign.
    assert.equal(
      await expired(8 * HOUR),
      "The signature is not valid yet: Timestamp 2026-01-05T09:00:00Z is more than 900 s ahead of ccemu's clock (2026-01-05T01:00:00Z)." +
        ` It is 8 hours ahead of ccemu's clock: ${LOCAL_TIME}`,
    );
  });
  await t.step("8 hours behind, within the minute a request takes", async () => {
    assert.equal(
      await expired(-8 * HOUR + 59_000),
      "The signature expired at 2026-01-04T17:10:59Z (Timestamp 2026-01-04T17:00:59Z + Expires 600 s); ccemu's clock reads 2026-01-05T01:00:00Z." +
        ` It is 8 hours behind ccemu's clock: ${LOCAL_TIME}`,
    );
    // A day earlier is no time zone.
    assert.doesNotMatch(await expired(-32 * HOUR), /local time/);
  });
  await t.step("another zone's whole hours, one hour too", async () => {
    assert.match(await expired(-5 * HOUR), /It is 5 hours behind ccemu's clock: local time/);
    assert.match(await expired(HOUR - 30_000), /It is 1 hour ahead of ccemu's clock: local time/);
  });
  await t.step("more than a minute off a whole hour: no such guess", async () => {
    assert.doesNotMatch(await expired(8 * HOUR + 120_000), /local time/);
    assert.doesNotMatch(await expired(-8 * HOUR - 120_000), /local time/);
  });
});

Deno.test("a wall-clock client against --clock manual is told about --clock-start now", async () => {
  await using ccemu = await startEmulator(); // manual, at its fixed Monday
  // A client that signs with its own clock, days after the virtual one.
  const wall = ccemu.clock.now() + 3 * 24 * HOUR + 17 * 60_000;
  const client = ccemu.client({ now: () => wall });
  const refused = await client.post(ROBOTS, { robotStatus: 0 });
  assert.equal(refused.status, 403);
  assert.equal(refused.body.error?.code, "SignaturesExpired");
  assert.equal(
    refused.body.error?.message,
    "The signature is not valid yet: Timestamp 2026-01-08T01:17:00Z is more than 900 s ahead of ccemu's clock (2026-01-05T01:00:00Z)." +
      " ccemu's clock is manual and reads virtual time, not the wall clock your client signs with: start ccemu with `--clock manual --clock-start now`," +
      ' or move the clock with the control API (POST /_emulator/clock {"now":"2026-01-08T01:17:00Z"}).',
  );

  // The control-API way out, as the message spells it.
  const moved = await fetch(`${ccemu.url}/_emulator/clock`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ now: "2026-01-08T01:17:00Z" }),
  });
  assert.equal(moved.status, 200, await moved.text());
  assert.equal((await client.post(ROBOTS, { robotStatus: 0 })).status, 200);
});

Deno.test("a real clock far behind the Timestamp names no manual clock", async () => {
  await using ccemu = await startEmulator({ clock: "real" });
  const res = await ccemu.client({ now: () => Date.now() + 3 * 24 * HOUR + 17 * 60_000 })
    .post(ROBOTS, { robotStatus: 0 });
  assert.equal(res.body.error?.code, "SignaturesExpired");
  assert.match(res.body.error!.message, /^The signature is not valid yet: .*\)\.$/);
});

Deno.test("--strict keeps these refusals terse; none of them changes the state", async () => {
  for (const strict of [true, false]) {
    await using ccemu = await startEmulator({ strict });
    const start = ccemu.clock.now();
    const before = JSON.stringify(ccemu.snapshot().state);
    const refusals = [
      [ccemu.client({ signHost: "open.vendor.example" }), "Authentication failed."],
      [ccemu.client({ now: () => start + 8 * HOUR }), "Signature expired."],
      [ccemu.client({ now: () => start - 8 * HOUR }), "Signature expired."],
      [ccemu.client({ now: () => start + 3 * 24 * HOUR }), "Signature expired."],
    ] as const;
    for (const [client, terse] of refusals) {
      const res = await client.post("/gateway/add_black_info", BLACKLIST);
      assert.ok(res.status === 401 || res.status === 403, JSON.stringify(res.body));
      if (strict) assert.equal(res.body.error?.message, terse);
      else assert.notEqual(res.body.error?.message, terse);
    }
    assert.equal(JSON.stringify(ccemu.snapshot().state), before);
  }
});
