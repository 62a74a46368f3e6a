/**
 * Verify: did the journal see the requests a test expects, how many times, and if not, which came
 * closest and how they differ (WireMock's `verify(exactly(1), postRequestedFor(…))` and its near
 * misses). Pure logic over journal entries; journal-routes.ts serves it as
 * `POST /_emulator/journal/verify`, and every client's `verify` throws its `message`.
 *
 * Near misses are given when too few entries matched: at most NEAR_MISSES entries, each with the
 * matchers it did not meet. Those on the operation (or path) asked for come first, since that is
 * the request the test meant; then those that met the most matchers; the newest first among
 * equals. An entry that met none is no near miss: it tells nothing about the request meant.
 */
import { z } from "npm:zod@4.6.7";
import { didYouMean } from "../core/did-you-mean.ts";
import { ApiError } from "../core/errors.ts";
import type { JournalEntry } from "../core/journal-entry.ts";
import { JournalEntrySchema } from "../core/journal-schema.ts";
import {
  bodyValue,
  type CompiledRequestMatch,
  compileRequestMatch,
  type Difference,
  RequestMatchError,
} from "../core/request-match.ts";

/** How many near misses an answer lists at most: enough to spot the one meant, short to read. */
export const NEAR_MISSES = 3;

/** How many matching entries an answer carries at most (`count` counts them all). */
export const MAX_ENTRIES = 50;

const valueMatchers = (what: string) =>
  z.record(z.string(), z.unknown()).optional().describe(
    `${what} → the value expected there, or {"matches": "regex"} (the whole value).`,
  );

const count = z.number().int().min(0);

/** `POST /_emulator/journal/verify`'s body; `areas` are the names an entry's area may have. */
export const verifyBody = (areas: readonly string[]) =>
  z.strictObject({
    match: z.strictObject({
      operation: z.string().startsWith("/").optional().describe(
        "An operation's path (`/gateway/task_create`); a trailing slash on the request's is ignored.",
      ),
      path: z.string().startsWith("/").optional().describe(
        "Any request's path, exactly (a trailing slash ignored): a storage path, a push's.",
      ),
      method: z.string().min(1).optional().describe("`GET`, `POST`… (any case)."),
      area: z.enum(areas as [string, ...string[]]).optional(),
      status: z.union([
        z.number().int().min(0).max(599),
        z.string().regex(/^([1-5]\d\d|[1-5]xx)$/i, {
          error: "expected a status like 401 or a class like 4xx",
        }),
      ]).optional().describe("The answer's status (`200`), or a class (`4xx`)."),
      kind: z.string().min(1).optional().describe(
        "The entry's kind: `exchange` (a client's request), `push`, `sms`, `callback`, `upstream`.",
      ),
      query: valueMatchers("Query parameter name"),
      body: valueMatchers("JSON path into the body (`$.taskName`, `$.list[*].phone`)"),
    }).describe("What a request must hold; every member optional, all given must hold."),
    count: z.strictObject({
      exactly: count.optional(),
      atLeast: count.optional(),
      atMost: count.optional(),
    }).optional().describe(
      "How many entries must match: `exactly`, or `atLeast` and/or `atMost`; default atLeast 1.",
    ),
    since: z.number().int().min(0).optional().describe(
      "Only entries with an id greater than this (the id of the last entry before the test's act).",
    ),
  });

/** What a request must hold to count; every member optional, all of those given must hold. */
export interface VerifyMatch {
  /** An operation's path (`/gateway/task_create`); a trailing slash on the request's is ignored. */
  operation?: string;
  /** Any request's path, exactly (a trailing slash ignored): a storage path, a push's. */
  path?: string;
  /** `GET`, `POST`… (any case). */
  method?: string;
  /** `outbound`, `kb`, `gateway` or `storage`. */
  area?: string;
  /** The answer's status (`200`), or a class (`"4xx"`). */
  status?: number | string;
  /** The entry's kind: `exchange` (a client's request), `push`, `sms`, `callback`, `upstream`. */
  kind?: string;
  /** Query parameter name → its value, or `{matches: "regex"}` (the whole value). */
  query?: Record<string, unknown>;
  /** JSON path into the body (`$.callJobName`) → the value there, or `{matches: "regex"}`. */
  body?: Record<string, unknown>;
}

