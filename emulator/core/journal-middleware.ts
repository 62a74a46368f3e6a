/**
 * Records every exchange on an emulated area in the journal: the request as it came, the response
 * as it left, timing, and what the signed-API dispatcher learnt (auth diagnostics, error code).
 */
import { bodyText, declaredSize, readBody } from "./body.ts";
import type { Emulator } from "./emulator.ts";
import type { ContextMiddleware, SignedCall, SignedCallJournal } from "./signed-call.ts";
import type { ReceivedRequest } from "./received-request.ts";
import { readTarget, requestTarget } from "./request-target.ts";
import type { Area, ExchangeEntry, StoredBody } from "./journal-entry.ts";
import { MAX_STORED_BODY, storeBody } from "./stored-body.ts";
import { exchangeEntry } from "./exchange-entry.ts";
import { headersObject, type NameValueList, queryRecordOf } from "./name-value-list.ts";

/**
 * Reads a request's headers as a flat list made at their count, not grown by pushes:
 * `headers.forEach` calls one bound collector, so a request makes no closure. An exchange journal
 * owns one; `read` fills and empties its scratch list within the one call.
 */
class HeaderListReader {
  readonly #scratch: string[] = [];
  #count = 0;
  readonly #collect = (value: string, name: string): void => {
    this.#scratch[this.#count++] = name;
    this.#scratch[this.#count++] = value;
  };

  /** The request's headers: name, value, name, value… */
  read(raw: ReceivedRequest): NameValueList {
    if (raw.headerList) return raw.headerList();
    this.#count = 0;
    raw.headers.forEach(this.#collect);
    const list = this.#scratch.slice(0, this.#count);
    this.#scratch.fill("", 0, this.#count);
    return list;
  }
}

/** A request body the handler did not read: as much of it as the journal keeps. */
async function unreadBody(
  raw: ReceivedRequest,
  contentLength: string | undefined,
): Promise<StoredBody | null> {
  if (!raw.body || raw.bodyUsed) return null;
  // A client that left before its body ended still has its exchange journaled, without the body.
  const read = await readBody(raw, MAX_STORED_BODY, contentLength).catch(() => undefined);
  if (!read) return null;
  const prefix = bodyText(read);
  // The size in bytes: a binary body's decoded text is longer (an invalid byte becomes three).
  if (!read.overLimit) return prefix === "" ? null : storeBody(prefix, read.bytes.length);
  return {
    text: prefix,
    size: declaredSize(contentLength) ?? read.bytes.length,
    truncated: true,
  };
}

const UTF8 = new TextDecoder();

/** A response body the handler did not serialize itself: read from a clone. */
async function unserializedBody(response: Response): Promise<StoredBody | null> {
  // Streams are recorded event by event by whoever produces them, never buffered here.
  if (!response.body || response.headers.get("content-type")?.startsWith("text/event-stream")) {
    return null;
  }
  const bytes = await response.clone().bytes();
  return bytes.length === 0 ? null : storeBody(UTF8.decode(bytes), bytes.length);
}

/**
 * `otherKinds`: an entry may be of the kind the handler set in `entryKind` (the recording proxy's
 * `upstream`) rather than `exchange`; false, that variable is never read.
 */
export function journalExchanges(
  emulator: Emulator,
  area: Area,
  otherKinds = false,
): ContextMiddleware {
  return async (c, next) => {
    const elapsed = emulator.clock.stopwatch();
    const time = emulator.clock.now();
    const requestId = emulator.newRequestId();
    const target = requestTarget(c.req.url);
    const headers = headersObject(c.req.raw.headers);
    c.set("requestId", requestId);
    c.set("target", target);
    c.set("headers", headers);
    await next();
    // What the handler kept of its request and answer is copied; the rest is read back, which
    // takes awaits and a pass over the response's Headers.
    const requestText = c.get("bodyText"), responseText = c.get("responseText");
    const answer = c.get("answer");
    const entry: Omit<ExchangeEntry, "id"> = {
      kind: "exchange",
      requestId,
      time,
      area,
      method: c.req.method,
      path: target.pathname,
      query: queryRecordOf(target.query.flat()),
      headers,
      body: requestText !== undefined
        ? storeBody(requestText, declaredSize(headers["content-length"]))
        : await unreadBody(c.req.raw, headers["content-length"]),
      response: {
        status: c.res.status,
        headers: answer?.response === c.res ? answer.headers : headersObject(c.res.headers),
        body: responseText !== undefined ? storeBody(responseText) : await unserializedBody(c.res),
      },
      durationMs: elapsed(),
      auth: c.get("auth"),
      errorCode: c.get("errorCode"),
      fault: c.get("fault"),
    };
    const other = otherKinds ? c.get("entryKind") : undefined;
    emulator.journal.add(other ? { ...entry, ...other.fields, kind: other.kind } : entry);
  };
}

/** The response's headers as the journal records them: the handler's own copy while it is the one sent. */
function answerHeaders(c: SignedCall): Record<string, string> {
  if (c.sent === c.res) return c.sentHeaders;
  const answer = c.answer;
  return answer?.response === c.res ? answer.headers : headersObject(c.res.headers);
}

/**
 * What `journalExchanges` does, for the signed areas' SignedCalls (app.ts): the same entry,
 * written by `Journal.addExchange` from the exchange itself, which holds every piece of it.
 */
export function signedCallJournal(
  emulator: Emulator,
  area: Area,
  otherKinds = false,
): SignedCallJournal {
  const journal = emulator.journal, headerLists = new HeaderListReader();
  const add = (c: SignedCall) => {
    const other = otherKinds ? c.entryKind : undefined;
    if (other) journal.add({ ...exchangeEntry(c), ...other.fields, kind: other.kind });
    else journal.addExchange(c);
  };
  // What the handler kept of its request and answer is taken; the rest is read back.
  const readBack = async (c: SignedCall) => {
    if (c.bodyText === undefined) {
      c.requestBody = await unreadBody(c.raw, c.header("content-length"));
    }
    if (c.responseText === undefined) c.responseBody = await unserializedBody(c.res);
    add(c);
  };
  return {
    begin(c) {
      c.started = performance.now();
      c.time = emulator.clock.now();
      c.requestId = emulator.newRequestId();
      c.area = area;
      c.target = readTarget(c.url);
      c.headerList = headerLists.read(c.raw);
    },
    end(c) {
      c.responseHeaders = answerHeaders(c);
      if (c.bodyText === undefined || c.responseText === undefined) return readBack(c);
      add(c);
    },
  };
}
