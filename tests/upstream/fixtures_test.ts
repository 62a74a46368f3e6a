/**
 * `ccemu fixtures`: a recording made through the proxy (ccemu B in front of ccemu A, a tenant of
 * its own) becomes a fixture file with which a fresh ccemu C answers every recorded read as A did,
 * but for what ccemu makes up each time (requestId, its own origin in links). Also: an empty
 * recording and one without reads exit 1, --merge keeps the existing file around the recorded
 * records, and the report names what was never read.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { startEmulator } from "../../harness/mod.ts";
import { loadFixtures } from "../../emulator/state.ts";
import { READS, UPSTREAM_TENANT } from "./fixtures_tenant.ts";
import { signedCall, startProxy, UPSTREAM_ENTERPRISE } from "./helpers.ts";

const MAIN = new URL("../../main.ts", import.meta.url).pathname;

/** `ccemu fixtures ARGS` as a user runs it: exit code and stderr. */
async function fixturesCli(args: string[], env: Record<string, string> = {}) {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-read", "--allow-write", "--allow-env", MAIN, "fixtures", ...args],
    env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  return { code, out: decode(stdout), err: decode(stderr) };
}

/** An answer with what ccemu makes up each time taken out: requestId, its own origin. */
function comparable(text: string, origin: string): unknown {
  const { requestId: _, ...rest } = JSON.parse(text.replaceAll(origin, "ORIGIN"));
  return rest;
}

type Line = {
  ccemu?: string;
  request: { method: string; path: string; query: Record<string, string>; body: string | null };
  response: { status: number; body: string };
};

/** Records READS through B into `file`; answers A's origin. */
async function record(file: string, upstream: string) {
  await using proxy = await startProxy(upstream, ["--record", file]);
  for (const read of READS) {
    const answer = await signedCall(proxy.url, read.method, read.path, {
      body: read.body && JSON.stringify(read.body),
      query: read.query,
    });
    assert.equal(answer.status, 200, `${read.path}: ${answer.text}`);
  }
}

