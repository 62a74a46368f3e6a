/**
 * The npm package's Node API as a Node user gets it: the tarball installed in an empty Node
 * project with Vitest 3 and TypeScript beside it, then, offline, the node:test and Vitest files of
 * examples/node-consumer/ (every member of the API) pass, tsc checks the Vitest file against the
 * package's declarations, and no ccemu process outlives the Node process that started it: killed
 * with SIGKILL, ended without a stop(), or ended by an uncaught error.
 */
import assert from "node:assert/strict";
import { basename } from "node:path";
import { copy } from "../../tools/copy.ts";
import { nodeProject, offline, packTarball, run } from "./node_project.ts";

const EXAMPLE = new URL("../../examples/node-consumer/", import.meta.url).pathname;
const DEV_DEPENDENCIES = ["vitest@3.2.7", "typescript@5.9.3", "@types/node@20.19.43"];
const TSCONFIG = {
  compilerOptions: {
    target: "es2022",
    module: "nodenext",
    moduleResolution: "nodenext",
    strict: true,
    noEmit: true,
    types: ["node"],
  },
  include: ["vitest/*.ts"],
};

/** The ccemu processes started from `project`'s package: their command line names its program. */
async function ccemuPids(project: string): Promise<number[]> {
  const program = `${basename(project)}/node_modules/ccemu/app/ccemu.js`;
  const pids: number[] = [];
  for await (const entry of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    const cmdline = await Deno.readTextFile(`/proc/${entry.name}/cmdline`).catch(() => "");
    if (cmdline.includes(program)) pids.push(Number(entry.name));
  }
  return pids;
}

/** Whether anything still answers at `url`. */
async function answers(url: string): Promise<boolean> {
  try {
    await (await fetch(`${url}/_emulator/health`)).body?.cancel();
    return true;
  } catch {
    return false;
  }
}

