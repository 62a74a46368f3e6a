/**
 * One emulator instance: config, clock, generator, journal, live events and the state they act on.
 * The HTTP app (app.ts), main.ts and the harness all hold one of these.
 */
import { Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import { EventHub } from "./events.ts";
import { Journal } from "./journal.ts";
import { Random } from "./random.ts";
import { ApiError } from "./signed-api/errors.ts";
import { RateLimiter } from "./signed-api/rate-limit.ts";
import { type Snapshot, SnapshotSchema } from "./snapshot.ts";
import type { State } from "./state.ts";
import type { ScenarioFile } from "./scenarios/library.ts";
import { type AccessKey, AccessKeySchema, type Enterprise } from "./tenants.ts";
import { parseParameters } from "./signed-api/validation.ts";

export class Emulator {
  readonly clock: Clock;
  readonly random: Random;
  readonly events = new EventHub();
  readonly journal: Journal;
  readonly rateLimiter = new RateLimiter();
  readonly seed: number;
  state: State;
  /** Where ccemu is reached, for URLs it hands out (media, sample agents); set once listening. */
  selfOrigin: string;
  /** The shipped scenarios (`fixtures/scenarios/`), loaded by the server at start. */
  scenarios: ScenarioFile[] = [];
  /** Uploaded bytes served under `/_storage` (visitor images); kept in memory, not in snapshots. */
  readonly media = new Map<string, { bytes: Uint8Array; contentType: string; fileName: string }>();
  #fixtures: string;
  #loadListeners: (() => void)[] = [];

  constructor(readonly config: Config, fixtures: State) {
    this.clock = new Clock(config.clock, config.clockStart);
    this.seed = config.seed ?? Random.freshSeed();
    this.random = new Random(this.seed);
    this.journal = new Journal(config.journalSize, this.events);
    this.#fixtures = JSON.stringify(fixtures);
    this.state = JSON.parse(this.#fixtures);
    this.selfOrigin = `http://${
      config.host.includes(":") ? `[${config.host}]` : config.host
    }:${config.port}`;
    this.clock.onTimerError = (error) =>
      this.events.publish({
        type: "state",
        change: "timer-error",
        detail: { message: String(error) },
      });
    this.clock.onChange = () =>
      this.events.publish({ type: "state", change: "clock", detail: { ...this.clock.status() } });
  }

  /** A request id from the seeded generator, so runs with one seed repeat their ids. */
  newRequestId(): string {
    return this.random.uuid();
  }

  /** Areas whose timers derive from the state register here to rebuild them on reset or import. */
  onStateLoaded(listener: () => void): void {
    this.#loadListeners.push(listener);
  }

  /** Back to the fixtures: state, generator and rate windows; pending timers dropped. */
  reset(): void {
    this.#load(JSON.parse(this.#fixtures), this.seed);
    this.events.publish({ type: "state", change: "reset" });
  }

  exportSnapshot(): Snapshot {
    return {
      format: "ccemu-snapshot",
      version: 1,
      clock: { now: this.clock.now() },
      random: { state: this.random.state },
      state: this.state,
    };
  }

  /** Replaces everything with a snapshot; a snapshot that does not validate changes nothing. */
  importSnapshot(input: unknown): void {
    const { clock, random, state } = parseParameters(SnapshotSchema, input);
    this.clock.clear();
    this.clock.set(clock.now);
    this.#load(state, random.state);
    this.events.publish({ type: "state", change: "snapshot-imported" });
  }

  findKey(accessKeyId: string): AccessKey | undefined {
    return this.state.accessKeys.find((key) => key.accessKeyId === accessKeyId);
  }

  findEnterprise(enterpriseId: string): Enterprise | undefined {
    return this.state.enterprises.find((e) => e.enterpriseId === enterpriseId);
  }

  /** Adds an access key (control API and harness). */
  addKey(input: unknown): AccessKey {
    const key = parseParameters(AccessKeySchema, input);
    if (!this.findEnterprise(key.enterpriseId)) {
      throw new ApiError(
        "InvalidParameter",
        `enterpriseId: no enterprise ${key.enterpriseId} (known: ${
          this.state.enterprises.map((e) => e.enterpriseId).join(", ")
        }).`,
        "enterpriseId",
      );
    }
    if (this.findKey(key.accessKeyId)) {
      throw new ApiError(
        "InvalidParameter",
        `accessKeyId: a key "${key.accessKeyId}" exists already.`,
        "accessKeyId",
      );
    }
    this.state.accessKeys.push(key);
    this.events.publish({
      type: "state",
      change: "key-added",
      detail: { accessKeyId: key.accessKeyId },
    });
    return key;
  }

  removeKey(accessKeyId: string): void {
    const index = this.state.accessKeys.findIndex((key) => key.accessKeyId === accessKeyId);
    if (index === -1) {
      throw new ApiError("ResourceNotFound", `No access key has the id "${accessKeyId}".`);
    }
    this.state.accessKeys.splice(index, 1);
    this.events.publish({ type: "state", change: "key-removed", detail: { accessKeyId } });
  }

  close(): void {
    this.clock.close();
    this.events.close();
  }

  #load(state: State, randomState: number): void {
    this.clock.clear();
    this.state = state;
    this.random.state = randomState;
    this.rateLimiter.clear();
    this.media.clear();
    for (const listener of this.#loadListeners) listener();
  }
}
