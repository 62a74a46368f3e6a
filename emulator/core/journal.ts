/**
 * The journal: one entry per exchange on the emulated APIs, newest last, bounded by
 * `--journal-size` entries and `--journal-mb`. What the inspector, the harness and users' tests read.
 */

import { createHash } from "node:crypto";
import { JsonWriter, token, Unwritable } from "./journal-writer.ts";
import { headerRecordOf, type NameValueList, queryRecordOf } from "./name-value-list.ts";

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

/**
 * A client's exchange as the signed path hands it to the journal: the pieces an ExchangeEntry is
 * made of, as they were read (the query and headers as flat lists, the bodies as text), which
 * `Journal.addExchange` writes as the entry's JSON without building the entry (`exchangeEntry`
 * builds it, for the rare entry the writer leaves to JSON.stringify).
 */
export interface ExchangeRecord {
  requestId: string;
  time: number;
  area: Area;
  method: string;
  path: string;
  /** The decoded query, in order. */
  query: NameValueList;
  /** The request headers as `Headers.forEach` gives them. */
  headerList: NameValueList;
  /** The request body's text, when the handler read it; `requestSize` its declared length. */
  requestText: string | undefined;
  requestSize: number | undefined;
  /** Otherwise, what the journal read of it itself (null: none). */
  requestBody: StoredBody | null;
  status: number;
  responseHeaders: Record<string, string>;
  /** The response body's text, when the handler serialized it; otherwise `responseBody`. */
  responseText: string | undefined;
  responseBody: StoredBody | null;
  durationMs: number;
  auth: AuthDiagnostics | undefined;
  errorCode: string | undefined;
  fault: FaultMark | undefined;
}

