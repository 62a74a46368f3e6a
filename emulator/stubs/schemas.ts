/**
 * Stubs: "this request -> this exact answer", for what the emulated state cannot produce (a field
 * the vendor added last week, an odd error body, a long answer). ccemu's own design (the vendor has
 * no such thing), after WireMock's stubs; stubs are state, so fixtures, snapshots and the config
 * file carry them and their counters, and a reset puts back the fixtures' own.
 */
import { z } from "npm:zod@4.6.7";
import { compileRequestMatch, RequestMatchError } from "../core/request-match.ts";
import { defineSlice } from "../core/state.ts";
import { templateProblems } from "./template.ts";

/** The areas whose signed operations a stub may answer. */
export const STUB_AREAS = ["outbound", "kb", "gateway"] as const;

/** Wall-clock waits are bounded: a client's own time-out is the thing under test, not ccemu's. */
export const MAX_DELAY_MS = 120_000;

const count: z.ZodNumber = z.number().int().min(1).max(1_000_000);

/** A query or body matcher: the value, or `{matches: regex}` (emulator/core/request-match.ts). */
const matchers = z.record(z.string(), z.unknown());

/** Which requests a stub answers, besides its operation (all those given must hold). */
export interface StubWhen {
  /** Query parameter name -> its value, or `{matches: regex}` for the whole value's text. */
  query?: Record<string, unknown>;
  /** JSON path into the request's JSON body (`$.taskName`) -> the value there, or `{matches}`. */
  body?: Record<string, unknown>;
  /** Only requests signed with this access key. */
  accessKeyId?: string;
}

/** What a stub answers: its status, body (a template), headers, and a wait before it. */
export interface StubAnswer {
  /** The HTTP status (default 200). */
  status?: number;
  /**
   * The answer's body: a JSON value, sent as JSON, or a string, sent as that text exactly. Its
   * strings may hold placeholders (`{{body.taskName}}`, docs/stubs.md); nothing is added to it,
   * not even `requestId` (write `"requestId": "{{requestId}}"`).
   */
  body: unknown;
  /** Response headers; `content-type` defaults to `application/json; charset=UTF-8`. */
  headers?: Record<string, string>;
  /** Wall-clock milliseconds to wait before answering (at most two minutes). */
  delayMs?: number;
}

/** A stub as a client adds it (control API, UI, config file). */
export interface StubInput {
  /** The operation's path (`/gateway/task_create`) or its name alone (`task_create`). */
  operation?: string;
  /** Instead of `operation`: its area, method and path (each checked against the operation). */
  area?: (typeof STUB_AREAS)[number];
  method?: "GET" | "POST";
  path?: string;
  /** Further conditions on the request; none: every request to the operation. */
  when?: StubWhen;
  answer: StubAnswer;
  /** Answer the first N matching requests only; later ones go on as if the stub were not there. */
  first?: number;
  /** Answer every Nth matching request (the Nth, 2Nth, ...); the others go on past it. */
  every?: number;
  /** Higher answers first (default 0); among equal priorities the newest stub first. */
  priority?: number;
  /** A label for the inspector and the list. */
  note?: string;
}

/** A stub as stored: its operation resolved, its id, and how often it matched and answered. */
export interface Stub {
  id: number;
  /** The operation's path, as the dispatcher serves it (`/gateway/task_create`). */
  operation: string;
  area: string;
  method: "GET" | "POST";
  when?: StubWhen;
  answer: StubAnswer;
  first?: number;
  every?: number;
  priority: number;
  note?: string;
  /** Requests to its operation that met its `when` so far (while no stub before it answered). */
  matched: number;
  /** Requests it answered so far (fewer than it matched with `first` or `every`). */
  answered: number;
}

const WHEN_SHAPE = {
  query: matchers.describe("Query parameter name -> its value, or {matches: regex}.").optional(),
  body: matchers.describe(
    "JSON path into the request's JSON body ($.taskName) -> the value there, or {matches: regex}.",
  ).optional(),
  accessKeyId: z.string().min(1).max(128).describe("Only requests signed with this key.")
    .optional(),
};

