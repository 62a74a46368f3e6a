/** The control API, for the top-level component (the only one that talks to the network). */

export class ApiError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

export async function api<T = Record<string, unknown>>(
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) {
    throw new ApiError(
      json?.error?.code ?? String(response.status),
      json?.error?.message ?? response.statusText,
    );
  }
  return json as T;
}

/** The types the UI shows are the emulator's own, as the control API answers them in JSON. */
export type { Entry as JournalEntry } from "../emulator/app.ts";
export type {
  AgentMessage,
  Finding,
  HistoryItem,
  Robot,
  Session,
} from "../emulator/gateway/schemas.ts";
