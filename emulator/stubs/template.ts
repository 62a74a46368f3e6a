/**
 * The stubs' template language: `{{body.taskName}}`, `{{query.repositoryId}}`, `{{requestId}}`,
 * `{{now}}`, `{{nowMs}}`, in any string of a stub's answer body. ccemu's own, a few lines, rather
 * than Mustache or Handlebars: those render text, so a value holding a quote would break the JSON
 * around it, a number would always come out as text, and Mustache escapes HTML by default. Here a
 * template is rendered on the JSON value: a string that is one placeholder and nothing else takes
 * the value itself (a number stays a number, an object an object), and a placeholder inside other
 * text is replaced by the value's text. A name ccemu does not know is refused when the stub is
 * added, not when a request meets it.
 */

/** What a placeholder can read: the request's JSON body and query, its id, and the time. */
export interface TemplateValues {
  body: unknown;
  query: Record<string, unknown>;
  requestId: string;
  /** `yyyy-MM-dd HH:mm:ss` in the key's enterprise's zone, as the vendor writes times. */
  now: string;
  /** The same instant as epoch milliseconds. */
  nowMs: number;
}

/** The names a placeholder starts with. */
export const TEMPLATE_ROOTS = ["body", "query", "requestId", "now", "nowMs"] as const;

const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;
const WHOLE = /^\{\{([^{}]*)\}\}$/;
/** `name`, then `.member` or `[index]` steps. */
const STEP = /^(?:\.([^.[\]\s]+)|\[(\d+)\])/;

type Step = string | number;

/** A placeholder's path (`body.list[0].name` -> body, list, 0, name), or why it is no path. */
export function parsePlaceholder(text: string): Step[] | string {
  const source = text.trim();
  const root = /^[A-Za-z]+/.exec(source)?.[0];
  if (!root || !(TEMPLATE_ROOTS as readonly string[]).includes(root)) {
    return `{{${source}}} names nothing a stub can read: a placeholder starts with ${
      TEMPLATE_ROOTS.join(", ")
    }`;
  }
  const steps: Step[] = [root];
  let rest = source.slice(root.length);
  while (rest) {
    const step = STEP.exec(rest);
    if (!step) return `{{${source}}}: ".name" or "[index]" expected at "${rest}"`;
    steps.push(step[1] ?? Number(step[2]));
    rest = rest.slice(step[0].length);
  }
  if (steps.length > 1 && root !== "body" && root !== "query") {
    return `{{${source}}}: ${root} has no members`;
  }
  return steps;
}

/** A placeholder that cannot run: where (`result.name`), why, and the string holding it. */
export interface TemplateProblem {
  at: string;
  problem: string;
  text: string;
}

/** Every placeholder problem in a stub's answer body, each with its place. */
export function templateProblems(value: unknown, at = ""): TemplateProblem[] {
  if (typeof value === "string") {
    return [...value.matchAll(PLACEHOLDER)].flatMap((m) => {
      const parsed = parsePlaceholder(m[1]);
      return typeof parsed === "string" ? [{ at, problem: parsed, text: value }] : [];
    });
  }
  if (Array.isArray(value)) {
    return value.flatMap((item, i) => templateProblems(item, `${at}[${i}]`));
  }
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([name, item]) =>
      templateProblems(item, at ? `${at}.${name}` : name)
    );
  }
  return [];
}

/** The value a path reads, undefined where it leads nowhere. */
function read(values: TemplateValues, steps: Step[]): unknown {
  let value: unknown = values;
  for (const step of steps) {
    if (value === null || typeof value !== "object" || !Object.hasOwn(value, step)) {
      return undefined;
    }
    value = (value as Record<string | number, unknown>)[step];
  }
  return value;
}

/** A value as text inside other text: strings as they are, anything else as its JSON. */
const asText = (value: unknown) =>
  value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);

/** A string with its placeholders filled in (checked when the stub was added). */
export function renderText(text: string, values: TemplateValues): string {
  return text.replace(PLACEHOLDER, (_, inner: string) => {
    const steps = parsePlaceholder(inner);
    return typeof steps === "string" ? "" : asText(read(values, steps));
  });
}

/**
 * The answer body with every string rendered. A string that is one placeholder alone becomes the
 * value read (null where the request has none); object members' names are left as they are.
 */
export function renderValue(value: unknown, values: TemplateValues): unknown {
  if (typeof value === "string") {
    const whole = WHOLE.exec(value);
    if (whole) {
      const steps = parsePlaceholder(whole[1]);
      return typeof steps === "string" ? null : read(values, steps) ?? null;
    }
    return value.includes("{{") ? renderText(value, values) : value;
  }
  if (Array.isArray(value)) return value.map((item) => renderValue(item, values));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name, renderValue(item, values)]),
    );
  }
  return value;
}
