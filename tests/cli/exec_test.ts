/**
 * `ccemu exec -- COMMAND`: ccemu up while the command runs, its address and key in the command's
 * environment, the command's status passed through, signals passed on, ccemu gone afterwards, and
 * the snapshot and journal written however the command ended.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { MAIN } from "../process.ts";

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const DENO = Deno.execPath();

function exec(args: string[], cwd?: string) {
  return new Deno.Command(DENO, {
    args: ["run", "-A", MAIN, "exec", ...args],
    cwd,
    stdout: "piped",
    stderr: "piped",
  });
}

async function run(args: string[], cwd?: string) {
  const { code, stdout, stderr } = await exec(args, cwd).output();
  return { code, out: decode(stdout), err: decode(stderr) };
}

/** A Deno one-liner as the command: what `deno eval` runs, with every permission. */
const evalCommand = (code: string) => [DENO, "eval", code];

/** Whether a process with this pid is still there. */
function alive(pid: number): boolean {
  try {
    Deno.kill(pid, "SIGCONT");
    return true;
  } catch {
    return false;
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    await (await fetch(`${url}/_emulator/health`)).body?.cancel();
    return true;
  } catch {
    return false;
  }
}

Deno.test("exec: the command sees ccemu's address and key, and its status is exec's", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const seen = join(dir, "seen.json");
    const probe = evalCommand(`
      const env = Deno.env.toObject();
      const health = await (await fetch(env.CCEMU_URL + "/_emulator/health")).json();
      const keys = await (await fetch(env.CCEMU_URL + "/_emulator/keys")).json();
      await Deno.writeTextFile(${JSON.stringify(seen)}, JSON.stringify({ env, health, keys }));
      Deno.exit(7);`);
    const result = await run(["--clock", "manual", "--seed", "3", "--", ...probe]);
    assert.equal(result.code, 7, result.err);
    const { env, health, keys } = JSON.parse(await Deno.readTextFile(seen));
    assert.match(env.CCEMU_URL, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.notEqual(new URL(env.CCEMU_URL).port, "8686"); // port 0 unless given
    assert.equal(env.CCEMU_UI_URL, `${env.CCEMU_URL}/`);
    assert.equal(env.CCEMU_ACCESS_KEY_ID, "ccemu-demo-key");
    assert.equal(env.CCEMU_ACCESS_KEY_SECRET, "ccemu-demo-secret");
    assert.equal(env.CCEMU_ENTERPRISE_ID, "7000001");
    assert.equal(health.seed, 3);
    assert.equal(health.clock.mode, "manual");
    assert.equal(keys.keys[0].accessKeyId, env.CCEMU_ACCESS_KEY_ID);
    assert.equal(await answers(env.CCEMU_URL), false, "ccemu stopped with the command");
    assert.match(result.err, /ccemu exec: ccemu listening on http:\/\/127\.0\.0\.1:\d+; running /);

    assert.equal((await run(["--", "true"])).code, 0);
    assert.equal((await run(["--", "false"])).code, 1);
    assert.equal((await run(["--no-ui", "--", "sh", "-c", 'test -z "$CCEMU_UI_URL"'])).code, 0);
    // The first -- ends exec's flags; the command's own (`npm test -- --grep x`) are its.
    const dashes = await run([
      "--",
      "sh",
      "-c",
      'test "$1 $2" = "-- --grep"',
      "sh",
      "--",
      "--grep",
    ]);
    assert.equal(dashes.code, 0, dashes.err);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("exec: snapshot and journal are written when the command fails, atomically", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const snapshot = join(dir, "state.json");
    const har = join(dir, "journal.har");
    const command = evalCommand(`
      const url = Deno.env.get("CCEMU_URL");
      await (await fetch(url + "/gateway/robot_list", { method: "POST", body: "{}" })).body?.cancel();
      Deno.exit(3);`);
    const result = await run([
      "--clock",
      "manual",
      "--export-on-exit",
      snapshot,
      `--journal-on-exit=${har}`,
      "--",
      ...command,
    ]);
    assert.equal(result.code, 3, result.err);
    const state = JSON.parse(await Deno.readTextFile(snapshot));
    assert.equal(state.format, "ccemu-snapshot");
    assert.equal(state.clock.now, Date.parse("2026-01-05T01:00:00Z"));
    const log = JSON.parse(await Deno.readTextFile(har)).log;
    assert.equal(log.version, "1.2");
    assert.equal(log.entries.length, 1);
    assert.match(log.entries[0].request.url, /\/gateway\/robot_list$/);
    assert.match(result.err, /snapshot written to .*state\.json/);
    // Written beside and renamed: no temporary file is left.
    const names = [];
    for await (const entry of Deno.readDir(dir)) names.push(entry.name);
    assert.deepEqual(names.sort(), ["journal.har", "state.json"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("exec: SIGINT stops the command and ccemu, and the files are written", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const pidFile = join(dir, "pid");
    const urlFile = join(dir, "url");
    const snapshot = join(dir, "state.json");
    const child = exec([
      "--export-on-exit",
      snapshot,
      "--",
      "sh",
      "-c",
      `echo "$CCEMU_URL" > ${urlFile}; echo $$ > ${pidFile}; exec sleep 60`,
    ]).spawn();
    let commandPid = 0;
    for (let i = 0; i < 200 && !commandPid; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      commandPid = Number(await Deno.readTextFile(pidFile).catch(() => "0"));
    }
    assert.ok(commandPid > 0, "the command started");
    const url = (await Deno.readTextFile(urlFile)).trim();
    assert.equal(await answers(url), true);
    child.kill("SIGINT");
    const status = await child.status;
    const err = decode(new Uint8Array(await new Response(child.stderr).arrayBuffer()));
    await child.stdout.cancel();
    assert.equal(status.code, 130, err); // 128 + SIGINT, as a shell says
    assert.equal(alive(commandPid), false, "the command is gone");
    assert.equal(alive(child.pid), false, "exec, which ran ccemu, is gone");
    assert.equal(await answers(url), false, "nothing answers at ccemu's address");
    assert.equal(JSON.parse(await Deno.readTextFile(snapshot)).format, "ccemu-snapshot");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("exec: ccemu's failure to start is its message and 1; a missing command is 127", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const marker = join(dir, "ran");
    const failed = await run(["--fixtures", join(dir, "nope.json"), "--", "touch", marker]);
    assert.equal(failed.code, 1);
    assert.match(
      failed.err,
      /^ccemu exec: ccemu did not start: cannot load fixtures: no such file/m,
    );
    assert.equal(await Deno.stat(marker).then(() => true, () => false), false, "never ran");

    const missing = await run(["--", "no-such-command-ccemu"]);
    assert.equal(missing.code, 127);
    assert.match(missing.err, /command not found: no-such-command-ccemu/);

    const usage = await run(["--clock", "manual"]);
    assert.equal(usage.code, 2);
    assert.match(usage.err, /needs a command after --/);
    const bad = await run(["--no-such-flag", "--", "true"]);
    assert.equal(bad.code, 2);
    assert.match(bad.err, /no-such-flag/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
