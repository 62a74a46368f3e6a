/**
 * The journal: one entry per exchange on the emulated APIs, newest last, bounded by
 * `--journal-size` entries and `--journal-mb`. What the inspector, the harness and users' tests read.
 */

import { createHash } from "node:crypto";

/** Bodies beyond this are stored cut; `size` keeps the real length. */
export const MAX_STORED_BODY = 64 * 1024;

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
  /** The full URL, when ccemu made the request itself (for "copy as curl"). */
  target?: string;
  /** The visitor session the entry belongs to (for session-filtered event streams). */
  sessionId?: string;
}

/** A client's request to an emulated API or the storage host. */
export interface ExchangeEntry extends JournalEntry {
  kind: "exchange";
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

/**
 * The UTF-8 length of a string, without encoding it: what TextEncoder writes, a lone surrogate
 * counted as the three bytes of the U+FFFD it becomes.
 */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    else if (code <= 0xdbff && code >= 0xd800 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 2; // a surrogate pair: two code units, four bytes
      i++;
    } else bytes += 2;
  }
  return bytes;
}

/**
 * Stores text, cut at MAX_STORED_BODY characters' worth of bytes, with the whole body's digest.
 * The cut text is a copy: a slice would keep the whole body (an agent's 10 MB reply) alive.
 */
export function storeBody(text: string, size = utf8Length(text)): StoredBody {
  if (size <= MAX_STORED_BODY) return { text, size, truncated: false };
  // `text` may be only what was read of a body refused for its size: no digest of a part.
  const whole = utf8Length(text) === size;
  return {
    text: UTF8_DECODER.decode(UTF8_ENCODER.encode(text.slice(0, MAX_STORED_BODY))),
    size,
    truncated: true,
    ...(whole
      ? { digest: `sha256:${createHash("sha256").update(text, "utf8").digest("hex")}` }
      : {}),
  };
}

const UTF8_ENCODER = new TextEncoder();
const UTF8_DECODER = new TextDecoder();

/** Entries are stored in segments of this size (an entry larger than one gets its own). */
const SEGMENT_BYTES = 1024 * 1024;

/**
 * Bounded two ways, the oldest entries going first: `capacity` entries, and `maxBytes` of their
 * bytes (bodies are kept up to 64 KiB each, so the count alone would allow gigabytes). The newest
 * entry is always kept.
 *
 * Entries are kept as UTF-8 in 1 MiB segments, outside V8's heap, and decoded when read: each its
 * JSON, the bodies' text left empty, followed by that text as it is (so a lone surrogate in a
 * body, which no HTTP body carries, reads back as U+FFFD). Where each lies, and what the area and
 * status filters read, sits in a ring of typed arrays. Kept as
 * objects, every entry outlived two young-generation collections under load, so V8 copied it
 * twice into the old generation, which it let grow to four times the live heap before marking:
 * about 60 MB/s promoted and 290 MB resident under wrk. Kept as bytes, an entry's objects die
 * young, and a reader gets its own copy: nothing can change a recorded exchange.
 */
export class Journal {
  /** Retained entries have the ids from #firstId to #nextId - 1; entry `id` is at ring[id % length]. */
  #firstId = 1;
  #nextId = 1;
  #bytes = 0;
  #ring = new Ring(0);
  /** Area names, so that the ring keeps an index (there are a handful). */
  #areas: string[] = [];
  /** Segments by number, the last being written (an entry's segment number is in the ring). */
  #segments = new Map<number, Uint8Array<ArrayBuffer>>();
  #segmentNo = 0;
  #current: Uint8Array<ArrayBuffer> | undefined;
  #used = 0;
  /** A segment all of whose entries were dropped, written again rather than left to the GC. */
  #spare: Uint8Array<ArrayBuffer> | undefined;

  /** `onAdd` hears every entry as it is added (the emulator announces it on the live events). */
  constructor(
    readonly capacity: number,
    private readonly onAdd?: (entry: JournalEntry) => void,
    readonly maxBytes = Infinity,
  ) {}