const ANSWER = z.strictObject({
  status: z.number().int().refine((s) => s >= 200 && s <= 599 && ![204, 205, 304].includes(s), {
    error: "must be an HTTP status with a body: 200 to 599, but not 204, 205 or 304",
  }).describe("The HTTP status (default 200).").optional(),
  body: z.unknown().refine((v) => v !== undefined, { error: "is required" }).describe(
    "A JSON value sent as JSON, or a string sent as that text; its strings may hold {{body.…}}, {{query.…}}, {{requestId}}, {{now}}, {{nowMs}}.",
  ),
  headers: z.record(
    z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, { error: "must be a header name" }),
    z.string().max(8192).regex(/^[^\r\n]*$/, { error: "must be one line" }),
  ).describe("Response headers; content-type defaults to application/json; charset=UTF-8.")
    .optional(),
  delayMs: z.number().int().min(0).max(MAX_DELAY_MS, {
    error: `must be at most ${MAX_DELAY_MS} ms (two minutes)`,
  }).describe("Wall-clock milliseconds to wait before answering.").optional(),
});

const COMMON_SHAPE = {
  when: z.strictObject(WHEN_SHAPE).optional(),
  answer: ANSWER,
  first: count.describe("Answer the first N matches only.").optional(),
  every: count.describe("Answer every Nth match (the Nth, 2Nth, ...).").optional(),
  priority: z.number().int().min(-1_000_000).max(1_000_000)
    .describe("Higher is tried first (default 0); among equals the newest first.").optional(),
  note: z.string().max(200).describe("A label for the list and the inspector.").optional(),
};

function oneTrigger(stub: { first?: number; every?: number }) {
  return stub.first === undefined || stub.every === undefined;
}
const TRIGGER_RULE = {
  error: "give first or every, not both (neither: the stub answers every match)",
  path: ["every"],
};

/**
 * A stub must be able to run: its JSON paths parse, its regular expressions compile, its
 * placeholders name what a stub can read. Checked by both schemas, so that a fixture or a snapshot
 * holding a stub that could not run is refused as a stub added through the control API is.
 */
function runnable(stub: { when?: StubWhen; answer: StubAnswer }, ctx: z.RefinementCtx): void {
  try {
    compileRequestMatch({ query: stub.when?.query, body: stub.when?.body });
  } catch (error) {
    if (!(error instanceof RequestMatchError)) throw error;
    ctx.addIssue({
      code: "custom",
      path: ["when", error.field],
      message: error.message.slice(error.field.length + 2),
      input: stub.when,
    });
  }
  for (const problem of templateProblems(stub.answer.body)) {
    ctx.addIssue({
      code: "custom",
      path: problem.at ? ["answer", "body", problem.at] : ["answer", "body"],
      message: problem.problem,
      input: problem.text,
    });
  }
}

/**
 * The schema a stub as a client adds it is checked against (the store then resolves its
 * operation against the ones ccemu serves, and its `when` and placeholders). For the config file's
 * JSON Schema too.
 *
 * @ignore
 */
export const /** @ignore */ StubInput: z.ZodType<StubInput> = z.strictObject({
  operation: z.string().min(1).max(200)
    .describe("The operation's path (/gateway/task_create) or name (task_create).").optional(),
  area: z.enum(STUB_AREAS, { error: `must be one of ${STUB_AREAS.join(", ")}` }).optional(),
  method: z.enum(["GET", "POST"], { error: "must be GET or POST" }).optional(),
  path: z.string().startsWith("/", { error: 'must be a path, starting with "/"' }).max(200)
    .optional(),
  ...COMMON_SHAPE,
}).refine(oneTrigger, TRIGGER_RULE).superRefine(runnable);

/** In fixtures and snapshots; a fixture may leave the counters and the priority out. */
export const StubSchema: z.ZodType<
  Stub,
  Omit<Stub, "matched" | "answered" | "priority"> & {
    matched?: number;
    answered?: number;
    priority?: number;
  }
> = z.strictObject({
  id: z.number().int().min(1),
  operation: z.string().startsWith("/").max(200),
  area: z.string().min(1),
  method: z.enum(["GET", "POST"]),
  ...COMMON_SHAPE,
  priority: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  matched: z.number().int().min(0).default(0),
  answered: z.number().int().min(0).default(0),
}).refine(oneTrigger, TRIGGER_RULE).superRefine(runnable);

export interface StubState {
  stubs: Stub[];
}

export const StubStateSchema: z.ZodType<StubState> = z.strictObject({
  stubs: z.array(StubSchema).default(() => []),
});

export const stubsSlice = defineSlice<StubState>({
  name: "stubs",
  schema: StubStateSchema,
  sequences: { stubId: { ids: (s) => s.stubs.map((stub) => stub.id), first: 1 } },
  lists: [{ path: "stubs.stubs", id: "id", space: "stub" }],
});
