/**
 * ccemu's test harness: start the emulator inside your own `deno test`, sign requests, move the
 * virtual clock, read the journal, replay scenarios, check an agent.
 *
 * @example Start ccemu in a test and call the signed API
 * ```ts
 * import { startEmulator } from "@ccemu/ccemu";
 *
 * Deno.test("lists the tenant's online scripts", async () => {
 *   await using ccemu = await startEmulator();
 *   const { body } = await ccemu.client().post("/gateway/robot_list", { robotStatus: 1 });
 *   console.log(body.result);
 * });
 * ```
 * @module
 */
import {
  type Config,
  DEFAULT_CONFIG,
  MANUAL_CLOCK_START,
  parseConfig,
} from "../emulator/core/config.ts";
import {
  applyConfigSections,
  type ConfigFile,
  readConfigFile,
} from "../emulator/config-file/read.ts";
import type { JournalFilter } from "../emulator/core/journal-entry.ts";
import type { Entry as JournalEntry } from "../emulator/app.ts";
import { type RunningEmulator as RunningServer, startServer } from "../emulator/server.ts";
import type { FaultStore } from "../emulator/faults/store.ts";
import type { Snapshot } from "../emulator/core/snapshot.ts";
import type { CoreState } from "../emulator/core/state.ts";
import { loadFixtures, STATE } from "../emulator/state.ts";
import type { AccessKey } from "../emulator/core/tenants.ts";
import { type ClientOptions, DEMO_KEY, SignedClient } from "./client.ts";
import { readScenario } from "../emulator/scenarios/store.ts";
import { expandOrRefuse } from "../emulator/scenarios/include.ts";
import {
  checkAgent as runCheck,
  type CheckOptions,
  type ConformanceReport,
} from "../emulator/scenarios/conformance.ts";
import { recordSession } from "../emulator/scenarios/record.ts";
import { runScenario, type ScenarioReport } from "../emulator/scenarios/runner.ts";
import { ScenarioSchema } from "../emulator/scenarios/schemas.ts";
import { parseParameters } from "../emulator/core/validation.ts";
import { seedSequences } from "../emulator/core/state.ts";
import { INTERNALS, internals } from "./internals.ts";
import { verifyJournal } from "./verify.ts";
import type { VerifyRequest, VerifyResult } from "../emulator/control/verify.ts";
import { checkListen, explainPermissions } from "./permissions.ts";
import { parseFixtureFile } from "../emulator/core/fixtures.ts";
import type { FaultRule, FaultRuleInput } from "../emulator/faults/schemas.ts";
import type { CallbackDelivery, CallbackUrl } from "../emulator/outbound/schemas.ts";
import {
  type CallbackCheck,
  checkCallbacks,
  deliveriesOf,
  setCallbackUrl,
} from "../emulator/outbound/callback-urls.ts";

