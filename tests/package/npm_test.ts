/**
 * The npm package as a user gets it: `deno task pack` builds the tarball, which installs into an
 * empty Node project (npm only, Deno from the `deno` package); then, with the npm registry
 * unreachable and an empty Deno cache, `npx ccemu --version` answers and `npx ccemu start --port 0`
 * serves a signed call and the UI. The install needs npm's cache or the registry (CI has both).
 */
import assert from "node:assert/strict";
import { SignedClient } from "../../harness/client.ts";
import { VERSION } from "../../emulator/version.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

async function run(cmd: string, args: string[], cwd: string, env?: Record<string, string>) {
  const { code, stdout, stderr } = await new Deno.Command(cmd, {
    args,
    cwd,
    env,
    stdout: "piped",
    stderr: "piped",
  })
    .output();
  return { code, out: decode(stdout), err: decode(stderr) };
}

Deno.test("npm package: packs small, installs with npm alone, runs as npx ccemu", async () => {
  const packed = await run(Deno.execPath(), ["task", "pack"], ROOT);
  assert.equal(packed.code, 0, packed.err);
  const lines = packed.out.trim().split("\n");
  const tarball = lines.at(-1)!;
  assert.match(tarball, /ccemu-\d+\.\d+\.\d+\.tgz$/);
  const size = (await Deno.stat(tarball)).size;
  // About 410 KB for the program and UI, 30 KB for the Node API and its declarations (444 KB
  // with the Overview, HAR export and docked log; 472 KB with journal verify and the control
  // answers typed; 480 KB with exec, wait, the config file and its JSON Schema; 517 KB with stubs,
  // crawl, chat, load and compare): a guard against what should not be in it.
  assert.ok(size < 540_000, `the tarball holds ${size} bytes`);
  // The program, bundled with its runtime dependencies and none of the tests' (playwright,
  // fast-check), and the prebuilt UI.
  const listing = await run("tar", ["-tzf", tarball], ROOT);
  assert.doesNotMatch(listing.out, /\/tests\/|\/bench|\/examples\/|_test\.ts/);
  assert.deepEqual(
    listing.out.trim().split("\n").sort(),
    [
      "package/LICENSE",
      "package/README.md",
      "package/app/ccemu.js",
      "package/app/deno.json",
      "package/app/ui.js",
      "package/bin/ccemu.mjs",
      "package/ccemu.schema.json",
      "package/lib/index.js",
      "package/package.json",
      "package/types/control.d.ts",
      "package/types/index.d.ts",
    ],
  );
  const program = await run("tar", ["-xzOf", tarball, "package/app/ccemu.js"], ROOT);
  assert.doesNotMatch(program.out, /playwright|fast-check/);

  const project = await Deno.makeTempDir({ prefix: "ccemu-npm-" });
  try {
    await Deno.writeTextFile(`${project}/package.json`, '{"name":"consumer","private":true}\n');
    const installed = await run("npm", [
      "install",
      "--no-audit",
      "--no-fund",
      "--prefer-offline",
      tarball,
    ], project);
    assert.equal(installed.code, 0, installed.err);

    // Nothing to fetch at run time: a registry on a closed port and a Deno cache with nothing in it.
    const offline = {
      NPM_CONFIG_REGISTRY: "http://127.0.0.1:9/",
      DENO_DIR: `${project}/empty-deno-cache`,
    };
    const version = await run("npx", ["--no-install", "ccemu", "--version"], project, offline);
    assert.equal(version.code, 0, version.err);
    assert.equal(version.out.trim(), `ccemu ${VERSION}`);

    // Started as a Node user would, in a process group of its own so that it stops as a whole.
    const child = new Deno.Command("npx", {
      args: ["--no-install", "ccemu", "start", "--port", "0"],
      cwd: project,
      env: offline,
      stdout: "piped",
      stderr: "piped",
      detached: true,
    }).spawn();
    const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    try {
      let text = "";
      while (!text.includes("\n")) {
        const { value, done } = await reader.read();
        if (done) break;
        text += value;
      }
      const url = /^ccemu listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(text)?.[1];
      assert.ok(url, text);
      const res = await new SignedClient({ url }).post("/gateway/robot_list", { robotStatus: 1 });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal((res.body.result as { list: unknown[] }).list.length, 2);
      const ui = await fetch(`${url}/ui.js`);
      assert.equal(ui.status, 200);
      assert.match(await ui.text(), /ccemu-app/);
    } finally {
      Deno.kill(-child.pid, "SIGTERM");
      await child.status;
      await reader.cancel();
      await child.stderr.cancel();
    }
  } finally {
    await Deno.remove(project, { recursive: true });
  }
});
