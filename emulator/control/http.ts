/** What every control route shares: the error envelope. */
import type { Context } from "hono";
import type { AppEnv } from "../core/app-env.ts";
import type { Emulator } from "../core/emulator.ts";
import { ApiError, failureBody, toApiError } from "../core/errors.ts";

/** Control-API errors use the vendor's envelope and codes too, with ids of their own kind. */
export function controlError(emulator: Emulator) {
  return (error: unknown, c: Context<AppEnv>): Response => {
    if (!(error instanceof ApiError)) console.error("ccemu: control API:", error);
    const apiError = toApiError(error);
    return c.json(failureBody(emulator.newControlRequestId(), apiError, false), apiError.status);
  };
}