export { DEMO_KEY, SignedClient } from "./client.ts";
export type { ApiResponse, ClientOptions } from "./client.ts";
export type {
  Check,
  PhrasingSummary,
  ScenarioReport,
  StepReport,
  Variant,
} from "../emulator/scenarios/runner.ts";
export type { CheckOptions, ConformanceReport } from "../emulator/scenarios/conformance.ts";
export type { CheckResult } from "../emulator/scenarios/conformance.ts";
export type { Expectation, PathExpectation } from "../emulator/scenarios/schemas.ts";
export type { AccessKey, Enterprise } from "../emulator/core/tenants.ts";
export type { CoreState } from "../emulator/core/state.ts";
export type { Snapshot, SnapshotMedia } from "../emulator/core/snapshot.ts";
export type { AuthDiagnostics, StoredBody } from "../emulator/core/journal-entry.ts";
export type {
  AgentMessage,
  Finding,
  Instruction,
  PushEntry,
  PushRecord,
} from "../emulator/gateway/schemas.ts";
export type { JournalEntry };
export type { JournalFilter };
export { signUrl, stringToSign } from "../emulator/signed-api/signature.ts";
export type { SignInput } from "../emulator/signed-api/signature.ts";
export type { FaultEffect, FaultRule, FaultRuleInput } from "../emulator/faults/schemas.ts";
export type { FaultMark, StubMark } from "../emulator/core/journal-entry.ts";
export type {
  CallbackAttempt,
  CallbackDelivery,
  CallbackUrl,
} from "../emulator/outbound/schemas.ts";
export type { CallbackCheck, CallbackCheckCall } from "../emulator/outbound/callback-urls.ts";
export type { AgentTurn } from "../emulator/gateway/sessions.ts";
import type { AgentTurn } from "../emulator/gateway/sessions.ts";
/** @deprecated The same type as {@link AgentTurn}, under its former name: use AgentTurn. */
export type Exchange = AgentTurn;
export type { KeptMessage, PushEvent } from "../emulator/gateway/schemas.ts";
export type { Area, JournalEntry as BaseJournalEntry } from "../emulator/core/journal-entry.ts";
export type { PushOutcome } from "../emulator/gateway/push.ts";
export type { Delivery } from "../emulator/gateway/replies.ts";
export type { AgentError } from "../emulator/gateway/streams.ts";
export type { CallbackEntry } from "../emulator/outbound/callbacks.ts";
export type { UpstreamEntry, UpstreamExchange } from "../emulator/upstream/entry.ts";
export type { ERROR_STATUS, ErrorCode } from "../emulator/core/errors.ts";
export type { FAULT_AREAS } from "../emulator/faults/schemas.ts";
export type {
  NearMiss,
  VerifyMatch,
  VerifyRequest,
  VerifyResult,
} from "../emulator/control/verify.ts";
export type { Difference } from "../emulator/core/request-match.ts";

/**
 * A scenario as JSON: `name`, `robot`, optional `visitor` and `responseMode`, and `steps`, each
 * sending something and listing what must come back. docs/agents.md ("Scenarios") describes the format;
 * `GET /_emulator/schemas` publishes its JSON Schema. Checked when it runs.
 */
export type ScenarioDocument = Record<string, unknown>;

/** The state as JSON: the core's tenants and keys, and one member per area. */
export type StateDocument = CoreState & Record<string, unknown>;

/** A snapshot of the whole emulator: pass it to `restore` to go back to it. */
export type EmulatorSnapshot = Snapshot<StateDocument>;

/**
 * A fault rule added by `withFault`: its live counters, and removal when the block that holds it
 * with `using` ends (or at `remove()`).
 */
export interface FaultHandle extends Disposable {
  /** The rule's id, as `faults.list()` shows it. */
  readonly id: number;
  /** Requests the rule matched so far. */
  readonly matched: number;
  /** Requests it fired on so far. */
  readonly fired: number;
  /** Removes the rule now; removing it again, or at the end of the block, does nothing. */
  remove(): void;
}

/** How `startEmulator` sets up ccemu; every field is optional. */
export interface EmulatorOptions {
  /**
   * A config file (`ccemu.json`, docs/config.md): its flags over `ccemu start`'s defaults (not
   * the harness's manual clock and seed 1), its keys, fault rules and callback URLs added at
   * start; the other options here win over it. Its port, host and UI are the harness's: a free
   * loopback port, no UI.
   */
  config?: string;
  /** A fixture file or folder, or a fixture as JSON (checked); default `fixtures/default`. */
  fixtures?: string | Record<string, unknown>;
  /** Default `manual`: time moves only when the test says so. */
  clock?: "real" | "manual";
  /** Start of virtual time (ms); default 2026-01-05T01:00:00Z in manual mode. */
  clockStart?: number;
  /** Default 1, so that ids and outcomes repeat from run to run. */
  seed?: number;
  /** Parity mode (`--strict`): messages as terse as the vendor's, no diagnostics; default off. */
  strict?: boolean;
  /** More host names a signature may be computed for (`--sign-host`), e.g. the cloud host. */
  signHosts?: string[];
  /** How many entries the journal keeps, the oldest going first (default 5000). */
  journalSize?: number;
  /** What the journal keeps at most, in characters of its entries (default 32 MiB). */
  journalBytes?: number;
  /** How many seconds a request's `Timestamp` may be ahead of ccemu's clock (default 900). */
  maxClockSkewSeconds?: number;
  /** A scenario file or folder to ship (what `/_emulator/scenarios` lists); default fixtures/scenarios. */
  scenarios?: string;
  /** The longest one push to an agent may take, ms (default 300,000). */
  pushDeadlineMs?: number;
  /** The most bytes of one agent reply read (default 16 MiB). */
  pushMaxBytes?: number;
}

