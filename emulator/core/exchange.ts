/**
 * A request's context as the journal middleware, the signed API's dispatcher and the fault effects
 * use it: the request, the connection info, the per-request facts (AppEnv's variables) and the
 * response. Hono's Context has this shape, so each of them serves a Hono route as well; the signed
 * areas' requests get a plain one instead (see app.ts), because building Hono's context, request
 * wrapper and route match for them cost a signed request 6 % of its throughput under wrk.
 */
import type { AppEnv } from "./app-env.ts";

type Variables = AppEnv["Variables"];

export interface Exchange {
  req: { raw: Request; url: string; method: string };
  env: AppEnv["Bindings"];
  get<K extends keyof Variables>(key: K): Variables[K];
  set<K extends keyof Variables>(key: K, value: Variables[K]): void;
  res: Response;
}

/** Runs on an exchange before its handler, as a Hono middleware does (`next` runs the handler). */
export type ExchangeMiddleware = (c: Exchange, next: () => Promise<void>) => Promise<void>;
export type ExchangeHandler = (c: Exchange) => Promise<Response>;

/** The plain exchange: what the signed areas' requests run on. */
class PlainExchange implements Exchange {
  req: { raw: Request; url: string; method: string };
  res!: Response;
  #variables: Partial<Variables> = {};

  constructor(raw: Request, readonly env: AppEnv["Bindings"]) {
    this.req = { raw, url: raw.url, method: raw.method };
  }

  get<K extends keyof Variables>(key: K): Variables[K] {
    return this.#variables[key] as Variables[K];
  }

  set<K extends keyof Variables>(key: K, value: Variables[K]): void {
    this.#variables[key] = value;
  }
}

/** Serves a request with `middleware` around `handler`, as Hono would for a route with both. */
export async function serveExchange(
  request: Request,
  env: AppEnv["Bindings"],
  middleware: ExchangeMiddleware,
  handler: ExchangeHandler,
): Promise<Response> {
  const c = new PlainExchange(request, env);
  await middleware(c, async () => {
    c.res = await handler(c);
  });
  return c.res;
}
