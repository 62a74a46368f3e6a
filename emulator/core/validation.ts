/**
 * Turns zod's findings on a request into the vendor's codes: an absent field is MissingParameter,
 * an extra one UnknownParameter, anything else InvalidParameter, each naming the field.
 */
import type { z } from "npm:zod@4.6.7";
import { z as zod } from "npm:zod@4.6.7";
import { parseTime, TIME_RULE } from "./clock.ts";
import { ApiError, type ErrorCode } from "./errors.ts";

/** `a.b[2].c`, the way a Java developer reads a bean path. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (out, key) =>
      typeof key === "number" ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key),
    "",
  );
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? text.slice(0, 57) + "..." : text;
}

interface Problem {
  code: ErrorCode;
  field: string;
  message: string;
}

function problemOf(issue: z.core.$ZodIssue): Problem[] {
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => {
      const field = fieldPath([...issue.path, key]);
      return {
        code: "UnknownParameter",
        field,
        message: `${field} is not a parameter of this operation`,
      };
    });
  }
  // Parsed with `reportInput`, every issue carries the value it judged; JSON has no undefined, so
  // an undefined value is an absent field (also inside JSON-array text, whose elements are parsed),
  // whatever rule judged it: a type, a union, an enumeration or a literal.
  const value = issue.input;
  const field = fieldPath(issue.path) || "body";
  if (value === undefined && issue.path.length > 0) {
    return [{ code: "MissingParameter", field, message: `${field} is required` }];
  }
  // A rule over the whole body judges what is left of it, which would only mislead if shown.
  const whole = issue.path.length === 0 && issue.code === "custom";
  const received = value === undefined || whole ? "" : ` (received ${preview(value)})`;
  return [{ code: "InvalidParameter", field, message: `${field}: ${issue.message}${received}` }];
}

const PRIORITY: ErrorCode[] = ["MissingParameter", "UnknownParameter", "InvalidParameter"];

/** The error for a failed parse: the most basic problem first, the next few named after it. */
export function validationError(error: z.ZodError): ApiError {
  const problems = error.issues.flatMap(problemOf);
  problems.sort((a, b) => PRIORITY.indexOf(a.code) - PRIORITY.indexOf(b.code));
  const [first, ...rest] = problems;
  const more = rest.slice(0, 3).map((p) => p.message);
  const also = more.length ? ` Also: ${more.join("; ")}${rest.length > 3 ? "; ..." : ""}.` : "";
  return new ApiError(first.code, `${first.message}.${also}`, first.field);
}

/** zod's parse options, one object for every parse. */
const REPORT_INPUT = { reportInput: true };

/** Parses `input` with `schema` or throws the vendor's error for the first problem. */
export function parseParameters<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, REPORT_INPUT);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/** An http or https URL (agents' domains, scenario robots, callback URLs). */
export const httpUrl = (): z.ZodURL =>
  zod.url({ protocol: /^https?$/, error: "must be an http or https URL" });

/** A time (epoch ms or ISO text) within the range ccemu accepts, as epoch ms. */
export const timeValue = (): z.ZodType<number, unknown> =>
  zod.union([zod.string(), zod.number()], { error: TIME_RULE }).transform((value, ctx) => {
    const t = parseTime(value);
    if (t === undefined) {
      ctx.issues.push({ code: "custom", message: TIME_RULE, input: value });
      return zod.NEVER;
    }
    return t;
  });

/**
 * A JSON value with every object member whose value is `null` removed, at any depth: Java clients
 * serialize unset fields as `null`, and the vendor's service reads them as absent. Array elements
 * are kept as they are.
 */
export function withoutNulls(value: unknown): unknown {
  // Most bodies hold no null member: they are taken as they are (nothing else holds a parsed
  // body), rather than copied whole.
  return holdsNullMember(value) ? copyWithoutNulls(value) : value;
}

/** Whether an object member anywhere in `value` is null. */
function holdsNullMember(value: unknown): boolean {
  if (value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (holdsNullMember(value[i])) return true;
    return false;
  }
  for (const key in value) {
    const member = (value as Record<string, unknown>)[key];
    if (member === null || holdsNullMember(member)) return true;
  }
  return false;
}

function copyWithoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyWithoutNulls);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    // Deno has no `__proto__` accessor: a JSON key `__proto__` stays an own member, to be refused
    // as an unknown parameter (a test sends one).
    if (member !== null) out[key] = copyWithoutNulls(member);
  }
  return out;
}
