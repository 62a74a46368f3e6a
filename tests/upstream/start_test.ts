/**
 * `ccemu start --upstream` refuses to start, before it listens, when the upstream is plain http
 * without `--allow-http-upstream`, when the secret's variable is unset or empty, or when a flag it
 * needs is missing; the secret is never a flag.
 */
import assert from "node:assert/strict";
import { parseConfig } from "../../emulator/core/config.ts";
import { resolveUpstream } from "../../emulator/upstream/config.ts";
import { SECRET_ENV, startRefused, UPSTREAM_SECRET } from "./helpers.ts";

const FLAGS = ["--upstream-key", "real-tenant-key", "--upstream-secret-env", SECRET_ENV];

Deno.test("an http:// upstream without --allow-http-upstream is refused at start-up", async () => {
  const { code, out, err } = await startRefused(
    ["--upstream", "http://127.0.0.1:9999", ...FLAGS],
    { [SECRET_ENV]: UPSTREAM_SECRET },
  );
  assert.equal(code, 2, err);
  assert.equal(out, "", "it never listened");
  assert.match(err, /--upstream http:\/\/127\.0\.0\.1:9999 is plain http/);
  assert.match(err, /--allow-http-upstream/);
});

Deno.test("a missing or empty secret variable is refused at start-up, naming it", async () => {
  const environments: Record<string, string>[] = [{}, { [SECRET_ENV]: "" }];
  for (const env of environments) {
    const { code, out, err } = await startRefused(
      ["--upstream", "https://api.example.com", ...FLAGS],
      env,
    );
    assert.equal(code, 1, err);
    assert.equal(out, "", "it never listened");
    assert.match(err, new RegExp(`--upstream-secret-env ${SECRET_ENV}: the environment variable`));
    assert.match(err, /is (not set|empty)/);
  }
});

Deno.test("a --record FILE that cannot be appended to is refused at start-up", async () => {
  const { code, out, err } = await startRefused(
    ["--upstream", "https://api.example.com", ...FLAGS, "--record", "/no/such/dir/r.ndjson"],
    { [SECRET_ENV]: UPSTREAM_SECRET },
  );
  assert.equal(code, 1, err);
  assert.equal(out, "", "it never listened");
  assert.match(err, /--record \/no\/such\/dir\/r\.ndjson: cannot append to it/);
  assert.ok(!err.includes(UPSTREAM_SECRET));
});

Deno.test("the upstream flags: all needed, an origin only, the secret never a flag", () => {
  const refused = (args: string[], message: RegExp) =>
    assert.throws(() => parseConfig(args), message, args.join(" "));
  refused(["--upstream", "https://api.example.com"], /needs --upstream-key ID/);
  refused(
    ["--upstream", "https://api.example.com", "--upstream-key", "k"],
    /needs --upstream-secret-env VAR/,
  );
  refused(["--upstream", "https://api.example.com/v1", ...FLAGS], /origin only/);
  refused(["--upstream", "ftp://api.example.com", ...FLAGS], /https:\/\//);
  refused(["--record", "x.ndjson"], /--record needs --upstream URL/);
  refused(["--allow-http-upstream"], /needs --upstream URL/);
  refused(["--upstream-secret", "s3cret"], /never given as a flag/);
  refused(["--upstream", "https://api.example.com", ...FLAGS, "--upstream-timeout", "0"], /1 to/);
  assert.throws(
    () => parseConfig(["--upstream", "https://user:pw@api.example.com", ...FLAGS]),
    (error: Error) => !error.message.includes("pw") && /user name or password/.test(error.message),
  );
  // A value that looks like a secret is not echoed back.
  assert.throws(
    () =>
      parseConfig([
        "--upstream",
        "https://a.example",
        "--upstream-key",
        "k",
        "--upstream-secret-env",
        "s3cr=t",
      ]),
    (error: Error) => !error.message.includes("s3cr=t"),
  );

  const config = parseConfig([
    "--upstream",
    "https://api.example.com:8443",
    ...FLAGS,
    "--record",
    "r.ndjson",
  ]);
  assert.ok(config !== "help");
  assert.deepEqual(config.upstream, {
    url: "https://api.example.com:8443",
    accessKeyId: "real-tenant-key",
    secretEnv: SECRET_ENV,
    timeoutMs: 30_000,
    record: "r.ndjson",
  });
  assert.ok(!JSON.stringify(config).includes(UPSTREAM_SECRET));
  const upstream = resolveUpstream(
    config.upstream!,
    (name) => name === SECRET_ENV ? UPSTREAM_SECRET : undefined,
  );
  assert.equal(upstream.host, "api.example.com:8443");
  assert.equal(upstream.secret, UPSTREAM_SECRET);
});

Deno.test("ccemu start --help names the upstream flags", async () => {
  const { USAGE } = await import("../../emulator/core/config.ts");
  for (
    const flag of [
      "--upstream URL",
      "--upstream-key ID",
      "--upstream-secret-env VAR",
      "--upstream-timeout S",
      "--allow-http-upstream",
      "--record FILE",
    ]
  ) {
    assert.ok(USAGE.includes(flag), flag);
  }
});