/** The entry a record stands for (what `addExchange` writes, built as an object). */
export function exchangeEntry(record: ExchangeRecord): Omit<ExchangeEntry, "id"> {
  return {
    kind: "exchange",
    requestId: record.requestId,
    time: record.time,
    area: record.area,
    method: record.method,
    path: record.path,
    query: queryRecordOf(record.query),
    headers: headerRecordOf(record.headerList),
    body: record.requestText !== undefined
      ? storeBody(record.requestText, record.requestSize)
      : record.requestBody,
    response: {
      status: record.status,
      headers: record.responseHeaders,
      body: record.responseText !== undefined
        ? storeBody(record.responseText)
        : record.responseBody,
    },
    durationMs: record.durationMs,
    auth: record.auth,
    errorCode: record.errorCode,
    fault: record.fault,
  };
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
 * bodies' text as it is (so a lone surrogate in a body, which no HTTP body carries, reads back as
 * U+FFFD), then its JSON, the bodies' text left empty there. Where each lies, and what the area
 * and status filters read, sits in a ring of typed arrays. Kept as
 * objects, every entry outlived two young-generation collections under load, so V8 copied it
 * twice into the old generation, which it let grow to four times the live heap before marking:
 * about 60 MB/s promoted and 290 MB resident under wrk. Kept as bytes, an entry's objects die
 * young, and a reader gets its own copy: nothing can change a recorded exchange. A client's
 * exchange (`addExchange`) is written from its pieces, without an entry object or its JSON text.
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
  #writer = new JsonWriter();
  /** Where the entry being added lies: start, request body's end, response body's end, end. */
  #place = new Int32Array(4);

  /**
   * `onAdd` hears every entry as it is added (the emulator announces it on the live events);
   * `listening`, when given, tells whether anyone hears, so that an entry written from its pieces
   * is decoded for `onAdd` only then.
   */
  constructor(
    readonly capacity: number,
    private readonly onAdd?: (entry: JournalEntry) => void,
    readonly maxBytes = Infinity,
    private readonly listening?: () => boolean,
  ) {}

  /** Adds an entry of any kind; areas pass their own entry type to get it back typed. */
  add<E extends JournalEntry>(entry: Omit<E, "id">): E {
    const stored = { id: this.#nextId, ...entry } as E;
    const request = stored.body, response = stored.response.body;
    const requestText = request?.text ?? "", responseText = response?.text ?? "";
    // The bodies' text is written raw before the JSON: escaping it into the JSON cost more than
    // the rest of the entry, and a body's non-ASCII text made all of it a two-byte string. It is
    // left out of the JSON by blanking it for the moment (copies of the objects cost more).
    let json: string;
    try {
      if (request) request.text = "";
      if (response) response.text = "";
      json = JSON.stringify(stored);
    } finally {
      if (request) request.text = requestText;
      if (response) response.text = responseText;
    }
    this.#write(json, requestText, responseText);
    this.#commit(stored.response.status, stored.area);
    this.onAdd?.(stored);
    return stored;
  }

  /**
   * Adds a client's exchange from its pieces: its JSON is written straight into the segment, the
   * same bytes `add(exchangeEntry(record))` writes (a test compares them), with no entry object,
   * JSON text or copies made on the way. Answers the entry's id.
   */
  addExchange(record: ExchangeRecord): number {
    const id = this.#nextId, writer = this.#writer;
    let fits = false;
    try {
      if (this.#current) {
        writer.start(this.#current, this.#used);
        fits = writeExchange(writer, id, record, this.#place);
      }
      if (!fits) {
        const fresh = this.#spare ?? new Uint8Array(SEGMENT_BYTES);
        writer.start(fresh, 0);
        fits = writeExchange(writer, id, record, this.#place);
        if (fits) this.#startSegment(fresh);
        else this.#spare = fresh; // larger than a segment: JSON.stringify's way, below
      }
    } catch (error) {
      if (!(error instanceof Unwritable)) throw error;
      fits = false;
    } finally {
      writer.release();
    }
    if (!fits) return this.add(exchangeEntry(record)).id;
    this.#used = writer.at;
    this.#commit(record.status, record.area);
    if (this.onAdd && (this.listening?.() ?? true)) this.onAdd(this.#read(id));
    return id;
  }

  /**
   * Keeps the entry just written (at `#place`) as the next id: drops the oldest entries it leaves
   * no room for, and records where it lies.
   */
  #commit(status: number, areaName: string): void {
    const place = this.#place;
    const bytes = place[3] - place[0];
    while (
      this.size > 0 &&
      (this.size >= this.capacity || this.#bytes + bytes > this.maxBytes)
    ) this.#dropOldest();
    if (this.size === this.#ring.length) {
      this.#ring = this.#ring.grown(this.#firstId, this.#nextId, this.capacity);
    }
    let area = this.#areas.indexOf(areaName);
    if (area === -1) area = this.#areas.push(areaName) - 1;
    this.#ring.set(this.#nextId++, this.#segmentNo, place, status, area);
    this.#bytes += bytes;
  }

  #startSegment(segment: Uint8Array<ArrayBuffer>): void {
    if (segment === this.#spare) this.#spare = undefined;
    this.#segments.set(++this.#segmentNo, segment);
    this.#current = segment;
  }

  /**
   * Encodes an entry's two bodies and its JSON one after the other, after the last entry, or in a
   * new segment when they do not fit.
   */
  #write(json: string, request: string, response: string): void {
    if (
      this.#current && encodeAt(this.#current, this.#used, request, response, json, this.#place)
    ) {
      this.#used = this.#place[3];
      return;
    }
    // Three bytes per UTF-16 unit at most: an entry that may not fit a fresh segment gets one of
    // its own, of its exact size (three times its length would hold a large push entry's 400 KB
    // in 1.2 MB).
    const segment = (json.length + request.length + response.length) * 3 > SEGMENT_BYTES
      ? new Uint8Array(utf8Length(json) + utf8Length(request) + utf8Length(response))
      : this.#spare ?? new Uint8Array(SEGMENT_BYTES);
    this.#startSegment(segment);
    encodeAt(segment, 0, request, response, json, this.#place);
    this.#used = this.#place[3];
  }

  #dropOldest(): void {
    const ring = this.#ring, id = this.#firstId++;
    this.#bytes -= ring.end(id) - ring.start(id);
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
    const { start, request, response, end } = ring.place(id);
    const entry: JournalEntry = JSON.parse(text(response, end));
    if (entry.body) entry.body.text = text(start, request);
    if (entry.response.body) entry.response.body.text = text(request, response);
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

/**
 * Where an entry lies in its segment: the request body's text from `start`, the response body's
 * text from `request`, the JSON from `response` to `end`.
 */
interface Place {
  start: number;
  request: number;
  response: number;
  end: number;
}

/**
 * Encodes the three texts into `segment` from `at`, their ends into `place`; false when they do
 * not all fit.
 */
function encodeAt(
  segment: Uint8Array,
  at: number,
  request: string,
  response: string,
  json: string,
  place: Int32Array,
): boolean {
  const requestEnd = put(segment, at, request);
  const responseEnd = requestEnd === -1 ? -1 : put(segment, requestEnd, response);
  const end = responseEnd === -1 ? -1 : put(segment, responseEnd, json);
  if (end === -1) return false;
  place[0] = at;
  place[1] = requestEnd;
  place[2] = responseEnd;
  place[3] = end;
  return true;
}

/** Encodes `text` into `segment` at `at`: where it ends, or -1 when it does not fit. */
function put(segment: Uint8Array, at: number, text: string): number {
  if (text === "") return at;
  const { read, written } = UTF8_ENCODER.encodeInto(text, segment.subarray(at));
  return read === text.length ? at + written : -1;
}

// The fixed parts of an exchange entry's JSON, in JSON.stringify's order of its members.
const ID = token('{"id":');
const KIND = token(',"kind":"exchange","requestId":');
const TIME = token(',"time":');
const AREA = token(',"area":');
const METHOD = token(',"method":');
const PATH = token(',"path":');
const QUERY = token(',"query":');
const HEADERS = token(',"headers":');
const BODY = token(',"body":');
const RESPONSE = token(',"response":{"status":');
const RESPONSE_BODY = token('},"durationMs":');
const AUTH = token(',"auth":');
const ERROR_CODE = token(',"errorCode":');
const FAULT = token(',"fault":');
const NULL = token("null");
const PLAIN_BODY = token('{"text":"","size":');
const NOT_TRUNCATED = token(',"truncated":false}');

/**
 * Writes `record`'s bodies and then its entry's JSON as `add(exchangeEntry(record))` would, and
 * where they lie into `place`; false when they did not fit before the segment's end.
 */
function writeExchange(
  w: JsonWriter,
  id: number,
  record: ExchangeRecord,
  place: Int32Array,
): boolean {
  const start = w.at;
  // A body within the journal's 64 KiB is written whole and sized by what it took (or by its
  // declared length), without counting its bytes first; a longer one is cut by storeBody.
  const request = record.requestText === undefined
    ? record.requestBody
    : wholeFits(record.requestText, record.requestSize)
    ? undefined
    : storeBody(record.requestText, record.requestSize);
  const requestBytes = writeBody(w, record.requestText, request);
  const requestSize = record.requestSize ?? requestBytes;
  const requestEnd = w.at;
  const response = record.responseText === undefined
    ? record.responseBody
    : wholeFits(record.responseText, undefined)
    ? undefined
    : storeBody(record.responseText);
  const responseSize = writeBody(w, record.responseText, response);
  const responseEnd = w.at;

  w.token(ID);
  w.number(id);
  w.token(KIND);
  w.string(record.requestId);
  w.token(TIME);
  w.number(record.time);
  w.token(AREA);
  w.string(record.area);
  w.token(METHOD);
  w.string(record.method);
  w.token(PATH);
  w.string(record.path);
  w.token(QUERY);
  writeList(w, record.query, true);
  w.token(HEADERS);
  writeList(w, record.headerList, false);
  w.token(BODY);
  writeBodyJson(w, request, requestSize);
  w.token(RESPONSE);
  w.number(record.status);
  w.token(HEADERS);
  w.object(record.responseHeaders);
  w.token(BODY);
  writeBodyJson(w, response, responseSize);
  w.token(RESPONSE_BODY);
  w.number(record.durationMs);
  if (record.auth !== undefined) {
    w.token(AUTH);
    w.object(record.auth as unknown as Record<string, unknown>);
  }
  if (record.errorCode !== undefined) {
    w.token(ERROR_CODE);
    w.value(record.errorCode);
  }
  if (record.fault !== undefined) {
    w.token(FAULT);
    w.object(record.fault as unknown as Record<string, unknown>);
  }
  w.byte(0x7d);
  if (w.full) return false;
  place[0] = start;
  place[1] = requestEnd;
  place[2] = responseEnd;
  place[3] = w.at;
  return true;
}

/** Whether a body's text is kept whole for certain: within 64 KiB whatever its characters. */
const wholeFits = (text: string, declared: number | undefined) =>
  declared !== undefined ? declared <= MAX_STORED_BODY : text.length * 3 <= MAX_STORED_BODY;

/**
 * Writes a body's text raw: `text` kept whole (answers the bytes it took), or `stored`'s (null:
 * none).
 */
function writeBody(
  w: JsonWriter,
  text: string | undefined,
  stored: StoredBody | null | undefined,
): number | undefined {
  if (stored === undefined) {
    const from = w.at;
    w.raw(text!);
    return w.at - from;
  }
  if (stored) w.raw(stored.text);
  return undefined;
}

/** A body's JSON, its text blank: `{"text":"","size":N,"truncated":false}` for a whole one. */
function writeBodyJson(w: JsonWriter, stored: StoredBody | null | undefined, size = 0): void {
  if (stored === undefined) {
    w.token(PLAIN_BODY);
    w.number(size);
    w.token(NOT_TRUNCATED);
  } else if (stored === null) w.token(NULL);
  else w.object(stored as unknown as Record<string, unknown>, "text");
}

/**
 * A flat name, value list as the object `queryRecordOf` or `headerRecordOf` makes of it. Written
 * pair by pair unless a name repeats or starts with a digit (an object puts names like `1` first):
 * then as that object.
 */
function writeList(w: JsonWriter, list: NameValueList, query: boolean): void {
  for (let i = 0; i < list.length; i += 2) {
    const name = list[i], code = name.charCodeAt(0);
    let plain = !(code >= 0x30 && code <= 0x39);
    for (let j = 0; plain && j < i; j += 2) plain = list[j] !== name;
    if (!plain) return w.object(query ? queryRecordOf(list) : headerRecordOf(list));
  }
  w.byte(0x7b);
  for (let i = 0; i < list.length; i += 2) {
    if (i > 0) w.byte(0x2c);
    w.string(list[i]);
    w.byte(0x3a);
    w.string(list[i + 1]);
  }
  w.byte(0x7d);
}

/** `from`, `from + step`, … up to `to` (not included). */
function* count(from: number, to: number, step: 1 | -1): Generator<number> {
  for (let n = from; n !== to; n += step) yield n;
}

/** Where entries lie and what the filters read, by id: typed arrays, so nothing for the GC. */
class Ring {
  readonly #segments: Int32Array;
  /** Each entry's Place (start, request, response, end): four numbers an entry. */
  readonly #places: Int32Array;
  readonly #statuses: Uint16Array;
  readonly #areas: Uint16Array;

  constructor(readonly length: number) {
    this.#segments = new Int32Array(length);
    this.#places = new Int32Array(length * 4);
    this.#statuses = new Uint16Array(length);
    this.#areas = new Uint16Array(length);
  }

  /** `place`: start, request, response, end. */
  set(id: number, segment: number, place: ArrayLike<number>, status: number, area: number) {
    const at = id % this.length;
    this.#segments[at] = segment;
    const places = this.#places;
    places[at * 4] = place[0];
    places[at * 4 + 1] = place[1];
    places[at * 4 + 2] = place[2];
    places[at * 4 + 3] = place[3];
    this.#statuses[at] = status;
    this.#areas[at] = area;
  }

  segment(id: number): number {
    return this.#segments[id % this.length];
  }
  start(id: number): number {
    return this.#places[(id % this.length) * 4];
  }
  end(id: number): number {
    return this.#places[(id % this.length) * 4 + 3];
  }
  place(id: number): Place {
    const places = this.#places, at = (id % this.length) * 4;
    return {
      start: places[at],
      request: places[at + 1],
      response: places[at + 2],
      end: places[at + 3],
    };
  }
  /** The four numbers of `place`, as `set` takes them. */
  #placeNumbers(id: number): number[] {
    const at = (id % this.length) * 4;
    return [this.#places[at], this.#places[at + 1], this.#places[at + 2], this.#places[at + 3]];
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
      ring.set(id, this.segment(id), this.#placeNumbers(id), this.status(id), this.area(id));
    }
    return ring;
  }
}
