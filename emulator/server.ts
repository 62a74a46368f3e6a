/**
 * Starts one emulator behind `node:http`: what `main.ts` and the harness both run.
 *
 * Not `Deno.serve`: Deno's HTTP/1 parser answers a bare 400 to any request that offers an h2c
 * upgrade (`Connection: Upgrade, HTTP2-Settings`, `Upgrade: h2c`) and has a `Content-Length`,
 * before the handler sees it, and the JDK's own `HttpClient` sends exactly that on every new
 * connection. `node:http` ignores the offer and answers HTTP/1.1, as RFC 9110 §7.8 lets a server
 * do. It costs throughput (docs/performance.md has the figures).
 */
import type { Server } from "node:http";
import { type Areas, createApp } from "./app.ts";
import type { Area } from "./area.ts";
import type { Config } from "./core/config.ts";
import { Emulator } from "./core/emulator.ts";
import { parseJson } from "./core/json.ts";
import { writeFileAtomically } from "./core/atomic-file.ts";
import { serializeSnapshot } from "./core/snapshot.ts";
import { loadScenarios } from "./scenarios/store.ts";
import { loadFixtures, STATE, type State } from "./state.ts";
import { Instances } from "./instances/registry.ts";
import { createNodeServer } from "./node-listener.ts";

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

/** Listens on `host:port` (port 0: a free one) and answers the port, or the error that stopped it. */
function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", (error: Error & { code?: string }) =>
      // Callers tell a busy port by Deno's error class, as before.
      reject(error.code === "EADDRINUSE" ? new Deno.errors.AddrInUse(error.message) : error));
    server.listen(port, host, () => {
      server.removeAllListeners("error");
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : port);
    });
  });
}

/** How long shutdown waits for requests still under way once pushes are cut off. */
const SHUTDOWN_GRACE_MS = 1500;

/** What `startServer` serves besides one emulator. */
export interface ServerOptions {
  /** `log` hears what an operator should see (a snapshot imported or written). */
  log?: (line: string) => void;
  /** Serve `/_emulator/instances`, further emulators in this process (`ccemu start` does). */
  instances?: boolean;
  /** Build the UI's script once listening, in the background (`ccemu start` does). */
  buildUi?: boolean;
  /**
   * Called once the emulator and its areas exist, before a `--snapshot` is imported and before
   * it listens: a config file's sections are applied here (config-file/read.ts).
   */
  prepare?: (running: { emulator: Emulator<State>; areas: Areas }) => void;
}

/** Starts serving; the harness passes no options. */
export async function startServer(
  config: Config,
  fixtures?: State,
  { log = () => {}, instances: withInstances = false, buildUi = false, prepare }: ServerOptions =
    {},
): Promise<RunningEmulator> {
  const emulator = new Emulator(config, STATE, fixtures ?? await loadFixtures(config.fixtures));
  const instances = withInstances ? new Instances(config, startServer) : undefined;
  const app = createApp(emulator, await loadScenarios(config.scenarios), { instances });
  const { areas } = app;
  if (prepare) {
    try {
      prepare({ emulator, areas });
    } catch (error) {
      emulator.close();
      for (const area of Object.values(areas) as Area[]) area.close?.();
      throw error;
    }
    // What was added is where a reset goes back to, as the fixtures it was added to are.
    emulator.keepStateAsFixtures();
  }
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
  const server = createNodeServer(app);
  const port = await listen(server, config.host, config.port);
  if (buildUi) app.buildUi();
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  emulator.selfOrigin = `http://${host}:${port}`;
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
        await instances?.closeAll();
        for (const area of Object.values(areas) as Area[]) area.close?.();
        emulator.close();
        let grace: ReturnType<typeof setTimeout> | undefined;
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        await Promise.race([
          stopped,
          new Promise((resolve) => (grace = setTimeout(resolve, SHUTDOWN_GRACE_MS))),
        ]);
        clearTimeout(grace);
        server.closeAllConnections();
        await stopped;
        if (config.snapshot) {
          const text = serializeSnapshot(emulator.snapshotSchema, emulator.exportSnapshot());
          const bytes = await writeFileAtomically(config.snapshot, text);
          log(`snapshot written to ${config.snapshot} (${bytes} bytes)`);
        }
      })(),
  };
}
