/**
 * Request matchers: does a request's query and JSON body hold what a test expects? The one
 * matcher behind `POST /_emulator/journal/verify` and stubs' `when`, after WireMock's
 * `withQueryParam` and `withRequestBody(matchingJsonPath(…))`:
 *
 * ```json
 * { "query": { "repositoryId": "r-1", "page": { "matches": "[0-9]+" } },
 *   "body": { "$.taskName": "X", "$.customers[*].phone": { "matches": "1[0-9]{10}" } } }
 * ```
 *
 * - A query matcher names a parameter; a repeated parameter matches when any of its values does.
 * - A body matcher is a JSON path (`$.a.b`, `$.list[0]`, `$["a b"]`, `[*]` or `.*` for any element
 *   or member; the parity report's syntax, emulator/parity/json-path.ts); it matches when any
 *   value at that place does. A body that is not JSON has no values.
 * - A value matches an expected value when they are equal as JSON, text and numbers compared as
 *   text (`"5"` matches `5`: the vendor's documents type one field both ways); `{matches: regex}`
 *   when the regular expression matches the whole value's text (as WireMock's `matches`: write
 *   `.*x.*` for "contains"; an object or list is matched as its JSON text).
 *
 * Every matcher counts once in `met`, so that near misses can be ordered by how close they came;
 * each unmet one is a difference `{path, expected, got}`, `got` left out when there was no value.
 */
import { parsePath, PathSyntaxError, type PatternStep } from "../parity/json-path.ts";

/** An expected value, or `{matches: regex}` for a value whose whole text the regex matches. */
export type ValueMatcher = unknown;

/** What a request must hold; every member optional, all of those given must hold. */
export interface RequestMatch {
  /** Query parameter name → its value, or `{matches: regex}`. */
  query?: Record<string, ValueMatcher>;
  /** JSON path into the body (`$.taskName`) → the value there, or `{matches: regex}`. */
  body?: Record<string, ValueMatcher>;
}

/** The parts of a request a match reads. */
export interface RequestParts {
  /** The query, as the journal keeps it: a repeated name has a list. */
  query: Record<string, string | string[]>;
  /** The body parsed as JSON; `undefined` when there was none or it was not JSON. */
  body: unknown;
}

/** One matcher a request did not meet. */
export interface Difference {
  /** Which matcher: `query.name`, or the body's JSON path (`$.taskName`). */
  path: string;
  /** What the matcher wanted: the value, or `{matches: regex}`. */
  expected: unknown;
  /** What the request had there (a list when a path found several); absent when nothing. */
  got?: unknown;
}

/** How a request fared against a match. */
export interface MatchResult {
  /** True when every matcher was met. */
  matched: boolean;
  /** How many matchers were met. */
  met: number;
  /** The matchers not met, in the order they were given (query first, then body). */
  differences: Difference[];
}

/** A match that cannot run: `field` names the matcher (`body.$.a[`), the message says why. */
export class RequestMatchError extends Error {
  /** The matcher `field` cannot run, for the reason `message` gives. */
  constructor(
    /** The matcher at fault, as the request names it (`body.$.a[`, `query.id.matches`). */
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
  }
}

/** A match checked once, to test many requests with. */
export interface CompiledRequestMatch {
  /** How many matchers it holds (the most `met` can be). */
  readonly size: number;
  /** How `parts` fares against it. */
  test(parts: RequestParts): MatchResult;
}

interface Check {
  path: string;
  expected: unknown;
  /** The values the request has at this place. */
  values(parts: RequestParts): unknown[];
  accepts(value: unknown): boolean;
}

/**
 * Checks `match` (paths parse, regexes compile, values are JSON) and answers it ready to test.
 * @throws RequestMatchError naming the first matcher that cannot run.
 */
