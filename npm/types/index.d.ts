/**
 * The Node API of the npm package `ccemu`: `startCcemu()` answers an emulator of its own for a
 * test, from one ccemu process shared by the whole Node process.
 *
 * Bodies and answers are typed from the OpenAPI document ccemu publishes (./control.d.ts, made
 * from it with openapi-typescript when the package is built): nothing here repeats a schema. An
 * answer that document does not describe yet is typed `Json` and becomes exact once it does.
 */
import type { components, paths } from "./control.js";

export type { components, paths };

/** JSON whose shape ccemu's OpenAPI document does not give (yet). */
// deno-lint-ignore no-explicit-any
export type Json = { [key: string]: any };

type JsonContent<T> = T extends { content: { "application/json": infer J } } ? J : Json;

/** The operation at `path` for `method` (lower case: "get", "post"…) in ccemu's document. */
type Operation<P, M> = P extends keyof paths ? M extends keyof paths[P] ? paths[P][M] : never
  : never;

/** The JSON a route answers on success (200, else 201), as ccemu's OpenAPI document gives it. */
export type Answer<P, M> = Operation<P, M> extends { responses: infer R }
  ? R extends { 200: infer Ok } ? JsonContent<Ok>
  : R extends { 201: infer Created } ? JsonContent<Created>
  : Json
  : Json;

/** The JSON body a route takes, as ccemu's OpenAPI document gives it. */
export type RequestBody<P, M> = Operation<P, M> extends { requestBody: infer B } ? JsonContent<B>
  : never;

/** A path of the vendor's signed APIs (outbound calling, knowledge base, robot gateway). */
export type SignedPath = Extract<
  keyof paths,
  `/gateway/${string}` | `/aikb/${string}` | `/livechat/${string}`
>;

/** The signed paths that take `method`. */
type SignedPathFor<M extends string> = {
  [P in SignedPath]: paths[P] extends { [K in M]: object } ? P : never;
}[SignedPath];

/** A GET's business parameters: the query of its operation, without the signature's own. */
type BusinessQuery<P> = Operation<P, "get"> extends { parameters: { query: infer Q } }
  ? Omit<Q, "AccessKeyId" | "Expires" | "Timestamp" | "Signature">
  : Record<string, unknown>;

/** What a vendor error answers: `requestId` and `error: {code, message}`. */
export type ErrorEnvelope = components["schemas"]["ErrorEnvelope"];

/** A signed call's answer: its HTTP status, the parsed JSON body and the headers. */
export interface CallResult<T = Json> {
  /** 200 on success; a vendor error has its own (403 `SignaturesExpired`, 429, …). */
  status: number;
  /** The success answer's shape; on an error status `error` is set instead of `result`. */
  body: T & Partial<ErrorEnvelope>;
  headers: Headers;
}

/** What a new instance is made from, as ccemu's `POST /_emulator/instances` takes it. */
export type InstanceBody = RequestBody<"/_emulator/instances", "post">;

/** `startCcemu()`'s options; all optional. */
export interface CcemuOptions extends Omit<InstanceBody, "config"> {
  /**
   * A config file, `ccemu.json` (JSON with comments; docs/config.md in ccemu's repository): its
   * flags, keys, fault rules and callback URLs, as `ccemu start --config FILE` takes them. What
   * the file does not say is ccemu's own default (the real clock, a random seed), not this API's;
   * the other options here win over the file. A relative path is this process's working folder's.
   */
  config?: string;
  /** A fixture file or folder (a path, resolved against the working directory) or a fixture
   * document itself; default the demo tenant. A bad one rejects naming its JSON path. */
  fixtures?: InstanceBody["fixtures"];
  /** `manual` (the default here, as in ccemu's Deno harness): time moves only when told. */
  clock?: InstanceBody["clock"];
  /** Where virtual time starts: ISO text, epoch ms, or `now`; manual default 2026-01-05T01:00:00Z. */
  clockStart?: InstanceBody["clockStart"];
  /** Seed of request ids and outcomes; default 1, so that runs repeat. */
  seed?: InstanceBody["seed"];
  /**
   * `shared` (the default): an instance inside the one ccemu process of this Node process.
   * `own`: a process for this emulator alone, started and stopped with it; it is the emulator.
   */
  process?: "shared" | "own";
  /** More `ccemu start` flags for an `own` process (`--strict`, `--port N`, `--sign-host H`…). */
  args?: string[];
}

/** Filters of `journal()`, as `GET /_emulator/journal` takes them. */
export interface JournalFilter {
  area?: "outbound" | "kb" | "gateway" | "storage";
  /** Entries whose path contains this text. */
  path?: string;
  /** `401`, or a class such as `4xx`. */
  status?: string | number;
  /** Entries after this journal id. */
  since?: number;
  requestId?: string;
  /** The newest N (with `since`: the first N after it). */
  limit?: number;
}

