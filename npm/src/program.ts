/**
 * How the npm package runs ccemu: the program bundled into ../app/ccemu.js (nothing fetched at run
 * time), with the Deno the `deno` npm package brings and the V8 flags of `deno task start`. Shared
 * by the `ccemu` command (bin.ts) and the Node API (index.ts); both are bundled one folder below
 * the package's root, so ../app is the same folder from either.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const app = join(dirname(fileURLToPath(import.meta.url)), "..", "app");

/** The deno executable: placed by the `deno` package's install step, or placed now. */
function deno(): string {
  const dir = dirname(require.resolve("deno/package.json"));
  const exe = join(dir, process.platform === "win32" ? "deno.exe" : "deno");
  return existsSync(exe) ? exe : require("deno/install_api.cjs").runInstall();
}

/** The V8 flags `deno task start` gives ccemu (docs/commands.md says why, under "Starting and stopping"). */
function v8Flags(): string {
  const startTask = JSON.parse(readFileSync(join(app, "deno.json"), "utf8")).tasks.start;
  return startTask.match(/--v8-flags=\S+/)[0];
}

/** The executable and arguments that run `ccemu ARGS`. */
export function ccemuCommand(args: string[]): { command: string; args: string[] } {
  return {
    command: deno(),
    args: [
      "run",
      v8Flags(),
      "--allow-all",
      "--quiet",
      "--no-config",
      "--no-lock",
      "--node-modules-dir=none",
      join(app, "ccemu.js"),
      ...args,
    ],
  };
}
