/**
 * The `ccemu` command (`deno task start` runs `main.ts start`). See `cli/mod.ts` for the
 * subcommands; `ccemu --help` lists them.
 * @module
 */
import { runCli } from "./cli/mod.ts";

if (import.meta.main) Deno.exit(await runCli(Deno.args));
