/**
 * The signed areas' requests: the SignedCall they run on (the request, the facts found while
 * serving it, the answer, which the journal writes as they stand), and serveSignedCall, which runs a
 * handler on one between the journal's begin and end. Not Hono's Context: building it, its request
 * wrapper and its route match cost a signed request a share of its throughput
 * (docs/performance.md). `JournaledContext` is the shape of Hono's Context the storage journal reads.
 */
import type { AppEnv } from "./app-env.ts";
import type { BodyRead } from "./body.ts";
import { declaredSize } from "./body.ts";
import type {
  AuthDiagnostics,
  ExchangeRecord,
  FaultMark,
  StoredBody,
  StubMark,
} from "./journal-entry.ts";
import { lastValueOf, type NameValueList } from "./name-value-list.ts";
import type { ReceivedRequest } from "./received-request.ts";
import type { Target } from "./request-target.ts";
import type { Tenant } from "./tenants.ts";

type Variables = AppEnv["Variables"];

/** The part of Hono's Context the storage journal reads and writes. */
export interface JournaledContext {
  /** The request as received. */
  req: { raw: ReceivedRequest; url: string; method: string };
  /** The server's bindings (the caller's address). */
  env: AppEnv["Bindings"];
  /** A variable a handler or the journal set. */
  get<K extends keyof Variables>(key: K): Variables[K];
  /** Sets a variable for the journal to read. */
  set<K extends keyof Variables>(key: K, value: Variables[K]): void;
  /** The answer, once the handler gave one. */
  res: Response;
}

/** Runs on a JournaledContext before its handler, as a Hono middleware does (`next` runs the handler). */
export type ContextMiddleware = (c: JournaledContext, next: () => Promise<void>) => Promise<void>;

/** A signed area's handler: the dispatcher, on a SignedCall. */
export type SignedCallHandler = (
  c: SignedCall,
) => Response | Promise<Response> | Later<string | BodyRead>;

/**
 * A handler's answer once something is read (a POST's body): `serveSignedCall` runs `next` on what
 * `wait` gives, or `failed` on its error, and journals the answer, all in one `then` (the
 * handler's own `then` and the journal's made two closures and a promise more a request).
 */
export class Later<T> {
  /** What to run on the value, or on the reading's failure, once `wait` settles. */
  constructor(
    readonly wait: Promise<T>,
    readonly next: (c: SignedCall, value: T) => Response | Promise<Response>,
    readonly failed: (c: SignedCall, error: unknown) => Response,
  ) {}
}

/**
 * What journals a SignedCall: `begin` before its handler, `end` after it (awaited only when it
 * has something to read). Two calls rather than a middleware: a `next` closure and the promises
 * around it were made for every request.
 */
export interface SignedCallJournal {
  /** Stamps the call before its handler: id, time, target, headers. */
  begin(c: SignedCall): void;
  /** Journals the answered call; a promise when it reads a body first. */
  end(c: SignedCall): void | Promise<void>;
}

/**
 * The SignedCall: what a signed area's request runs on. One object of one shape holds the
 * request, what the dispatcher learns serving it (each a field), and, once the handler answered,
 * what the journal writes (it is the journal's ExchangeRecord, written without a copy). The URL's
 * parts and the headers are read once, by the journal's `begin`, into `target` and `headerList`.
 * An operation's handler sees it as its OperationContext (`{ tenant, origin }`).
 */
export class SignedCall implements ExchangeRecord {
  /**
   * The tenant of the key that signed, for the operation's handler: the call is the handler's
   * context (`{ tenant, origin }`), which spared an object a request.
   */
  tenant!: Tenant;
  /** The operation the handler found to run (the signed dispatcher's; its own type). */
  operation: unknown = undefined;
  /** The request's URL. */
  readonly url: string;
  /** The request's method. */
  readonly method: string;
  /** The answer, once the handler gave one. */
  res!: Response;

  // Set by the journal's `begin`.
  /** The id the answer carries. */
  requestId = "";
  /** Virtual time the call started, ms. */
  time = 0;
  /** `performance.now()` at the start, for `durationMs`. */
  started = 0;
  /** The area serving it. */
  area = "";
  /** The URL's path and decoded query, read once. */
  target!: Target;
  /** The request headers as `Headers.forEach` gives them: name, value, name, value… */
  headerList: NameValueList = NO_HEADER_LIST;

