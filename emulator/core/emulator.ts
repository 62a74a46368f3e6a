/**
 * One emulator instance: config, clock, generator, journal, live events, stored bytes and the state
 * they act on. Areas receive it (their store reads their slice through it); the composition
 * (emulator/app.ts) builds one per app, so two emulators in a process share nothing.
 */
import { Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import { ApiError } from "./errors.ts";
import { EventHub } from "./events.ts";
import { Journal } from "./journal.ts";
import { Random } from "./random.ts";
import { type Snapshot, type SnapshotMedia, snapshotSchema } from "./snapshot.ts";
import {
  type CoreState,
  nextId,
  type SliceDefinition,
  sliceOf,
  type StateDefinition,
} from "./state.ts";
import { type AccessKey, AccessKeySchema, type Enterprise } from "./tenants.ts";
import { parseParameters } from "./validation.ts";
import type { z } from "npm:zod@4.6.7";

/** The area that stored bytes and alone hands out their address (each in its own way). */
export type MediaArea = "gateway" | "kb";

/** Bytes ccemu holds for a download: uploads, attachments, visitor images, seeded documents. */
export interface StoredMedia {
  /** The file's bytes. */
  bytes: Uint8Array;
  /** Its media type, as it is served. */
  contentType: string;
  /** Its name, as a download names it. */
  fileName: string;
  /**
   * Whose they are: a storage route serves only its own area's bytes (a visitor image by its push
   * link, a document by its signed link), so one area's address never reaches another's bytes.
   */
  area: MediaArea;
}

/**
 * Whose stored bytes are, in a snapshot written before `area` travelled with them: the gateway's
 * keys are `<sessionId>-<n>` (sessions `s-<n>`); anything else is the knowledge base's, which
 * only a signed link reaches.
 */
function legacyMediaArea(key: string): MediaArea {
  return /^s-\d+-\d+$/.test(key) ? "gateway" : "kb";
}

/** One emulated tenant world: its state, clock, seeded random, journal and live events, bounded by its config. Areas keep their slices in `state`; every request of one emulator reads this object. */
export class Emulator<S extends CoreState = CoreState> {
  /** The virtual clock every signature, expiry and scheduled call reads. */
  readonly clock: Clock;
  /** The seeded random source of every outcome. */
  readonly random: Random;
  /** The live events the UI and `/_emulator/events` hear. */
  readonly events = new EventHub();
  /** Every exchange on the emulated APIs, newest last. */
  readonly journal: Journal;
  /** The seed `random` started from (`--seed`). */
  readonly seed: number;
  /** The state of every area (replaced whole by reset and snapshot import). */
  state: S;
  /** Where ccemu is reached, for URLs it hands out (media, sample agents); set once listening. */
  selfOrigin: string;
  /** Stored bytes served under `/_storage`; snapshots carry them. */
  readonly media = new Map<string, StoredMedia>();
  /** The schema a snapshot of this state must pass. */
  readonly snapshotSchema: z.ZodType<Snapshot<S>>;
  #fixtures: string;
  #loadListeners: (() => void)[] = [];
  #controlRequests = 0;

  /** An emulator of `config`, its state defined by `definition` and started from `fixtures`. */
  constructor(readonly config: Config, readonly definition: StateDefinition<S>, fixtures: S) {
    this.clock = new Clock(config.clock, config.clockStart);
    this.seed = config.seed ?? Random.freshSeed();
    this.random = new Random(this.seed);
    this.journal = new Journal(
      config.journalSize,
      (entry) => this.events.publish({ type: "journal", entry }),
      config.journalBytes,
      () => this.events.size > 0,
    );
    this.snapshotSchema = snapshotSchema(definition.schema);
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

  /** An area's slice of the current state (a reset or import replaces it: read it, don't keep it). */
  slice<T>(slice: SliceDefinition<T>): T {
    return sliceOf(this.state, slice);
  }

  /** The next id of a kind of record. */
  nextId(kind: string): number {
    return nextId(this.state, kind);
  }

  /** A request id from the seeded generator, so runs with one seed repeat their ids. */
  newRequestId(): string {
    return this.random.uuid();
  }

  /**
   * Control-API ids are of their own kind (`control-N`), so they never draw from the seeded
   * generator the emulated APIs' ids come from.
   */
  newControlRequestId(): string {
    return `control-${++this.#controlRequests}`;
  }

  /** Areas whose runtime derives from the state register here to rebuild it on reset or import. */
  onStateLoaded(listener: () => void): void {
    this.#loadListeners.push(listener);
  }

  /** The bytes `area` stored under `key`: another area's are not its to hand out. */
  mediaOf(area: MediaArea, key: string): StoredMedia | undefined {
    const media = this.media.get(key);
    return media?.area === area ? media : undefined;
  }

  /**
   * The state now is what a reset goes back to: the fixtures with what a config file added at
   * start (its keys, fault rules, callback URLs), as if they had been in the fixtures.
   */
  keepStateAsFixtures(): void {
    this.#fixtures = JSON.stringify(this.state);
  }

  /** Back to the fixtures: state, generator and runtimes; pending timers dropped. */
  reset(): void {
    this.#load(JSON.parse(this.#fixtures), this.seed);
    this.events.publish({ type: "state", change: "reset" });
  }

  /** The state and clock as a snapshot, to export or to restore later. */
  exportSnapshot(): Snapshot<S> {
    const media: Record<string, SnapshotMedia> = {};
    for (const [key, { bytes, contentType, fileName, area }] of this.media) {
      media[key] = { contentType, fileName, area, base64: bytes.toBase64() };
    }
    return {
      format: "ccemu-snapshot",
      version: 2,
      clock: { now: this.clock.now() },
      random: { state: this.random.state },
      state: this.state,
      media,
    };
  }

  /** Replaces everything with a snapshot; a snapshot that does not validate changes nothing. */
  importSnapshot(input: unknown): void {
    const { clock, random, state, media } = parseParameters(this.snapshotSchema, input);
    this.clock.clear();
    this.clock.set(clock.now);
    this.#load(state, random.state, media ?? {});
    this.events.publish({ type: "state", change: "snapshot-imported" });
  }

  /**
   * Replaces the state with one already checked (records kept from an answer): the clock, the
   * generator and stored bytes go on; every area rebuilds what it derives, as after an import.
   */
  replaceState(state: S, change: string, detail?: Record<string, unknown>): void {
    const media = [...this.media];
    this.#load(state, this.random.state);
    for (const [key, stored] of media) if (!this.media.has(key)) this.media.set(key, stored);
    this.events.publish({ type: "state", change, detail });
  }

  // Loops, not `find`: each signed request asks both, and a `find` made a closure each time.
  /** The access key with this id, if the state holds one. */
  findKey(accessKeyId: string): AccessKey | undefined {
    const keys = this.state.accessKeys;
    for (let i = 0; i < keys.length; i++) if (keys[i].accessKeyId === accessKeyId) return keys[i];
    return undefined;
  }

  /** The enterprise with this id, if the state holds one. */
  findEnterprise(enterpriseId: string): Enterprise | undefined {
    const all = this.state.enterprises;
    for (let i = 0; i < all.length; i++) if (all[i].enterpriseId === enterpriseId) return all[i];
    return undefined;
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

  /** Removes an access key: its requests are refused from then on. */
  removeKey(accessKeyId: string): void {
    const index = this.state.accessKeys.findIndex((key) => key.accessKeyId === accessKeyId);
    if (index === -1) {
      throw new ApiError("ResourceNotFound", `No access key has the id "${accessKeyId}".`);
    }
    this.state.accessKeys.splice(index, 1);
    this.events.publish({ type: "state", change: "key-removed", detail: { accessKeyId } });
  }

  /** Stops the clock's timers and the live events: the emulator serves no more. */
  close(): void {
    this.clock.close();
    this.events.close();
  }

  #load(state: S, randomState: number, media: Record<string, SnapshotMedia> = {}): void {
    this.clock.clear();
    this.state = state;
    this.random.state = randomState;
    this.media.clear();
    for (const [key, { base64, contentType, fileName, area }] of Object.entries(media)) {
      this.media.set(key, {
        bytes: Uint8Array.fromBase64(base64),
        contentType,
        fileName,
        area: area ?? legacyMediaArea(key),
      });
    }
    for (const listener of this.#loadListeners) listener();
  }
}
