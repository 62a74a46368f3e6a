/**
 * An emulator for one test, as `startCcemu()` answers it: an instance of a ccemu process (created
 * and closed through the process's `/_emulator/instances`), driven through its own control API
 * and called at the vendor's paths with URLs the harness's SignedClient signs (the vendor's
 * signature exactly as ccemu verifies it), sent with node:http (http.ts says why).
 */
import { AssertionError } from "node:assert";
import { SignedClient } from "../../harness/client.ts";
import type {
  Answer,
  CallResult,
  Ccemu,
  ClockReading,
  FaultRule,
  JournalEntry,
  JournalFilter,
  Snapshot,
  VerifyRequest,
  VerifyResult,
} from "../types/index.d.ts";
import { CcemuError, control } from "./control.ts";
import { send } from "./http.ts";

/** What `POST /_emulator/instances` answers. */
export interface InstanceInfo {
  /** The instance's id, for `DELETE /_emulator/instances/{id}`. */
  id: string;
  /** Where it serves: its own port on the process's host. */
  url: string;
  /** The key the instance's tenant signs with, when its fixtures give one. */
  accessKeyId?: string;
  /** That key's secret. */
  accessKeySecret?: string;
  /** That key's enterprise. */
  enterpriseId?: string;
}

type Query = Record<string, unknown> | undefined;

/** The methods whose business parameters go on the query; every other one sends a JSON body. */
const QUERY_METHODS = new Set(["GET", "HEAD", "DELETE"]);

/** Declared as users get it (`implements`), so the two cannot drift apart. */
export class Instance implements Ccemu {
  readonly url: string;
  readonly key: { id: string; secret: string } | undefined;
  readonly enterpriseId: string | undefined;
  #closing?: Promise<void>;

  /** `close` ends the instance (and what holds it); called once, however often stop() is. */
  constructor(info: InstanceInfo, private readonly close: () => Promise<void>) {
    this.url = info.url;
    this.key = info.accessKeyId && info.accessKeySecret
      ? { id: info.accessKeyId, secret: info.accessKeySecret }
      : undefined;
    this.enterpriseId = info.enterpriseId;
  }

  #control<T>(method: string, path: string, body?: unknown): Promise<T> {
    return control<T>(this.url, method, `/_emulator${path}`, body);
  }

  async call(method: string, path: string, bodyOrQuery?: unknown): Promise<CallResult> {
    if (!this.key) {
      throw new CcemuError(
        "This emulator's fixtures hold no access key to sign with: add one to them.",
        "NoAccessKey",
        0,
      );
    }
    // Signed with the virtual time (read afresh: a manual clock moves only when told, and may have
    // been told by anyone), so a Timestamp is never ahead of ccemu's clock nor expired on it.
    const now = await this.clock.now();
    const client = new SignedClient({
      url: this.url,
      accessKeyId: this.key.id,
      accessKeySecret: this.key.secret,
      now: () => now,
    });
    const upper = method.toUpperCase();
    const inQuery = QUERY_METHODS.has(upper);
    const url = client.signedUrl(upper, path, inQuery ? bodyOrQuery as Query : {});
    const sent = inQuery || bodyOrQuery === undefined ? undefined : JSON.stringify(bodyOrQuery);
    const { status, headers, text } = await send(upper, url, sent);
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      // As the harness's client answers a body that is not JSON.
      body = { error: { code: "NotJson", message: text } };
    }
    return { status, body, headers };
  }

  /** The instance's virtual clock: read, advanced, set. */
  readonly clock = {
    now: async (): Promise<number> => (await this.#control<ClockReading>("GET", "/clock")).now,
    advance: (ms: number) =>
      this.#control<Answer<"/_emulator/clock/advance", "post">>("POST", "/clock/advance", { ms }),
    set: (time: string | number) =>
      this.#control<Answer<"/_emulator/clock", "post">>("POST", "/clock", { now: time }),
  };

  /** The journal's entries that pass `filter` (GET /_emulator/journal). */
  async journal(filter: JournalFilter = {}): Promise<JournalEntry[]> {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(filter)) {
      if (value !== undefined) query.set(name, String(value));
    }
    const search = query.size ? `?${query}` : "";
    return (await this.#control<{ entries: JournalEntry[] }>("GET", `/journal${search}`)).entries;
  }

  async verify(request: VerifyRequest): Promise<VerifyResult> {
    const result = await this.#control<VerifyResult>("POST", "/journal/verify", request);
    if (!result.passed) {
      throw new AssertionError({
        message: result.message,
        actual: result.count,
        operator: "verify",
      });
    }
    return result;
  }

  /** Back to the fixtures (POST /_emulator/reset): the clock keeps its time, the journal its entries. */
  reset() {
    return this.#control<Answer<"/_emulator/reset", "post">>("POST", "/reset");
  }

  /** The instance's state exported whole, or replaced by an export. */
  readonly snapshot = {
    export: () => this.#control<Snapshot>("GET", "/snapshot"),
    import: (snapshot: Snapshot) =>
      this.#control<Answer<"/_emulator/snapshot", "post">>("POST", "/snapshot", snapshot),
  };

  /** Fault rules: added, or all cleared. */
  readonly faults = {
    add: (rule: FaultRule) =>
      this.#control<Answer<"/_emulator/faults", "post">>("POST", "/faults", rule),
    clear: () => this.#control<Answer<"/_emulator/faults", "delete">>("DELETE", "/faults"),
  };

  stop(): Promise<void> {
    return this.#closing ??= this.close();
  }

  [Symbol.asyncDispose](): Promise<void> {
    return this.stop();
  }
}