  /** Adds an entry of any kind; areas pass their own entry type to get it back typed. */
  add<E extends JournalEntry>(entry: Omit<E, "id">): E {
    const stored = { id: this.#nextId, ...entry } as E;
    const request = stored.body, response = stored.response.body;
    const requestText = request?.text ?? "", responseText = response?.text ?? "";
    // The bodies' text is written raw after the JSON: escaping it into the JSON cost more than
    // the rest of the entry, and a body's non-ASCII text made all of it a two-byte string. It is
    // left out of the JSON by blanking it for the moment (copies of the objects cost 0.3 µs).
    let json: string;
    try {
      if (request) request.text = "";
      if (response) response.text = "";
      json = JSON.stringify(stored);
    } finally {
      if (request) request.text = requestText;
      if (response) response.text = responseText;
    }
    const place = this.#write(json, requestText, responseText);
    const bytes = place.end - place.start;
    while (
      this.size > 0 &&
      (this.size >= this.capacity || this.#bytes + bytes > this.maxBytes)
    ) this.#dropOldest();
    if (this.size === this.#ring.length) {
      this.#ring = this.#ring.grown(this.#firstId, this.#nextId, this.capacity);
    }
    let area = this.#areas.indexOf(stored.area);
    if (area === -1) area = this.#areas.push(stored.area) - 1;
    this.#ring.set(this.#nextId++, this.#segmentNo, place, stored.response.status, area);
    this.#bytes += bytes;
    this.onAdd?.(stored);
    return stored;
  }

  /**
   * Encodes an entry's JSON and its two bodies one after the other, after the last entry, or in a
   * new segment when they do not fit.
   */
  #write(json: string, request: string, response: string): Place {
    const place = this.#current && encodeAt(this.#current, this.#used, json, request, response);
    if (place) return this.#used = place.end, place;
    // Three bytes per UTF-16 unit at most: an entry that may not fit a fresh segment gets one of
    // its own, of its exact size (three times its length would hold a large push entry's 400 KB
    // in 1.2 MB).
    const segment = (json.length + request.length + response.length) * 3 > SEGMENT_BYTES
      ? new Uint8Array(utf8Length(json) + utf8Length(request) + utf8Length(response))
      : this.#spare ?? new Uint8Array(SEGMENT_BYTES);
    if (segment === this.#spare) this.#spare = undefined;
    this.#segments.set(++this.#segmentNo, segment);
    this.#current = segment;
    const fresh = encodeAt(segment, 0, json, request, response)!;
    this.#used = fresh.end;
    return fresh;
  }

  #dropOldest(): void {
    const ring = this.#ring, id = this.#firstId++;
    const { start, end } = ring.place(id);
    this.#bytes -= end - start;
    const segment = ring.segment(id);
    // Segments fill in order: once the next entry is in a later one, none of this one is kept.
    if (this.size > 0 ? ring.segment(id + 1) !== segment : segment !== this.#segmentNo) {
      const bytes = this.#segments.get(segment)!;
      this.#segments.delete(segment);
      if (bytes.length === SEGMENT_BYTES) this.#spare = bytes;
    }
  }

  /** The entry decoded: a copy of its own for every reader. */
  #read(id: number): JournalEntry {
    const ring = this.#ring;
    const segment = this.#segments.get(ring.segment(id))!;
    const text = (from: number, to: number) => UTF8_DECODER.decode(segment.subarray(from, to));
    const { start, json, request, end } = ring.place(id);
    const entry: JournalEntry = JSON.parse(text(start, json));
    if (entry.body) entry.body.text = text(json, request);
    if (entry.response.body) entry.response.body.text = text(request, end);
    return entry;
  }

  get(id: number): JournalEntry | undefined {
    return Number.isInteger(id) && id >= this.#firstId && id < this.#nextId
      ? this.#read(id)
      : undefined;
  }

