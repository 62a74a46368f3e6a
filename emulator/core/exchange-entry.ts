/**
 * A client's exchange as the journal keeps it, its entry's members declared once, in their JSON
 * order (EXCHANGE_MEMBERS). Both forms are derived from that declaration: `exchangeEntry` builds
 * the entry as an object (what `Journal.add` serializes), and ExchangeEntryWriter writes the same
 * entry's bytes straight into a journal segment, as JSON.stringify and TextEncoder would (a
 * property test compares them). The compiler holds the declaration to ExchangeEntry: a member
 * missing, or one more, does not type-check; the order is the declaration's in both forms.
 */
import type { ExchangeEntry, ExchangeRecord, StoredBody } from "./journal-entry.ts";
import type { Place } from "./journal-ring.ts";
import { JsonWriter, token } from "./journal-writer.ts";
import { headerRecordOf, type NameValueList, queryRecordOf } from "./name-value-list.ts";
import { MAX_STORED_BODY, storeBody } from "./stored-body.ts";

/**
 * How one member reads its value from the record (`value`, the object form) and writes it (`write`,
 * the bytes). An `optional` member whose value is undefined is left out, as JSON.stringify leaves
 * it out.
 */
interface Member<T> {
  value(record: ExchangeRecord): T;
  write(w: ExchangeEntryWriter, record: ExchangeRecord): void;
  optional?: true;
}

/** The members of a client's exchange entry: all of JournalEntry's but those of entries ccemu makes. */
type ExchangeMemberName = Exclude<keyof ExchangeEntry, "id" | "target" | "sessionId">;
type Members<E> = { [K in keyof E]-?: Member<E[K]> };

/** The request body as the entry holds it. */
const requestBody = (r: ExchangeRecord) =>
  r.requestText !== undefined ? storeBody(r.requestText, r.requestSize) : r.requestBody;
const responseBody = (r: ExchangeRecord) =>
  r.responseText !== undefined ? storeBody(r.responseText) : r.responseBody;

/** The answer's members, in their JSON order. */
const RESPONSE_MEMBERS: Members<ExchangeEntry["response"]> = {
  status: { value: (r) => r.status, write: (w, r) => w.json.number(r.status) },
  headers: { value: (r) => r.responseHeaders, write: (w, r) => w.json.object(r.responseHeaders) },
  body: { value: responseBody, write: (w) => w.bodyJson(w.response, w.responseSize) },
};

/** The entry's members (after its id), in their JSON order. */
const EXCHANGE_MEMBERS: Members<Pick<ExchangeEntry, ExchangeMemberName>> = {
  kind: { value: () => "exchange", write: (w) => w.json.token(EXCHANGE) },
  requestId: { value: (r) => r.requestId, write: (w, r) => w.json.string(r.requestId) },
  time: { value: (r) => r.time, write: (w, r) => w.json.number(r.time) },
  area: { value: (r) => r.area, write: (w, r) => w.json.string(r.area) },
  method: { value: (r) => r.method, write: (w, r) => w.json.string(r.method) },
  path: { value: (r) => r.path, write: (w, r) => w.json.string(r.path) },
  query: { value: (r) => queryRecordOf(r.query), write: (w, r) => w.list(r.query, true) },
  headers: {
    value: (r) => headerRecordOf(r.headerList),
    write: (w, r) => w.list(r.headerList, false),
  },
  body: { value: requestBody, write: (w) => w.bodyJson(w.request, w.requestSize) },
  response: {
    value: (r) => built(RESPONSE_MEMBERS, r),
    write: (w, r) => {
      w.members(RESPONSE, r);
      w.json.byte(0x7d);
    },
  },
  durationMs: { value: (r) => r.durationMs, write: (w, r) => w.json.number(r.durationMs) },
  auth: {
    value: (r) => r.auth,
    write: (w, r) => w.json.object(r.auth as unknown as Record<string, unknown>),
    optional: true,
  },
  errorCode: {
    value: (r) => r.errorCode,
    write: (w, r) => w.json.value(r.errorCode),
    optional: true,
  },
  fault: {
    value: (r) => r.fault,
    write: (w, r) => w.json.object(r.fault as unknown as Record<string, unknown>),
    optional: true,
  },
  stub: {
    value: (r) => r.stub,
    write: (w, r) => w.json.object(r.stub as unknown as Record<string, unknown>),
    optional: true,
  },
};

/** A declaration's members as an object, in its order (undefined ones kept, as JSON leaves them out). */
function built<E>(members: Members<E>, record: ExchangeRecord): E {
  const out: Record<string, unknown> = {};
  for (const name in members) out[name] = members[name].value(record);
  return out as E;
}

/** The entry a record stands for (what `ExchangeEntryWriter.write` writes, built as an object). */
export function exchangeEntry(record: ExchangeRecord): Omit<ExchangeEntry, "id"> {
  return built(EXCHANGE_MEMBERS, record);
}

