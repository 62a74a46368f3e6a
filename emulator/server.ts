/** Starts one emulator behind `Deno.serve`: what `main.ts` and the harness both run. */
import { type Areas, createApp } from "./app.ts";
import type { Area } from "./area.ts";
import type { Config } from "./core/config.ts";
import { Emulator } from "./core/emulator.ts";
import { parseJson } from "./core/json.ts";
import { writeFileAtomically } from "./core/atomic-file.ts";
import { serializeSnapshot } from "./core/snapshot.ts";
import { loadScenarios } from "./scenarios/store.ts";
import { loadFixtures, STATE, type State } from "./state.ts";

export interface RunningEmulator {
  emulator: Emulator<State>;
  areas: Areas;
  /** `http://HOST:PORT`, no trailing slash. */
  url: string;
  /** The `--snapshot` file the state came from, when one was imported at start. */
  restoredFrom?: string;
  /** Stops serving, ends live streams, and exports `--snapshot` when one was named. */
  close(): Promise<void>;
}

async function readSnapshot(path: string): Promise<unknown | undefined> {
  try {
    return parseJson(await Deno.readTextFile(path));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw new Error(`cannot import snapshot ${path}: ${(error as Error).message}`);
  }
}

/** How long shutdown waits for requests still under way once pushes are cut off. */
const SHUTDOWN_GRACE_MS = 1500;

/**
 * Starts serving. `log` hears what an operator should see (a snapshot imported or written); the
 * harness passes none.
 */
export async function startServer(
  config: Config,
  fixtures?: State,
  log: (line: string) => void = () => {},
): Promise<RunningEmulator> {
  const emulator = new Emulator(config, STATE, fixtures ?? await loadFixtures(config.fixtures));
  const app = createApp(emulator, await loadScenarios(config.scenarios));
  const { areas } = app;
  let restoredFrom: string | undefined;
  if (config.snapshot) {
    const snapshot = await readSnapshot(config.snapshot);
    if (snapshot !== undefined) {
      try {
        emulator.importSnapshot(snapshot);
      } catch (error) {
        throw new Error(`cannot import snapshot ${config.snapshot}: ${(error as Error).message}`);
      }
      restoredFrom = config.snapshot;
      log(
        `snapshot imported from ${config.snapshot} (clock ${emulator.clock.status().iso}, ${emulator.media.size} stored files)`,
      );
    }
  }
  const server = Deno.serve(
    { hostname: config.host, port: config.port, onListen: () => {} },
    (request, info) => app.fetch(request, info),
  );
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  emulator.selfOrigin = `http://${host}:${server.addr.port}`;
  let closed: Promise<void> | undefined;
  return {
    emulator,
    areas,
    url: emulator.selfOrigin,
    restoredFrom,
    close: () =>
      closed ??= (async () => {
        // Pushes in flight are cut off first, so the requests waiting on them answer; a request
        // that still hangs does not hold the exit (nor the snapshot) for more than the grace.
        for (const area of Object.values(areas) as Area[]) area.close?.();
        emulator.close();
        let grace: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([
          server.shutdown(),
          new Promise((resolve) => (grace = setTimeout(resolve, SHUTDOWN_GRACE_MS))),
        ]);
        clearTimeout(grace);
        if (config.snapshot) {
          const text = serializeSnapshot(emulator.snapshotSchema, emulator.exportSnapshot());
          const bytes = await writeFileAtomically(config.snapshot, text);
          log(`snapshot written to ${config.snapshot} (${bytes} bytes)`);
        }
      })(),
  };
}
