/**
 * The journal: one entry per exchange on the emulated APIs, newest last, bounded by
 * `--journal-size` entries and `--journal-mb`. What the inspector, the harness and users' tests read.
 */

import { createHash } from "node:crypto";

/** Bodies beyond this are stored cut; `size` keeps the real length. */
export const MAX_STORED_BODY = 64 * 1024;

/** The surface an entry belongs to: an area's name, or `storage`. */
export type Area = string;

export interface StoredBody {
  text: string;
  /** Size in bytes of the whole body. */
  size: number;
  truncated: boolean;
  /** `sha256:` and the hex SHA-256 of the whole body, when it was cut and ccemu read all of it. */
  digest?: string;
}

/** What the signature check found, recorded for every signed request (never the secret). */
export interface AuthDiagnostics {
  outcome: "accepted" | "rejected";
  accessKeyId?: string;
  /** The check that failed, e.g. `signature`, `expires`, `ip-allow-list`. */
  failedCheck?: string;
  /** The string-to-sign ccemu expected, for the first host tried. */
  expectedStringToSign?: string;
  hostsTried?: string[];
  /** Which host and path variant matched, when one did. */
  matched?: { host: string; path: string };
  detail?: string;
}

/** A fault rule fired on this exchange (emulator/faults): which, and what the client got. */
export interface FaultMark {
  ruleId: number;
  /** The effect in a few words: `TooManyRequests`, `gateway 503`, `delay 2000 ms`. */
  effect: string;
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
  id: number;
  kind: string;
  requestId: string;
  /** Virtual time the exchange started, ms. */
  time: number;
  area: Area;
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  body: StoredBody | null;
  response: { status: number; headers: Record<string, string>; body: StoredBody | null };
  /** Real milliseconds the exchange took. */
  durationMs: number;
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

export interface JournalFilter {
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

/** The UTF-8 length of a string, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
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

/**
 * An entry's size as the journal counts it against its budget: the characters of its strings
 * (keys included) plus 8 for every other value. Close to its JSON size, without serializing it.
 */
export function entrySize(value: unknown): number {
  if (typeof value === "string") return value.length;
  if (value === null || typeof value !== "object") return 8;
  let size = 8;
  if (Array.isArray(value)) { for (const item of value) size += entrySize(item); }
  else {
    for (const key in value) {
      size += key.length + entrySize((value as Record<string, unknown>)[key]);
    }
  }
  return size;
}

/**
 * Bounded two ways, the oldest entries going first: `capacity` entries, and `maxBytes` counted by
 * `entrySize` (bodies are kept up to 64 KiB each, so the count alone would allow gigabytes). The
 * newest entry is always kept.
 */
export class Journal {
  #entries: JournalEntry[] = [];
  #sizes: number[] = [];
  /** Entries before this index are dropped; the arrays are cut once that part is a tenth. */
  #first = 0;
  #bytes = 0;
  #nextId = 1;

  /** `onAdd` hears every entry as it is added (the emulator announces it on the live events). */
  constructor(
    readonly capacity: number,
    private readonly onAdd?: (entry: JournalEntry) => void,
    readonly maxBytes = Infinity,
  ) {}

  /** Adds an entry of any kind; areas pass their own entry type to get it back typed. */
  add<E extends JournalEntry>(entry: Omit<E, "id">): E {
    const stored = { id: this.#nextId++, ...entry } as E;
    const size = entrySize(stored);
    this.#entries.push(stored);
    this.#sizes.push(size);
    this.#bytes += size;
    while (
      this.size > 1 && (this.size > this.capacity || this.#bytes > this.maxBytes)
    ) {
      this.#bytes -= this.#sizes[this.#first++];
    }
    // Dropped entries stay referenced until the cut: at most a tenth more than the retained ones.
    if (this.#first > 64 && this.#first * 10 > this.size) {
      this.#entries = this.#entries.slice(this.#first);
      this.#sizes = this.#sizes.slice(this.#first);
      this.#first = 0;
    }
    this.onAdd?.(stored);
    return stored;
  }

  get(id: number): JournalEntry | undefined {
    return this.#retained().find((entry) => entry.id === id);
  }

  list(filter: JournalFilter = {}): JournalEntry[] {
    const status = filter.status?.toLowerCase();
    const matches = this.#retained().filter((e) =>
      (filter.area === undefined || e.area === filter.area) &&
      (filter.path === undefined || e.path.includes(filter.path)) &&
      (filter.since === undefined || e.id > filter.since) &&
      (filter.requestId === undefined || e.requestId === filter.requestId) &&
      (status === undefined ||
        (/^\dxx$/.test(status)
          ? String(e.response.status)[0] === status[0]
          : String(e.response.status) === status))
    );
    if (filter.limit === undefined) return matches;
    return filter.since === undefined
      ? matches.slice(Math.max(0, matches.length - filter.limit))
      : matches.slice(0, filter.limit);
  }

  get size(): number {
    return this.#entries.length - this.#first;
  }

  /** What the retained entries count against `maxBytes`. */
  get bytes(): number {
    return this.#bytes;
  }

  clear(): void {
    this.#entries = [];
    this.#sizes = [];
    this.#first = 0;
    this.#bytes = 0;
  }

  #retained(): JournalEntry[] {
    return this.#first ? this.#entries.slice(this.#first) : this.#entries;
  }
}
