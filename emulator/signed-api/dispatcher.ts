/**
 * The signed API's one handler: every emulated operation passes the same checks in one order:
 *   operation exists (ResourceNotFound) -> method (HttpRequestMethodNotSupported) -> authentication
 *   (auth.ts) -> media type -> body present, within the limit, JSON -> parameters (zod) ->
 *   enterpriseId belongs to the key -> the operation's handler -> `{ requestId, ...result }`.
 * Nothing reaches a handler before every check passed, so a rejected request changes no state.
 */
import type { ContentfulStatusCode } from "npm:hono@4.13.19/utils/http-status";
import { z } from "npm:zod@4.6.7";
import {
  type BodyRead,
  bodyText,
  declaredSize,
  parseJsonObject,
  parseJsonText,
  readBody,
} from "../core/body.ts";
import type { Emulator } from "../core/emulator.ts";
import { Later, type SignedCall, type SignedCallHandler } from "../core/signed-call.ts";
import { applyFault } from "../faults/effects.ts";
import type { FaultStore } from "../faults/store.ts";
import type { StubHook } from "../stubs/mod.ts";
import { authDiagnostics, authenticateSigned, type AuthSettings, hostCandidates } from "./auth.ts";
import { isCommonParameter } from "../core/common-parameters.ts";
import { type NameValueList, parameterRecordOf } from "../core/name-value-list.ts";
import { withoutTrailingSlash } from "../core/request-target.ts";
import { Signer } from "./signer.ts";
import { ApiError, failureBody, toApiError } from "../core/errors.ts";
import type { Operation } from "./operation.ts";
import type { RateLimiter } from "./rate-limit.ts";
import { type AccessKey, type Enterprise, type Tenant, tenantOf } from "../core/tenants.ts";
import { parseParameters, withoutNulls } from "../core/validation.ts";

const NO_QUERY = z.strictObject({});
/** NO_QUERY's answer, shared: a handler of an operation without a query never reads it. */
const NO_PARAMS = Object.freeze({});

/** A flat query's business parameters (the signing ones left out) as an operation reads them. */
function businessQuery(query: NameValueList): Record<string, string | string[]> {
  return parameterRecordOf(query, isCommonParameter);
}

/** How many of a flat query's names are not signing parameters. */
function businessCount(query: NameValueList): number {
  let count = 0;
  for (let i = 0; i < query.length; i += 2) if (!isCommonParameter(query[i])) count++;
  return count;
}

function isJsonMediaType(value: string | undefined): boolean {
  return value !== undefined && /^application\/json\s*(?:;|$)/i.test(value.trim());
}

/** Refuses a body that is not declared JSON. */
function checkMediaType(c: SignedCall): void {
  // The gateway spec names the header `ContentType`; ccemu accepts that spelling too.
  const mediaType = c.header("content-type");
  if (!isJsonMediaType(mediaType) && !isJsonMediaType(c.header("contenttype"))) {
    throw new ApiError(
      "HttpMediaTypeNotSupported",
      `Content-Type ${
        mediaType ? `"${mediaType}"` : "is missing; it"
      } must be application/json (charset=UTF-8 may follow).`,
    );
  }
}

/**
 * The body's text. A declared length within the limit (what clients send) is read as text at
 * once, with no bytes kept besides (decoded as readBody's bytes are: a test compares them); any
 * other is read within the limit (and refused past it by `parseJsonObject`).
 */
function bodyOf(c: SignedCall, limit: number): Promise<string | BodyRead> {
  const contentLength = c.header("content-length");
  const declared = declaredSize(contentLength);
  return declared !== undefined && declared <= limit
    ? c.raw.text()
    : readBody(c.raw, limit, contentLength);
}

/** The body's JSON, its text kept for the journal. */
function jsonOf(c: SignedCall, read: string | BodyRead, limit: number): unknown {
  if (typeof read === "string") return parseJsonText(c.bodyText = read);
  c.bodyText = bodyText(read);
  return parseJsonObject(read, limit);
}

/** The key may only act for its own enterprise. */
function checkEnterprise(params: unknown, enterpriseId: string): void {
  const given = (params as { enterpriseId?: unknown } | undefined)?.enterpriseId;
  if (given !== undefined && String(given) !== enterpriseId) {
    throw new ApiError(
      "UnauthorizedOperation",
      `enterpriseId ${given} is not the enterprise of this access key (${enterpriseId}).`,
      "enterpriseId",
    );
  }
}

/** The signed answers' headers: one object, never changed, recorded by the journal as they are. */
const JSON_HEADERS: Record<string, string> = Object.freeze({
  "content-type": "application/json; charset=UTF-8",
});
const OK_INIT = { status: 200, headers: JSON_HEADERS };

/** Answers JSON, keeping the text for the journal (cheaper than cloning the response stream). */
function respond(c: SignedCall, body: unknown, status: ContentfulStatusCode = 200): Response {
  const text = JSON.stringify(body);
  c.responseText = text;
  // A Response of its own, not c.body(): no header set on the context reaches a signed answer.
  const response = new Response(text, status === 200 ? OK_INIT : { status, headers: JSON_HEADERS });
  c.sent = response;
  c.sentHeaders = JSON_HEADERS;
  return response;
}

