/**
 * The journal as an HTTP Archive (HAR 1.2), what browsers' network panels and HAR viewers open.
 * Requests ccemu received (`exchange`, storage) have ccemu's own address; requests ccemu made (a
 * push, a callback, a forwarded `upstream` request, a hang-up SMS) have the URL they went to.
 * What HAR has no field for goes in `_ccemu` (HAR allows custom fields starting with `_`).
 */
import { STATUS_CODES } from "node:http";
import type { JournalEntry, JournalFilter, StoredBody } from "../core/journal-entry.ts";
import { utf8Length } from "../core/stored-body.ts";
import { VERSION } from "../version.ts";
import { receivedUrl } from "./journal-entry.ts";

/**
 * What the areas add to their entries, read structurally: the control routes sit below the areas
 * and import none of them (the gateway's PushRecord, outbound's callback delivery, upstream's
 * exchange).
 */
export interface HarSource extends JournalEntry {
  push?: {
    events: { at: number; event: string; data: string | null; dataCut?: boolean }[];
    notKept?: { events: number; dataChars: number };
    timings: { firstByteMs: number | null; firstChunkMs: number | null; endMs: number };
    findings: unknown[];
    error: { code: string; message: string } | null;
  };
  delivery?: { deliveryId: number; attempt: number; error: string | null };
  upstream?: {
    host: string;
    request: { method: string; url: string; headers: Record<string, string> };
    response: { status: number; contentType: string | null } | null;
    latencyMs: number;
    error?: string;
  };
}

type NameValue = { name: string; value: string };
type Json = Record<string, unknown>;

/** The HAR document of `entries` (oldest first, as the journal lists them). */
export function journalHar(
  entries: JournalEntry[],
  options: { origin: string; filter?: JournalFilter },
): Json {
  return {
    log: {
      version: "1.2",
      creator: { name: "ccemu", version: VERSION },
      entries: entries.map((entry) => harEntry(entry as HarSource, options.origin)),
      comment: "ccemu's journal. startedDateTime is ccemu's virtual time; timings are real " +
        "milliseconds. Requests ccemu made (push, callback, upstream, sms) have the URL they went to.",
      _ccemu: { filter: options.filter ?? {} },
    },
  };
}

/** One journal entry as a HAR entry. */
export function harEntry(entry: HarSource, origin: string): Json {
  const url = entryUrl(entry, origin);
  const timings = entryTimings(entry);
  const note = entryNote(entry);
  return {
    startedDateTime: new Date(entry.time).toISOString(),
    time: timings.send + timings.wait + timings.receive,
    request: harRequest(entry, url),
    response: harResponse(entry),
    cache: {},
    timings,
    ...(note ? { comment: note } : {}),
    _ccemu: ccemuFields(entry),
  };
}

/** Where the request went: ccemu's own address (with the Host the client used), or the target. */
function entryUrl(entry: HarSource, origin: string): string {
  if (entry.upstream) return entry.upstream.request.url;
  if (entry.target) return entry.target;
  if (entry.kind === "sms") return `sms:${smsNumber(entry.body)}`;
  const url = new URL(origin);
  if (entry.headers.host) url.host = entry.headers.host; // an invalid Host leaves the origin's
  return receivedUrl(entry, url).href;
}

/** The SMS's mobile number from the body the dialer journals (`{mobile, ...}`). */
function smsNumber(body: StoredBody | null): string {
  try {
    return encodeURIComponent(String(JSON.parse(body?.text ?? "{}").mobile ?? ""));
  } catch {
    return "";
  }
}

function harRequest(entry: HarSource, url: string): Json {
  const headers = entry.upstream?.request.headers ?? entry.headers;
  const mimeType = headers["content-type"] ?? "";
  return {
    method: entry.upstream?.request.method ?? entry.method,
    url,
    httpVersion: entry.kind === "sms" ? "" : "HTTP/1.1",
    cookies: [],
    headers: nameValues(headers),
    queryString: URL.canParse(url)
      ? [...new URL(url).searchParams].map(([name, value]) => ({ name, value }))
      : [],
    ...(entry.body ? { postData: { mimeType, ...bodyText(entry.body, headers) } } : {}),
    headersSize: -1,
    bodySize: entry.body?.size ?? 0,
  };
}

function harResponse(entry: HarSource): Json {
  // A forwarded request that got no answer: the client's answer was ccemu's, not the upstream's.
  const status = entry.upstream && !entry.upstream.response ? 0 : entry.response.status;
  const headers = status === 0 ? {} : entry.response.headers;
  return {
    status,
    statusText: status === 0 ? "" : STATUS_CODES[status] ?? "",
    httpVersion: status === 0 || entry.kind === "sms" ? "" : "HTTP/1.1",
    cookies: [],
    headers: nameValues(headers),
    content: status === 0 ? { size: 0, mimeType: "" } : responseContent(entry, headers),
    redirectURL: headers.location ?? "",
    headersSize: -1,
    bodySize: status === 0 ? -1 : responseSize(entry),
    ...(status === 0 ? { comment: noAnswer(entry) } : {}),
  };
}

/** The answer's bytes: unknown (-1) for a stream, which the journal keeps as events. */
function responseSize(entry: HarSource): number {
  if (entry.response.body) return entry.response.body.size;
  return entry.push?.events.length ? -1 : 0;
}

/** Why a request ccemu made got no answer, in a line. */
function noAnswer(entry: HarSource): string {
  const why = entry.upstream?.error ?? entry.delivery?.error ?? entry.push?.error?.message;
  return `No answer came${why ? `: ${why}` : "."}`;
}

