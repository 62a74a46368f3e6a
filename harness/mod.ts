/**
 * ccemu's test harness: start the emulator inside your own `deno test`, sign requests, move the
 * virtual clock, read the journal.
 *
 * ```ts
 * import { startEmulator } from "./harness/mod.ts";
 * Deno.test("lists scripts", async () => {
 *   await using ccemu = await startEmulator();
 *   const { body } = await ccemu.client().post("/gateway/robot_list", { robotStatus: 1 });
 * });
 * ```
 */
import { DEFAULT_CONFIG, MANUAL_CLOCK_START } from "../emulator/core/config.ts";
import type { Emulator } from "../emulator/core/emulator.ts";
import type { JournalFilter } from "../emulator/core/journal.ts";
import type { Entry as JournalEntry } from "../emulator/app.ts";
import { startServer } from "../emulator/server.ts";
import type { Areas } from "../emulator/app.ts";
import type { Snapshot } from "../emulator/core/snapshot.ts";
import { loadFixtures, type State } from "../emulator/state.ts";
import type { AccessKey } from "../emulator/core/tenants.ts";
import { type ClientOptions, DEMO_KEY, SignedClient } from "./client.ts";
import { readScenario } from "../emulator/scenarios/store.ts";
import {
  checkAgent as runCheck,
  type CheckOptions,
  type ConformanceReport,
} from "../emulator/scenarios/conformance.ts";
import { recordSession } from "../emulator/scenarios/record.ts";
import { runScenario, type ScenarioReport } from "../emulator/scenarios/runner.ts";
import {
  type Scenario,
  type ScenarioInput,
  ScenarioSchema,
} from "../emulator/scenarios/schemas.ts";
import { parseParameters } from "../emulator/core/validation.ts";

export { DEMO_KEY, SignedClient } from "./client.ts";
export type { ApiResponse, ClientOptions } from "./client.ts";
export type { ScenarioReport, StepReport } from "../emulator/scenarios/runner.ts";
export type { CheckOptions, ConformanceReport } from "../emulator/scenarios/conformance.ts";
export type { Scenario, ScenarioInput } from "../emulator/scenarios/schemas.ts";
export { signUrl, stringToSign } from "../emulator/signed-api/signature.ts";

export interface EmulatorOptions {
  /** A fixture file or folder, or a ready state; default `fixtures/default`. */
  fixtures?: string | State;
  /** Default `manual`: time moves only when the test says so. */
  clock?: "real" | "manual";
  /** Start of virtual time (ms); default 2026-01-05T01:00:00Z in manual mode. */
  clockStart?: number;
  /** Default 1, so that ids and outcomes repeat from run to run. */
  seed?: number;
  strict?: boolean;
  signHosts?: string[];
  journalSize?: number;
  maxClockSkewSeconds?: number;
  /** A scenario file or folder to ship (what `/_emulator/scenarios` lists); default fixtures/scenarios. */
  scenarios?: string;
  /** The longest one push to an agent may take, ms (default 300,000). */
  pushDeadlineMs?: number;
  /** The most bytes of one agent reply read (default 16 MiB). */
  pushMaxBytes?: number;
}

export interface RunningEmulator extends AsyncDisposable {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  /** The emulator itself, for what the helpers below do not cover. */
  emulator: Emulator<State>;
  /** Each area's store and routes (advanced: reach an area's domain directly). */
  areas: Areas;
  clock: {
    now(): number;
    /** Moves time forward, firing due timers; returns how many fired. */
    advance(ms: number): number;
    advanceTo(time: number): number;
    set(time: number): number;
  };
  journal: {
    list(filter?: JournalFilter): JournalEntry[];
    get(id: number): JournalEntry | undefined;
    clear(): void;
  };
  /** Back to the fixtures (state, generator, timers); the clock keeps its time. */
  reset(): void;
  /** The whole state as a snapshot object; pass it to `restore` to go back to it. */
  snapshot(): Snapshot;
  restore(snapshot: Snapshot): void;
  /** Adds an access key; returns it as stored (with defaults filled in). */
  addKey(key: Partial<AccessKey> & Pick<AccessKey, "accessKeyId" | "accessKeySecret">): AccessKey;
  /**
   * Replays a scenario (an object, or the path of a scenario file) against this emulator and
   * answers the per-step report; `report.passed` says whether every expectation held.
   */
  runScenario(scenario: ScenarioInput | string): Promise<ScenarioReport>;
  /** Records a visitor session as a scenario, its expectations taken from what the agent said. */
  recordSession(sessionId: string, name?: string): Scenario;
  /** A signing client on this emulator; by default the demo key, signing with the virtual clock. */
  client(options?: Partial<ClientOptions>): SignedClient;
  close(): Promise<void>;
}

/** Starts ccemu in this process on a free loopback port. Use with `await using`. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const clock = options.clock ?? "manual";
  const fixtures = typeof options.fixtures === "object"
    ? structuredClone(options.fixtures)
    : await loadFixtures(options.fixtures ?? DEFAULT_CONFIG.fixtures);
  const running = await startServer({
    ...DEFAULT_CONFIG,
    port: 0,
    ui: false,
    clock,
    clockStart: options.clockStart ?? (clock === "manual" ? MANUAL_CLOCK_START : undefined),
    seed: options.seed ?? 1,
    strict: options.strict ?? false,
    signHosts: options.signHosts ?? [],
    journalSize: options.journalSize ?? DEFAULT_CONFIG.journalSize,
    maxClockSkewSeconds: options.maxClockSkewSeconds ?? DEFAULT_CONFIG.maxClockSkewSeconds,
    scenarios: options.scenarios ?? DEFAULT_CONFIG.scenarios,
    pushDeadlineMs: options.pushDeadlineMs ?? DEFAULT_CONFIG.pushDeadlineMs,
    pushMaxBytes: options.pushMaxBytes ?? DEFAULT_CONFIG.pushMaxBytes,
  }, fixtures);
  const { emulator, url } = running;
  const gateway = running.areas.gateway.store;
  const virtual = emulator.clock;
  return {
    url,
    emulator,
    areas: running.areas,
    clock: {
      now: () => virtual.now(),
      advance: (ms) => virtual.advance(ms),
      advanceTo: (time) => virtual.advanceTo(time),
      set: (time) => virtual.set(time),
    },
    journal: {
      list: (filter) => emulator.journal.list(filter),
      get: (id) => emulator.journal.get(id),
      clear: () => emulator.journal.clear(),
    },
    reset: () => emulator.reset(),
    snapshot: () => structuredClone(emulator.exportSnapshot()),
    restore: (snapshot) => emulator.importSnapshot(structuredClone(snapshot)),
    addKey: (key) => emulator.addKey({ enterpriseId: DEMO_KEY.enterpriseId, ...key }),
    runScenario: async (scenario) =>
      runScenario(
        gateway,
        typeof scenario === "string"
          ? await readScenario(scenario)
          : parseParameters(ScenarioSchema, scenario),
      ),
    recordSession: (sessionId, name) => recordSession(gateway, sessionId, name),
    client: (clientOptions = {}) =>
      new SignedClient({ url, now: () => virtual.now(), ...clientOptions }),
    close: running.close,
    [Symbol.asyncDispose]: running.close,
  };
}

/**
 * Runs the agent conformance battery against a running agent on a fresh in-process ccemu and
 * answers the report (`report.passed` is false when anything of severity error was found).
 */
export async function checkAgent(options: CheckOptions): Promise<ConformanceReport> {
  await using ccemu = await startEmulator({ clock: "real" });
  return runCheck(ccemu.areas.gateway.store, options);
}
