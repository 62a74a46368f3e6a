/**
 * Transformers: what `ccemu parity` blanks out of both answers before comparing values, after
 * LocalStack's snapshot transformers, kept to one small rule form. A rule selects places by `path`
 * (`$.result.list[*].createTime`), by member name (`key`, or `/regex/` for names), or every
 * string (`regex` alone); `when: "time"` keeps only values that hold a time; then it either
 * `replace`s the value (with `regex`: each match, `$1` allowed) or `ignore`s the member on both
 * sides, before the shape is compared too. Rules run in order; the defaults come first.
 */
import { z } from "npm:zod@4.6.7";
import { parseJson } from "../core/json.ts";
import { parsePath, pathMatches, type PatternStep, type Segment } from "./json-path.ts";

/** A rule as written in a transformers file. */
export interface TransformerRule {
  path?: string;
  key?: string;
  regex?: string;
  when?: "time";
  replace?: unknown;
  ignore?: true;
}

/** What ships: the answer's requestId, times, and the query of signed (expiring) links. */
export const DEFAULT_TRANSFORMERS: TransformerRule[] = [
  { path: "$.requestId", replace: "<requestId>" },
  { key: "/(^time|^date|Time|Date)$/", when: "time", replace: "<time>" },
  { regex: "^(https?://[^?#\\s]+)\\?\\S*\\b[Ss]ignature=\\S*$", replace: "$1?<signed>" },
];

/** A rule ready to run. */
export interface Transformer {
  rule: TransformerRule;
  selects(segments: readonly Segment[]): boolean;
  /** The new value, or undefined when the rule leaves this one as it is. */
  apply(value: unknown): unknown;
  ignore: boolean;
}

/** A transformers file or rule that does not read: names the rule and the field. */
export class TransformerError extends Error {}

const RuleSchema = z.strictObject({
  path: z.string().optional(),
  key: z.string().min(1).optional(),
  regex: z.string().min(1).optional(),
  when: z.literal("time").optional(),
  replace: z.json().optional(),
  ignore: z.literal(true).optional(),
});

const FileSchema = z.union([
  z.array(z.unknown()),
  z.strictObject({ defaults: z.boolean().optional(), transformers: z.array(z.unknown()) }),
]);

/** Dates and date-times as answers write them (`2026-01-02 10:00:00`, `2026/01/02`, ISO). */
const TIME_TEXT =
  /^\d{4}([-/])\d{2}\1\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * Whether a value holds a time: date text, or an integer in the range of epoch seconds
 * (2001-2286) or epoch milliseconds (1973-5138). Durations and small counts stay values.
 */
export function holdsTime(value: unknown): boolean {
  if (typeof value === "string") return TIME_TEXT.test(value);
  if (typeof value !== "number" || !Number.isInteger(value)) return false;
  return (value >= 1e9 && value < 1e10) || (value >= 1e11 && value < 1e14);
}

function compileRegex(source: string, where: string, flags = ""): RegExp {
  try {
    return new RegExp(source, flags);
  } catch (error) {
    throw new TransformerError(`${where}: not a regular expression: ${(error as Error).message}`);
  }
}

/** How a rule picks places: a path, a member name (or /regex/ on names), or everywhere. */
function selector(rule: TransformerRule, where: string): (s: readonly Segment[]) => boolean {
  if (rule.path !== undefined) {
    let steps: PatternStep[];
    try {
      steps = parsePath(rule.path);
    } catch (error) {
      throw new TransformerError(`${where}.path: ${(error as Error).message}`);
    }
    return (segments) => pathMatches(steps, segments);
  }
  if (rule.key !== undefined) {
    const named = /^\/(.+)\/([a-z]*)$/.exec(rule.key);
    const test = named
      ? ((re) => (name: string) => re.test(name))(compileRegex(named[1], `${where}.key`, named[2]))
      : (name: string) => name === rule.key;
    return (segments) => typeof segments.at(-1) === "string" && test(segments.at(-1) as string);
  }
  return () => true;
}

