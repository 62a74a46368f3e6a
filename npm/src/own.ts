/**
 * `startCcemu({ process: "own" })`: a ccemu process for one emulator, which is the process itself
 * (so every `ccemu start` flag applies, `--port` and `--snapshot` included), stopped with it.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { InstanceRequest } from "./request.ts";
import { control } from "./control.ts";
import type { InstanceInfo } from "./instance.ts";
import { CcemuProcess } from "./process.ts";

interface Key {
  accessKeyId: string;
  accessKeySecret: string;
  enterpriseId: string;
}

/** The flags that say what `request` says, then `args` (so that the caller's flags win). */
function flags(request: InstanceRequest, fixtures: string | undefined, args: string[]): string[] {
  const { clock, clockStart, seed, config } = request;
  return [
    "--port",
    "0",
    // The file as ccemu start reads it: given here, its flags stay under these.
    ...(config === undefined ? [] : ["--config", config.path]),
    ...(clock === undefined ? [] : ["--clock", clock]),
    ...(seed === undefined ? [] : ["--seed", String(seed)]),
    ...(clockStart === undefined ? [] : ["--clock-start", String(clockStart)]),
    ...(fixtures === undefined ? [] : ["--fixtures", fixtures]),
    ...args,
  ];
}

/** Starts the process; answers what an instance's creation would, and the process. */
export async function startOwnProcess(
  request: InstanceRequest,
  args: string[],
): Promise<{ ccemu: CcemuProcess; info: InstanceInfo }> {
  // A fixture document becomes a file for the flag; ccemu reads it once, at start.
  const dir = typeof request.fixtures === "object"
    ? await mkdtemp(join(tmpdir(), "ccemu-fixtures-"))
    : undefined;
  try {
    let fixtures = request.fixtures as string | undefined;
    if (dir) {
      fixtures = join(dir, "fixtures.json");
      await writeFile(fixtures, JSON.stringify(request.fixtures));
    }
    const ccemu = await CcemuProcess.start(flags(request, fixtures, args));
    try {
      // The key the start-up lines show: the fixtures' first, read where it is machine-readable.
      const snapshot = await control<{ state: { accessKeys: Key[] } }>(
        ccemu.url,
        "GET",
        "/_emulator/snapshot",
      );
      const key = snapshot.state.accessKeys[0];
      return { ccemu, info: { id: "", url: ccemu.url, ...key } };
    } catch (error) {
      await ccemu.stop();
      throw error;
    }
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}
