/** The process as a user runs it: ready line, flags, signals, snapshot file, bad fixtures. */
import assert from "node:assert/strict";
import { join } from "node:path";

import { ccemu, readLines } from "./process.ts";

Deno.test("start: the first line says where it listens; SIGTERM exports the snapshot and exits 0", async () => {
  const dir = await Deno.makeTempDir();
  const snapshotFile = join(dir, "state.json");
  const child = ccemu([
    "--port",
    "0",
    "--clock",
    "manual",
    "--seed",
    "5",
    "--snapshot",
    snapshotFile,
  ]).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  try {
    const lines: string[] = [];
    await readLines(reader, lines, (l) => l.length >= 4);
    const match = /^ccemu listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(lines[0]);
    assert.ok(match, lines[0]);
    assert.match(lines.join("\n"), /AccessKeyId ccemu-demo-key, AccessKeySecret ccemu-demo-secret/);
    const health = await (await fetch(`${match[1]}/_emulator/health`)).json();
    assert.equal(health.seed, 5);
    await (await fetch(`${match[1]}/_emulator/clock/advance`, {
      method: "POST",
      body: '{"ms":60000}',
    })).body?.cancel();
    child.kill("SIGTERM");
    await readLines(reader, lines, (l) => l.includes("ccemu stopped"));
    assert.equal((await child.status).code, 0);
    const saved = JSON.parse(await Deno.readTextFile(snapshotFile));
    assert.equal(saved.clock.now, Date.UTC(2026, 0, 5, 1, 1));
  } finally {
    await reader.cancel();
    await child.stderr.cancel();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("start with --snapshot imports it; SIGINT stops cleanly", async () => {
  const dir = await Deno.makeTempDir();
  const snapshotFile = join(dir, "state.json");
  const snapshot = {
    format: "ccemu-snapshot",
    version: 1,
    clock: { now: 86_400_000 },
    random: { state: 1 },
    state: {},
  };
  await Deno.writeTextFile(snapshotFile, JSON.stringify(snapshot));
  const child = ccemu(["--port", "0", "--clock", "manual", "--snapshot", snapshotFile]).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  try {
    const lines: string[] = [];
    await readLines(reader, lines, (l) => l.length >= 1);
    const url = lines[0].replace("ccemu listening on ", "");
    const clock = await (await fetch(`${url}/_emulator/clock`)).json();
    assert.equal(clock.now, 86_400_000);
    child.kill("SIGINT");
    assert.equal((await child.status).code, 0);
  } finally {
    await reader.cancel();
    await child.stderr.cancel();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("an invalid fixture stops start-up naming the file and the JSON path", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(
      join(dir, "bad.json"),
      JSON.stringify({ enterprises: [{ enterpriseId: "x1", name: "t" }] }),
    );
    const { code, stderr, stdout } = await ccemu(["--port", "0", "--fixtures", dir]).output();
    assert.equal(code, 1);
    assert.equal(new TextDecoder().decode(stdout), "");
    assert.match(
      new TextDecoder().decode(stderr),
      /bad\.json: \$\.enterprises\[0\]\.enterpriseId: must be a text of digits/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("bad flags exit 2 with the usage", async () => {
  for (const args of [["--clock", "fast"], ["--port", "70000"], ["--bogus"]]) {
    const { code, stderr } = await ccemu(args).output();
    assert.equal(code, 2, args.join(" "));
    assert.match(new TextDecoder().decode(stderr), /ccemu: /);
  }
});

Deno.test("flags after a leading -- (as `deno task start -- --port 0` passes them) are read", async () => {
  const { parseConfig } = await import("../emulator/core/config.ts");
  const config = parseConfig(["--", "--port", "0", "--clock", "manual"]);
  assert.ok(config !== "help");
  assert.equal(config.port, 0);
  assert.equal(config.clock, "manual");
  assert.equal(config.journalBytes, 32 * 1024 * 1024, "--journal-mb defaults to 32");
  const budget = parseConfig(["--journal-mb", "8"]);
  assert.ok(budget !== "help");
  assert.equal(budget.journalBytes, 8 * 1024 * 1024);
  assert.throws(() => parseConfig(["--journal-mb", "0"]), /journal-mb/);
});
