/**
 * The signed API's one handler: every emulated operation passes the same checks in one order:
 *   operation exists (ResourceNotFound) -> method (HttpRequestMethodNotSupported) -> authentication
 *   (auth.ts) -> media type -> body present, within the limit, JSON -> parameters (zod) ->
 *   enterpriseId belongs to the key -> the operation's handler -> `{ requestId, ...result }`.
 * Nothing reaches a handler before every check passed, so a rejected request changes no state.
 */
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { z } from "zod";
import { bodyText, parseJsonObject, readBody } from "../core/body.ts";
import type { Emulator } from "../core/emulator.ts";
import type { Exchange, ExchangeHandler } from "../core/exchange.ts";
import { applyFault } from "../faults/effects.ts";
import type { FaultStore } from "../faults/store.ts";
import { authenticate } from "./auth.ts";
import { ApiError, failureBody, toApiError } from "../core/errors.ts";
import type { Operation, OperationResult } from "./operation.ts";
import type { RateLimiter } from "./rate-limit.ts";
import { tenantOf } from "../core/tenants.ts";
import { COMMON_PARAMETERS } from "./signature.ts";
import { parseParameters, withoutNulls } from "../core/validation.ts";

const NO_QUERY = z.strictObject({});

/**
 * Query pairs as an object; `name[i]` pairs become the array `name`, in index order. The objects
 * have no prototype, so `__proto__`, `constructor` or `toString` are names like any other (and get
 * UnknownParameter), never inherited members.
 */
export function queryObject(pairs: [string, string][]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  const arrays: Record<string, [number, string][]> = Object.create(null);
  for (const [name, value] of pairs) {
    const element = /^(.+)\[(\d+)\]$/.exec(name);
    if (element) (arrays[element[1]] ??= []).push([Number(element[2]), value]);
    else if (!(name in out)) out[name] = value;
  }
  for (const [name, items] of Object.entries(arrays)) {
    out[name] = items.sort(([a], [b]) => a - b).map(([, value]) => value);
  }
  return out;
}

function isJsonMediaType(value: string | undefined): boolean {
  return value !== undefined && /^application\/json\s*(;|$)/i.test(value.trim());
}

async function jsonBody(
  c: Exchange,
  headers: Record<string, string>,
  limit: number,
): Promise<unknown> {
  // The gateway spec names the header `ContentType`; ccemu accepts that spelling too.
  const mediaType = headers["content-type"];
  if (!isJsonMediaType(mediaType) && !isJsonMediaType(headers["contenttype"])) {
    throw new ApiError(
      "HttpMediaTypeNotSupported",
      `Content-Type ${
        mediaType ? `"${mediaType}"` : "is missing; it"
      } must be application/json (charset=UTF-8 may follow).`,
    );
  }
  const read = await readBody(c.req.raw, limit, headers["content-length"]);
  c.set("bodyText", bodyText(read));
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

/** Answers JSON, keeping the text for the journal (cheaper than cloning the response stream). */
function respond(c: Exchange, body: unknown, status: ContentfulStatusCode = 200): Response {
  const text = JSON.stringify(body);
  c.set("responseText", text);
  // A Response of its own, not c.body(): no header set on the context reaches a signed answer.
  const headers = { "content-type": "application/json; charset=UTF-8" };
  const response = new Response(text, { status, headers });
  c.set("answer", { response, headers });
  return response;
}

/**
 * The recording proxy (emulator/upstream): takes a request that passed authentication and answers
 * with what the real service answered. Parameters, media type and tenant are the upstream's to judge.
 */
export type Forwarder = (c: Exchange, operation: Operation) => Promise<Response>;

/** The area a handler serves: its name (journal, fault rules), prefix and operations. */
export interface SignedArea {
  name: string;
  prefix: string;
  operations: Operation[];
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
  { name: area, prefix, operations }: SignedArea,
  forward?: Forwarder,
): ExchangeHandler {
  const byPath = new Map(operations.map((op) => [op.path, op]));
  const names = operations.map((op) => op.path.slice(prefix.length + 1)).join(", ");

  return async (c) => {
    const requestId = c.get("requestId");
    try {
      // Read once by the journal middleware, which every signed prefix runs first (app.ts).
      const target = c.get("target"), headers = c.get("headers");
      const path = target.pathname;
      const operation = byPath.get(path.endsWith("/") ? path.replace(/\/+$/, "") : path);
      if (!operation) {
        throw new ApiError(
          "ResourceNotFound",
          `No operation at ${path}. Operations under ${prefix}: ${names}.`,
        );
      }
      if (c.req.method !== operation.method) {
        throw new ApiError(
          "HttpRequestMethodNotSupported",
          `${operation.path} takes ${operation.method}, not ${c.req.method}.`,
        );
      }
      const auth = authenticate(
        {
          method: c.req.method,
          host: headers.host ?? target.host,
          path,
          query: target.query,
          remoteAddress: () => c.env?.remoteAddr?.hostname ?? "",
        },
        {
          findKey: (id) => emulator.findKey(id),
          now: emulator.clock.now(),
          manualClock: emulator.clock.mode === "manual",
          signHosts: emulator.config.signHosts,
          maxClockSkewSeconds: emulator.config.maxClockSkewSeconds,
          rateLimiter,
          operation,
        },
      );
      c.set("auth", auth.diagnostics);
      if (!auth.ok) throw auth.error;
      const enterprise = emulator.findEnterprise(auth.key.enterpriseId);
      if (!enterprise) {
        throw new ApiError(
          "AuthFailure",
          `The enterprise ${auth.key.enterpriseId} of this key no longer exists.`,
        );
      }
      if (forward) return await forward(c, operation);

      const pairs = target.query.filter(([name]) =>
        !(COMMON_PARAMETERS as readonly string[]).includes(name)
      );
      const business = queryObject(pairs);
      let params: unknown, queryParams: unknown;
      if (operation.method === "GET") {
        params = parseParameters(operation.params, business);
      } else {
        const body = await jsonBody(c, headers, emulator.config.maxBodyBytes);
        params = parseParameters(operation.params, withoutNulls(body));
        // No business query parameter where none is taken (most POSTs): NO_QUERY's `{}`, without zod.
        queryParams = pairs.length === 0 && !operation.query
          ? {}
          : parseParameters(operation.query ?? NO_QUERY, business);
      }
      checkEnterprise(params, enterprise.enterpriseId);
      const reply = (result: OperationResult) => respond(c, { requestId, ...result });
      // Most handlers answer at once: awaiting their result anyway cost two more microtask turns.
      const run = () => {
        const result = operation.handle(
          { tenant: tenantOf(enterprise, auth.key), origin: target.origin },
          params,
          queryParams,
        );
        return result instanceof Promise ? result.then(reply) : reply(result);
      };
      const fault = faults.pick({
        area,
        path: operation.path,
        accessKeyId: auth.key.accessKeyId,
        params,
      });
      return fault ? await applyFault(c, fault, run) : await run();
    } catch (thrown) {
      // An unexpected failure is ccemu's bug: tell the operator on stderr, never the client.
      if (!(thrown instanceof ApiError)) console.error(`ccemu: ${requestId}:`, thrown);
      const error = toApiError(thrown);
      c.set("errorCode", error.code);
      return respond(c, failureBody(requestId, error, emulator.config.strict), error.status);
    }
  };
}