/** Checks one rule's fields together (the schema checks each alone) and makes it runnable. */
export function compileRule(rule: TransformerRule, where: string): Transformer {
  if (rule.path !== undefined && rule.key !== undefined) {
    throw new TransformerError(`${where}: give "path" or "key", not both`);
  }
  if ((rule.replace === undefined) === (rule.ignore === undefined)) {
    throw new TransformerError(`${where}: give "replace" (the new value) or "ignore": true`);
  }
  if (rule.path === undefined && rule.key === undefined && rule.regex === undefined) {
    throw new TransformerError(`${where}: say where: "path", "key" or "regex"`);
  }
  if (rule.regex !== undefined && (rule.ignore || typeof rule.replace !== "string")) {
    throw new TransformerError(`${where}: with "regex", "replace" is the text for each match`);
  }
  const pattern = rule.regex === undefined ? undefined : compileRegex(rule.regex, `${where}.regex`);
  const matches = (value: unknown) => rule.when !== "time" || holdsTime(value);
  const apply = (value: unknown): unknown => {
    if (!matches(value)) return undefined;
    if (!pattern) return rule.replace;
    if (typeof value !== "string") return undefined;
    const global = new RegExp(pattern.source, pattern.flags + "g");
    const replaced = value.replace(global, rule.replace as string);
    return replaced === value ? undefined : replaced;
  };
  return { rule, selects: selector(rule, where), apply, ignore: rule.ignore === true };
}

/** Validates and compiles a list of rules; `where` names the list in errors (`FILE: [2]`). */
export function compileRules(rules: unknown[], where = ""): Transformer[] {
  return rules.map((rule, i) => {
    const at = `${where}[${i}]`;
    const result = RuleSchema.safeParse(rule);
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue.code === "unrecognized_keys"
        ? `.${issue.keys[0]}: not a transformer field (path, key, regex, when, replace, ignore)`
        : `${issue.path.map((k) => `.${String(k)}`).join("")}: ${issue.message}`;
      throw new TransformerError(`${at}${field}`);
    }
    return compileRule(result.data as TransformerRule, at);
  });
}

/**
 * A transformers file: a list of rules run after the defaults, or `{"defaults": false,
 * "transformers": [...]}` to run only its own. `defaults` are the mode's (a tap recording's add
 * the push rules, push-transformers.ts).
 */
export async function readTransformers(
  file: string,
  defaults: Transformer[] = defaultTransformers(),
): Promise<Transformer[]> {
  let json: unknown;
  try {
    json = parseJson(await Deno.readTextFile(file));
  } catch (error) {
    throw new TransformerError(`${file}: cannot read it: ${(error as Error).message}`);
  }
  const parsed = FileSchema.safeParse(json);
  if (!parsed.success) {
    throw new TransformerError(
      `${file}: a list of rules, or {"defaults": false, "transformers": [...]}`,
    );
  }
  const own = Array.isArray(parsed.data) ? parsed.data : parsed.data.transformers;
  const keep = Array.isArray(parsed.data) || parsed.data.defaults !== false;
  return [...(keep ? defaults : []), ...compileRules(own, `${file}: `)];
}

export function defaultTransformers(): Transformer[] {
  return compileRules(DEFAULT_TRANSFORMERS, "default ");
}

const DROP = Symbol("dropped");

/** One place: the rules that select it run in order; a replaced value is not looked into. */
function walk(value: unknown, segments: Segment[], rules: Transformer[]): unknown {
  let current = value, replaced = false;
  for (const rule of rules) {
    if (!rule.selects(segments)) continue;
    if (rule.ignore) {
      if (rule.rule.when !== "time" || holdsTime(current)) return DROP;
      continue;
    }
    const next = rule.apply(current);
    if (next === undefined) continue;
    current = next;
    replaced ||= rule.rule.regex === undefined;
  }
  if (replaced || current === null || typeof current !== "object") return current;
  if (Array.isArray(current)) {
    return current.map((item, i) => walk(item, [...segments, i], rules)).filter((v) => v !== DROP);
  }
  // fromEntries defines members: a member named __proto__ stays a member, as JSON.parse made it.
  return Object.fromEntries(
    Object.entries(current).map((
      [name, member],
    ) => [name, walk(member, [...segments, name], rules)])
      .filter(([, next]) => next !== DROP),
  );
}

/** A copy of `value` with the rules applied; a body the rules drop whole becomes null. */
export function transform(value: unknown, rules: Transformer[]): unknown {
  if (rules.length === 0) return value;
  const out = walk(value, [], rules);
  return out === DROP ? null : out;
}
