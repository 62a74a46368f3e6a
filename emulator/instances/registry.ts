/**
 * Further emulators inside this process, each with its own state, clock, seed, journal, keys and
 * port: what a test in any language creates per test in milliseconds, where a process start costs
 * half a second. They share nothing with each other or with the emulator that made them; each is
 * closed with its listener, and all of them with the process's own.
 */
import type { Config } from "../core/config.ts";
import { applyConfigSections, type ConfigFile } from "../config-file/read.ts";
import type { ConfigTarget } from "../config-file/sections.ts";
import { ApiError } from "../core/errors.ts";
import { loadFixtures, type State } from "../state.ts";

/** What an instance is made from: the parent's config with these set. */
export interface InstanceOptions {
  /** The demo tenant when absent. */
  fixtures?: State;
  clock: Config["clock"];
  clockStart?: number;
  seed?: number;
  /** A config file's emulator settings (journal size, strictness, ...), over the parent's. */
  settings?: Partial<Config>;
  /** The config file whose sections (keys, fault rules, callback URLs) the instance starts with. */
  configFile?: ConfigFile;
}

/** What starting one emulator may be asked besides its config (server.ts's ServerOptions). */
export interface StartOptions {
  prepare?: (running: ConfigTarget) => void;
}

/** A started emulator as the registry keeps it (server.ts's `RunningEmulator` is one). */
export interface StartedInstance {
  url: string;
  emulator: { seed: number; clock: { mode: string }; state: State };
  close(): Promise<void>;
}

/** An instance as the control API describes it, with the key its first client signs with. */
export interface InstanceInfo {
  id: string;
  url: string;
  clock: string;
  seed: number;
  accessKeyId?: string;
  accessKeySecret?: string;
  enterpriseId?: string;
}

export class Instances {
  #next = 1;
  #running = new Map<string, StartedInstance>();
  /** The demo tenant, validated once: each instance gets a copy, cheaper than a parse. */
  #demo?: Promise<State>;

  /** `start` starts one emulator from a config and its fixtures (server.ts's startServer). */
  constructor(
    private readonly parent: Config,
    private readonly start: (
      config: Config,
      fixtures?: State,
      options?: StartOptions,
    ) => Promise<StartedInstance>,
  ) {}

  async create(options: InstanceOptions): Promise<InstanceInfo> {
    const config: Config = {
      ...this.parent,
      ...options.settings,
      port: 0,
      snapshot: undefined, // an instance writes no file of the parent's
      upstream: undefined, // nor forwards to the parent's upstream, nor records into its file
      clock: options.clock,
      clockStart: options.clockStart,
      seed: options.seed,
    };
    const fixtures = options.fixtures ?? structuredClone(await (this.#demo ??= loadFixtures()));
    const file = options.configFile;
    const prepare = file && ((target: ConfigTarget) => void applyConfigSections(file, target));
    const running = await this.#startOnAPort(config, fixtures, { prepare });
    const id = String(this.#next++);
    this.#running.set(id, running);
    return describe(id, running);
  }

  /** Where the next search of `--instance-ports` starts: the port after the last one taken. */
  #nextPort?: number;

  /**
   * On any free port, or on one of `--instance-ports` in turn: the port after the last one taken
   * first, so that a client still holding a connection to a deleted instance's port does not reach
   * the next instance there.
   */
  async #startOnAPort(
    config: Config,
    fixtures: State,
    options: StartOptions,
  ): Promise<StartedInstance> {
    const range = this.parent.instancePorts;
    if (!range) return await this.start(config, fixtures, options);
    const taken = new Set([...this.#running.values()].map(({ url }) => new URL(url).port));
    const size = range.to - range.from + 1;
    const first = this.#nextPort ?? range.from;
    for (let i = 0; i < size; i++) {
      const port = range.from + (first - range.from + i) % size;
      if (taken.has(String(port))) continue;
      try {
        const running = await this.start({ ...config, port }, fixtures, options);
        this.#nextPort = port === range.to ? range.from : port + 1;
        return running;
      } catch (error) {
        if (!(error instanceof Deno.errors.AddrInUse)) throw error;
      }
    }
    throw new ApiError(
      "TooManyRequests",
      `every port of --instance-ports ${range.from}-${range.to} has an instance (or another program) on it: delete instances you are done with (DELETE /_emulator/instances/{id}), or start ccemu with a wider range.`,
    );
  }

  list(): InstanceInfo[] {
    return [...this.#running].map(([id, running]) => describe(id, running));
  }

  /** Closes one; false when there is no such instance (any more). */
  async delete(id: string): Promise<boolean> {
    const running = this.#running.get(id);
    if (!running) return false;
    this.#running.delete(id);
    await running.close();
    return true;
  }

  async closeAll(): Promise<void> {
    const all = [...this.#running.values()];
    this.#running.clear();
    await Promise.all(all.map((running) => running.close()));
  }
}

function describe(id: string, { url, emulator }: StartedInstance): InstanceInfo {
  const key = emulator.state.accessKeys[0];
  return {
    id,
    url,
    clock: emulator.clock.mode,
    seed: emulator.seed,
    accessKeyId: key?.accessKeyId,
    accessKeySecret: key?.accessKeySecret,
    enterpriseId: key?.enterpriseId,
  };
}
