/**
 * Does a stub's answer keep the operation's documented answer shape? The shape is the one the
 * OpenAPI document publishes (emulator/openapi/signed.ts): `requestId` first, then the operation's
 * `answer` schema, or, for an error, the vendor's envelope `{requestId, error: {code, message}}`.
 * A stub is sent as it is whatever this finds (answering what the state cannot is its job); what
 * it finds goes into the journal entry as warnings, at JSON paths written as the parity report
 * writes them, so a stub cannot drift from the vendor's documents silently.
 */
import { z } from "npm:zod@4.6.7";
import type { StubMark } from "../core/journal-entry.ts";
import { formatPath, type Segment } from "../parity/json-path.ts";
import type { Operation } from "../signed-api/operation.ts";

export type StubFinding = NonNullable<StubMark["findings"]>[number];

const ERROR_ENVELOPE = z.strictObject({
  requestId: z.string(),
  error: z.strictObject({ code: z.string(), message: z.string() }),
});

const warning = (segments: readonly PropertyKey[], message: string): StubFinding => ({
  path: formatPath(segments.map((s) => typeof s === "number" ? s : String(s)) as Segment[]),
  severity: "warning",
  message,
});

const typeOf = (value: unknown) =>
  value === null ? "null" : Array.isArray(value) ? "an array" : typeof value;

/**
 * The findings for `sent` (the answer's text as sent) with `status`, for `operation`; none when
 * it has the documented shape.
 */
export function shapeFindings(operation: Operation, status: number, sent: string): StubFinding[] {
  let body: unknown;
  try {
    body = JSON.parse(sent);
  } catch {
    return [
      warning(
        [],
        "the answer is not JSON; the vendor's clients read a JSON object (sent as it is)",
      ),
    ];
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    return [warning([], `the answer is ${typeOf(body)}; the operation answers a JSON object`)];
  }
  const record = body as Record<string, unknown>;
  if (status >= 400 || "error" in record) {
    const parsed = ERROR_ENVELOPE.safeParse(record);
    return parsed.success ? [] : parsed.error.issues.map((issue) =>
      warning(
        issue.path,
        `${issue.message}; the vendor's error answer is {requestId, error: {code, message}}`,
      )
    );
  }
  const { requestId, ...rest } = record;
  const findings: StubFinding[] = [];
  if (typeof requestId !== "string") {
    findings.push(warning(
      ["requestId"],
      requestId === undefined
        ? 'missing: every answer of the vendor carries requestId (write "requestId": "{{requestId}}")'
        : `is ${typeOf(requestId)}; the vendor's requestId is a string`,
    ));
  }
  const parsed = operation.answer.safeParse(rest);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      if (issue.code === "unrecognized_keys") {
        for (const key of issue.keys) {
          findings.push(warning(
            [...issue.path, key],
            `not in ${operation.path}'s documented answer`,
          ));
        }
      } else findings.push(warning(issue.path, issue.message));
    }
  }
  return findings;
}
