/** What `startCcemu()` options ask for, with their defaults, in the form ccemu takes it. */
import { resolve } from "node:path";
import type { CcemuOptions, InstanceBody } from "../types/index.d.ts";

/** The emulator to start, as `POST /_emulator/instances` takes it, with the defaults filled in. */
export type InstanceRequest = InstanceBody & Required<Pick<InstanceBody, "clock" | "seed">>;

/** Defaults as the Deno harness's (`startEmulator`): a manual clock and seed 1, so runs repeat. */
export function instanceRequest(options: CcemuOptions): InstanceRequest {
  const { fixtures, clock = "manual", clockStart, seed = 1 } = options;
  return {
    // A path is ccemu's to read: resolved here, against this process's working directory.
    fixtures: typeof fixtures === "string" ? resolve(fixtures) : fixtures,
    clock,
    clockStart,
    seed,
  };
}