/**
 * A ccemu running in this process: its address, clock, journal, state controls, scenarios and a
 * signing client. Stops at `close()`, or when an `await using` block ends.
 */
export interface RunningEmulator extends AsyncDisposable {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  /** ccemu's virtual clock, which signatures, expiries and scheduled calls all read. */
  clock: {
    /** The virtual time now, ms since the epoch. */
    now(): number;
    /** Moves time forward, firing due timers; returns how many fired. */
    advance(ms: number): number;
    /** Moves time forward to `time` (ms), firing due timers; never back. Returns how many fired. */
    advanceTo(time: number): number;
    /** Sets the time, back too; forward fires the timers due on the way. Returns how many fired. */
    set(time: number): number;
  };
  /** The journal (`JournalEntry` lists its kinds), bounded by `journalSize` and `journalBytes`. */
  journal: {
    /** The entries still kept that pass `filter`, oldest first. */
    list(filter?: JournalFilter): JournalEntry[];
    /** One entry by id; undefined once it was dropped or cleared. */
    get(id: number): JournalEntry | undefined;
    /** Drops every entry; the ids of new ones go on from the last. */
    clear(): void;
  };
  /**
   * Checks that the journal saw the requests a test expects (by default at least one): answers
   * what it found, or throws an `AssertionError` whose message names the nearest requests and
   * how each differs (docs/deno.md, "Verify").
   *
   * @example
   * ```ts
   * import { startEmulator } from "@ccemu/ccemu";
   *
   * await using ccemu = await startEmulator();
   * await ccemu.client().post("/gateway/robot_list", { robotStatus: 1 });
   * ccemu.verify({
   *   match: { operation: "/gateway/robot_list", body: { "$.robotStatus": 1 } },
   *   count: { exactly: 1 },
   * });
   * ```
   * @throws AssertionError (node:assert) when the count is not the one expected.
   */
  verify(request: VerifyRequest): VerifyResult;
  /** Back to the fixtures (state, generator, timers); the clock keeps its time. */
  reset(): void;
  /** The whole state as a snapshot object; pass it to `restore` to go back to it. */
  snapshot(): EmulatorSnapshot;
  /**
   * Goes back to a snapshot: state, clock reading, generator and stored bytes. One that does not
   * validate changes nothing.
   */
  restore(snapshot: EmulatorSnapshot): void;
  /** Adds an access key; returns it as stored (with defaults filled in). */
  addKey(key: Partial<AccessKey> & Pick<AccessKey, "accessKeyId" | "accessKeySecret">): AccessKey;
  /**
   * Replays a scenario (an object, or the path of a scenario file) against this emulator and
   * answers the per-step report; `report.passed` says whether every expectation held.
   */
  runScenario(scenario: ScenarioDocument | string): Promise<ScenarioReport>;
  /** Records a visitor session as a scenario, its expectations taken from what the agent said. */
  recordSession(sessionId: string, name?: string): ScenarioDocument;
  /** Fault rules on the signed API and the storage host (docs/faults.md). */
  faults: {
    list(): FaultRule[];
    /** Checks and adds a rule (after the others); answers it as stored. */
    add(rule: FaultRuleInput): FaultRule;
    remove(id: number): void;
    clear(): void;
  };
  /**
   * Adds a fault rule for the length of a block: `using fault = ccemu.withFault({...})` removes it
   * when the block ends, however it ends.
   */
  withFault(rule: FaultRuleInput): FaultHandle;
  /** Call-result callbacks (docs/outbound.md, "Call-result callbacks"). */
  callbacks: {
    /**
     * Registers the callback URL of an enterprise (the demo tenant's by default), signed with its
     * first key unless `accessKeyId` says otherwise.
     */
    register(
      url: string,
      options?: { enterpriseId?: string; accessKeyId?: string; timeoutMs?: number },
    ): CallbackUrl;
    /** The delivery log, oldest first (filter: a task's). */
    deliveries(filter?: { callJobId?: number }): CallbackDelivery[];
    /** Resolves once no attempt is on the wire (so a test can look at what came back). */
    settled(): Promise<void>;
    /** Whether every finished call of the task reached the receiver exactly once, call by call. */
    check(callJobId: number): CallbackCheck;
  };
  /** A signing client on this emulator; by default the demo key, signing with the virtual clock. */
  client(options?: Partial<ClientOptions>): SignedClient;
  /**
   * Stops ccemu: cuts off pushes in flight, stops its timers and the server, and resolves once it
   * has stopped. Calling it again answers the same promise.
   */
  close(): Promise<void>;
}

