/**
 * The journal: one entry per exchange on the emulated APIs, newest last, bounded by
 * `--journal-size` entries and `--journal-mb`. What the inspector, the harness and users' tests
 * read. The entry's type is journal-entry.ts's; a client's exchange is written by
 * exchange-entry.ts; where entries lie is journal-ring.ts's Ring.
 */
import { exchangeEntry, ExchangeEntryWriter } from "./exchange-entry.ts";
import type { ExchangeRecord, JournalEntry, JournalFilter, StoredBody } from "./journal-entry.ts";
import { type Place, Ring } from "./journal-ring.ts";
import { Unwritable } from "./journal-writer.ts";
import { utf8Length } from "./stored-body.ts";

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
 * twice into the old generation, which it let grow well past the live heap before marking
 * (docs/performance.md has the figures). Kept as bytes, an entry's objects die
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
  #writer = new ExchangeEntryWriter();
  /** Where the entry being added lies. */
  readonly #place: Place = { start: 0, request: 0, response: 0, end: 0 };

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
    // The bodies' text is written raw before the JSON: escaping it into the JSON cost more than
    // the rest of the entry, and a body's non-ASCII text made all of it a two-byte string. The
    // JSON is of a copy whose bodies' text is blank: the caller's objects stay as they are.
    const json = JSON.stringify(
      request || response
        ? {
          ...stored,
          body: blank(request),
          response: { ...stored.response, body: blank(response) },
        }
        : stored,
    );
    this.#write(json, request?.text ?? "", response?.text ?? "");
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
    const id = this.#nextId, writer = this.#writer, place = this.#place;
    let fits = false;
    try {
      if (this.#current) fits = writer.write(this.#current, this.#used, id, record, place);
      if (!fits) {
        const fresh = this.#spare ?? new Uint8Array(SEGMENT_BYTES);
        fits = writer.write(fresh, 0, id, record, place);
        if (fits) this.#startSegment(fresh);
        else this.#spare = fresh; // larger than a segment: JSON.stringify's way, below
      }
    } catch (error) {
      if (!(error instanceof Unwritable)) throw error;
      fits = false;
    }
    if (!fits) return this.add(exchangeEntry(record)).id;
    this.#used = place.end;
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
    const bytes = place.end - place.start;
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
      this.#used = this.#place.end;
      return;
    }
    // Three bytes per UTF-16 unit at most: an entry that may not fit a fresh segment gets one of
    // its own, of its exact size (three times its length would triple a large entry's).
    const segment = (json.length + request.length + response.length) * 3 > SEGMENT_BYTES
      ? new Uint8Array(utf8Length(json) + utf8Length(request) + utf8Length(response))
      : this.#spare ?? new Uint8Array(SEGMENT_BYTES);
    this.#startSegment(segment);
    encodeAt(segment, 0, request, response, json, this.#place);
    this.#used = this.#place.end;
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

  /** Entry `id`, a copy of its own, while the journal keeps it. */
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

  /** How many entries the journal keeps now. */
  get size(): number {
    return this.#nextId - this.#firstId;
  }

  /** The UTF-8 bytes of the retained entries (JSON and bodies), counted against `maxBytes`. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Drops every entry; ids go on from where they were. */
  clear(): void {
    this.#firstId = this.#nextId;
    this.#bytes = 0;
    this.#ring = new Ring(0);
    this.#segments.clear();
    this.#current = undefined;
  }
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
  place: Place,
): boolean {
  const requestEnd = put(segment, at, request);
  const responseEnd = requestEnd === -1 ? -1 : put(segment, requestEnd, response);
  const end = responseEnd === -1 ? -1 : put(segment, responseEnd, json);
  if (end === -1) return false;
  place.start = at;
  place.request = requestEnd;
  place.response = responseEnd;
  place.end = end;
  return true;
}

/** Encodes `text` into `segment` at `at`: where it ends, or -1 when it does not fit. */
function put(segment: Uint8Array, at: number, text: string): number {
  if (text === "") return at;
  const { read, written } = UTF8_ENCODER.encodeInto(text, segment.subarray(at));
  return read === text.length ? at + written : -1;
}

/** A body with its text blank, for the entry's JSON (its text is written apart). */
function blank(body: StoredBody | null): StoredBody | null {
  return body && { ...body, text: "" };
}

/** `from`, `from + step`, … up to `to` (not included). */
function* count(from: number, to: number, step: 1 | -1): Generator<number> {
  for (let n = from; n !== to; n += step) yield n;
}