/**
 * The recording proxy (emulator/upstream): takes a request that passed authentication and answers
 * with what the real service answered. Parameters, media type and tenant are the upstream's to judge.
 */
export type Forwarder = (c: SignedCall, operation: Operation) => Promise<Response>;

/** The area a handler serves: its name (journal, fault rules), prefix and operations. */
export interface SignedArea {
  name: string;
  prefix: string;
  operations: Operation[];
}

/** The vendor's error envelope for whatever a signed request was refused or failed with. */
export function signedRefusal(emulator: Emulator) {
  return (c: SignedCall, thrown: unknown): Response => {
    // An unexpected failure is ccemu's bug: tell the operator on stderr, never the client.
    if (!(thrown instanceof ApiError)) console.error(`ccemu: ${c.requestId}:`, thrown);
    const error = toApiError(thrown);
    c.errorCode = error.code;
    return respond(c, failureBody(c.requestId, error, emulator.config.strict), error.status);
  };
}

/**
 * The handler for one area's prefix (`/gateway`, `/aikb`, `/livechat`). The rate limiter is the
 * emulator's one, shared by every prefix, since a key's limit counts all its requests. Fault rules
 * are asked once a request passed every check, where the operation would run: a fault never hides
 * a client's own mistake, and an injected error changes nothing. With `forward` (`--upstream`), a
 * request hands over to it once authenticated: nothing after that runs here.
 */
export function signedApi(
  emulator: Emulator,
  rateLimiter: RateLimiter,
  faults: FaultStore,
  area: SignedArea,
  forward?: Forwarder,
  stubs?: StubHook,
): SignedCallHandler {
  const dispatcher = new Dispatcher(emulator, rateLimiter, faults, area, forward, stubs);
  return (c) => dispatcher.dispatch(c);
}

/**
 * One area's authentication settings, the same for each of its requests: the emulator's clock and
 * settings are read as a request is checked. The host names a Host header gives, and the host and
 * path a signature matched, are kept (a handful of clients send a handful of them), so an
 * accepted request makes neither.
 */
function authSettings(emulator: Emulator, rateLimiter: RateLimiter): AuthSettings {
  const hostsByHeader = new Map<string, string[]>();
  const matchedByHost = new Map<string, Map<string, { host: string; path: string }>>();
  return {
    findKey: (id) => emulator.findKey(id),
    get clock() {
      return emulator.clock;
    },
    get config() {
      return emulator.config;
    },
    rateLimiter,
    signer: new Signer(),
    hostCandidates: (host) => {
      let hosts = hostsByHeader.get(host);
      if (!hosts) {
        if (hostsByHeader.size >= 64) hostsByHeader.clear();
        hostsByHeader.set(host, hosts = hostCandidates(host, emulator.config.signHosts));
      }
      return hosts;
    },
    matchedOf: (host, path) => {
      let byPath = matchedByHost.get(host);
      if (!byPath) {
        if (matchedByHost.size >= 64) matchedByHost.clear();
        matchedByHost.set(host, byPath = new Map());
      }
      let matched = byPath.get(path);
      if (!matched) {
        if (byPath.size >= 256) byPath.clear();
        byPath.set(path, matched = { host, path });
      }
      return matched;
    },
  };
}

/**
 * The key's tenant, made once per key while its enterprise's id and zone stay the same (a tenant
 * is never changed by those it is handed to, so one serves every request of a key).
 */
class TenantCache {
  readonly #tenants = new WeakMap<AccessKey, Tenant>();

  of(enterprise: Enterprise, key: AccessKey): Tenant {
    const known = this.#tenants.get(key);
    if (
      known && known.enterpriseId === enterprise.enterpriseId &&
      known.timeZone === enterprise.timeZone
    ) return known;
    const tenant = tenantOf(enterprise, key);
    this.#tenants.set(key, tenant);
    return tenant;
  }
}

/** One area's checks and operations, run for each of its requests (see signedApi). */
class Dispatcher {
  readonly #byPath: Map<string, Operation>;
  readonly #names: string;
  readonly #settings: AuthSettings;
  readonly #tenants = new TenantCache();

  constructor(
    readonly emulator: Emulator,
    rateLimiter: RateLimiter,
    readonly faults: FaultStore,
    readonly area: SignedArea,
    readonly forward?: Forwarder,
    readonly stubs?: StubHook,
  ) {
    const { prefix, operations } = area;
    this.failed = signedRefusal(emulator);
    this.#byPath = new Map(operations.map((op) => [op.path, op]));
    this.#names = operations.map((op) => op.path.slice(prefix.length + 1)).join(", ");
    this.#settings = authSettings(emulator, rateLimiter);
  }

