/**
 * A control route declared once, beside its handler: its method, path, summary, and the schemas
 * of its body, query and answer, as `defineOperation` declares a signed operation. `routes.get(
 * path, doc, handler)` registers the route with Hono and marks the handler with its declaration,
 * so the OpenAPI document reads every control route off the composed app (openapi/control.ts),
 * and a test finds any route served without one.
 */
import { type Context, Hono } from "npm:hono@4.13.19";
import { findTargetHandler } from "npm:hono@4.13.19/utils/handler";
import type { z } from "npm:zod@4.6.7";
import type { AppEnv } from "../core/app-env.ts";
import { jsonObject } from "../core/body.ts";
import { parseParameters } from "../core/validation.ts";

export type RouteMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** What the OpenAPI document says of a route. */
export interface RouteDoc<B extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType> {
  summary: string;
  /** The JSON body: documented, and what `input.body()` checks. */
  body?: B;
  /** Bytes the body may have, as `input.body()` and `input.json()` read it. */
  limit?: number;
  /** The query parameters: documented, and what `input.query()` checks. */
  query?: Q;
  /** The answer's JSON, where a schema of it exists. */
  answer?: z.ZodType;
  /** True when the route answers 201 Created (an added resource) rather than 200. */
  created?: boolean;
  /** When the route may answer server-sent events instead: the schema of each event's data. */
  events?: z.ZodType;
}

/**
 * The request as the declaration reads it. Lazy, so that a handler still looks up what the path
 * names before it reads the body, and its refusals keep their order.
 */
export interface RouteInput<B extends z.ZodType, Q extends z.ZodType> {
  /** The body checked by the declared schema; `precheck` sees the JSON first. */
  body(precheck?: (json: Record<string, unknown>) => void): Promise<z.output<B>>;
  /** The body as sent (a JSON object), for a domain function that checks it itself. */
  json(): Promise<Record<string, unknown>>;
  /** The query checked by the declared schema. */
  query(): z.output<Q>;
}

/** A route's handler; `P`, its path, types `c.req.param`. */
export type RouteHandler<B extends z.ZodType, Q extends z.ZodType, P extends string = string> = (
  c: Context<AppEnv, P>,
  input: RouteInput<B, Q>,
) => Response | Promise<Response>;

/** A declared route as the document lists it: the path in OpenAPI form (`/keys/{id}`). */
export interface DeclaredRoute extends Omit<RouteDoc, "limit"> {
  method: RouteMethod;
  path: string;
}

/** The mark a registered handler carries: a symbol, which no property Hono sets can clash with. */
const DECLARED = Symbol("ccemu.declared-route");
type Marked = { [DECLARED]?: RouteDoc };

function inputOf<B extends z.ZodType, Q extends z.ZodType>(
  c: Context<AppEnv, string>,
  doc: RouteDoc<B, Q>,
): RouteInput<B, Q> {
  const json = () => {
    if (doc.limit === undefined) throw new Error(`${c.req.path}: no body limit declared`);
    return jsonObject(c, doc.limit);
  };
  return {
    json,
    body: async (precheck) => {
      if (!doc.body) throw new Error(`${c.req.path}: no body schema declared`);
      const read = await json();
      precheck?.(read);
      return parseParameters(doc.body, read);
    },
    query: () => {
      if (!doc.query) throw new Error(`${c.req.path}: no query schema declared`);
      return parseParameters(doc.query, c.req.query());
    },
  };
}

/** Routes under `base`, each registered with its declaration; `hono` is what gets mounted. */
export class ControlRoutes {
  readonly hono: Hono<AppEnv>;

  constructor(base = "") {
    this.hono = base ? new Hono<AppEnv>().basePath(base) : new Hono<AppEnv>();
  }

  route<P extends string, B extends z.ZodType = z.ZodNever, Q extends z.ZodType = z.ZodNever>(
    method: RouteMethod,
    path: P,
    doc: RouteDoc<B, Q>,
    handler: RouteHandler<B, Q, P>,
  ): this {
    // A handler of its own per route: one function (an asset server) may serve two routes.
    const registered = (c: Context<AppEnv, P>) => handler(c, inputOf(c, doc));
    (registered as Marked)[DECLARED] = doc;
    this.hono.on(method, path, registered);
    return this;
  }

  get<P extends string, Q extends z.ZodType = z.ZodNever>(
    path: P,
    doc: RouteDoc<z.ZodNever, Q>,
    handler: RouteHandler<z.ZodNever, Q, P>,
  ): this {
    return this.route("GET", path, doc, handler);
  }

  post<P extends string, B extends z.ZodType = z.ZodNever>(
    path: P,
    doc: RouteDoc<B>,
    handler: RouteHandler<B, z.ZodNever, P>,
  ): this {
    return this.route("POST", path, doc, handler);
  }

  put<P extends string, B extends z.ZodType = z.ZodNever>(
    path: P,
    doc: RouteDoc<B>,
    handler: RouteHandler<B, z.ZodNever, P>,
  ): this {
    return this.route("PUT", path, doc, handler);
  }

  patch<P extends string, B extends z.ZodType = z.ZodNever>(
    path: P,
    doc: RouteDoc<B>,
    handler: RouteHandler<B, z.ZodNever, P>,
  ): this {
    return this.route("PATCH", path, doc, handler);
  }

  delete<P extends string>(
    path: P,
    doc: RouteDoc<z.ZodNever>,
    handler: RouteHandler<z.ZodNever, z.ZodNever, P>,
  ): this {
    return this.route("DELETE", path, doc, handler);
  }
}

export const controlRoutes = (base?: string): ControlRoutes => new ControlRoutes(base);

/** The declaration a route's handler carries, through Hono's wrapping when it was mounted. */
export function declarationOf(handler: (...args: never[]) => unknown): RouteDoc | undefined {
  return (findTargetHandler(handler) as Marked)[DECLARED];
}

/** Hono's `:name` and `:name{pattern}` as OpenAPI's `{name}`. */
export const openApiPath = (path: string): string => path.replace(/:(\w+)(\{[^}]*\})?/g, "{$1}");

/** The declared routes among an app's routes (`hono.routes`), in the order they were mounted. */
export function declaredRoutes(
  routes: readonly { method: string; path: string; handler: (...args: never[]) => unknown }[],
): DeclaredRoute[] {
  return routes.flatMap((route) => {
    const doc = declarationOf(route.handler);
    if (!doc) return [];
    const { limit: _, ...documented } = doc;
    return [{ method: route.method as RouteMethod, path: openApiPath(route.path), ...documented }];
  });
}
