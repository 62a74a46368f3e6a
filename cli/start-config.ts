/**
 * What `ccemu start` and `ccemu exec` start: the command line's flags over a config file's (the
 * `--config` named, else `./ccemu.json` when present) over `defaults`.
 */
import {
  ALLOW_HOST_ENV,
  commandLineConfigFile,
  type Config,
  ConfigError,
  type FlagValues,
  parseConfig,
} from "../emulator/core/config.ts";
import {
  applyConfigSections,
  type ConfigFile,
  ConfigFileError,
  findConfigFile,
  readConfigFile,
} from "../emulator/config-file/read.ts";
import type { ServerOptions } from "../emulator/server.ts";
import { UsageError } from "./command.ts";

export interface StartConfig {
  config: Config;
  /** The config file read, if any. */
  file?: ConfigFile;
}

/** `CCEMU_ALLOW_HOST`, when ccemu may read it (a start without --allow-env does not look). */
function allowHostEnv(): string | undefined {
  const { state } = Deno.permissions.querySync({ name: "env", variable: ALLOW_HOST_ENV });
  return state === "granted" ? Deno.env.get(ALLOW_HOST_ENV) : undefined;
}

/**
 * The config to start with, or "help". A bad flag is a UsageError (status 2); a config file that
 * cannot be read or is not valid, a ConfigFileError (status 1, its message names the place).
 */
export async function startConfig(
  args: string[],
  defaults: FlagValues = {},
): Promise<StartConfig | "help"> {
  const env = { [ALLOW_HOST_ENV]: allowHostEnv() };
  try {
    const line = commandLineConfigFile(args);
    if ("help" in line) return "help";
    const path = await findConfigFile(line.config);
    const file = path === undefined ? undefined : await readConfigFile(path);
    const values = { ...defaults, ...file?.flags.values };
    const config = parseConfig(args, env, { name: file?.path ?? "(defaults)", values });
    if (config === "help") return "help";
    return { config, file };
  } catch (error) {
    if (error instanceof ConfigError) {
      // A value the file gave is the file's mistake, not the command line's.
      if (error.inFile) throw new ConfigFileError(error.message);
      throw new UsageError(error.message);
    }
    throw error;
  }
}

/** The server option that applies the file's sections; `added` hears what they added. */
export function applying(
  file: ConfigFile | undefined,
  added: (summary: string[]) => void,
): Pick<ServerOptions, "prepare"> {
  if (!file) return {};
  return { prepare: (running) => added(applyConfigSections(file, running)) };
}
