/** What `startCcemu()` options ask for, with their defaults, in the form ccemu takes it. */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { CcemuOptions, InstanceBody } from "../types/index.d.ts";

/** The emulator to start, as `POST /_emulator/instances` takes it, with the defaults filled in. */
export type InstanceRequest = InstanceBody;

/**
 * Defaults as the Deno harness's (`startEmulator`): a manual clock and seed 1, so runs repeat;
 * with a config file, the file's (over ccemu's own), and only the options given win over it.
 */
export function instanceRequest(options: CcemuOptions): InstanceRequest {
  if (options.config !== undefined) {
    const path = resolve(options.config);
    let text;
    try {
      text = readFileSync(path, "utf8");
    } catch (error) {
      throw new Error(`startCcemu: cannot read config file ${path}: ${(error as Error).message}`);
    }
    const { fixtures, clock, clockStart, seed } = options;
    return {
      fixtures: typeof fixtures === "string" ? resolve(fixtures) : fixtures,
      clock,
      clockStart,
      seed,
      // ccemu reads the text; the path names it in messages and anchors its relative paths.
      config: { path, text },
    };
  }
  const { fixtures, clock = "manual", clockStart, seed = 1 } = options;
  return {
    // A path is ccemu's to read: resolved here, against this process's working directory.
    fixtures: typeof fixtures === "string" ? resolve(fixtures) : fixtures,
    clock,
    clockStart,
    seed,
  };
}