/** One exchange as the journal keeps it. */
export type JournalEntry = Answer<"/_emulator/journal/{id}", "get">;
/** The virtual clock's reading. */
export type ClockReading = Answer<"/_emulator/clock", "get">;
/** ccemu's whole state, as `snapshot.export()` answers and `snapshot.import()` takes it. */
export type Snapshot = Answer<"/_emulator/snapshot", "get">;
/** A fault rule to add (docs/faults.md in ccemu's repository). */
export type FaultRule = RequestBody<"/_emulator/faults", "post">;
/** What `verify` checks: `match`, `count` (default at least 1) and `since`. */
export type VerifyRequest = RequestBody<"/_emulator/journal/verify", "post">;
/** What `verify` found: `passed`, `count`, `entries`, `nearMisses` and the `message`. */
export type VerifyResult = Answer<"/_emulator/journal/verify", "post">;
/** An entry that came close, and the matchers it did not meet (`{path, expected, got}`). */
export type NearMiss = VerifyResult["nearMisses"][number];

/** An emulator for one test: its own state, clock, seed, journal, keys and port. */
export interface Ccemu {
  /** Where it answers, `http://127.0.0.1:PORT`: signed APIs at the vendor's paths, `/_emulator`. */
  readonly url: string;
  /** The key `call()` signs with: the demo key, or the first key of the fixtures given. */
  readonly key: { id: string; secret: string } | undefined;
  /** That key's enterprise (tenant), `7000001` for the demo tenant. */
  readonly enterpriseId: string | undefined;

  /**
   * A signed call, with ccemu's virtual time and `key`. POST: `bodyOrQuery` is the JSON body.
   * GET: the business parameters, on the path or as `bodyOrQuery` (arrays as `name[i]`). A path
   * of ccemu's document is typed from it (body, query, answer); any other path (a query on it, an
   * unknown one) is not, nor is a `path` typed as plain `string`.
   */
  call<P extends SignedPathFor<"post">>(
    method: "POST" | "post",
    path: P,
    body?: RequestBody<P, "post">,
  ): Promise<CallResult<Answer<P, "post">>>;
  call<P extends SignedPathFor<"get">>(
    method: "GET" | "get",
    path: P,
    query?: BusinessQuery<P>,
  ): Promise<CallResult<Answer<P, "get">>>;
  // A documented path never falls through to here: a wrong body for it is an error, not `unknown`.
  call<P extends string>(
    method: string,
    path: P extends SignedPath ? never : P,
    bodyOrQuery?: unknown,
  ): Promise<CallResult>;

  readonly clock: {
    /** The virtual time, epoch ms. */
    now(): Promise<number>;
    /** Moves it `ms` forward, firing due timers in time order. */
    advance(ms: number): Promise<Answer<"/_emulator/clock/advance", "post">>;
    /** Sets it (ISO text or epoch ms); moving forward fires due timers. */
    set(time: string | number): Promise<Answer<"/_emulator/clock", "post">>;
  };
  /** Journal entries, oldest first (the newest last). */
  journal(filter?: JournalFilter): Promise<JournalEntry[]>;
  /**
   * Checks that the journal saw the requests a test expects (by default at least one): resolves
   * with what it found, or rejects with node:assert's `AssertionError` whose message names the
   * nearest requests and how each differs. A malformed request rejects with a CcemuError.
   */
  verify(request: VerifyRequest): Promise<VerifyResult>;
  /** Back to the fixtures (the clock keeps its time, the journal its entries). */
  reset(): Promise<Answer<"/_emulator/reset", "post">>;
  readonly snapshot: {
    export(): Promise<Snapshot>;
    /** Refused (nothing changed) with the field at fault when it is not a valid snapshot. */
    import(snapshot: Snapshot): Promise<Answer<"/_emulator/snapshot", "post">>;
  };
  readonly faults: {
    /** Adds a rule after the others; refused with the field at fault. */
    add(rule: FaultRule): Promise<Answer<"/_emulator/faults", "post">>;
    /** Removes every rule. */
    clear(): Promise<Answer<"/_emulator/faults", "delete">>;
  };
  /** Closes this emulator (and its process when it has its own). Safe to call twice. */
  stop(): Promise<void>;
  /** `await using ccemu = await startCcemu()` stops it at the end of the block. */
  [Symbol.asyncDispose](): Promise<void>;
}

/** A request ccemu refused: its own message (naming the field or JSON path), code and status. */
export declare class CcemuError extends Error {
  readonly code: string;
  readonly status: number;
  constructor(message: string, code: string, status: number);
}

/**
 * Starts an emulator: a fresh instance in this Node process's ccemu process (started on first use,
 * `--port 0`), or in a process of its own with `process: "own"`. Rejects with ccemu's own message
 * when it cannot start (a bad fixture path or JSON path, a bad flag, a busy port).
 */
export declare function startCcemu(options?: CcemuOptions): Promise<Ccemu>;