/** What a fixture given as an object is called in its messages, where a file would be named. */
const FIXTURES_OBJECT = "(the fixtures object given to startEmulator)";

/**
 * Starts ccemu in this process on a free loopback port, with a manual clock and seed 1 unless
 * told otherwise. Use with `await using`, so that it stops when the test ends.
 *
 * @example
 * ```ts
 * import { startEmulator } from "@ccemu/ccemu";
 *
 * await using ccemu = await startEmulator({ seed: 42 });
 * ccemu.clock.advance(60_000);
 * console.log(ccemu.url, ccemu.journal.list().length);
 * ```
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const file = options.config === undefined
    ? undefined
    : await readConfigFile(options.config).catch(explainPermissions);
  const config = file ? configFrom(file, options) : configOf(options);
  const fixtures = typeof options.fixtures === "object"
    ? seedSequences(
      parseFixtureFile(STATE, FIXTURES_OBJECT, structuredClone(options.fixtures)),
      STATE,
    )
    : await loadFixtures(options.fixtures ?? config.fixtures).catch(explainPermissions);
  checkListen(DEFAULT_CONFIG.host);
  const prepare = file &&
    ((target: Parameters<typeof applyConfigSections>[1]) => void applyConfigSections(file, target));
  const running = await startServer(config, fixtures, { prepare }).catch(explainPermissions);
  const harness = harnessOf(running);
  Object.defineProperty(harness, INTERNALS, {
    value: { emulator: running.emulator, areas: running.areas },
  });
  return harness;
}

/** The server's config: the harness's defaults (loopback, port 0, no UI, manual clock, seed 1). */
function configOf(options: EmulatorOptions): Config {
  const clock = options.clock ?? "manual";
  return {
    ...DEFAULT_CONFIG,
    port: 0,
    ui: false,
    clock,
    clockStart: options.clockStart ?? (clock === "manual" ? MANUAL_CLOCK_START : undefined),
    seed: options.seed ?? 1,
    strict: options.strict ?? false,
    signHosts: options.signHosts ?? [],
    journalSize: options.journalSize ?? DEFAULT_CONFIG.journalSize,
    journalBytes: options.journalBytes ?? DEFAULT_CONFIG.journalBytes,
    maxClockSkewSeconds: options.maxClockSkewSeconds ?? DEFAULT_CONFIG.maxClockSkewSeconds,
    scenarios: options.scenarios,
    pushDeadlineMs: options.pushDeadlineMs ?? DEFAULT_CONFIG.pushDeadlineMs,
    pushMaxBytes: options.pushMaxBytes ?? DEFAULT_CONFIG.pushMaxBytes,
  };
}

/**
 * The server's config from a config file: its flags over `ccemu start`'s defaults, then the
 * options given here; always a free loopback port without UI, as the harness's own.
 */