/** Waits up to five seconds for every ccemu of `project` to be gone and `urls` to answer no more. */
async function assertAllGone(project: string, urls: string[]): Promise<void> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const left = await ccemuPids(project);
    const serving = (await Promise.all(urls.map(answers))).some(Boolean);
    if (left.length === 0 && !serving) return;
    if (Date.now() > deadline) {
      assert.fail(`still running after 5 s: pids ${left.join(", ")}; serving: ${serving}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first line of `stream`; the rest is read and dropped. */
async function firstLine(stream: ReadableStream<Uint8Array<ArrayBuffer>>): Promise<string> {
  const reader = stream.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (!text.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) break;
    text += value;
  }
  await reader.cancel();
  return text.split("\n")[0];
}

/** A Node script that starts a shared and an own emulator, prints their URLs, then `ending`. */
const script = (ending: string) => `
import { startCcemu } from "ccemu";
const shared = await startCcemu();
const own = await startCcemu({ process: "own" });
console.log(JSON.stringify([shared.url, own.url]));
${ending}
`;

Deno.test("npm package: the Node API, from the tarball in an empty Node project", async (t) => {
  const tarball = await packTarball();
  const project = await nodeProject(tarball, DEV_DEPENDENCIES);
  const env = offline(project);
  try {
    for (const file of ["node-test", "vitest", "my-fixtures.json"]) {
      await copy(`${EXAMPLE}${file}`, `${project}/${file}`);
    }
    await Deno.writeTextFile(`${project}/tsconfig.json`, JSON.stringify(TSCONFIG));

    await t.step("package.json: exports with types, the bin kept, Node 20 and later", async () => {
      const manifest = JSON.parse(
        await Deno.readTextFile(`${project}/node_modules/ccemu/package.json`),
      );
      assert.deepEqual(manifest.exports["."], {
        types: "./types/index.d.ts",
        default: "./lib/index.js",
      });
      assert.equal(manifest.bin.ccemu, "bin/ccemu.mjs");
      assert.equal(manifest.engines.node, ">=20");
      assert.deepEqual(Object.keys(manifest.dependencies), ["deno"]);
    });

    await t.step("node:test: every member of the API", async () => {
      const tested = await run("node", ["--test", "node-test/"], project, env);
      assert.equal(tested.code, 0, tested.out + tested.err);
      assert.match(tested.out, /^# pass 9$/m);
      assert.match(tested.out, /^# fail 0$/m);
    });

    await t.step("Vitest 3: every member of the API, in TypeScript", async () => {
      const tested = await run("npx", ["--no-install", "vitest", "run", "vitest/"], project, env);
      assert.equal(tested.code, 0, tested.out + tested.err);
      assert.match(tested.out, /Tests\s+10 passed \(10\)/);
    });

    await t.step("tsc: the package's declarations type the Vitest file, and refuse", async () => {
      // What ccemu's OpenAPI document does not allow is an error: tsc fails on an expected error
      // that does not come, so each call below must be refused for the check to pass.
      await Deno.writeTextFile(
        `${project}/vitest/refused.ts`,
        `import { startCcemu } from "ccemu";
const ccemu = await startCcemu();
// @ts-expect-error robotStatus is 0, 1 or 2
await ccemu.call("POST", "/gateway/robot_list", { robotStatus: 7 });
// @ts-expect-error list_directory_tree needs its type
await ccemu.call("GET", "/aikb/list_directory_tree", { repositoryId: 101 });
// @ts-expect-error not a fault effect
await ccemu.faults.add({ effect: { type: "nonsense" } });
// @ts-expect-error clock is real or manual
await startCcemu({ clock: "virtual" });
// @ts-expect-error a count is a number
await ccemu.verify({ match: { operation: "/gateway/task_create" }, count: { exactly: "1" } });
// @ts-expect-error a journal entry's status is a number
const status: string = (await ccemu.journal())[0].response.status;
`,
      );
      const checked = await run("npx", ["--no-install", "tsc", "-p", "."], project, env);
      assert.equal(checked.code, 0, checked.out + checked.err);
    });

    await t.step("no ccemu outlives a Node process killed with SIGKILL", async () => {
      const child = new Deno.Command("node", {
        args: ["--input-type=module", "-e", script("setInterval(() => {}, 1000);")],
        cwd: project,
        env,
        stdout: "piped",
        stderr: "piped",
      }).spawn();
      try {
        const urls: string[] = JSON.parse(await firstLine(child.stdout));
        assert.equal((await ccemuPids(project)).length, 2);
        child.kill("SIGKILL");
        await child.status;
        await assertAllGone(project, urls);
      } finally {
        await child.stderr.cancel();
      }
    });

    await t.step("the shared process stops a moment after the last stop()", async () => {
      const child = new Deno.Command("node", {
        args: [
          "--input-type=module",
          "-e",
          script("await shared.stop(); await own.stop(); setInterval(() => {}, 1000);"),
        ],
        cwd: project,
        env,
        stdout: "piped",
        stderr: "piped",
      }).spawn();
      try {
        const urls = JSON.parse(await firstLine(child.stdout));
        await assertAllGone(project, urls); // while Node still runs
      } finally {
        child.kill("SIGKILL");
        await child.status;
        await child.stderr.cancel();
      }
    });

    await t.step(
      "no ccemu outlives Node ending without stop(), or on an uncaught error",
      async () => {
        // An idle ccemu does not keep Node running: the script ends once it has printed.
        const ended = await run("node", ["--input-type=module", "-e", script("")], project, env);
        assert.equal(ended.code, 0, ended.err);
        await assertAllGone(project, JSON.parse(ended.out));

        const thrown = await run(
          "node",
          ["--input-type=module", "-e", script('throw new Error("a test failed");')],
          project,
          env,
        );
        assert.equal(thrown.code, 1);
        assert.match(thrown.err, /a test failed/);
        await assertAllGone(project, JSON.parse(thrown.out));
      },
    );

    await t.step("startCcemu({ config }): a ccemu.json's flags, keys and fault rules", async () => {
      await Deno.writeTextFile(`${project}/ccemu.json`, CONFIG_FILE);
      const ran = await run("node", ["--input-type=module", "-e", CONFIG_SCRIPT], project, env);
      assert.equal(ran.code, 0, ran.err);
      const [shared, own] = JSON.parse(ran.out);
      for (const seen of [shared, own]) {
        assert.equal(seen.seed, 21);
        assert.equal(seen.clock, "manual");
        assert.ok(seen.keys.includes("node-key"), JSON.stringify(seen));
        assert.equal(seen.status, 503); // the file's fault rule
      }
      await Deno.remove(`${project}/ccemu.json`);
    });
  } finally {
    await Deno.remove(project, { recursive: true });
  }
});

/** A team's ccemu.json, with a comment, as the Node API reads it. */
const CONFIG_FILE = `{
  // our ccemu
  "clock": "manual",
  "seed": 21,
  "keys": [{ "accessKeyId": "node-key", "accessKeySecret": "node-secret", "enterpriseId": "7000001" }],
  "faults": [{ "operation": "/gateway/robot_list", "effect": { "type": "gateway", "status": 503 } }]
}`;

/** Starts a shared and an own emulator from ccemu.json and prints what each shows. */
const CONFIG_SCRIPT = `
import { startCcemu } from "ccemu";
const seen = [];
for (const options of [{ config: "ccemu.json" }, { config: "ccemu.json", process: "own" }]) {
  const ccemu = await startCcemu(options);
  const health = await (await fetch(ccemu.url + "/_emulator/health")).json();
  const { keys } = await (await fetch(ccemu.url + "/_emulator/keys")).json();
  const { status } = await ccemu.call("POST", "/gateway/robot_list", { robotStatus: 1 });
  seen.push({
    seed: health.seed,
    clock: health.clock.mode,
    keys: keys.map((k) => k.accessKeyId),
    status,
  });
  await ccemu.stop();
}
console.log(JSON.stringify(seen));
`;
