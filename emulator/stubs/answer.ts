/**
 * A stub's answer to one request: its body rendered with the request's values, its status and
 * headers, after its wait; the exchange marked for the journal with the stub's id and whatever the
 * answer breaks of the operation's documented shape. The operation's handler never runs, so the
 * state is not changed.
 */
import type { ContentfulStatusCode } from "npm:hono@4.13.19/utils/http-status";
import type { Emulator } from "../core/emulator.ts";
import type { SignedCall } from "../core/signed-call.ts";
import type { StubMark } from "../core/journal-entry.ts";
import type { RequestParts } from "../core/request-match.ts";
import { localText } from "../core/zoned-time.ts";
import type { Operation } from "../signed-api/operation.ts";
import type { Stub } from "./schemas.ts";
import { shapeFindings } from "./shape.ts";
import { renderText, renderValue, type TemplateValues } from "./template.ts";

const JSON_TYPE = "application/json; charset=UTF-8";

/** The answer's text: a string template rendered as text, any other value rendered and as JSON. */
function answerText(stub: Stub, values: TemplateValues): string {
  const body = stub.answer.body;
  return typeof body === "string"
    ? renderText(body, values)
    : JSON.stringify(renderValue(body, values));
}

/** The vendor error code of an error envelope, for the journal's `errorCode`. */
function errorCodeOf(text: string): string | undefined {
  try {
    const code = JSON.parse(text)?.error?.code;
    return typeof code === "string" ? code : undefined;
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Answers `c` with `stub` (after its `delayMs`, on the wall clock: clients wait in real time). */
export function answerWithStub(
  emulator: Emulator,
  c: SignedCall,
  stub: Stub,
  operation: Operation | undefined,
  request: RequestParts,
): Response | Promise<Response> {
  const now = emulator.clock.now();
  const values: TemplateValues = {
    body: request.body,
    query: request.query,
    requestId: c.requestId,
    now: localText(now, c.tenant.timeZone).replaceAll("/", "-"),
    nowMs: now,
  };
  const text = answerText(stub, values);
  const status = (stub.answer.status ?? 200) as ContentfulStatusCode;
  const headers: Record<string, string> = { "content-type": JSON_TYPE };
  for (const [name, value] of Object.entries(stub.answer.headers ?? {})) {
    headers[name.toLowerCase()] = value;
  }
  const mark: StubMark = { stubId: stub.id };
  if (stub.note) mark.note = stub.note;
  const findings = operation ? shapeFindings(operation, status, text) : [];
  if (findings.length) mark.findings = findings;
  c.stub = mark;
  c.errorCode = errorCodeOf(text);
  c.responseText = text;
  // Not `c.sent`: the server's fast path for the dispatcher's own answers writes only their
  // content-type, and the journal reads this answer's headers off the response.
  const respond = () => new Response(text, { status, headers });
  const delay = stub.answer.delayMs ?? 0;
  return delay > 0 ? sleep(delay).then(respond) : respond();
}