/** A verify: what to match, how many times (default at least once), after which entry. */
export interface VerifyRequest {
  /** What a request must hold to count. */
  match: VerifyMatch;
  /** `exactly`, or `atLeast` and/or `atMost`; default `{atLeast: 1}`. */
  count?: { exactly?: number; atLeast?: number; atMost?: number };
  /** Only entries with an id greater than this (the last entry's id before the test acted). */
  since?: number;
}

type VerifyBody = z.output<ReturnType<typeof verifyBody>>;

const DifferenceSchema = z.object({
  path: z.string().describe("The matcher: `operation`, `status`, `query.name`, `$.taskName`…"),
  expected: z.unknown(),
  got: z.unknown().optional().describe("What the request had; absent when it had nothing there."),
});

/** What verify answers. */
export const VerifyResultSchema = z.object({
  passed: z.boolean(),
  count: z.number().int().describe("How many entries matched (after `since`)."),
  expected: z.string().describe("The count wanted, in words: `at least 1`, `exactly 2`."),
  entries: z.array(JournalEntrySchema).describe(
    `The matching entries, oldest first (at most ${MAX_ENTRIES}).`,
  ),
  nearMisses: z.array(z.object({
    entryId: z.number().int(),
    method: z.string(),
    path: z.string(),
    status: z.number().int(),
    met: z.number().int().describe("How many matchers it met."),
    of: z.number().int().describe("How many matchers there are."),
    differences: z.array(DifferenceSchema),
  })).describe(
    `When too few matched: the entries that met the most matchers (at most ${NEAR_MISSES}).`,
  ),
  message: z.string().describe("What passed or failed, the near misses and how they differ."),
});

/** An entry that came close to matching, and the matchers it did not meet. */
export interface NearMiss {
  /** The entry's id in the journal. */
  entryId: number;
  /** The request's method. */
  method: string;
  /** The request's path. */
  path: string;
  /** The answer's status. */
  status: number;
  /** How many matchers it met. */
  met: number;
  /** How many matchers there are. */
  of: number;
  /** Each matcher not met: `{path, expected, got}`, `got` absent when nothing was there. */
  differences: Difference[];
}

/** What a verify found. */
export interface VerifyResult {
  /** Whether the count of matching entries is the one expected. */
  passed: boolean;
  /** How many entries matched (after `since`). */
  count: number;
  /** The count wanted, in words: `at least 1`, `exactly 2`. */
  expected: string;
  /** The matching entries, oldest first (at most 50). */
  entries: JournalEntry[];
  /** When too few matched: the entries that came closest (at most 3), closest first. */
  nearMisses: NearMiss[];
  /** What passed or failed, the near misses and how they differ: what clients throw. */
  message: string;
}

/** A check on an entry's own fields (its operation, method, status…), as a request match has. */
interface EntryCheck {
  path: string;
  expected: unknown;
  got(entry: JournalEntry): unknown;
  accepts(entry: JournalEntry): boolean;
}

/** A verify checked once: the entry checks, the request match, and the count's bounds. */
export interface Verification {
  checks: EntryCheck[];
  request: CompiledRequestMatch;
  min: number;
  max: number;
  since: number;
  /** The match in words, for the message. */
  described: string;
}

const withoutTrailingSlash = (path: string) => path.length > 1 ? path.replace(/\/+$/, "") : path;

/**
 * Checks a verify body beyond its schema: the count's bounds hold together, the operation is one
 * ccemu serves, the matchers run.
 * @throws ApiError InvalidParameter naming the field.
 */