/** A member with the bytes that open it: its name, after the `{` or `,` before it. */
interface Written {
  readonly open: Uint8Array;
  readonly member: Member<unknown>;
}

/** A declaration's members in order, each with its pre-encoded opening. */
function writtenOf(members: object, first: string): Written[] {
  return Object.entries(members).map(([name, member], i) => ({
    open: token(`${i === 0 ? first : ","}${JSON.stringify(name)}:`),
    member,
  }));
}

const ID = token('{"id":');
const MEMBERS = writtenOf(EXCHANGE_MEMBERS, ",");
const RESPONSE = writtenOf(RESPONSE_MEMBERS, "{");
const EXCHANGE = token('"exchange"');
const NULL = token("null");
const PLAIN_BODY = token('{"text":"","size":');
const NOT_TRUNCATED = token(',"truncated":false}');

/** Whether a body's text is kept whole for certain: within 64 KiB whatever its characters. */
const wholeFits = (text: string, declared: number | undefined) =>
  declared !== undefined ? declared <= MAX_STORED_BODY : text.length * 3 <= MAX_STORED_BODY;

/**
 * Writes a client's exchange entry into a segment: its bodies' text raw, then its JSON with the
 * bodies' text blank. The journal owns one; what it holds between calls is the entry being
 * written (its bodies, decided before the JSON since their text goes first).
 */
export class ExchangeEntryWriter {
  /** Writes the entry's JSON into the segment. */
  readonly json = new JsonWriter();
  /** The request body as stored: undefined when its text is kept whole (written raw, sized). */
  request: StoredBody | null | undefined = null;
  /** The request body's size in bytes. */
  requestSize = 0;
  /** The response body as stored: undefined when its text is kept whole. */
  response: StoredBody | null | undefined = null;
  /** The response body's size in bytes. */
  responseSize = 0;

  /**
   * Writes `record`'s bodies and then its entry's JSON as `add(exchangeEntry(record))` would, from
   * `at` in `bytes`, and where they lie into `place`; false when they did not fit before the end.
   * A value the JSON writer does not handle throws Unwritable (then JSON.stringify's way).
   */
  write(bytes: Uint8Array, at: number, id: number, record: ExchangeRecord, place: Place): boolean {
    const w = this.json;
    w.start(bytes, at);
    try {
      // A body within the journal's 64 KiB is written whole and sized by what it took (or by its
      // declared length), without counting its bytes first; a longer one is cut by storeBody.
      this.request = record.requestText === undefined
        ? record.requestBody
        : wholeFits(record.requestText, record.requestSize)
        ? undefined
        : storeBody(record.requestText, record.requestSize);
      const requestBytes = this.#rawBody(record.requestText, this.request);
      this.requestSize = record.requestSize ?? requestBytes ?? 0;
      const requestEnd = w.at;
      this.response = record.responseText === undefined
        ? record.responseBody
        : wholeFits(record.responseText, undefined)
        ? undefined
        : storeBody(record.responseText);
      this.responseSize = this.#rawBody(record.responseText, this.response) ?? 0;
      const responseEnd = w.at;

      w.token(ID);
      w.number(id);
      this.members(MEMBERS, record);
      w.byte(0x7d);
      if (w.full) return false;
      place.start = at;
      place.request = requestEnd;
      place.response = responseEnd;
      place.end = w.at;
      return true;
    } finally {
      // Lets go of the segment and the bodies, so that the writer keeps neither alive.
      w.release();
      this.request = this.response = null;
    }
  }

  /**
   * Writes members in order, each opened by its name; an optional one without a value left out
   * (so a declaration's first member is never optional: it opens with `{`, the others with `,`).
   */
  members(members: readonly Written[], record: ExchangeRecord): void {
    for (let i = 0; i < members.length; i++) {
      const { open, member } = members[i];
      if (member.optional && member.value(record) === undefined) continue;
      this.json.token(open);
      member.write(this, record);
    }
  }

  /** Writes a body's text raw: `text` kept whole (answers the bytes it took), or `stored`'s. */
  #rawBody(text: string | undefined, stored: StoredBody | null | undefined): number | undefined {
    const w = this.json;
    if (stored === undefined) {
      const from = w.at;
      w.raw(text!);
      return w.at - from;
    }
    if (stored) w.raw(stored.text);
    return undefined;
  }

  /** A body's JSON, its text blank: `{"text":"","size":N,"truncated":false}` for a whole one. */
  bodyJson(stored: StoredBody | null | undefined, size: number): void {
    const w = this.json;
    if (stored === undefined) {
      w.token(PLAIN_BODY);
      w.number(size);
      w.token(NOT_TRUNCATED);
    } else if (stored === null) w.token(NULL);
    else w.object(stored as unknown as Record<string, unknown>, "text");
  }

  /**
   * A name, value list as the object `queryRecordOf` or `headerRecordOf` makes of it. Written pair
   * by pair unless a name repeats or starts with a digit (an object puts names like `1` first):
   * then as that object.
   */
  list(list: NameValueList, query: boolean): void {
    const w = this.json;
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
}