  /**
   * The retained entries that pass `filter`, oldest first. Area and status are read from the
   * ring; a path or request id filter decodes entries, newest first when `limit` allows stopping.
   */
  list(filter: JournalFilter = {}): JournalEntry[] {
    const ring = this.#ring;
    const area = filter.area === undefined ? undefined : this.#areas.indexOf(filter.area);
    const status = filter.status?.toLowerCase();
    const statusClass = status && /^\dxx$/.test(status) ? Number(status[0]) : undefined;
    const first = Math.max(this.#firstId, (filter.since ?? 0) + 1);
    const limit = filter.limit ?? Infinity;
    // Without `since`, `limit` takes the newest: walk back from the end and stop there.
    const newestFirst = filter.since === undefined;
    const matches: JournalEntry[] = [];
    const ids = newestFirst
      ? count(this.#nextId - 1, first - 1, -1)
      : count(first, this.#nextId, 1);
    for (const id of ids) {
      if (matches.length >= limit) break;
      if (area !== undefined && ring.area(id) !== area) continue;
      const code = ring.status(id);
      if (statusClass !== undefined && Math.floor(code / 100) !== statusClass) continue;
      if (statusClass === undefined && status !== undefined && String(code) !== status) continue;
      const entry = this.#read(id);
      if (filter.path !== undefined && !entry.path.includes(filter.path)) continue;
      if (filter.requestId !== undefined && entry.requestId !== filter.requestId) continue;
      matches.push(entry);
    }
    return newestFirst ? matches.reverse() : matches;
  }

  get size(): number {
    return this.#nextId - this.#firstId;
  }

  /** The UTF-8 bytes of the retained entries (JSON and bodies), counted against `maxBytes`. */
  get bytes(): number {
    return this.#bytes;
  }

  clear(): void {
    this.#firstId = this.#nextId;
    this.#bytes = 0;
    this.#ring = new Ring(0);
    this.#segments.clear();
    this.#current = undefined;
  }
}

/** Where an entry lies in its segment: its JSON from `start`, then the two bodies' text. */
interface Place {
  start: number;
  /** Where the JSON ends and the request body's text starts. */
  json: number;
  /** Where the request body's text ends and the response body's text starts. */
  request: number;
  end: number;
}

/** Encodes the three texts into `segment` from `at`; undefined when they do not all fit. */
function encodeAt(
  segment: Uint8Array,
  at: number,
  json: string,
  request: string,
  response: string,
): Place | undefined {
  const jsonEnd = put(segment, at, json);
  const requestEnd = jsonEnd === -1 ? -1 : put(segment, jsonEnd, request);
  const end = requestEnd === -1 ? -1 : put(segment, requestEnd, response);
  return end === -1 ? undefined : { start: at, json: jsonEnd, request: requestEnd, end };
}

/** Encodes `text` into `segment` at `at`: where it ends, or -1 when it does not fit. */
function put(segment: Uint8Array, at: number, text: string): number {
  if (text === "") return at;
  const { read, written } = UTF8_ENCODER.encodeInto(text, segment.subarray(at));
  return read === text.length ? at + written : -1;
}

/** `from`, `from + step`, … up to `to` (not included). */
function* count(from: number, to: number, step: 1 | -1): Generator<number> {
  for (let n = from; n !== to; n += step) yield n;
}

/** Where entries lie and what the filters read, by id: typed arrays, so nothing for the GC. */
class Ring {
  readonly #segments: Int32Array;
  /** Each entry's Place (start, json, request, end): four numbers an entry. */
  readonly #places: Int32Array;
  readonly #statuses: Uint16Array;
  readonly #areas: Uint16Array;

  constructor(readonly length: number) {
    this.#segments = new Int32Array(length);
    this.#places = new Int32Array(length * 4);
    this.#statuses = new Uint16Array(length);
    this.#areas = new Uint16Array(length);
  }

  set(id: number, segment: number, place: Place, status: number, area: number) {
    const at = id % this.length;
    this.#segments[at] = segment;
    const places = this.#places;
    places[at * 4] = place.start;
    places[at * 4 + 1] = place.json;
    places[at * 4 + 2] = place.request;
    places[at * 4 + 3] = place.end;
    this.#statuses[at] = status;
    this.#areas[at] = area;
  }

  segment(id: number): number {
    return this.#segments[id % this.length];
  }
  place(id: number): Place {
    const places = this.#places, at = (id % this.length) * 4;
    return {
      start: places[at],
      json: places[at + 1],
      request: places[at + 2],
      end: places[at + 3],
    };
  }
  status(id: number): number {
    return this.#statuses[id % this.length];
  }
  area(id: number): number {
    return this.#areas[id % this.length];
  }

  /** A ring twice as long (up to `capacity`) holding the same entries, ids `from` to `to` - 1. */
  grown(from: number, to: number, capacity: number): Ring {
    const ring = new Ring(Math.min(capacity, Math.max(64, this.length * 2)));
    for (let id = from; id < to; id++) {
      ring.set(id, this.segment(id), this.place(id), this.status(id), this.area(id));
    }
    return ring;
  }
}
