/**
 * What `ccemu start` says when it cannot start because of the command line or a fixture file: a
 * path that names nothing, JSON that does not parse, a key or flag that is misspelt. Each run as a
 * user runs it, from a working directory of their own, reading stderr.
 */
import assert from "node:assert/strict";
import { join } from "node:path";

const MAIN = new URL("../../main.ts", import.meta.url).pathname;

/** `ccemu start ARGS` in `cwd`, which must stop at once: its exit code and stderr. */
async function start(cwd: string, ...args: string[]) {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-net",
      "--allow-read",
      "--allow-env",
      MAIN,
      "start",
      "--port",
      "0",
      ...args,
    ],
    cwd,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(new TextDecoder().decode(stdout), "", "it never listened");
  return { code, err: new TextDecoder().decode(stderr) };
}

async function inTempDir(files: Record<string, string>, run: (dir: string) => Promise<void>) {
  // realPath: on some systems the temp folder is a symlink, and messages name the real path.
  const dir = await Deno.realPath(await Deno.makeTempDir());
  try {
    for (const [name, text] of Object.entries(files)) {
      await Deno.writeTextFile(join(dir, name), text);
    }
    await run(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("--fixtures naming no file says so, with the path as given and as resolved", async () => {
  await inTempDir({}, async (dir) => {
    const { code, err } = await start(dir, "--fixtures", "./nope.json");
    assert.equal(code, 1);
    assert.equal(
      err,
      `ccemu: cannot load fixtures: no such file or folder: ./nope.json (resolved to ${
        join(dir, "nope.json")
      })\n`,
    );
  });
});

Deno.test("a fixture that is not JSON names the file, line and column", async () => {
  const text = '{\n  "enterprises": [\n    { "enterpriseId": "1", "name": "t", }\n  ]\n}\n';
  await inTempDir({ "tenant.json": text, "list.json": '{"enterprises": [1,]}' }, async (dir) => {
    const comma = await start(dir, "--fixtures", "tenant.json");
    assert.equal(comma.code, 1);
    assert.equal(
      comma.err,
      "ccemu: invalid fixture tenant.json: line 3, column 41: not valid JSON: Expected double-quoted property name\n",
    );
    // V8 names no position for this one: the line and column are still given.
    const list = await start(dir, "--fixtures", "list.json");
    assert.equal(
      list.err,
      "ccemu: invalid fixture list.json: line 1, column 20: not valid JSON: Unexpected token ']'\n",
    );
  });
});

Deno.test("an unknown fixture key, top-level or nested, gets did you mean", async () => {
  await inTempDir({
    "top.json": '{"enterprise": []}',
    "nested.json": '{"enterprises": [{"enterpriseId": "1", "name": "t", "timezone": "UTC"}]}',
    "far.json": '{"colour": "red"}',
  }, async (dir) => {
    assert.equal(
      (await start(dir, "--fixtures", "top.json")).err,
      'ccemu: invalid fixture top.json: $: Unrecognized key: "enterprise": enterprise (did you mean `enterprises`?)\n',
    );
    assert.equal(
      (await start(dir, "--fixtures", "nested.json")).err,
      'ccemu: invalid fixture nested.json: $.enterprises[0]: Unrecognized key: "timezone": timezone (did you mean `timeZone`?)\n',
    );
    assert.equal(
      (await start(dir, "--fixtures", "far.json")).err,
      'ccemu: invalid fixture far.json: $: Unrecognized key: "colour": colour\n',
    );
  });
});

Deno.test("an unknown flag of ccemu start gets did you mean, and still the usage", async () => {
  await inTempDir({}, async (dir) => {
    for (
      const [flag, meant] of [
        ["--sign-hosts", "--sign-host"],
        ["--fixture", "--fixtures"],
        ["--Port", "--port"],
        ["--clockstart", "--clock-start"],
      ]
    ) {
      const { code, err } = await start(dir, flag, "x");
      assert.equal(code, 2, flag);
      assert.equal(
        err.split("\n")[0],
        `ccemu: Unknown option '${flag}': did you mean \`${meant}\`?`,
      );
      assert.match(err, /usage: ccemu start/);
    }
    const far = await start(dir, "--bogus");
    assert.equal(far.err.split("\n")[0], "ccemu: Unknown option '--bogus'");
  });
});
