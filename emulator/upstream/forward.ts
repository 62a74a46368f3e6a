/**
 * The recording proxy's forwarder: a signed request that passed ccemu's own authentication is
 * re-signed the vendor's way with the upstream key, at the wall clock's time, and sent to the
 * upstream with the same method, path, business query parameters and body bytes (and its
 * Content-Type). The upstream's status, Content-Type and body go back unchanged; a failure to get
 * one answers UpstreamUnavailable (502), and nothing is retried.
 *
 * Secrets: the upstream secret signs and goes nowhere else; the upstream Signature is cut from the
 * URL the journal shows, and both are blanked from every text ccemu keeps (journal, recording,
 * messages) in case an answer echoes them. Deno's fetch errors name the whole URL, Signature
 * included: they are never passed on as they are.
 */
import { bodyText, readBody } from "../core/body.ts";
import { monotonicNow, wallNow } from "../core/clock.ts";
import type { Emulator } from "../core/emulator.ts";
import { ApiError } from "../core/errors.ts";
import type { Forwarder } from "../signed-api/dispatcher.ts";
import { javaUrlEncode, signUrl } from "../signed-api/signature.ts";
import { isCommonParameter, SIGNATURE } from "../core/common-parameters.ts";
import type { Upstream } from "./config.ts";
import { headerRecordOf, queryRecordOf } from "../core/name-value-list.ts";
import type { UpstreamExchange } from "./entry.ts";
import type { RecordedExchange, Recorder } from "./record.ts";

/** Statuses whose answer has no body (a Response with one would be refused). */
const NULL_BODY = new Set([204, 205, 304]);
const REDACTED = "(redacted)";
const decoder = new TextDecoder();

/** Blanks each of `secrets` (the upstream secret, this request's Signature) out of `text`. */
function redactor(secrets: string[]): (text: string) => string {
  const present = secrets.filter((s) => s.length > 0);
  return (text) => {
    for (const secret of present) {
      if (text.includes(secret)) text = text.replaceAll(secret, REDACTED);
    }
    return text;
  };
}

/**
 * Why the upstream gave no answer, in ccemu's words: fetch's own message names the signed URL, so
 * only the kind of failure is taken from it, and any URL left is replaced by the host.
 */
function failureMessage(error: unknown, host: string, timedOut: boolean, timeoutMs: number) {
  if (timedOut) {
    return `The upstream ${host} did not answer within ${
      timeoutMs / 1000
    } s (--upstream-timeout); the request was not retried.`;
  }
  const cause = (error as { cause?: unknown })?.cause;
  const text = `${(error as Error)?.message ?? error} ${
    cause instanceof Error ? cause.message : cause ?? ""
  }`;
  const what = /connection refused/i.test(text)
    ? "refused the connection (is it running, and is the port right?)"
    : /dns error|failed to lookup|name or service not known|no such host/i.test(text)
    ? "could not be found: its host name does not resolve"
    : /certificate|tls|ssl|handshake/i.test(text)
    ? "failed the TLS handshake (its certificate is not trusted, or it does not speak https)"
    : /reset|closed|broken pipe|eof|incomplete/i.test(text)
    ? "closed the connection before its answer was complete"
    : `could not be reached (${
      text.replace(/\(?\bhttps?:\/\/[^\s)]*\)?/gi, host).replace(/\s+/g, " ").trim().slice(0, 300)
    })`;
  return `The upstream ${host} ${what}; the request was not retried.`;
}

/** The `requestId` an envelope starts with (the vendor's and ccemu's put it first). */
const LEADING_REQUEST_ID = /^\s*\{\s*"requestId"\s*:\s*"([^"\\]{1,200})"/;

/** The error code of a vendor envelope's answer, for the journal's list (none when it is not one). */
function envelopeCode(text: string): string | undefined {
  try {
    const code = (JSON.parse(text) as { error?: { code?: unknown } })?.error?.code;
    return typeof code === "string" ? code.slice(0, 100) : undefined;
  } catch {
    return undefined;
  }
}

type Context = Parameters<Forwarder>[0];
interface Answer {
  status: number;
  contentType: string | null;
  bytes: Uint8Array<ArrayBuffer>;
}

/** The body as received, within the limit every request has; GET carries none. */
async function requestBody(c: Context, limit: number) {
  if (c.method === "GET") return { bytes: undefined, text: null };
  const read = await readBody(c.raw, limit, c.header("content-length"));
  if (read.overLimit) {
    throw new ApiError(
      "InvalidParameter",
      `The request body is larger than the limit of ${limit} bytes.`,
      "body",
    );
  }
  // Its own ArrayBuffer: readBody's bytes are never a SharedArrayBuffer's.
  return { bytes: read.bytes as Uint8Array<ArrayBuffer>, text: bodyText(read) };
}

/** The headers passed on: the Content-Type, in either spelling the client used. */
function sentHeaders(headers: Record<string, string>) {
  const sent: Record<string, string> = {};
  if (headers["content-type"] !== undefined) sent["content-type"] = headers["content-type"];
  // The gateway spec's spelling of the header, passed on when the client used it.
  if (headers["contenttype"] !== undefined) sent["contenttype"] = headers["contenttype"];
  return sent;
}

