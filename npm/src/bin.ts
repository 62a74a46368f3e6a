#!/usr/bin/env node
// The `ccemu` command of the npm package: runs ccemu (a Deno program bundled with its dependencies
// into ../app/ccemu.js, so nothing is fetched at run time) with the Deno that the `deno` npm
// package brings, passing the arguments, the exit status and stop signals.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const app = join(dirname(fileURLToPath(import.meta.url)), "..", "app");

/** The deno executable: placed by the `deno` package's install step, or placed now. */
function deno() {
  const dir = dirname(require.resolve("deno/package.json"));
  const exe = join(dir, process.platform === "win32" ? "deno.exe" : "deno");
  return existsSync(exe) ? exe : require("deno/install_api.cjs").runInstall();
}

/** The V8 flags `deno task start` gives ccemu (the README says why, under "Run it"). */
const startTask = JSON.parse(readFileSync(join(app, "deno.json"), "utf8")).tasks.start;
const v8Flags = startTask.match(/--v8-flags=\S+/)[0];

const child = spawn(
  deno(),
  [
    "run",
    v8Flags,
    "--allow-all",
    "--quiet",
    "--no-config",
    "--no-lock",
    "--node-modules-dir=none",
    join(app, "ccemu.js"),
    ...process.argv.slice(2),
  ],
  { stdio: "inherit" },
);
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
