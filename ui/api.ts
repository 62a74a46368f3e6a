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

/** The types the UI shows, as the control API answers them. */
export interface AgentMessage {
  type: number;
  subtype?: number;
  content: Record<string, unknown>;
  messageId?: string;
}

export interface Finding {
  path: string;
  severity: "error" | "warning";
  message: string;
}

export type HistoryItem =
  | {
    kind: "visitor";
    at: number;
    messageType: number;
    message: Record<string, string>;
    journalId: number | null;
  }
  | { kind: "agent"; at: number; via: string; message: AgentMessage; journalId: number | null }
  | {
    kind: "instruction";
    at: number;
    instruction: { actionType: string; actionData: Record<string, string> };
    journalId: number | null;
  }
  | { kind: "error"; at: number; code: string; message: string; journalId: number | null };

export interface Session {
  sessionId: string;
  robotId: string;
  visitorId: string;
  responseMode: string;
  inputs: Record<string, unknown>;
  conversationId: string | null;
  transferred: { actionType: string; actionData: Record<string, string> } | null;
  history: HistoryItem[];
}

export interface Robot {
  robotId: string;
  name: string;
  platform: string;
  domain: string;
  pushConfigList: { type: string; uri: string }[];
}

export interface JournalEntry {
  id: number;
  requestId: string;
  time: number;
  area: string;
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  body: { text: string; size: number; truncated: boolean } | null;
  response: {
    status: number;
    headers: Record<string, string>;
    body: { text: string; size: number; truncated: boolean } | null;
  };
  durationMs: number;
  errorCode?: string;
  auth?: {
    outcome: string;
    accessKeyId?: string;
    failedCheck?: string;
    expectedStringToSign?: string;
    hostsTried?: string[];
    detail?: string;
  };
  push?: {
    sessionId: string;
    robotId: string;
    platform: string;
    responseMode: string;
    via: string;
    url: string;
    events: { at: number; event: string; data: string | null; ignored?: boolean }[];
    timings: { firstByteMs: number | null; firstChunkMs: number | null; endMs: number };
    findings: Finding[];
    error: { code: string; message: string } | null;
  };
}
