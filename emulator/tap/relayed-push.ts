/**
 * One push as it crossed `ccemu tap`: what the real gateway sent, where it went, what the agent
 * answered and when. This is what a tap recording keeps of the wire (under `tap` in the transcript,
 * see transcript.ts), so that ccemu's own pushes can be compared with the real gateway's.
 */

/** An SSE event of a streamed reply, as the recording keeps it. */
export interface TapEvent {
  /** When it reached the tap, in milliseconds after the push did. */
  at: number;
  /** The event's name (`message` when the stream named none). */
  event: string;
  /** Its data; null for an event without data, or when it was not kept (`dataCut`). */
  data: string | null;
  /** True when its data was not kept: the exchange's room for event data was used up. */
  dataCut?: true;
}

/** The agent's reply as the tap passed it back. */
export interface TapResponse {
  status: number;
  /** Its headers as the agent sent them, names in lower case. */
  headers: Record<string, string>;
  /** The text of a reply that is not an event stream; null for an event stream. */
  body: string | null;
  /** An event stream's events with their arrival times; null for any other reply. */
  events: TapEvent[] | null;
  /** True when the body's text or the events were kept in part (see MAX_KEPT_CHARS). */
  cut?: true;
  /** Why the reply ended before the agent finished it: the caller closed it, the stream broke. */
  ended?: string;
}

/** One push and its reply: an element of a `tap` list in a tap recording. */
export interface RelayedPush {
  /** `open` for the open-session call, `message` for a visitor message (told by the body). */
  via: "open" | "message";
  /** When the push reached the tap (wall clock, ISO). */
  time: string;
  /** The push as received, and forwarded: method, path and query, headers, body text. */
  request: {
    method: string;
    path: string;
    /** Names in lower case; hop-by-hop headers left out; the Authorization credential redacted. */
    headers: Record<string, string>;
    body: string;
    /** True when the body's text was kept in part (see MAX_KEPT_CHARS). */
    cut?: true;
  };
  /** The URL the push was forwarded to. */
  agentUrl: string;
  /** The agent's reply; null when none came (`error` says why). */
  response: TapResponse | null;
  /** Why no reply came: the message the caller got with its 502. */
  error?: string;
  /** Milliseconds after the push reached the tap: to the reply's headers, and to its end. */
  timings: { firstByteMs: number | null; endMs: number };
}

/**
 * The most characters of text one side of an exchange keeps: a transcript is rewritten after every
 * exchange and imported whole (16 MiB at most), so one huge reply must not make it unusable.
 */
export const MAX_KEPT_CHARS = 256 * 1024;

/** The most events one reply keeps (their times and names; data within MAX_KEPT_CHARS). */
export const MAX_KEPT_EVENTS = 10_000;

/**
 * Headers that belong to one connection, not to the message: never forwarded, never recorded.
 * `host` and `content-length` are set again by fetch for the agent's side.
 */
export const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
  "host",
  "content-length",
]);

/**
 * The Authorization value as a recording keeps it: the scheme, not the credential. A recording is
 * meant to be attached to bug reports; the agent's token must not travel with it.
 */
export function redactAuthorization(value: string): string {
  const scheme = /^(\S+)\s+\S/.exec(value)?.[1];
  return scheme ? `${scheme} (redacted)` : "(redacted)";
}

/** Headers as a recording keeps them: lower-case names, no hop-by-hop ones, credential redacted. */
export function recordedHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (HOP_BY_HOP.has(name)) return;
    out[name] = name === "authorization" ? redactAuthorization(value) : value;
  });
  return out;
}

/** Text kept within MAX_KEPT_CHARS, saying whether it was cut. */
export function keptText(text: string): { text: string; cut: boolean } {
  return text.length > MAX_KEPT_CHARS
    ? { text: text.slice(0, MAX_KEPT_CHARS), cut: true }
    : { text, cut: false };
}
