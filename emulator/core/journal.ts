/**
 * The journal: one entry per exchange on the emulated APIs, newest last, in a ring buffer of
 * `--journal-size` entries. What the inspector, the harness and users' tests read.
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

export class Journal {
  #entries: JournalEntry[] = [];
  #nextId = 1;

  /** `onAdd` hears every entry as it is added (the emulator announces it on the live events). */
  constructor(readonly capacity: number, private readonly onAdd?: (entry: JournalEntry) => void) {}

  /** Adds an entry of any kind; areas pass their own entry type to get it back typed. */
  add<E extends JournalEntry>(entry: Omit<E, "id">): E {
    const stored = { id: this.#nextId++, ...entry } as E;
    this.#entries.push(stored);
    // Dropping from the front is amortised: splice only once the buffer is 10% over.
    if (this.#entries.length > this.capacity * 1.1 + 1) {
      this.#entries.splice(0, this.#entries.length - this.capacity);
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
    return Math.min(this.#entries.length, this.capacity);
  }

  clear(): void {
    this.#entries = [];
  }

  #retained(): JournalEntry[] {
    const extra = this.#entries.length - this.capacity;
    return extra > 0 ? this.#entries.slice(extra) : this.#entries;
  }
}
