/** Starts one emulator behind `Deno.serve`: what `main.ts` and the harness both run. */
import { type Areas, createApp } from "./app.ts";
import type { Config } from "./core/config.ts";
import { Emulator } from "./core/emulator.ts";
import { serializeSnapshot } from "./core/snapshot.ts";
import { loadScenarios } from "./scenarios/store.ts";
import { loadFixtures, STATE, type State } from "./state.ts";

export interface RunningEmulator {
  emulator: Emulator<State>;
  areas: Areas;
  /** `http://HOST:PORT`, no trailing slash. */
  url: string;
  /** Stops serving, ends live streams, and exports `--snapshot` when one was named. */
  close(): Promise<void>;
}

async function readSnapshot(path: string): Promise<unknown | undefined> {
  try {
    return JSON.parse(await Deno.readTextFile(path));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw new Error(`cannot import snapshot ${path}: ${(error as Error).message}`);
  }
}

export async function startServer(config: Config, fixtures?: State): Promise<RunningEmulator> {
  const emulator = new Emulator(config, STATE, fixtures ?? await loadFixtures(config.fixtures));
  const { hono, areas } = createApp(emulator, await loadScenarios(config.scenarios));
  if (config.snapshot) {
    const snapshot = await readSnapshot(config.snapshot);
    if (snapshot !== undefined) {
      try {
        emulator.importSnapshot(snapshot);
      } catch (error) {
        throw new Error(`cannot import snapshot ${config.snapshot}: ${(error as Error).message}`);
      }
    }
  }
  const server = Deno.serve(
    { hostname: config.host, port: config.port, onListen: () => {} },
    (request, info) => hono.fetch(request, info),
  );
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  emulator.selfOrigin = `http://${host}:${server.addr.port}`;
  let closed: Promise<void> | undefined;
  return {
    emulator,
    areas,
    url: emulator.selfOrigin,
    close: () =>
      closed ??= (async () => {
        emulator.close();
        await server.shutdown();
        if (config.snapshot) {
          await Deno.writeTextFile(
            config.snapshot,
            serializeSnapshot(emulator.snapshotSchema, emulator.exportSnapshot()),
          );
        }
      })(),
  };
}