/** The answer's body; a push's stream rebuilt from the events the journal kept. */
function responseContent(entry: HarSource, headers: Record<string, string>): Json {
  const mimeType = headers["content-type"] ?? "";
  const body = entry.response.body;
  if (body) return { size: body.size, mimeType, ...bodyText(body, headers) };
  if (!entry.push?.events.length) return { size: 0, mimeType };
  const text = eventStream(entry.push.events);
  return {
    size: utf8Length(text),
    mimeType: mimeType || "text/event-stream",
    text,
    comment: streamNote(entry.push),
  };
}

/** Server-sent events as text: each kept event's name and data lines, a blank line after each. */
export function eventStream(events: { event: string; data: string | null }[]): string {
  return events.map(({ event, data }) =>
    `event: ${event}\n${
      data === null ? "" : data.split(/\r\n|\r|\n/).map((line) => `data: ${line}\n`).join("")
    }\n`
  ).join("");
}

function streamNote(push: NonNullable<HarSource["push"]>): string {
  const cut = push.events.filter((e) => e.dataCut).length;
  const lost = push.notKept?.events ?? 0;
  return `Rebuilt from the ${push.events.length} server-sent events the journal kept (their ` +
    `names and data; not the bytes as sent)` +
    (cut ? `; ${cut} without their data (past the 64 KiB of event data a push keeps)` : "") +
    (lost ? `; ${lost} more events not kept (past 10,000)` : "") + ".";
}

/**
 * A body as HAR text. A binary body is left out: the journal kept it as decoded UTF-8 text, from
 * which its bytes cannot be had back, so base64 of it would be wrong bytes.
 */
function bodyText(body: StoredBody, headers: Record<string, string>): Json {
  const mimeType = headers["content-type"] ?? "";
  if (isBinary(mimeType, body.text)) {
    return {
      comment: `Binary body (${body.size} bytes${
        mimeType ? `, ${mimeType}` : ""
      }) not exported: the journal keeps bodies as text.`,
    };
  }
  if (!body.truncated) return { text: body.text };
  return {
    text: body.text,
    comment: `Truncated: the first 64 KiB of ${body.size} bytes, as the journal keeps them${
      body.digest ? ` (whole body ${body.digest})` : ""
    }.`,
  };
}

const TEXTUAL =
  /^\s*(text\/|application\/(json|xml|javascript|x-www-form-urlencoded|x-ndjson)\b|[^;]*\+(json|xml)\b)/i;
const BINARY = /^\s*((image|audio|video|font)\/|application\/(octet-stream|pdf|zip|gzip|x-tar)\b)/i;

/** Binary by its media type, or, without a textual one, by what decoding its bytes left. */
export function isBinary(mimeType: string, text: string): boolean {
  if (TEXTUAL.test(mimeType)) return false;
  return BINARY.test(mimeType) || text.includes("\uFFFD") || text.includes("\0");
}

/**
 * Real milliseconds: a push's wait is until its response headers and receive the rest; other
 * entries have one measured duration, all of it waiting. Phases ccemu does not measure are -1.
 */
function entryTimings(entry: HarSource) {
  const push = entry.push?.timings;
  const total = entry.upstream?.latencyMs ?? push?.endMs ?? entry.durationMs;
  const wait = push?.firstByteMs ?? total;
  return {
    blocked: -1,
    dns: -1,
    connect: -1,
    ssl: -1,
    send: 0,
    wait,
    receive: Math.max(0, total - wait),
  };
}

/** A line on what the entry is, for requests ccemu made or forwarded. */
function entryNote(entry: HarSource): string | undefined {
  if (entry.upstream) {
    return `Forwarded by the recording proxy to ${entry.upstream.host} (Signature not kept); ` +
      "the client got the upstream's answer.";
  }
  if (entry.delivery) {
    return `Call-result callback: delivery ${entry.delivery.deliveryId}, attempt ${entry.delivery.attempt}.`;
  }
  if (entry.push) return "A push from ccemu's gateway to the agent.";
  if (entry.kind === "sms") {
    return "A hang-up SMS the dialer sent (not HTTP: ccemu sends no real SMS).";
  }
  return undefined;
}

/** What HAR has no field for: the entry's identity and ccemu's diagnostics. */
function ccemuFields(entry: HarSource): Json {
  const { push, upstream } = entry;
  return {
    id: entry.id,
    kind: entry.kind,
    area: entry.area,
    requestId: entry.requestId,
    ...(entry.errorCode ? { errorCode: entry.errorCode } : {}),
    ...(entry.auth ? { auth: entry.auth } : {}),
    ...(entry.fault ? { fault: entry.fault } : {}),
    ...(entry.sessionId ? { sessionId: entry.sessionId } : {}),
    ...(push ? pushFields(push) : {}),
    ...(entry.delivery ? { delivery: entry.delivery } : {}),
    ...(upstream
      ? { upstream, received: { method: entry.method, path: entry.path, query: entry.query } }
      : {}),
  };
}

/** A push's findings, and the rest of its record with the stream's timeline without the data. */
function pushFields({ findings, events, ...rest }: NonNullable<HarSource["push"]>): Json {
  // Each event's data is in the response content; here, when it came.
  return { findings, push: { ...rest, events: events.map(({ data: _, ...event }) => event) } };
}

function nameValues(record: Record<string, string>): NameValue[] {
  return Object.entries(record).map(([name, value]) => ({ name, value }));
}
