#!/usr/bin/env node
// The `ccemu` command of the npm package: runs ccemu (program.ts says how) with the arguments,
// passing on the exit status and stop signals.
import { spawn } from "node:child_process";
import process from "node:process";
import { ccemuCommand } from "./program.ts";

const { command, args } = ccemuCommand(process.argv.slice(2));
const child = spawn(command, args, { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
