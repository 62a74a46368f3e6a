/**
 * A request's headers and query as ccemu reads them once per request: one flat list, `name, value,
 * name, value…` in the order they came (one array rather than an array per pair), and the records
 * made of such a list, each with its rule for a repeated name and its prototype stated.
 */

/** Names and values alternating: `list[i]` a name, `list[i + 1]` its value, for even `i`. */
export type NameValueList = readonly string[];

/** The list as `[name, value]` pairs. */
export function pairsOf(list: NameValueList): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i < list.length; i += 2) pairs.push([list[i], list[i + 1]]);
  return pairs;
}

/** How many times the list gives `name`. */
export function countOf(list: NameValueList, name: string): number {
  let count = 0;
  for (let i = 0; i < list.length; i += 2) if (list[i] === name) count++;
  return count;
}

/** The value the list gives `name` last (as a record of it would hold), or undefined. */
export function lastValueOf(list: NameValueList, name: string): string | undefined {
  for (let i = list.length - 2; i >= 0; i -= 2) if (list[i] === name) return list[i + 1];
  return undefined;
}

/** A plain copy of headers (`forEach`: faster than `Object.fromEntries(entries())`). */
export function headersObject(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => (out[name] = value));
  return out;
}

/** Headers from a list as `headersObject` copies them: a repeated name keeps its last value. */
export function headerRecordOf(list: NameValueList): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < list.length; i += 2) out[list[i]] = list[i + 1];
  return out;
}

/**
 * The query as the journal records it: a repeated name's values as an array. A plain object: one
 * without a prototype would take JSON.stringify off its fast path. Inherited names (`constructor`)
 * never count as seen, and Deno has no `__proto__` accessor, so every name is recorded as itself
 * (a test sends them).
 */
export function queryRecordOf(list: NameValueList): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (let i = 0; i < list.length; i += 2) {
    const name = list[i], value = list[i + 1];
    const seen = Object.hasOwn(out, name) ? out[name] : undefined;
    out[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return out;
}

/**
 * The query as an operation's parameters: `name[i]` pairs become the array `name`, in index
 * order, and a repeated name keeps its first value; names `skip` answers true for are left out.
 * The object has no prototype, so `__proto__`, `constructor` or `toString` are names like any
 * other (and get UnknownParameter), never inherited members.
 */
export function parameterRecordOf(
  list: NameValueList,
  skip?: (name: string) => boolean,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  let arrays: Record<string, [number, string][]> | undefined;
  for (let i = 0; i < list.length; i += 2) {
    const name = list[i], value = list[i + 1];
    if (skip?.(name)) continue;
    const element = name.endsWith("]") ? /^(.+)\[(\d+)\]$/.exec(name) : null;
    if (element) {
      ((arrays ??= Object.create(null))[element[1]] ??= []).push([Number(element[2]), value]);
    } else if (!(name in out)) out[name] = value;
  }
  for (const name in arrays) {
    out[name] = arrays[name].sort(([a], [b]) => a - b).map(([, value]) => value);
  }
  return out;
}