  /** The vendor's error envelope for whatever was thrown. An arrow: a Later calls it unbound. */
  readonly failed: (c: SignedCall, thrown: unknown) => Response;

  /**
   * Not async: the checks before the body run without an async function's frame and promise;
   * what follows its reading is a Later, which serveSignedCall runs in the one `then` that journals.
   */
  dispatch(c: SignedCall): Response | Promise<Response> | Later<string | BodyRead> {
    try {
      const operation = this.#operation(c);
      const key = this.#authenticate(c, operation);
      const enterprise = this.emulator.findEnterprise(key.enterpriseId);
      if (!enterprise) {
        throw new ApiError(
          "AuthFailure",
          `The enterprise ${key.enterpriseId} of this key no longer exists.`,
        );
      }
      if (this.forward) return this.#settled(c, this.forward(c, operation));
      c.operation = operation;
      c.tenant = this.#tenants.of(enterprise, key);
      const maxBytes = this.emulator.config.maxBodyBytes;
      if (operation.method !== "GET") {
        checkMediaType(c);
        return new Later(bodyOf(c, maxBytes), this.afterBody, this.failed);
      }
      const params = parseParameters(operation.params, businessQuery(c.target.query));
      const answer = this.#run(c, params, undefined);
      return answer instanceof Promise ? this.#settled(c, answer) : answer;
    } catch (thrown) {
      return this.failed(c, thrown);
    }
  }

  /** The operation at the path (the journal read it once), taking the request's method. */
  #operation(c: SignedCall): Operation {
    const path = c.target.pathname;
    const operation = this.#byPath.get(withoutTrailingSlash(path));
    if (!operation) {
      throw new ApiError(
        "ResourceNotFound",
        `No operation at ${path}. Operations under ${this.area.prefix}: ${this.#names}.`,
      );
    }
    if (c.method !== operation.method) {
      throw new ApiError(
        "HttpRequestMethodNotSupported",
        `${operation.path} takes ${operation.method}, not ${c.method}.`,
      );
    }
    return operation;
  }

  #authenticate(c: SignedCall, operation: Operation): AccessKey {
    const key = authenticateSigned(c, operation, this.#settings, c.auth = authDiagnostics());
    if (key instanceof ApiError) throw key;
    return key;
  }

  /** What follows the reading of a POST's body: its checks, then the operation. */
  readonly afterBody = (
    c: SignedCall,
    read: string | BodyRead,
  ): Response | Promise<Response> => {
    try {
      const operation = c.operation as Operation;
      const body = jsonOf(c, read, this.emulator.config.maxBodyBytes);
      const params = parseParameters(operation.params, withoutNulls(body));
      // No business query parameter where none is taken (most POSTs): NO_QUERY's `{}`, without zod.
      const query = c.target.query;
      const queryParams = !operation.query && businessCount(query) === 0
        ? NO_PARAMS
        : parseParameters(operation.query ?? NO_QUERY, businessQuery(query));
      const answer = this.#run(c, params, queryParams, body);
      return answer instanceof Promise ? this.#settled(c, answer) : answer;
    } catch (thrown) {
      return this.failed(c, thrown);
    }
  };

  /**
   * Runs the operation (`c.operation`, for `c.tenant`) on checked parameters and answers
   * `{ requestId, ...result }`, or a fault rule's effect, or a stub's answer (emulator/stubs: the
   * handler does not run). Synchronous as long as the handler is (most are: awaiting their result
   * anyway cost two more microtask turns). `body`: a POST's JSON as sent, for stubs' matchers.
   */
  #run(
    c: SignedCall,
    params: unknown,
    queryParams: unknown,
    body?: unknown,
  ): Response | Promise<Response> {
    const operation = c.operation as Operation, tenant = c.tenant;
    checkEnterprise(params, tenant.enterpriseId);
    const faults = this.faults;
    const fault = faults.rules.length === 0 ? undefined : faults.pick({
      area: this.area.name,
      path: operation.path,
      accessKeyId: tenant.key.accessKeyId,
      params,
    });
    if (fault) return applyFault(c, fault, () => this.#answer(c, params, queryParams, body));
    return this.#answer(c, params, queryParams, body);
  }

  /** A stub's answer when one matches, else the operation's. */
  #answer(c: SignedCall, params: unknown, queryParams: unknown, body: unknown) {
    return this.stubs?.(c, body) ?? handle(c, params, queryParams);
  }

  /** An answer still to come, or its failure's envelope. */
  async #settled(c: SignedCall, answer: Promise<Response>): Promise<Response> {
    try {
      return await answer;
    } catch (thrown) {
      return this.failed(c, thrown);
    }
  }
}

/** The handler's answer; the SignedCall is its context (`{ tenant, origin }`). */
function handle(c: SignedCall, params: unknown, queryParams: unknown) {
  const result = (c.operation as Operation).handle(c, params, queryParams);
  return result instanceof Promise
    ? result.then((r) => respond(c, { requestId: c.requestId, ...r }))
    : respond(c, { requestId: c.requestId, ...result });
}
