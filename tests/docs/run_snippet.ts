/**
 * Runs one marked block of the docs as a reader would: in a fresh folder, with the files of
 * docs/examples/ beside it, against a fresh ccemu started from this clone on a free port. The
 * block's `127.0.0.1:8686` and `localhost:8686` (the address the docs write) become that ccemu's
 * address, which is also in `CCEMU_URL`.
 */
import { type Block, option, ROOT, where } from "./snippets.ts";
import { parseConfig } from "../../emulator/core/config.ts";
import { startServer } from "../../emulator/server.ts";

const EXAMPLES = `${ROOT}docs/examples/`;
const TIMEOUT_MS = 180_000; // a cold Deno cache (a fresh CI machine) fetches packages on the first start

export interface Outcome {
  block: Block;
  ok: boolean;
  ms: number;
  output: string;
}

/**
 * A fresh ccemu of this clone on a free port, as `ccemu start --port 0 FLAGS` serves it (in this
 * process: a snippet starts in milliseconds rather than a process's seconds).
 */
async function startCcemu(flags: string) {
  const config = parseConfig(["--port", "0", ...flags.split(/\s+/).filter(Boolean)]);
  if (config === "help") throw new Error(`not flags of ccemu start: ${flags}`);
  return await startServer(config, undefined, { instances: true });
}

/**
 * A free port below the kernel's ephemeral range (32768 and up), for a block that starts its own
 * ccemu: a port 0 picked and let go could be handed out again to any `--port 0` listener of the
 * blocks running beside it before the block binds it.
 */
let nextPort = 20000 + (Deno.pid % 1000) * 10;
function freePort(): number {
  for (; nextPort < 32768; nextPort++) {
    try {
      Deno.listen({ hostname: "127.0.0.1", port: nextPort }).close();
      return nextPort++;
    } catch { /* taken: the next */ }
  }
  throw new Error("no free port below 32768");
}

async function copyExamples(to: string) {
  try {
    for await (const entry of Deno.readDir(EXAMPLES)) {
      if (entry.isFile) await Deno.copyFile(`${EXAMPLES}${entry.name}`, `${to}/${entry.name}`);
    }
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
}

/**
 * Runs a command in a process group of its own (setsid), so that whatever a block leaves running in
 * the background (a ccemu it started, when it failed before stopping it) is stopped with it.
 */
async function exec(cmd: string, args: string[], cwd: string, env: Record<string, string>) {
  const child = new Deno.Command("setsid", {
    args: [cmd, ...args],
    cwd,
    env,
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const killGroup = () => {
    try {
      Deno.kill(-child.pid, "SIGKILL");
    } catch {
      // The group is gone already.
    }
  };
  const stdout = new Response(child.stdout).text();
  const stderr = new Response(child.stderr).text();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    killGroup();
  }, TIMEOUT_MS);
  const { code } = await child.status;
  clearTimeout(timer);
  killGroup();
  const output = (await stdout) + (await stderr);
  const late = timedOut ? `\n(stopped after ${TIMEOUT_MS / 1000} s)` : "";
  return { code: timedOut ? 1 : code, output: output + late };
}

/** A python block saved under such a name is a pytest test file, run with pytest. */
const PYTEST_FILE = /(^|\/)(test_[^/]*|[^/]*_test)\.py$/;

/** The command that runs a block saved as `file` (`python`: a venv's, with the ccemu wheel). */
function command(block: Block, file: string, python = "python3"): [string, string[]] {
  if (block.marker?.kind !== "run") throw new Error(`${where(block)} is not a run block`);
  switch (block.marker.runner) {
    case "sh":
      return ["bash", ["-e", "-o", "pipefail", file]];
    case "node":
      // A TypeScript test is Vitest's (installed beside the package); JavaScript is node:test's.
      return file.endsWith(".ts")
        ? ["npx", ["--no-install", "vitest", "run", file]]
        : ["node", ["--test", file]];
    case "python":
      return PYTEST_FILE.test(file)
        ? [python, ["-m", "pytest", "-q", "-p", "no:cacheprovider", file]]
        : [python, [file]];
    default:
      throw new Error(`${where(block)}: deno blocks run through deno test --doc`);
  }
}

const DEFAULT_NAME = { sh: "snippet.sh", node: "snippet.test.mjs", python: "snippet.py" };

/**
 * Runs a sh, node or python block. `nodeProject`: a folder with the packed npm package installed,
 * in which node blocks get their fresh folder (so that `import … from "ccemu"` resolves).
 * `python`: the interpreter of a venv with the ccemu wheel (tests/package/python_env.ts), whose
 * pytest plugin makes its instances in the block's ccemu (`CCEMU_URL`).
 */
export async function runBlock(
  block: Block,
  nodeProject?: string,
  python?: string,
): Promise<Outcome> {
  const started = performance.now();
  if (block.marker?.kind !== "run") throw new Error(`${where(block)} is not a run block`);
  const runner = block.marker.runner as keyof typeof DEFAULT_NAME;
  const base = await Deno.makeTempDir({ prefix: "ccemu-snippet-" });
  const ccemu = option(block, "no ccemu") === undefined
    ? await startCcemu(option(block, "ccemu") ?? "")
    : undefined;
  try {
    // A fresh folder `project/` whose sibling `ccemu/` is this clone, as the guides lay it out.
    await Deno.symlink(ROOT.replace(/\/$/, ""), `${base}/ccemu`);
    const fresh = runner === "node"
      ? await Deno.makeTempDir({ dir: nodeProject, prefix: "snippet-" })
      : `${base}/project`;
    if (runner !== "node") await Deno.mkdir(fresh);
    await copyExamples(fresh);
    // With a ccemu, the docs' address becomes its; a block that starts its own gets a free port
    // in place of 8686.
    const code = ccemu
      ? block.code.replaceAll(/(127\.0\.0\.1|localhost):8686/g, new URL(ccemu.url).host)
      : block.code.replaceAll(/\b8686\b/g, String(freePort()));
    const name = option(block, "file") || DEFAULT_NAME[runner];
    await Deno.writeTextFile(`${fresh}/${name}`, code);
    const cwd = option(block, "in the clone") === undefined ? fresh : ROOT;
    const [cmd, args] = command(block, `${fresh}/${name}`, python);
    const env: Record<string, string> = { NO_COLOR: "1" };
    if (ccemu) env.CCEMU_URL = ccemu.url;
    const { code: status, output } = await exec(cmd, args, cwd, env);
    if (runner === "node") await Deno.remove(fresh, { recursive: true });
    // A test file that ran no test passes node --test, Vitest and pytest alike (pytest: when its
    // tests all skip): ask for one that passed.
    const ran = runner === "node"
      ? /^(# pass [1-9]|.*Tests\s+[1-9]\d* passed)/m.test(output)
      : runner !== "python" || !PYTEST_FILE.test(name) || /\b[1-9]\d* passed/.test(output);
    return { block, ok: status === 0 && ran, ms: performance.now() - started, output };
  } finally {
    await ccemu?.close();
    await Deno.remove(base, { recursive: true });
  }
}

/** Runs `fn` over `items`, `limit` at a time, answering the results in order. */
export async function pool<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>) {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
