/**
 * The journal's entry: what every entry records (an HTTP exchange as it came and left), the
 * pieces of a client's exchange the signed path hands over, and the filter a reader lists by.
 * Types only: the journal (journal.ts) keeps entries, exchange-entry.ts writes a client's.
 */
import type { NameValueList } from "./name-value-list.ts";

/** The surface an entry belongs to: an area's name, or `storage`. */
export type Area = string;

/** A request or response body as the journal keeps it: its text, cut past 64 KiB, and its size. */
export interface StoredBody {
  /** The body's text; only its start when `truncated`. */
  text: string;
  /** Size in bytes of the whole body. */
  size: number;
  /** True when the body was longer than the journal keeps (64 KiB) and `text` is its start. */
  truncated: boolean;
  /** `sha256:` and the hex SHA-256 of the whole body, when it was cut and ccemu read all of it. */
  digest?: string;
}

/** What the signature check found, recorded for every signed request (never the secret). */
export interface AuthDiagnostics {
  /** Whether the request passed every check. */
  outcome: "accepted" | "rejected";
  /** The `AccessKeyId` the request gave. */
  accessKeyId?: string;
  /** The check that failed, e.g. `signature`, `expires`, `ip-allow-list`. */
  failedCheck?: string;
  /** The string-to-sign ccemu expected, for the first host tried. */
  expectedStringToSign?: string;
  /** The host names tried: the `Host` header without its port, as sent, and each `--sign-host`. */
  hostsTried?: string[];
  /** Which host and path variant matched, when one did. */
  matched?: { host: string; path: string };
  /** The failed check's message in full (the journal keeps it under `--strict` too). */
  detail?: string;
}

/** A fault rule fired on this exchange (emulator/faults): which, and what the client got. */
export interface FaultMark {
  /** The id of the rule that fired. */
  ruleId: number;
  /** The effect in a few words: `TooManyRequests`, `gateway 503`, `delay 2000 ms`. */
  effect: string;
  /** The rule's note, when it has one. */
  note?: string;
  /** What reached the client, when that differs from the recorded answer (cut, slowed). */
  detail?: string;
}

/** A stub answered this exchange instead of the state (emulator/stubs): which, and its findings. */
export interface StubMark {
  /** The id of the stub that answered. */
  stubId: number;
  /** The stub's note, when it has one. */
  note?: string;
  /**
   * Where the answer the stub sent breaks the operation's documented answer shape (JSON path,
   * `warning`, what is wrong): the stub was sent as it is, but a client built on the vendor's
   * documentation may not read it.
   */
  findings?: { path: string; severity: "warning"; message: string }[];
}

/**
 * What every entry records: an HTTP exchange, as it came and left. `kind` tells which: `exchange`
 * for a client's request to an emulated API or the storage host (the core's own kind); areas add
 * kinds for requests ccemu makes itself, extending this type with their detail (the gateway's
 * `push`, the outbound `sms`), so the core knows none of their shapes.
 */
export interface JournalEntry {
  /** The entry's id: 1, 2, 3… in the order entries were added, never reused. */
  id: number;
  /** What kind of exchange: `exchange`, or an area's own (`push`, `sms`, `callback`). */
  kind: string;
  /**
   * The request's id: the `requestId` a client's answer carried, or the one ccemu gave a request
   * it made itself.
   */
  requestId: string;
  /** Virtual time the exchange started, ms. */
  time: number;
  /** The surface it belongs to: `outbound`, `kb`, `gateway`, or `storage` for the storage host. */
  area: Area;
  /** The HTTP method. */
  method: string;
  /** The URL's path, without the query. */
  path: string;
  /** The query parameters; a name given more than once has a list. */
  query: Record<string, string | string[]>;
  /** The request headers, names in lower case. */
  headers: Record<string, string>;
  /** The request body; null when there was none. */
  body: StoredBody | null;
  /** The answer: its status (0 when none came to a request ccemu made), headers and body. */
  response: { status: number; headers: Record<string, string>; body: StoredBody | null };
  /** Real milliseconds the exchange took. */
  durationMs: number;
  /** What the signature check found, for a request to a signed API. */
  auth?: AuthDiagnostics;
  /** The vendor error code, when the exchange failed with one. */
  errorCode?: string;
  /** Set when a fault rule fired on the exchange. */
  fault?: FaultMark;
  /** Set when a stub answered the exchange instead of the emulated state. */
  stub?: StubMark;
  /** The full URL, when ccemu made the request itself (for "copy as curl"). */
  target?: string;
  /** The visitor session the entry belongs to (for session-filtered event streams). */
  sessionId?: string;
}

/** A client's request to an emulated API or the storage host. */
export interface ExchangeEntry extends JournalEntry {
  /** A client's request to an emulated API or the storage host. */
  kind: "exchange";
}

/**
 * A client's exchange as the signed path hands it to the journal: the pieces an ExchangeEntry is
 * made of, as they were read (the query and headers as flat lists, the bodies as text), which
 * `Journal.addExchange` writes as the entry's JSON without building the entry (`exchangeEntry`
 * builds it, for the rare entry the writer leaves to JSON.stringify).
 */
export interface ExchangeRecord {
  /** The id its answer carried. */
  requestId: string;
  /** Virtual time it started, ms. */
  time: number;
  /** The area that served it. */
  area: Area;
  /** The HTTP method. */
  method: string;
  /** The URL's path. */
  path: string;
  /** The decoded query, in order. */
  query: NameValueList;
  /** The request headers as `Headers.forEach` gives them. */
  headerList: NameValueList;
  /** The request body's text, when the handler read it; `requestSize` its declared length. */
  requestText: string | undefined;
  /** The request body's declared length. */
  requestSize: number | undefined;
  /** Otherwise, what the journal read of it itself (null: none). */
  requestBody: StoredBody | null;
  /** The answer's status. */
  status: number;
  /** The answer's headers. */
  responseHeaders: Record<string, string>;
  /** The response body's text, when the handler serialized it; otherwise `responseBody`. */
  responseText: string | undefined;
  /** What the journal read of the answer's body (null: none). */
  responseBody: StoredBody | null;
  /** Real milliseconds it took. */
  durationMs: number;
  /** What authentication found. */
  auth: AuthDiagnostics | undefined;
  /** The vendor error code it failed with. */
  errorCode: string | undefined;
  /** The fault rule that fired on it. */
  fault: FaultMark | undefined;
  /** The stub that answered, when one did (signed requests only). */
  stub?: StubMark;
}

/** Which entries `list` answers: every field optional, all of those given must hold. */
export interface JournalFilter {
  /** Entries of this area only: `outbound`, `kb`, `gateway` or `storage`. */
  area?: string;
  /** Entries whose path contains this text. */
  path?: string;
  /** An exact status (`404`) or a class (`4xx`). */
  status?: string;
  /** Only entries with an id greater than this (a cursor for polling). */
  since?: number;
  /** The entry of one request, by the `requestId` its answer carried. */
  requestId?: string;
  /** At most this many: the oldest after `since` when given, otherwise the newest. */
  limit?: number;
}