  // AppEnv's variables.
  /** What authentication found. */
  auth: AuthDiagnostics | undefined = undefined;
  /** The request body's text, when the dispatcher read it. */
  bodyText: string | undefined = undefined;
  responseText: string | undefined = undefined;
  /** A handler's answer with its headers, as AppEnv's `answer`. */
  answer: Variables["answer"] = undefined;
  /** The response a handler built and its headers, as `answer` holds them, without its object. */
  sent: Response | undefined = undefined;
  /** The headers of `sent`. */
  sentHeaders: Record<string, string> = NO_HEADERS;
  /** The vendor error code the call failed with. */
  errorCode: string | undefined = undefined;
  /** The fault rule that fired on the call. */
  fault: FaultMark | undefined = undefined;
  stub: StubMark | undefined = undefined;
  /** An entry kind other than `exchange` (the recording proxy's `upstream`). */
  entryKind: Variables["entryKind"] = undefined;

  // Set by the journal's `end`, when it reads what the handler did not keep.
  /** The answer's headers as journaled. */
  responseHeaders: Record<string, string> = NO_HEADERS;
  requestBody: StoredBody | null = null;
  /** The answer's body as the journal read it back (null: none). */
  responseBody: StoredBody | null = null;

  /** `url`: the request's, when the caller read it already (Deno makes it afresh each time). */
  constructor(readonly raw: ReceivedRequest, readonly env: AppEnv["Bindings"], url = raw.url) {
    this.url = url;
    this.method = raw.method;
  }

  /** The URL's path. */
  get path(): string {
    return this.target.pathname;
  }

  /** The answer's status. */
  get status(): number {
    return this.res.status;
  }

  /** The declared length of the request body. */
  get requestSize(): number | undefined {
    return declaredSize(this.header("content-length"));
  }

  /** Real milliseconds since the journal's `begin`, read when the journal writes the entry. */
  get durationMs(): number {
    return Math.round((performance.now() - this.started) * 1000) / 1000;
  }

  get query(): string[] {
    return this.target.query;
  }

  /** Where the caller reached ccemu, for URLs ccemu hands out (read from the URL when asked). */
  get origin(): string {
    return this.target.origin;
  }

  /** The Host header as sent, or the URL's host without one. */
  get host(): string {
    return this.header("host") ?? this.target.host;
  }

  get requestText(): string | undefined {
    return this.bodyText;
  }

  /** A request header's value (names in lower case), as the headers' record would give it. */
  header(name: string): string | undefined {
    return lastValueOf(this.headerList, name);
  }

  /** The caller's address: asked only when a key has an allow-list. */
  remoteAddress(): string {
    return this.env?.remoteAddr?.hostname ?? "";
  }
}

const NO_HEADERS: Record<string, string> = {};
const NO_HEADER_LIST: NameValueList = [];

/**
 * Serves an exchange with `journal` around `handler`, as Hono would for a route with both. What
 * fails is answered by `failed` when given (app.ts's own path), else rejects (Hono's route, whose
 * error handler answers). No async function: a promise's `then` takes less than one's frame.
 */
export function serveSignedCall(
  c: SignedCall,
  journal: SignedCallJournal,
  handler: SignedCallHandler,
  failed?: (error: unknown) => Response,
): Promise<Response> {
  let answer: ReturnType<SignedCallHandler>;
  try {
    journal.begin(c);
    answer = handler(c);
  } catch (error) {
    return failed ? Promise.resolve(failed(error)) : Promise.reject(error);
  }
  if (answer instanceof Later) {
    const later = answer;
    return later.wait.then(
      (value) => finish(c, journal, later.next(c, value), failed),
      (error) => finish(c, journal, later.failed(c, error), failed),
    );
  }
  if (answer instanceof Promise) {
    return answer.then((response) => finish(c, journal, response, failed), failed);
  }
  return Promise.resolve(finish(c, journal, answer, failed));
}

/** Journals the answered exchange: at once, or once the journal read what it needs. */
function finish(
  c: SignedCall,
  journal: SignedCallJournal,
  answer: Response | Promise<Response>,
  failed: ((error: unknown) => Response) | undefined,
): Response | Promise<Response> {
  if (answer instanceof Promise) {
    return answer.then((response) => finish(c, journal, response, failed), failed);
  }
  const response = answer;
  c.res = response;
  let ended: void | Promise<void>;
  try {
    ended = journal.end(c);
  } catch (error) {
    if (failed) return failed(error);
    throw error;
  }
  return ended ? ended.then(() => response, failed) : response;
}
