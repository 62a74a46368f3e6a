/**
 * The one `ccemu` command: every subcommand answers --help, a bad command line exits 2 with the
 * usage, --version prints the version; and the messages a newcomer met are exact.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { VERSION } from "../../emulator/version.ts";
import { startEmulator } from "../../harness/mod.ts";
import { startProcess } from "../process.ts";
import { testEmulator } from "../helpers.ts";

const MAIN = new URL("../../main.ts", import.meta.url).pathname;
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

async function cli(...args: string[]) {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, ...args],
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code, out: decode(stdout), err: decode(stderr) };
}

Deno.test("every subcommand answers --help; --version; unknown commands and flags exit 2", async () => {
  assert.equal((await cli("--version")).out.trim(), `ccemu ${VERSION}`);
  const top = await cli("--help");
  assert.equal(top.code, 0);
  for (
    const command of [
      "start",
      "sign",
      "replay",
      "load",
      "compare",
      "agent-check",
      "openapi",
      "fixtures",
      "parity",
      "tap",
    ]
  ) {
    assert.match(top.out, new RegExp(`^  ${command} `, "m"));
    const help = await cli(command, "--help");
    assert.equal(help.code, 0, command);
    assert.match(help.out, new RegExp(`^usage: ccemu ${command}`), command);
    assert.match(help.out, /Exit status: 0 /, command);
    const bad = await cli(command, "--no-such-flag");
    assert.equal(bad.code, 2, command);
    assert.match(bad.err, /no-such-flag/, command);
    assert.match(bad.err, new RegExp(`usage: ccemu ${command}`), command);
  }
  const unknown = await cli("bogus");
  assert.equal(unknown.code, 2);
  assert.match(unknown.err, /unknown command "bogus"/);
  // `deno task sign -- METHOD URL` passes a `--` first: still read as arguments.
  const signed = await cli(
    "sign",
    "--",
    "POST",
    "http://127.0.0.1:9/gateway/robot_list",
    "--at",
    "0",
  );
  assert.equal(signed.code, 0, signed.err);
  assert.match(
    signed.out,
    /^curl -sS -X POST 'http:\/\/127\.0\.0\.1:9\/gateway\/robot_list\?AccessKeyId=/,
  );
});

Deno.test("a port in use is named, with the way out; the banner after a restore says so", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = join(dir, "state.json");
    {
      await using first = await startProcess(["--clock", "manual", "--snapshot", file]);
      const port = new URL(first.url).port;
      const clash = await cli("start", "--port", port);
      assert.equal(clash.code, 1);
      assert.match(
        clash.err,
        new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use .*--port 0 for a free one`),
      );
      first.child.kill("SIGTERM");
      await first.until(/^ccemu stopped$/);
    }
    await using second = await startProcess(["--clock", "manual", "--snapshot", file]);
    const banner = second.lines.find((l) => l.startsWith("clock: "))!;
    assert.match(banner, /generator restored from .*state\.json$/);
    assert.doesNotMatch(banner, /seed \d+/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("messages: a wrong secret, a scenario file that does not parse, seconds for ms", async () => {
  using ccemu = testEmulator();
  const wrong = await ccemu.signed("POST", "/gateway/robot_list", {
    body: { robotStatus: 1 },
    key: { accessKeyId: "ccemu-demo-key", accessKeySecret: "not-the-secret" },
  });
  assert.equal(wrong.json.error.code, "AuthFailure");
  assert.match(
    wrong.json.error.message,
    /If your string-to-sign is exactly this, byte for byte, your secret differs from the one ccemu holds for ccemu-demo-key/,
  );

  const seconds = await ccemu.control("POST", "/_emulator/clock/advance", { seconds: 60 });
  assert.equal(seconds.json.error.code, "UnknownParameter");
  assert.match(seconds.json.error.message, /60 seconds is \{"ms": 60000\}/);

  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(join(dir, "broken.json"), '{"name": "x", "steps": [');
    const replay = await cli("replay", dir);
    assert.equal(replay.code, 2);
    assert.match(replay.err, /invalid scenario .*broken\.json: \$: cannot read it/);
    assert.doesNotMatch(replay.err, /fixture/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("ccemu openapi writes the document a running ccemu serves, naming --server", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = join(dir, "openapi.json");
    const written = await cli("openapi", "--out", file, "--server", "http://ccemu.test:9000/");
    assert.equal(written.code, 0, written.err);
    assert.match(written.err, /^ccemu openapi: wrote .*openapi\.json \(\d+ bytes\)/);
    const document = JSON.parse(await Deno.readTextFile(file));
    assert.deepEqual(document.servers.map((s: { url: string }) => s.url), [
      "http://ccemu.test:9000",
    ]);
    assert.deepEqual((await Array.fromAsync(Deno.readDir(dir))).map((e) => e.name), [
      "openapi.json",
    ]);
    await using ccemu = await startEmulator();
    const served = await (await fetch(`${ccemu.url}/_emulator/openapi.json`)).json();
    assert.deepEqual(Object.keys(document.paths), Object.keys(served.paths));
    assert.deepEqual(
      document.paths["/gateway/task_create"].post.requestBody,
      served.paths["/gateway/task_create"].post.requestBody,
    );
    const bad = await cli("openapi", "--server", "not a url");
    assert.equal(bad.code, 2);
    assert.match(bad.err, /--server "not a url" is not a URL/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("from a clone, every subcommand is a deno task, and `deno task NAME -- --help` reads the --", async () => {
  const top = await cli("--help");
  const commands = [...top.out.matchAll(/^ {2}([a-z-]+) /gm)].map((m) => m[1])
    .filter((name) => name !== "ccemu");
  assert.ok(commands.length >= 9, top.out);
  const { tasks } = JSON.parse(
    await Deno.readTextFile(new URL("../../deno.json", import.meta.url)),
  );
  for (const command of commands) {
    assert.match(tasks[command]?.command ?? "", new RegExp(`main\\.ts ${command}$`), command);
    const { code, stdout } = await new Deno.Command(Deno.execPath(), {
      args: ["task", "-q", command, "--", "--help"],
      cwd: new URL("../../", import.meta.url),
      env: { NO_COLOR: "1" },
      stdout: "piped",
      stderr: "null",
    }).output();
    assert.equal(code, 0, command);
    assert.match(decode(stdout), new RegExp(`^usage: ccemu ${command}`), command);
  }
});
