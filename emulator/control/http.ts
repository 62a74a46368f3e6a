/** What every control route shares: the error envelope, and the answer to a wrong method. */
import type { Context } from "npm:hono@4.13.19";
import type { AppEnv } from "../core/app-env.ts";
import type { Emulator } from "../core/emulator.ts";
import { ApiError, failureBody, toApiError } from "../core/errors.ts";

/** Control-API errors use the vendor's envelope and codes too, with ids of their own kind. */
export function controlError(emulator: Emulator) {
  return (error: unknown, c?: Context<AppEnv>): Response => {
    if (!(error instanceof ApiError)) console.error("ccemu: control API:", error);
    const apiError = toApiError(error);
    const body = failureBody(emulator.newControlRequestId(), apiError, false);
    // A route's context keeps the headers it set first (the `allow` of a wrong method).
    return c ? c.json(body, apiError.status) : Response.json(body, { status: apiError.status });
  };
}

/**
 * The methods the app's routes take at `path` (middleware, registered for ALL, aside): when a
 * request finds no route, this tells a wrong method from a wrong path.
 */
export function methodsAt(routes: readonly { method: string; path: string }[], path: string) {
  const methods = new Set<string>();
  for (const route of routes) {
    if (route.method === "ALL") continue;
    const pattern = route.path.replace(/[.+?^$()|[\]\\]/g, "\\$&")
      .replace(/:\w+(\{[^}]*\})?/g, "[^/]+").replace(/\*/g, ".*");
    if (new RegExp(`^${pattern}$`).test(path)) methods.add(route.method);
  }
  return [...methods];
}
