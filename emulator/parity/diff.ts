/**
 * Comparing a recorded answer with ccemu's, in the order that says the most first: the status and
 * error code; then the shape (a member on one side only, a type that differs), on the bodies as
 * they are but for `ignore` rules; then the values, through every transformer. A list's length is
 * data, not shape: its elements are compared pair by pair and an element one side lacks is a
 * values difference, so fixtures that hold other records than the tenant's do not fail the shape.
 */
import { parseJson } from "../core/json.ts";
import { formatPath, isWithin, type Segment } from "./json-path.ts";
import { transform, type Transformer } from "./transformers.ts";

export type Outcome = "same" | "shape differs" | "values differ" | "status differs";

/** A body that is not JSON (a gateway's HTML page): compared as text. */
export class TextBody {
  constructor(readonly text: string) {}
}

/** One difference: where, and what each side has there (absent when that side has nothing). */
export interface Difference {
  path: string;
  /** `member`: present on one side only; `type`: types differ; `item`: an element one side lacks. */
  kind: "member" | "type" | "item" | "value";
  recorded?: { value: unknown };
  replayed?: { value: unknown };
}

/** What ccemu answered, or why it gave no answer. */
export type Replayed = { status: number; body: string } | { error: string };

export interface Comparison {
  outcome: Outcome;
  /** Set when the status or error code differs. */
  status?: {
    recorded: number;
    replayed: number | null;
    recordedCode?: string;
    replayedCode?: string;
    /** ccemu's error message, or why no answer came. */
    message?: string;
  };
  /** Shape differences first, then values differences. */
  differences: Difference[];
}

/** The JSON type of a value, or `text` for a body that is not JSON. */
export function typeOf(value: unknown): string {
  if (value instanceof TextBody) return "text";
  if (value === null) return "null";
  return Array.isArray(value) ? "array" : typeof value;
}

/** Walks both values together, collecting every difference with its path. */
function walk(a: unknown, b: unknown, segments: Segment[], out: Difference[]): void {
  const path = formatPath(segments);
  if (typeOf(a) !== typeOf(b)) {
    out.push({ path, kind: "type", recorded: { value: a }, replayed: { value: b } });
  } else if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      if (i >= a.length) {
        out.push({ path: formatPath([...segments, i]), kind: "item", replayed: { value: b[i] } });
      } else if (i >= b.length) {
        out.push({ path: formatPath([...segments, i]), kind: "item", recorded: { value: a[i] } });
      } else walk(a[i], b[i], [...segments, i], out);
    }
  } else if (typeOf(a) === "object") {
    const left = a as Record<string, unknown>, right = b as Record<string, unknown>;
    for (const name of Object.keys(left)) {
      const at = formatPath([...segments, name]);
      if (!Object.hasOwn(right, name)) {
        out.push({ path: at, kind: "member", recorded: { value: left[name] } });
      } else walk(left[name], right[name], [...segments, name], out);
    }
    for (const name of Object.keys(right)) {
      if (Object.hasOwn(left, name)) continue;
      out.push({
        path: formatPath([...segments, name]),
        kind: "member",
        replayed: { value: right[name] },
      });
    }
  } else {
    const same = a instanceof TextBody ? a.text === (b as TextBody).text : a === b;
    if (!same) out.push({ path, kind: "value", recorded: { value: a }, replayed: { value: b } });
  }
}

/** A body as JSON, or as text when it is not JSON (or nests deeper than ccemu reads). */
export function parsedBody(text: string): unknown {
  try {
    return parseJson(text);
  } catch {
    return new TextBody(text);
  }
}

const isShape = (d: Difference) => d.kind === "member" || d.kind === "type";

/**
 * Shape and values differences between two bodies. A values difference inside a place whose shape
 * already differs is not repeated.
 */
export function compareBodies(recorded: string, replayed: string, rules: Transformer[]) {
  const a = parsedBody(recorded), b = parsedBody(replayed);
  // Rules select places in JSON; a text body has none, and is compared as it is.
  const apply = (body: unknown, some: Transformer[]) =>
    body instanceof TextBody ? body : transform(body, some);
  const ignoring = rules.filter((r) => r.ignore);
  const raw: Difference[] = [];
  walk(apply(a, ignoring), apply(b, ignoring), [], raw);
  const shape = raw.filter(isShape);
  const transformed: Difference[] = [];
  walk(apply(a, rules), apply(b, rules), [], transformed);
  const values = transformed.filter((d) => !shape.some((s) => isWithin(d.path, s.path)));
  return { shape, values };
}

/** The vendor envelope's `error.code`, when the body is one. */
export function errorOf(body: string): { code?: string; message?: string } {
  const json = parsedBody(body) as { error?: { code?: unknown; message?: unknown } } | null;
  const error = json && typeof json === "object" ? json.error : undefined;
  return {
    code: typeof error?.code === "string" ? error.code : undefined,
    message: typeof error?.message === "string" ? error.message : undefined,
  };
}

/** Compares ccemu's answer with the recorded one: status and error code, shape, values. */
export function compareAnswers(
  recorded: { status: number; body: string },
  replayed: Replayed,
  rules: Transformer[],
): Comparison {
  const recordedCode = errorOf(recorded.body).code;
  if ("error" in replayed) {
    const status = { recorded: recorded.status, replayed: null, recordedCode };
    return {
      outcome: "status differs",
      status: { ...status, message: replayed.error },
      differences: [],
    };
  }
  const { code: replayedCode, message } = errorOf(replayed.body);
  if (replayed.status !== recorded.status || replayedCode !== recordedCode) {
    return {
      outcome: "status differs",
      status: {
        recorded: recorded.status,
        replayed: replayed.status,
        recordedCode,
        replayedCode,
        message,
      },
      differences: [],
    };
  }
  const { shape, values } = compareBodies(recorded.body, replayed.body, rules);
  const outcome = shape.length ? "shape differs" : values.length ? "values differ" : "same";
  return { outcome, differences: [...shape, ...values] };
}
