/**
 * The pushes a tap recording holds, in order, for comparing the real gateway's pushes with what
 * ccemu's gateway sends for the same visitor messages (`ccemu parity`). Pure: it reads the parsed
 * transcript and nothing else.
 */
import { isObject, type Json } from "../core/json.ts";
import type { RelayedPush } from "./relayed-push.ts";

/** One push as the real gateway sent it. */
export interface TapPush {
  /** `open` for the open-session call, `message` for a visitor message. */
  via: "open" | "message";
  /** When it reached the tap (wall clock, ISO). */
  time: string;
  method: string;
  /** Path and query as received (the agent's own path, as the gateway was told it). */
  path: string;
  /** Lower-case names, hop-by-hop headers left out; Authorization reads `Bearer (redacted)`. */
  headers: Record<string, string>;
  /** The body as JSON; its text when it is not JSON (or was kept in part: `cut`). */
  body: unknown;
  cut?: true;
  /** The whole exchange, the agent's reply included. */
  exchange: RelayedPush;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The exchanges on one history item, if it carries any. */
function carried(item: unknown): RelayedPush[] {
  if (!isObject(item) || !isObject(item.message)) return [];
  const tap = (item.message as Json).tap;
  return Array.isArray(tap) ? tap.filter((e): e is RelayedPush => isObject(e)) : [];
}

/**
 * The pushes of a tap recording (a transcript `ccemu tap` wrote, as parsed JSON), in the order
 * the tap recorded them; none for a transcript that did not come from a tap.
 */
export function tapPushes(recording: unknown): TapPush[] {
  const session = isObject(recording) && isObject(recording.session) ? recording.session : {};
  const history = Array.isArray(session.history) ? session.history : [];
  return history.flatMap(carried).map((exchange) => ({
    via: exchange.via,
    time: exchange.time,
    method: exchange.request.method,
    path: exchange.request.path,
    headers: exchange.request.headers,
    body: exchange.request.cut ? exchange.request.body : parsed(exchange.request.body),
    ...(exchange.request.cut ? { cut: true as const } : {}),
    exchange,
  }));
}
