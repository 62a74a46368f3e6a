/**
 * What every subcommand of the `ccemu` command shares: its name, its usage text, and a run that
 * answers the exit status (its one-line summary is cli/mod.ts's, which lists the commands). Flags are parsed with `node:util` parseArgs in one
 * style everywhere; `--help` prints the usage and exits 0, a bad flag prints it and exits 2.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";

/** Exit statuses of every subcommand. */
export const EXIT = {
  /** Done; for checks, nothing failed. */
  ok: 0,
  /** It ran and something failed (a scenario, a check, start-up). */
  failed: 1,
  /** The command line was wrong; the usage was printed. */
  usage: 2,
} as const;

export interface Command {
  name: string;
  usage: string;
  run(args: string[]): Promise<number>;
}

/** A command-line mistake: printed with the usage, exit status 2. */
export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig["options"]>;

/**
 * Parses flags (a `--` right after the subcommand, as `deno task x -- …` passes it, is skipped);
 * answers undefined after printing the usage for `--help`, and throws UsageError on a bad flag.
 */
export function parseFlags<O extends Options>(
  args: string[],
  options: O,
  usage: string,
  positionals = false,
) {
  try {
    const parsed = parseArgs({
      args: args[0] === "--" ? args.slice(1) : args,
      options: { ...options, help: { type: "boolean", short: "h" } },
      allowPositionals: positionals,
      strict: true,
    });
    if ((parsed.values as { help?: boolean }).help) {
      console.log(usage);
      return undefined;
    }
    return parsed;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
