/**
 * The journal entry's JSON as a schema: what the control API's journal routes declare they answer,
 * so that the OpenAPI document (and the Node types and the Java record made from it) give every
 * field its type. It says what journal.ts's interfaces say; a test checks real entries of every
 * kind against it. An area's own detail (`push`, `delivery`, `upstream`…) is an object the core
 * does not know the shape of: described, typed as an object, and any further member allowed.
 */
import { z } from "npm:zod@4.6.7";

/** A request or response body as the journal keeps it. */
export const StoredBodySchema = z.object({
  text: z.string().describe("The body's text; only its start when `truncated`."),
  size: z.number().int().describe("Size in bytes of the whole body."),
  truncated: z.boolean().describe("True when the body was longer than the journal keeps (64 KiB)."),
  digest: z.string().optional().describe(
    "`sha256:` and the hex SHA-256 of the whole body, when it was cut and ccemu read all of it.",
  ),
}).meta({ id: "StoredBody" });

/** What the signature check found. */
export const AuthDiagnosticsSchema = z.object({
  outcome: z.enum(["accepted", "rejected"]),
  accessKeyId: z.string().optional(),
  failedCheck: z.string().optional().describe("The check that failed: signature, expires…"),
  expectedStringToSign: z.string().optional(),
  hostsTried: z.array(z.string()).optional(),
  matched: z.object({ host: z.string(), path: z.string() }).optional(),
  detail: z.string().optional(),
}).meta({ id: "AuthDiagnostics" });

/** A fault rule fired on the exchange. */
export const FaultMarkSchema = z.object({
  ruleId: z.number().int(),
  effect: z.string(),
  note: z.string().optional(),
  detail: z.string().optional(),
}).meta({ id: "FaultMark" });

/** A stub answered the exchange instead of the state (docs/stubs.md). */
export const StubMarkSchema = z.object({
  stubId: z.number().int(),
  note: z.string().optional(),
  findings: z.array(z.object({
    path: z.string(),
    severity: z.literal("warning"),
    message: z.string(),
  })).optional().describe("Where the stub's body breaks the operation's documented answer."),
}).meta({ id: "StubMark" });

const areaDetail = (what: string) => z.record(z.string(), z.unknown()).optional().describe(what);

/** One journal entry of any kind, as `GET /_emulator/journal/{id}` answers it. */
export const JournalEntrySchema = z.looseObject({
  id: z.number().int().describe("1, 2, 3… in the order entries were added, never reused."),
  kind: z.string().describe(
    "`exchange` (a client's request), or an area's own: `push`, `sms`, `callback`, `upstream`.",
  ),
  requestId: z.string(),
  time: z.number().describe("Virtual time the exchange started, ms."),
  area: z.string().describe("`outbound`, `kb`, `gateway`, or `storage`."),
  method: z.string(),
  path: z.string().describe("The URL's path, without the query."),
  query: z.record(z.string(), z.union([z.string(), z.array(z.string())])).describe(
    "The query parameters; a name given more than once has a list.",
  ),
  headers: z.record(z.string(), z.string()).describe("The request headers, names in lower case."),
  body: StoredBodySchema.nullable(),
  response: z.object({
    status: z.number().int().describe("0 when no answer came to a request ccemu made."),
    headers: z.record(z.string(), z.string()),
    body: StoredBodySchema.nullable(),
  }),
  durationMs: z.number().describe("Real milliseconds the exchange took."),
  auth: AuthDiagnosticsSchema.optional(),
  errorCode: z.string().optional().describe("The vendor error code, when it failed with one."),
  fault: FaultMarkSchema.optional(),
  stub: StubMarkSchema.optional(),
  target: z.string().optional().describe("The full URL, when ccemu made the request itself."),
  sessionId: z.string().optional().describe("The visitor session the entry belongs to."),
  push: areaDetail("A `push` entry's detail: the gateway's push to an agent and its outcome."),
  delivery: areaDetail("A `callback` entry's detail: the delivery and the attempt's number."),
  upstream: areaDetail("An `upstream` entry's detail: what the recording proxy forwarded."),
}).meta({ id: "JournalEntry" });
