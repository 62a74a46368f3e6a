/**
 * What a push that reached the tap is, read from its path and body alone (the tap knows nothing
 * else of the real gateway): the open-session call or a visitor message, the robot's way, the
 * visitor session it belongs to, and what the visitor sent.
 */
import { isObject, type Json, parseJson } from "../core/json.ts";
import type { ResponseMode } from "../gateway/schemas.ts";

export type Platform = "Default" | "PlatformA";

/** A visitor message as a session's history keeps it. */
export interface SentMessage {
  messageType: 100 | 105;
  message: Record<string, unknown>;
}

export interface ReceivedPush {
  via: "open" | "message";
  /** The way the body shows; null when it cannot tell (the open-session call is the same in both). */
  platform: Platform | null;
  /** The body as JSON; null when it is not a JSON object. */
  body: Json | null;
  /** The body's `inputs` (spec 2.3); empty when it has none. */
  inputs: Json;
  /** What ties pushes of one visitor session together: `inputs.uniqueId`, else the visitor. */
  sessionKey: string;
  responseMode: ResponseMode;
  /** What the visitor sent; null for the open-session call. */
  sent: SentMessage | null;
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value !== ""
    ? value
    : typeof value === "number"
    ? String(value)
    : undefined;

function parseObject(bodyText: string): Json | null {
  try {
    const json = parseJson(bodyText);
    return isObject(json) ? json : null;
  } catch {
    return null;
  }
}

/** The file name at the end of an image URL (platform A sends the URL alone). */
function fileNameOf(url: string): string {
  try {
    const last = new URL(url).pathname.split("/").pop();
    return last ? decodeURIComponent(last) : "image";
  } catch {
    return "image";
  }
}

/** What the visitor sent, from a default-way `data[0]` or a platform-A `query`/`files`. */
function sentMessage(body: Json, platform: Platform): SentMessage {
  if (platform === "PlatformA") {
    const files = Array.isArray(body.files) ? body.files : [];
    const image = files.find((f) => isObject(f) && typeof f.url === "string") as Json | undefined;
    if (image) {
      const fileUrl = String(image.url);
      return { messageType: 105, message: { fileUrl, fileName: fileNameOf(fileUrl) } };
    }
    return { messageType: 100, message: { content: String(body.query ?? "") } };
  }
  const first = (body.data as unknown[])[0];
  const item = isObject(first) ? first : {};
  const message = isObject(item.message) ? item.message : {};
  if (Number(item.messageType) === 105 && typeof message.fileUrl === "string") {
    return {
      messageType: 105,
      message: { ...message, fileName: String(message.fileName ?? fileNameOf(message.fileUrl)) },
    };
  }
  // A type the history cannot hold (only 100 and 105) is kept as text; the wire keeps it whole.
  return typeof message.content === "string"
    ? { messageType: 100, message }
    : { messageType: 100, message: { content: JSON.stringify(item.message ?? null) } };
}

/** Reads a push from its path and body text. */
export function readPush(path: string, bodyText: string): ReceivedPush {
  const body = parseObject(bodyText);
  const json = body ?? {};
  const inputs = isObject(json.inputs) ? json.inputs : {};
  const platform: Platform | null = typeof json.query === "string" ||
      /\/chat-messages(\?|$)/.test(path)
    ? "PlatformA"
    : Array.isArray(json.data)
    ? "Default"
    : null;
  const visitor = text(json.visitorId) ?? text(json.user) ?? text(inputs.visitorId);
  const unique = text(inputs.uniqueId);
  return {
    via: platform ? "message" : "open",
    platform,
    body,
    inputs,
    sessionKey: unique ?? (visitor ? `visitor ${visitor}` : "(no session id)"),
    responseMode: (json.responseMode ?? json.response_mode) === "streaming"
      ? "streaming"
      : "blocking",
    sent: platform ? sentMessage(json, platform) : null,
  };
}

/** A push body's string field, for the session's ids. */
export const bodyText = text;
