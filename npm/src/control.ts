/**
 * JSON over ccemu's control API (`/_emulator/...`, no signature). A refusal rejects with ccemu's
 * own message (it names the field or JSON path at fault), not with the status alone.
 */
import { send } from "./http.ts";

/**
 * A request ccemu refused: its message, and the error code and status it answered with.
 *
 * @example A fixture ccemu cannot load, in a Node test
 * ```ts ignore
 * // Not run by `deno test --doc`: this is Node code against the packed npm package
 * // (tests/package/node_api_test.ts runs the same calls under Node).
 * import { CcemuError, startCcemu } from "ccemu";
 *
 * try {
 *   await startCcemu({ fixtures: "./my-fixtures.json" });
 * } catch (error) {
 *   if (error instanceof CcemuError) console.log(error.code, error.message); // InvalidParameter …
 * }
 * ```
 */
export class CcemuError extends Error {
  /** Always `CcemuError`. */
  override name = "CcemuError";
  /** ccemu's `message`, with the error `code` and HTTP `status` it answered. */
  constructor(message: string, readonly code: string, readonly status: number) {
    super(message);
  }
}

/** Sends `body` (when given) as JSON to `base` + `path`; resolves with the JSON answer. */
export async function control<T = Record<string, unknown>>(
  base: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const { status, text } = await send(
    method,
    base + path,
    body === undefined ? undefined : JSON.stringify(body),
  );
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    throw new CcemuError(`${method} ${path} answered ${status}: ${text}`, "NotJson", status);
  }
  if (status >= 400) {
    const error = json?.error ?? {};
    throw new CcemuError(
      error.message ?? `${method} ${path} answered ${status}`,
      error.code ?? "Unknown",
      status,
    );
  }
  return json as T;
}
