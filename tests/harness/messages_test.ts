/**
 * What `startEmulator()` says when it cannot start: a fixture path that names nothing, a misspelt
 * fixture key, and a test run without the Deno permissions the harness needs.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { startEmulator } from "../../harness/mod.ts";
import { HARNESS_FLAGS } from "../../harness/permissions.ts";

const CONSUMER = new URL("./permission-consumer.ts", import.meta.url).pathname;
const DEMO = new URL("../../fixtures/default", import.meta.url).pathname;

async function refusal(options: Parameters<typeof startEmulator>[0]): Promise<string> {
  const error = await startEmulator(options).then(
    async (ccemu) => (await ccemu.close(), undefined),
    (e) => e,
  );
  assert.ok(error instanceof Error, "startEmulator should have refused");
  return error.message;
}

Deno.test("a fixture path that names nothing: no such file, with the path", async () => {
  assert.equal(
    await refusal({ fixtures: "./nope.json" }),
    `cannot load fixtures: no such file or folder: ./nope.json (resolved to ${
      join(Deno.cwd(), "nope.json")
    })`,
  );
});

Deno.test("a misspelt key of a fixture object gets did you mean", async () => {
  assert.equal(
    await refusal({ fixtures: { enterprise: [] } }),
    'invalid fixture (the fixtures object given to startEmulator): $: Unrecognized key: "enterprise": enterprise (did you mean `enterprises`?)',
  );
  assert.match(
    await refusal({
      fixtures: { enterprises: [{ enterpriseId: "1", name: "t", timezone: "UTC" }] },
    }),
    /\$\.enterprises\[0\]: Unrecognized key: "timezone": timezone \(did you mean `timeZone`\?\)$/,
  );
});

/** A consumer's `deno test` with these flags (and the fixture path, when given). */
async function consumerTest(flags: string[], fixtures?: string) {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["test", "--no-check", ...flags, CONSUMER, ...(fixtures ? ["--", fixtures] : [])],
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  return { code, output: decode(stdout) + decode(stderr) };
}

Deno.test("a test run without the harness's permissions is told the deno test flags", async () => {
  const needs =
    `startEmulator() needs Deno permissions this run does not have: run deno test with --allow-net --allow-read (or -A). Deno said: `;
  // No net: refused where startEmulator() can report it, not as an uncaught error of the file.
  const noNet = await consumerTest(["--allow-read"]);
  assert.equal(noNet.code, 1);
  assert.ok(
    noNet.output.includes(
      `${needs}Requires net access to "127.0.0.1:0", run again with the --allow-net flag`,
    ),
    noNet.output,
  );
  assert.doesNotMatch(noNet.output, /uncaught/i);
  // No read, with fixtures from a path: the fixture's refusal is explained the same way.
  const noRead = await consumerTest(["--allow-net"], DEMO);
  assert.equal(noRead.code, 1);
  assert.ok(noRead.output.includes(`${needs}Requires read access to "${DEMO}"`), noRead.output);
  // And the flags named are enough.
  const enough = await consumerTest(HARNESS_FLAGS.split(" "), DEMO);
  assert.equal(enough.code, 0, enough.output);
});