Deno.test("ccemu fixtures: C, started with the fixture, answers every recorded read as A did", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "ccemu-fixtures-" });
  const recording = join(dir, "tenant.ndjson"), out = join(dir, "tenant.json");
  await using real = await startEmulator({ clock: "real", fixtures: UPSTREAM_TENANT });
  await record(recording, real.url);
  const made = await fixturesCli([recording, "--out", out]);

  await t.step("the fixture is written, and the report says what no answer showed", () => {
    assert.equal(made.code, 0, made.err);
    assert.match(
      made.err,
      /ccemu fixtures: wrote .*tenant\.json \(\d+ bytes\): 2 scripts, 2 lines, 2 tasks, 3 calls/,
    );
    assert.match(made.err, /^ {2}access key recorded-key \(enterprise 7000002\): a placeholder/m);
    assert.match(made.err, /^ {2}faq 2103: named in relatedIds of faq 2101 but never read/m);
    assert.match(made.err, /^ {2}repository 211: never read: its FILE directory tree/m);
    assert.match(made.err, /^ {2}the blacklist is read by no operation/m);
    assert.match(made.err, /^ {2}files 5101: the stored key, bytes, text/m);
    assert.doesNotMatch(made.err, /ccemu will answer/, "every record renders as recorded");
  });

  await t.step("C answers each recorded read as A did", async () => {
    const fixture = JSON.parse(await Deno.readTextFile(out));
    const [key] = fixture.accessKeys;
    assert.equal(key.enterpriseId, UPSTREAM_ENTERPRISE);
    assert.equal(key.username, "ops", "the owner of the personal repository listed");
    await using copy = await startEmulator({ clock: "real", fixtures: out });
    const lines = (await Deno.readTextFile(recording)).trim().split("\n").map((l) =>
      JSON.parse(l) as Line
    ).filter((l) => !l.ccemu);
    assert.equal(lines.length, READS.length);
    for (const { request, response } of lines) {
      const answer = await signedCall(copy.url, request.method, request.path, {
        body: request.body ?? undefined,
        query: Object.entries(request.query),
        key,
      });
      const what = `${request.path} ${request.body ?? JSON.stringify(request.query)}`;
      assert.equal(answer.status, response.status, `${what}: ${answer.text}`);
      assert.deepEqual(
        comparable(answer.text, copy.url),
        comparable(response.body, real.url),
        what,
      );
    }
  });

  await t.step(
    "--key ID --secret-env VAR: the fixture names the variable, never the secret",
    async () => {
      const secret = "real-secret-5b1e-DO-NOT-WRITE";
      const named = join(dir, "named.json");
      const env = { REAL_SECRET: secret };
      const made = await fixturesCli(
        [recording, "--out", named, "--key", "real-key", "--secret-env", "REAL_SECRET"],
        env,
      );
      assert.equal(made.code, 0, made.err);
      const text = await Deno.readTextFile(named);
      assert.ok(
        !text.includes(secret) && !made.err.includes(secret),
        "the secret is written nowhere",
      );
      assert.deepEqual(JSON.parse(text).accessKeys[0].accessKeySecret, { env: "REAL_SECRET" });
      Deno.env.set("REAL_SECRET", secret);
      try {
        await using copy = await startEmulator({ clock: "real", fixtures: named });
        const answer = await signedCall(copy.url, "POST", "/gateway/robot_list", {
          body: JSON.stringify({ robotStatus: 1 }),
          key: { accessKeyId: "real-key", accessKeySecret: secret },
        });
        assert.equal(answer.status, 200, answer.text);
      } finally {
        Deno.env.delete("REAL_SECRET");
      }
    },
  );

  await t.step("--merge replaces the recorded records and keeps the rest of the file", async () => {
    const existing = join(dir, "existing.json");
    await Deno.writeTextFile(
      existing,
      JSON.stringify({
        enterprises: [{
          enterpriseId: UPSTREAM_ENTERPRISE,
          name: "Real name",
          timeZone: "Asia/Tokyo",
        }],
        accessKeys: [{
          accessKeyId: "my-key",
          accessKeySecret: "my-secret",
          enterpriseId: UPSTREAM_ENTERPRISE,
        }],
        outbound: {
          scripts: [
            {
              enterpriseId: UPSTREAM_ENTERPRISE,
              robotDefId: 4999,
              robotName: "kept",
              robotStatus: 5,
            },
            {
              enterpriseId: UPSTREAM_ENTERPRISE,
              robotDefId: 4101,
              robotName: "old name",
              robotStatus: 0,
            },
          ],
        },
        sequences: { callJobId: 81002 },
      }),
    );
    const merged = await fixturesCli([recording, "--out", out, "--merge", existing]);
    assert.equal(merged.code, 0, merged.err);
    assert.match(merged.err, /^ {2}script 4101: replaced by the recorded one/m);
    assert.match(
      merged.err,
      /^ {2}access keys of enterprise 7000002: the existing file's are kept/m,
    );
    assert.doesNotMatch(merged.err, /recorded-key/);
    const state = await loadFixtures(out);
    assert.deepEqual(state.enterprises, [
      { enterpriseId: UPSTREAM_ENTERPRISE, name: "Real name", timeZone: "Asia/Tokyo" },
    ]);
    assert.deepEqual(state.accessKeys.map((k) => k.accessKeyId), ["my-key"]);
    assert.deepEqual(
      state.outbound.scripts.map((s) => [s.robotDefId, s.robotName]),
      [[4999, "kept"], [4101, "分期提醒"], [4102, "Satisfaction survey"]],
    );
    assert.equal(state.sequences.callJobId, 81003, "worked out from the ids, not the file's");
    assert.equal(state.kb.faqs.length, 3);
  });
  await Deno.remove(dir, { recursive: true });
});

