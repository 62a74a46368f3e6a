/**
 * Captured values: a step takes a value from its reply (`"capture": {"orderId": {"regex":
 * "订单(\\d+)"}}`) and later steps use it as `{{orderId}}` in what they send and expect. A name no
 * earlier step captures is refused when the scenario is loaded (prepare.ts); a capture that finds
 * nothing fails its step.
 */
import type { AgentTurn } from "../gateway/sessions.ts";
import { type RawReply, selectPath } from "./reply-paths.ts";
import type { CaptureSource } from "./schemas.ts";
import { visibleText } from "./visible.ts";

/** `{{name}}` in a string (spaces inside the braces allowed). */
const TEMPLATE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** Expectation fields read as regular expressions: a value put into them is escaped. */
const REGEX_FIELDS = new Set(["textMatches", "matches", "notMatches"]);

/** The names a value uses as `{{name}}`, anywhere in its strings, in order of first use. */
export function namesUsed(value: unknown): string[] {
  const names = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === "string") { for (const m of v.matchAll(TEMPLATE)) names.add(m[1]); }
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  walk(value);
  return [...names];
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The value with each `{{name}}` replaced by what was captured; in a field read as a regular
 * expression the value is escaped, so a captured `1.5` matches only `1.5`. Member names are kept.
 */
export function fill<T>(value: T, captured: Readonly<Record<string, string>>, key = ""): T {
  if (typeof value === "string") {
    return value.replace(TEMPLATE, (whole, name: string) => {
      const found = captured[name];
      if (found === undefined) return whole;
      return REGEX_FIELDS.has(key) ? escapeRegex(found) : found;
    }) as T;
  }
  if (Array.isArray(value)) return value.map((v) => fill(v, captured, key)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, fill(v, captured, k)]),
    ) as T;
  }
  return value;
}

/** What a step's captures took from its reply, and a sentence for each that found nothing. */
export interface Captured {
  values: Record<string, string>;
  failures: string[];
}

/** A value as captured text: a string as it is, anything else as JSON. */
const asText = (value: unknown) => typeof value === "string" ? value : JSON.stringify(value);

/** The expression's first group, else its whole match; null when it does not match. */
function firstGroup(regex: string, text: string): string | null {
  const match = new RegExp(regex).exec(text);
  if (!match) return null;
  return match.length > 1 ? match[1] ?? null : match[0];
}

/** Takes each capture from the reply: the text a visitor reads, or the raw reply at a path. */
export function captureFrom(
  capture: Record<string, CaptureSource> | undefined,
  exchange: AgentTurn,
  raw: RawReply | null,
): Captured {
  const values: Record<string, string> = {};
  const failures: string[] = [];
  for (const [name, source] of Object.entries(capture ?? {})) {
    const nothing = (why: string) => failures.push(`capture "${name}" found nothing: ${why}`);
    if (!("path" in source)) {
      const text = visibleText(exchange.messages);
      const found = firstGroup(source.regex, text);
      if (found === null) {
        nothing(`/${source.regex}/ does not match the text "${text.slice(0, 160)}"`);
      } else values[name] = found;
      continue;
    }
    if (raw && "missing" in raw) {
      nothing(raw.missing);
      continue;
    }
    const at = selectPath(raw?.value, source.path);
    if (!at.length) {
      nothing(`the reply has nothing at ${source.path}`);
      continue;
    }
    if (source.regex === undefined) {
      values[name] = asText(at[0]);
      continue;
    }
    const found = firstGroup(source.regex, asText(at[0]));
    if (found === null) {
      nothing(
        `/${source.regex}/ does not match the reply at ${source.path} (${
          asText(at[0]).slice(0, 160)
        })`,
      );
    } else values[name] = found;
  }
  return { values, failures };
}
