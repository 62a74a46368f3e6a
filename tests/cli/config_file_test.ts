/**
 * The config file `ccemu.json`: what it says starts the same ccemu as the flags and control
 * requests it stands for (snapshots compared byte for byte), its mistakes are named by JSON path
 * with the key meant, comments are fine, flags on the command line win, and its JSON Schema is
 * committed, current and served.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { configJsonSchemaText } from "../../emulator/config-file/schema.ts";
import { MAIN, startProcess } from "../process.ts";

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

async function cli(args: string[], cwd?: string) {
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, ...args],
    cwd,
    stdout: "piped",
    stderr: "piped",
  }).output();
  return { code, out: decode(stdout), err: decode(stderr) };
}

const KEY = { accessKeyId: "team-key", accessKeySecret: "team-secret", enterpriseId: "7000001" };
const FAULT = {
  operation: "/gateway/task_list",
  effect: { type: "error", code: "TooManyRequests" },
  first: 2,
};
const STUB = {
  operation: "/gateway/task_create",
  when: { body: { "$.taskName": "stubbed" } },
  answer: { body: { requestId: "{{requestId}}", result: { callJobId: 9001 } } },
  note: "a field the vendor added last week",
};
const CALLBACK = { url: "http://127.0.0.1:9/callbacks", timeoutMs: 2000 };

/** JSON with comments and trailing commas, as a team would commit it. */
const CONFIG = `{
  "$schema": "./node_modules/ccemu/ccemu.schema.json",
  // how our tests run ccemu
  "clock": "manual",
  "seed": 42,
  "journalSize": 300, /* the flag --journal-size */
  "keys": [${JSON.stringify(KEY)}],
  "faults": [${JSON.stringify(FAULT)}],
  "stubs": [${JSON.stringify(STUB)}],
  "callbackUrls": [${JSON.stringify({ enterpriseId: "7000001", ...CALLBACK })},],
}
`;

async function control(url: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${url}/_emulator${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  assert.ok(response.ok, `${method} ${path}: ${response.status} ${text}`);
  return text;
}

Deno.test("a config file starts the same ccemu as its flags and control requests", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = join(dir, "team.json");
    await Deno.writeTextFile(file, CONFIG);
    await using fromFile = await startProcess(["--config", file]);
    await fromFile.until(/^config: /);
    assert.ok(
      fromFile.lines.includes(`config: ${file}: added 1 key, 1 fault rule, 1 stub, 1 callback URL`),
      fromFile.lines.join("\n"),
    );

    await using fromFlags = await startProcess(["--clock", "manual", "--seed", "42"]);
    await control(fromFlags.url, "POST", "/keys", KEY);
    await control(fromFlags.url, "POST", "/faults", FAULT);
    await control(fromFlags.url, "POST", "/stubs", STUB);
    await control(fromFlags.url, "PUT", "/outbound/callback-urls/7000001", CALLBACK);

    const [a, b] = await Promise.all(
      [fromFile, fromFlags].map((p) => control(p.url, "GET", "/snapshot")),
    );
    assert.equal(a, b);
    const health = JSON.parse(await control(fromFile.url, "GET", "/health"));
    assert.equal(health.journal.capacity, 300);
    assert.equal(health.seed, 42);

    // What the file added is where a reset goes back to, as fixtures are.
    await control(fromFile.url, "POST", "/reset");
    const keys = JSON.parse(await control(fromFile.url, "GET", "/keys")).keys;
    assert.ok(keys.some((k: { accessKeyId: string }) => k.accessKeyId === "team-key"));
    assert.equal(JSON.parse(await control(fromFile.url, "GET", "/faults")).rules.length, 1);
    assert.equal(JSON.parse(await control(fromFile.url, "GET", "/stubs")).stubs.length, 1);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("flags on the command line win; ./ccemu.json is read when present", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(
      join(dir, "ccemu.json"),
      '{ "seed": 5, "clock": "manual", "port": 1 }',
    );
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", MAIN, "start", "--port", "0", "--seed", "9", "--no-ui"],
      cwd: dir,
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (!text.includes("config: ")) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    try {
      const url = /^ccemu listening on (\S+)$/m.exec(text)![1];
      const health = await (await fetch(`${url}/_emulator/health`)).json();
      assert.equal(health.seed, 9); // the flag's
      assert.equal(health.clock.mode, "manual"); // the file's
      assert.match(text, /^config: ccemu\.json$/m);
    } finally {
      child.kill("SIGKILL");
      await child.status;
      await reader.cancel();
      await child.stderr.cancel();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a bad config file is refused with the JSON path and the key meant", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = join(dir, "ccemu.json");
    const refused = async (text: string) => {
      await Deno.writeTextFile(file, text);
      const result = await cli(["start", "--port", "0"], dir);
      assert.equal(result.code, 1, result.out);
      return result.err;
    };
    assert.match(
      await refused('{ "clok": "manual" }'),
      /^ccemu: ccemu\.json: \$\.clok: unknown key; did you mean `clock`\?$/m,
    );
    assert.match(
      await refused('{ "faults": [{ "operaton": "/gateway/task_list" }] }'),
      /ccemu\.json: \$\.faults\[0\]\.operaton: unknown key; did you mean `operation`\?/,
    );
    assert.match(
      await refused('{ "seed": "42" }'),
      /ccemu\.json: \$\.seed: Invalid input: expected number, received string/,
    );
    assert.match(
      await refused('{ "stubs": [{ "operation": "/gateway/task_create", "answr": {} }] }'),
      /ccemu\.json: \$\.stubs\[0\]\.answr: unknown key; did you mean `answer`\?/,
    );
    assert.match(
      await refused('{ "journalSize": 0 }'),
      /"journalSize" in ccemu\.json must be an integer from 1 to 1000000, got "0"/,
    );
    assert.match(
      await refused('{\n  "seed": ,\n}'),
      /ccemu\.json:2:11: not valid JSON with comments: ValueExpected/,
    );
    assert.match(
      await refused(
        '{ "keys": [{ "accessKeyId": "k", "accessKeySecret": "s", "enterpriseId": "1" }] }',
      ),
      /ccemu\.json: \$\.keys: enterpriseId: no enterprise 1/,
    );
    const missing = await cli(["start", "--config", join(dir, "nope.json")]);
    assert.equal(missing.code, 1);
    assert.match(missing.err, /cannot read config file .*nope\.json: no such file/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("ccemu.schema.json is the config file's schema, current, and served", async () => {
  const committed = await Deno.readTextFile(new URL("../../ccemu.schema.json", import.meta.url));
  assert.equal(
    committed,
    configJsonSchemaText(),
    "ccemu.schema.json is stale: run deno run -A tools/config-schema.ts",
  );
  const schema = JSON.parse(committed);
  for (
    const key of ["clock", "seed", "port", "journalSize", "keys", "faults", "stubs", "callbackUrls"]
  ) {
    assert.ok(schema.properties[key], key);
  }
  assert.equal(schema.additionalProperties, false);
  await using ccemu = await startProcess(["--no-ui"]);
  const served = await (await fetch(`${ccemu.url}/_emulator/schemas/config`)).json();
  assert.deepEqual(served, schema);
});