Deno.test("ccemu fixtures: an empty recording, or one without a usable read, exits 1 and writes nothing", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ccemu-fixtures-" });
  const out = join(dir, "out.json");
  const empty = join(dir, "empty.ndjson");
  await Deno.writeTextFile(empty, "");
  const none = await fixturesCli([empty, "--out", out]);
  assert.equal(none.code, 1, none.err);
  assert.match(none.err, /nothing written: the recording holds no exchange/);
  const failed = join(dir, "failed.ndjson");
  await Deno.writeTextFile(
    failed,
    [
      {
        ccemu: "recording",
        version: 1,
        upstream: "api.vendor.example",
        started: "2026-03-02T08:00:00Z",
      },
      exchange("POST /gateway/robot_list", 403, {
        requestId: "r",
        error: { code: "SignaturesExpired" },
      }),
    ].map((l) => JSON.stringify(l)).join("\n") + "\n",
  );
  const refused = await fixturesCli([failed, "--out", out]);
  assert.equal(refused.code, 1, refused.err);
  assert.match(
    refused.err,
    /none of the recording's 1 exchange\(s\) is a 2xx answer with a result/,
  );
  await assert.rejects(Deno.stat(out), Deno.errors.NotFound);
  const bad = await fixturesCli([empty]);
  assert.equal(bad.code, 2);
  assert.match(bad.err, /--out FILE is required/);
  const help = await fixturesCli(["--help"]);
  assert.equal(help.code, 0);
  assert.match(help.out, /^usage: ccemu fixtures RECORDING --out FILE/);
  assert.match(help.out, /Exit status: 0 /);
  const flag = await fixturesCli([empty, "--out", out, "--secret", "x"]);
  assert.equal(flag.code, 2);
  assert.match(flag.err, /secret/);
  assert.match(flag.err, /usage: ccemu fixtures/);
  await Deno.remove(dir, { recursive: true });
});

/** A recorded exchange with a JSON answer. */
function exchange(operation: string, status: number, answer: object, body: object = {}) {
  const [method, path] = operation.split(" ");
  return {
    upstream: "api.vendor.example",
    operation,
    time: "2026-03-02T08:00:03.000Z",
    request: { method, path, query: {}, body: JSON.stringify(body) },
    response: { status, contentType: "application/json", body: JSON.stringify(answer) },
    latencyMs: 1,
  };
}

Deno.test("ccemu fixtures: an entry listed without its answers is named and left out; unknown fields are said", async () => {
  const dir = await Deno.makeTempDir({ prefix: "ccemu-fixtures-" });
  const file = join(dir, "vendor.ndjson"), out = join(dir, "out.json");
  const faq = {
    id: 2003,
    repositoryId: 101,
    directoryId: 1001,
    question: "What about invoices?",
    createTime: "2026/01/03 10:00:00",
    updateTime: "2026/01/03 10:00:00",
    hotScore: 7,
  };
  await Deno.writeTextFile(
    file,
    [
      exchange("POST /aikb/list_faqs", 200, { requestId: "r1", result: [faq], totalCount: 3 }, {
        repositoryId: 101,
      }),
      exchange("POST /gateway/phone_list", 200, {
        requestId: "r2",
        result: { list: [{ userPhoneId: 501, phone: "0215", phoneType: 2, sceneType: 2 }] },
      }, { enterpriseId: "7000009" }),
    ].map((l) => JSON.stringify(l)).join("\n") + "\n",
  );
  const made = await fixturesCli([file, "--out", out]);
  assert.equal(made.code, 0, made.err);
  assert.match(
    made.err,
    /^ {2}faq 2003: listed \(list_faqs\) but its answers were never read \(describe_faq\)/m,
  );
  assert.match(made.err, /^ {2}an answer of list_faqs had a field ccemu does not know: hotScore/m);
  assert.match(made.err, /^ {2}list_faqs \(repositoryId 101\): 3 match, 1 were read/m);
  const state = await loadFixtures(out);
  assert.deepEqual(state.kb.faqs, []);
  assert.equal(state.outbound.lines[0].enterpriseId, "7000009");
  await Deno.remove(dir, { recursive: true });
});
