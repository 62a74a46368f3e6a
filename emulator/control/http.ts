/** What every control route shares: the error envelope and reading a JSON body. */
import type { Context } from "hono";
import type { AppEnv } from "../app-env.ts";
import { parseJsonObject, readBody } from "../body.ts";
import { ApiError, failureBody, toApiError } from "../signed-api/errors.ts";

let controlRequests = 0;

/**
 * Control-API errors use the vendor's envelope and codes too, with ids of their own kind
 * (`control-N`), so they never draw from the seeded generator the emulated APIs' ids come from.
 */
export function controlError(error: unknown, c: Context<AppEnv>): Response {
  if (!(error instanceof ApiError)) console.error("ccemu: control API:", error);
  const apiError = toApiError(error);
  const requestId = `control-${++controlRequests}`;
  return c.json(failureBody(requestId, apiError, false), apiError.status);
}

/**
 * A JSON object body. The declared media type is not checked, so that `curl -d '{"ms":1000}'` works
 * as typed; the loopback guard, not the media type, keeps other sites out.
 */
export async function jsonObject(
  c: Context<AppEnv>,
  limit: number,
): Promise<Record<string, unknown>> {
  return parseJsonObject(await readBody(c.req.raw, limit), limit);
}