export function verification(body: VerifyBody, operations: readonly string[]): Verification {
  const { match } = body;
  const checks: EntryCheck[] = [];
  if (match.operation !== undefined && match.path !== undefined) {
    throw invalid("match.operation", "give operation or path, not both");
  }
  if (match.operation !== undefined) {
    const operation = withoutTrailingSlash(match.operation);
    if (!operations.includes(operation)) {
      const guess = didYouMean(operation, operations);
      throw invalid(
        "match.operation",
        `${match.operation} is no operation ccemu serves${
          guess ? `: ${guess}` : ""
        } (GET /_emulator/openapi.json lists them; use path for any other request)`,
      );
    }
    checks.push(pathCheck("operation", operation));
  }
  if (match.path !== undefined) checks.push(pathCheck("path", withoutTrailingSlash(match.path)));
  if (match.method !== undefined) {
    const method = match.method.toUpperCase();
    checks.push({
      path: "method",
      expected: method,
      got: (e) => e.method,
      accepts: (e) => e.method === method,
    });
  }
  if (match.area !== undefined) checks.push(fieldCheck("area", match.area, (e) => e.area));
  if (match.kind !== undefined) checks.push(fieldCheck("kind", match.kind, (e) => e.kind));
  if (match.status !== undefined) checks.push(statusCheck(match.status));
  let request: CompiledRequestMatch;
  try {
    request = compileRequestMatch({ query: match.query, body: match.body });
  } catch (error) {
    if (!(error instanceof RequestMatchError)) throw error;
    throw invalid(`match.${error.field}`, error.message.slice(error.field.length + 2));
  }
  const { exactly, atLeast, atMost } = body.count ?? {};
  if (exactly !== undefined && (atLeast !== undefined || atMost !== undefined)) {
    throw invalid("count.exactly", "give exactly alone, or atLeast and/or atMost");
  }
  if (body.count && exactly === undefined && atLeast === undefined && atMost === undefined) {
    throw invalid("count", "give exactly, atLeast or atMost (or leave count out: at least 1)");
  }
  const min = exactly ?? atLeast ?? (atMost !== undefined ? 0 : 1);
  const max = exactly ?? atMost ?? Infinity;
  if (min > max) throw invalid("count.atLeast", `atLeast ${min} is more than atMost ${max}`);
  return {
    checks,
    request,
    min,
    max,
    since: body.since ?? 0,
    described: describeMatch(body),
  };
}

/** 1 when a near miss is on the operation or path asked for (or none was asked for). */
const onTarget = (miss: NearMiss) =>
  miss.differences.some((d) => d.path === "operation" || d.path === "path") ? 0 : 1;

/** Verifies `entries` (the journal's, oldest first) against a checked verify. */
export function verify(entries: readonly JournalEntry[], v: Verification): VerifyResult {
  const of = v.checks.length + v.request.size;
  const matched: JournalEntry[] = [];
  const misses: NearMiss[] = [];
  for (const entry of entries) {
    if (entry.id <= v.since) continue;
    const differences: Difference[] = [];
    for (const check of v.checks) {
      if (check.accepts(entry)) continue;
      const got = check.got(entry);
      differences.push({ path: check.path, expected: check.expected, got });
    }
    const request = v.request.test({ query: entry.query, body: bodyValue(entry.body?.text) });
    differences.push(...request.differences);
    if (differences.length === 0) matched.push(entry);
    else if (differences.length < of) {
      const { method, path } = entry;
      misses.push({
        entryId: entry.id,
        method,
        path,
        status: entry.response.status,
        met: of - differences.length,
        of,
        differences,
      });
    }
  }
  const count = matched.length;
  const passed = count >= v.min && count <= v.max;
  const nearMisses = count < v.min
    ? misses.sort((a, b) => onTarget(b) - onTarget(a) || b.met - a.met || b.entryId - a.entryId)
      .slice(0, NEAR_MISSES)
    : [];
  const expected = expectedCount(v.min, v.max);
  return {
    passed,
    count,
    expected,
    entries: matched.slice(0, MAX_ENTRIES),
    nearMisses,
    message: message(v, { passed, count, expected, matched, nearMisses, searched: entries }),
  };
}

const invalid = (field: string, why: string) =>
  new ApiError("InvalidParameter", `${field}: ${why}.`, field);

function pathCheck(name: string, path: string): EntryCheck {
  return {
    path: name,
    expected: path,
    got: (e) => e.path,
    accepts: (e) => withoutTrailingSlash(e.path) === path,
  };
}