function configFrom(file: ConfigFile, options: EmulatorOptions): Config {
  const base = parseConfig([], {}, file.flags);
  if (base === "help") throw new Error("unreachable: no --help in a file");
  const given = Object.fromEntries(
    Object.entries(options).filter(([name, value]) =>
      value !== undefined && name !== "config" && name !== "fixtures"
    ),
  ) as Partial<Config>;
  const clockStart = options.clockStart ??
    (options.clock === undefined
      ? base.clockStart
      : options.clock === "manual"
      ? MANUAL_CLOCK_START
      : undefined);
  return {
    ...base,
    ...given,
    clockStart,
    port: 0,
    host: DEFAULT_CONFIG.host,
    ui: false,
    untilStdinCloses: false,
  };
}

/** A fault rule added for a block: its counts read live, removed on dispose. */
function scopedFault(faults: FaultStore, rule: FaultRuleInput): FaultHandle {
  const { id } = faults.add(rule);
  const live = () => faults.rules.find((r) => r.id === id);
  const remove = () => void (live() && faults.remove(id));
  return {
    id,
    get matched() {
      return live()?.matched ?? 0;
    },
    get fired() {
      return live()?.fired ?? 0;
    },
    remove,
    [Symbol.dispose]: remove,
  };
}

/** The running server as the harness hands it out: each member a copy or a call, never a reference. */
function harnessOf(running: RunningServer): RunningEmulator {
  const { emulator, url } = running;
  const gateway = running.areas.gateway.store;
  const faults = running.areas.faults.store;
  const outbound = running.areas.outbound;
  const virtual = emulator.clock;
  return {
    url,
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
    verify: (request) => verifyJournal({ emulator, areas: running.areas }, request),
    reset: () => emulator.reset(),
    snapshot: () => structuredClone(emulator.exportSnapshot()) as unknown as EmulatorSnapshot,
    restore: (snapshot) => emulator.importSnapshot(structuredClone(snapshot)),
    addKey: (key) => emulator.addKey({ enterpriseId: DEMO_KEY.enterpriseId, ...key }),
    runScenario: async (scenario) =>
      runScenario(
        gateway,
        typeof scenario === "string" ? await readScenario(scenario) : await expandOrRefuse(
          parseParameters(ScenarioSchema, scenario),
          running.areas.scenarios.library.known,
        ),
      ),
    recordSession: (sessionId, name) =>
      recordSession(gateway, sessionId, name) as unknown as ScenarioDocument,
    faults: {
      list: () => structuredClone(faults.rules),
      add: (rule) => structuredClone(faults.add(rule)),
      remove: (id) => void faults.remove(id),
      clear: () => void faults.clear(),
    },
    withFault: (rule) => scopedFault(faults, rule),
    callbacks: {
      register: (url, { enterpriseId = DEMO_KEY.enterpriseId, ...rest } = {}) =>
        structuredClone(setCallbackUrl(outbound.store, enterpriseId, { url, ...rest })),
      deliveries: ({ callJobId } = {}) => structuredClone(deliveriesOf(outbound.store, callJobId)),
      settled: () => outbound.callbacks.settled(),
      check: (callJobId) => checkCallbacks(outbound, String(callJobId)),
    },
    client: (clientOptions = {}) =>
      new SignedClient({ url, now: () => virtual.now(), ...clientOptions }),
    close: running.close,
    [Symbol.asyncDispose]: running.close,
  };
}

/**
 * Runs the agent conformance battery against a running agent on a fresh in-process ccemu and
 * answers the report (`report.passed` is false when anything of severity error was found).
 *
 * @example
 * ```ts
 * import { checkAgent, startEmulator } from "@ccemu/ccemu";
 *
 * // Your agent's message interface: here the sample agent every ccemu serves.
 * await using agent = await startEmulator({ clock: "real" });
 * const report = await checkAgent({
 *   url: `${agent.url}/_emulator/sample-agents/default/message`,
 *   platform: "Default",
 *   mode: "streaming",
 *   token: "ccemu-sample-token", // the Bearer token the agent requires
 * });
 * console.log(report.passed); // true
 * ```
 */
export async function checkAgent(options: CheckOptions): Promise<ConformanceReport> {
  await using ccemu = await startEmulator({ clock: "real" });
  // Awaited here: a returned promise would leave the block, and close ccemu, before the check ran.
  return await runCheck(internals(ccemu).areas.gateway.store, options);
}