export function compileRequestMatch(match: RequestMatch): CompiledRequestMatch {
  const checks: Check[] = [];
  for (const [name, expected] of entries(match.query, "query")) {
    const field = `query.${name}`;
    if (!isRegexMatcher(expected) && !isScalar(expected)) {
      throw new RequestMatchError(
        field,
        'a query value is text, a number, true/false, or {"matches": "regex"}',
      );
    }
    checks.push({
      path: field,
      expected,
      values: (parts) => {
        const value = Object.hasOwn(parts.query, name) ? parts.query[name] : undefined;
        return value === undefined ? [] : [value].flat();
      },
      accepts: valueTest(expected, field),
    });
  }
  for (const [path, expected] of entries(match.body, "body")) {
    const field = `body.${path}`;
    let steps: PatternStep[];
    try {
      steps = parsePath(path);
    } catch (error) {
      if (!(error instanceof PathSyntaxError)) throw error;
      throw new RequestMatchError(
        field,
        `not a JSON path (${error.message}); write $.name, $.list[0], $["a b"] or $.list[*].name`,
      );
    }
    checks.push({
      path,
      expected,
      values: (parts) => select(parts.body, steps),
      accepts: valueTest(expected, field),
    });
  }
  return {
    size: checks.length,
    test(parts) {
      const differences: Difference[] = [];
      for (const check of checks) {
        const values = check.values(parts);
        if (values.some(check.accepts)) continue;
        const difference: Difference = { path: check.path, expected: check.expected };
        if (values.length > 0) difference.got = values.length === 1 ? values[0] : values;
        differences.push(difference);
      }
      return {
        matched: differences.length === 0,
        met: checks.length - differences.length,
        differences,
      };
    },
  };
}

/**
 * How `parts` fares against `match` (compiles it each time; use `compileRequestMatch` for many).
 * @throws RequestMatchError naming the first matcher that cannot run.
 */
export function matchRequest(match: RequestMatch, parts: RequestParts): MatchResult {
  return compileRequestMatch(match).test(parts);
}

/** A body's text as RequestParts takes it: its JSON value, or `undefined` when it is not JSON. */
export function bodyValue(text: string | null | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function entries(
  matchers: Record<string, ValueMatcher> | undefined,
  field: string,
): [string, unknown][] {
  if (matchers === undefined) return [];
  if (typeof matchers !== "object" || matchers === null || Array.isArray(matchers)) {
    throw new RequestMatchError(field, "an object of matchers is expected");
  }
  return Object.entries(matchers);
}

const isScalar = (value: unknown): value is string | number | boolean =>
  typeof value === "string" || typeof value === "number" || typeof value === "boolean";

/** `{matches: …}` and nothing else: any other object is a value to equal. */
function isRegexMatcher(value: unknown): value is { matches: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value) &&
    Object.keys(value).length === 1 && Object.hasOwn(value, "matches");
}

/** The test a value must pass for `expected`. */
function valueTest(expected: unknown, field: string): (value: unknown) => boolean {
  if (isRegexMatcher(expected)) {
    const source = expected.matches;
    if (typeof source !== "string") {
      throw new RequestMatchError(`${field}.matches`, "a regular expression's text is expected");
    }
    let regex: RegExp;
    try {
      regex = new RegExp(`^(?:${source})$`);
    } catch (error) {
      throw new RequestMatchError(
        `${field}.matches`,
        `not a regular expression: ${(error as Error).message}`,
      );
    }
    return (value) => regex.test(textOf(value));
  }
  if (expected === undefined) {
    throw new RequestMatchError(field, "a value to match is expected");
  }
  return (value) => jsonEqual(expected, value);
}

/** A value's text for a regex: a string as it is, anything else as its JSON. */
const textOf = (value: unknown): string =>
  typeof value === "string" ? value : JSON.stringify(value) ?? "";

/** Equal as JSON, a string and a number or boolean compared as text. */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (isScalar(a) && isScalar(b)) return String(a) === String(b);
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  }
  if (typeof a === "object" && a !== null && typeof b === "object" && b !== null) {
    if (Array.isArray(b)) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length &&
      keys.every((key) =>
        Object.hasOwn(b, key) &&
        jsonEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])
      );
  }
  return false;
}

/** The values at the places `steps` names in `value`, in document order. */
function select(value: unknown, steps: readonly PatternStep[]): unknown[] {
  let found: unknown[] = value === undefined ? [] : [value];
  for (const step of steps) {
    const next: unknown[] = [];
    for (const here of found) {
      if (typeof here !== "object" || here === null) continue;
      if ("any" in step) next.push(...Object.values(here));
      else if ("index" in step) {
        if (Array.isArray(here) && step.index < here.length) next.push(here[step.index]);
      } else if (!Array.isArray(here) && Object.hasOwn(here, step.name)) {
        next.push((here as Record<string, unknown>)[step.name]);
      }
    }
    found = next;
  }
  return found;
}