/** The upstream URL signed with the upstream key, and the Signature's value to blank everywhere. */
function signForUpstream(
  upstream: Upstream,
  method: string,
  path: string,
  business: [string, string][],
  now: number,
) {
  const url = new URL(path, upstream.origin);
  for (const [name, value] of business) url.searchParams.append(name, value);
  const signed = signUrl({
    method,
    url: url.href,
    accessKeyId: upstream.accessKeyId,
    accessKeySecret: upstream.secret,
    now,
  });
  // signUrl puts the Signature last: what precedes it is the URL without it.
  const cut = signed.url.lastIndexOf("&Signature=");
  const signature = decodeURIComponent(signed.url.slice(cut + "&Signature=".length));
  return { url: signed.url, unsigned: signed.url.slice(0, cut), signature };
}

/** One request to the upstream, never retried: its answer, or why there is none. */
async function callUpstream(
  upstream: Upstream,
  limit: number,
  request: {
    url: string;
    method: string;
    headers: Record<string, string>;
    body?: Uint8Array<ArrayBuffer>;
  },
): Promise<{ answer?: Answer; error?: string }> {
  const { host, timeoutMs } = upstream;
  let timedOut = false;
  const controller = new AbortController();
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: "manual",
      signal: controller.signal,
    });
    // Read as a stream, whatever Content-Length says: a compressed answer grows when decoded.
    const read = await readBody(response, limit, null);
    if (read.overLimit) {
      return {
        error:
          `The upstream ${host} answered ${response.status} with a body larger than the limit of ${limit} bytes (--max-body-mb); it was not passed on.`,
      };
    }
    if (response.status < 200 || response.status > 599) {
      return {
        error:
          `The upstream ${host} answered with status ${response.status}, which cannot be passed on.`,
      };
    }
    const contentType = response.headers.get("content-type");
    return {
      answer: {
        status: response.status,
        contentType,
        bytes: read.bytes as Uint8Array<ArrayBuffer>,
      },
    };
  } catch (error) {
    return { error: failureMessage(error, host, timedOut, timeoutMs) };
  } finally {
    clearTimeout(timer);
  }
}

/** Appends the exchange to the recording; a failed append is said in the entry and on stderr. */
async function record(recorder: Recorder, detail: UpstreamExchange, line: RecordedExchange) {
  try {
    await recorder.append(line);
  } catch (error) {
    detail.recordError = `not appended to ${recorder.path}: ${(error as Error).message}`;
    console.error(`ccemu: --record ${detail.recordError}`);
  }
}

export function createForwarder(
  emulator: Emulator,
  upstream: Upstream,
  recorder?: Recorder,
): Forwarder {
  const limit = emulator.config.maxBodyBytes;
  const { host } = upstream;

  return async (c, operation) => {
    const pathname = c.target.pathname, pairs = c.target.pairs(), method = c.method;
    const business = pairs.filter(([name]) => !isCommonParameter(name));
    const body = await requestBody(c, limit);
    const sent = sentHeaders(headerRecordOf(c.headerList));
    const now = wallNow();
    const signed = signForUpstream(upstream, method, pathname, business, now);
    const redact = redactor([upstream.secret, signed.signature, javaUrlEncode(signed.signature)]);
    const requestText = body.text === null ? null : redact(body.text);
    if (requestText !== null) c.bodyText = requestText;

    const detail: UpstreamExchange = {
      host,
      operation: `${operation.method} ${operation.path}`,
      request: { method, url: signed.unsigned, headers: sent },
      response: null,
      latencyMs: 0,
    };
    // The client's query as it came, but for its Signature's value: an upstream entry holds none.
    const query = queryRecordOf(
      pairs.flatMap(([name, value]) => [name, name === SIGNATURE ? REDACTED : value]),
    );
    c.entryKind = { kind: "upstream", fields: { query, upstream: detail } };

    const started = monotonicNow();
    const { answer, error } = await callUpstream(upstream, limit, {
      url: signed.url,
      method,
      headers: sent,
      body: body.bytes,
    });
    if (error) detail.error = redact(error);
    detail.latencyMs = Math.round((monotonicNow() - started) * 10) / 10;
    const responseText = answer ? redact(decoder.decode(answer.bytes)) : "";
    if (answer) detail.response = { status: answer.status, contentType: answer.contentType };

    if (recorder) {
      await record(recorder, detail, {
        upstream: host,
        operation: detail.operation,
        time: new Date(now).toISOString(),
        request: {
          method,
          path: pathname,
          query: queryRecordOf(business.flat()),
          body: requestText,
        },
        response: answer
          ? { status: answer.status, contentType: answer.contentType, body: responseText }
          : null,
        ...(detail.error ? { error: detail.error } : {}),
        latencyMs: detail.latencyMs,
      });
    }
    if (!answer) throw new ApiError("UpstreamUnavailable", detail.error!);
    return passOn(c, answer, responseText, { query, detail });
  };
}

/** The upstream's answer to the client, unchanged; the journal entry takes the upstream's requestId. */
function passOn(
  c: Context,
  answer: Answer,
  responseText: string,
  entry: { query: ReturnType<typeof queryRecordOf>; detail: UpstreamExchange },
) {
  const answerHeaders: Record<string, string> = answer.contentType === null
    ? {}
    : { "content-type": answer.contentType };
  const response = new Response(NULL_BODY.has(answer.status) ? null : answer.bytes, {
    status: answer.status,
    headers: answerHeaders,
  });
  // The entry answers to the requestId the client got, which is the upstream's.
  const upstreamId = LEADING_REQUEST_ID.exec(responseText)?.[1];
  if (upstreamId) {
    c.entryKind = {
      kind: "upstream",
      fields: { query: entry.query, upstream: entry.detail, requestId: upstreamId },
    };
  }
  c.responseText = responseText;
  c.answer = { response, headers: answerHeaders };
  if (answer.status >= 400) c.errorCode = envelopeCode(responseText);
  return response;
}