function fieldCheck(name: string, value: string, got: (e: JournalEntry) => string): EntryCheck {
  return { path: name, expected: value, got, accepts: (e) => got(e) === value };
}

function statusCheck(status: number | string): EntryCheck {
  const text = String(status).toLowerCase();
  const statusClass = /^\dxx$/.test(text) ? Number(text[0]) : undefined;
  return {
    path: "status",
    expected: status,
    got: (e) => e.response.status,
    accepts: (e) =>
      statusClass === undefined
        ? e.response.status === Number(text)
        : Math.floor(e.response.status / 100) === statusClass,
  };
}

/** `at least 1`, `exactly 2`, `at most 0`, `between 1 and 3`. */
function expectedCount(min: number, max: number): string {
  if (min === max) return `exactly ${min}`;
  if (max === Infinity) return `at least ${min}`;
  return min === 0 ? `at most ${max}` : `between ${min} and ${max}`;
}

/** A value as the message shows it: JSON, a regex matcher as `matches /…/`. */
function shown(value: unknown): string {
  if (
    typeof value === "object" && value !== null && !Array.isArray(value) &&
    Object.keys(value).length === 1 && "matches" in value
  ) return `matches /${(value as { matches: unknown }).matches}/`;
  return JSON.stringify(value) ?? "nothing";
}

/** `POST /gateway/task_create with $.taskName = "X"`, the match's own words. */
function describeMatch(body: VerifyBody): string {
  const { match } = body;
  const head = [match.method?.toUpperCase(), match.operation ?? match.path].filter(Boolean);
  const parts = [
    ...(match.area !== undefined ? [`area ${match.area}`] : []),
    ...(match.kind !== undefined ? [`kind ${match.kind}`] : []),
    ...(match.status !== undefined ? [`status ${match.status}`] : []),
    ...Object.entries(match.query ?? {}).map(([name, value]) => `query.${name} ${op(value)}`),
    ...Object.entries(match.body ?? {}).map(([path, value]) => `${path} ${op(value)}`),
  ];
  const what = head.length ? head.join(" ") : "any request";
  return parts.length ? `${what} with ${parts.join(", ")}` : what;
}

const op = (value: unknown) => {
  const text = shown(value);
  return text.startsWith("matches ") ? text : `= ${text}`;
};

function message(
  v: Verification,
  found: {
    passed: boolean;
    count: number;
    expected: string;
    matched: JournalEntry[];
    nearMisses: NearMiss[];
    searched: readonly JournalEntry[];
  },
): string {
  const where = v.since > 0 ? ` after entry #${v.since}` : "";
  const requests = (n: number) => `${n} request${n === 1 ? "" : "s"}`;
  const ids = found.matched.slice(0, 10).map((e) => `#${e.id}`).join(", ");
  const head = `${found.passed ? "verified" : "verify failed"}: expected ${found.expected} ${
    found.expected.endsWith(" 1") ? "request" : "requests"
  } matching ${v.described}${where}, found ${found.count}${
    found.count ? ` (${ids}${found.count > 10 ? ", …" : ""})` : ""
  }.`;
  if (found.passed || found.count >= v.min) return head;
  const considered = found.searched.filter((e) => e.id > v.since);
  if (found.nearMisses.length === 0) {
    // Nothing came close; the newest requests show what did come (a client's mistyped path).
    const newest = considered.slice(-NEAR_MISSES).reverse()
      .map((e) => `\n  #${e.id} ${e.method} ${e.path} → ${e.response.status}`).join("");
    return `${head}\nNo near miss: none of the journal's ${
      requests(considered.length)
    }${where} met any of the matchers.${newest ? `\nThe newest:${newest}` : ""}`;
  }
  const lines = [head, "Nearest requests (most matchers met first):"];
  for (const miss of found.nearMisses) {
    lines.push(
      `  #${miss.entryId} ${miss.method} ${miss.path} → ${miss.status}: met ${miss.met} of ${miss.of}`,
    );
    for (const d of miss.differences) {
      lines.push(`    ${d.path}: expected ${shown(d.expected)}, got ${shown(d.got)}`);
    }
  }
  return lines.join("\n");
}
