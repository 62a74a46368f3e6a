/**
 * JSON paths as the parity report prints them (`$.result.list[0].robotName`) and the small subset
 * transformers select with: `$`, `.name`, `["any name"]`, `[3]`, and `[*]` / `.*` for any element
 * or member. Nothing else (no `..`, no filters): a path names places, a `key` rule finds names.
 */

/** A place in a JSON value: member names and element indexes from the top. */
export type Segment = string | number;

/** A name that reads plainly after a dot; any other is written `["…"]`. */
const PLAIN_NAME = /^[\p{L}_$][\p{L}\p{N}_$]*$/u;

/** `$.result.list[0].robotName`; a member whose name is not plain as `["a b"]`. */
export function formatPath(segments: readonly Segment[]): string {
  let out = "$";
  for (const segment of segments) {
    if (typeof segment === "number") out += `[${segment}]`;
    else if (PLAIN_NAME.test(segment)) out += `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/** One step of a path pattern: a member name, an element index, or any of either. */
export type PatternStep = { name: string } | { index: number } | { any: true };

/** A path pattern that does not parse: says where. */
export class PathSyntaxError extends Error {}

/** Reads `["name"]`, `['name']`, `[3]` or `[*]` at `at` (just after the `[`). */
function bracketStep(pattern: string, at: number): [PatternStep, number] {
  const close = (end: number): number => {
    if (pattern[end] !== "]") throw new PathSyntaxError(`"]" expected at character ${end + 1}`);
    return end + 1;
  };
  if (pattern[at] === "*") return [{ any: true }, close(at + 1)];
  const digits = /^\d+/.exec(pattern.slice(at));
  if (digits) return [{ index: Number(digits[0]) }, close(at + digits[0].length)];
  const quote = pattern[at];
  if (quote === '"' || quote === "'") {
    const end = pattern.indexOf(quote, at + 1);
    if (end < 0) throw new PathSyntaxError(`unclosed ${quote} at character ${at + 1}`);
    return [{ name: pattern.slice(at + 1, end) }, close(end + 1)];
  }
  throw new PathSyntaxError(`an index, * or a quoted name expected at character ${at + 1}`);
}

/** Parses a pattern such as `$.result.list[*].createTime`. */
export function parsePath(pattern: string): PatternStep[] {
  if (!pattern.startsWith("$")) throw new PathSyntaxError('a path starts with "$"');
  const steps: PatternStep[] = [];
  for (let at = 1; at < pattern.length;) {
    if (pattern[at] === "[") {
      const [step, next] = bracketStep(pattern, at + 1);
      steps.push(step);
      at = next;
    } else if (pattern[at] === ".") {
      const name = /^(\*|[^.[\]]+)/.exec(pattern.slice(at + 1))?.[0];
      if (!name) throw new PathSyntaxError(`a name expected after "." at character ${at + 1}`);
      steps.push(name === "*" ? { any: true } : { name });
      at += 1 + name.length;
    } else {
      throw new PathSyntaxError(`"." or "[" expected at character ${at + 1}`);
    }
  }
  return steps;
}

/** Whether the place `segments` is one the pattern names. */
export function pathMatches(steps: readonly PatternStep[], segments: readonly Segment[]): boolean {
  if (steps.length !== segments.length) return false;
  return steps.every((step, i) =>
    "any" in step ||
    ("index" in step ? segments[i] === step.index : segments[i] === step.name)
  );
}

/** Whether `path` is `under` itself or a place inside it (both as `formatPath` writes them). */
export function isWithin(path: string, under: string): boolean {
  return path === under || path.startsWith(`${under}.`) || path.startsWith(`${under}[`);
}
