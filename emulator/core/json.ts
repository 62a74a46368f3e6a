/**
 * Reading JSON with a bound on nesting, for every JSON ccemu reads (request bodies, JSON-array text
 * fields, agent replies, fixtures, snapshots). The text is scanned before `JSON.parse` sees it, so
 * nothing deeper than the bound is ever built, and nothing that was accepted can later overflow the
 * stack of an export, a validation or a copy.
 */

/** The deepest nesting accepted: objects and arrays inside each other, the outermost counting 1. */
export const MAX_JSON_DEPTH = 64;

/** JSON nested deeper than the bound; `path` names where, as `a.b[2].c` (empty at the top). */
export class JsonTooDeep extends Error {
  /** Nested past `limit` levels at `path`. */
  constructor(readonly path: string, readonly limit: number) {
    super(`${path || "the JSON"} is nested deeper than ${limit} levels`);
  }
}

interface Frame {
  array: boolean;
  /** Objects: the member being read; arrays: the element's index. */
  key: string | number | null;
  expectKey: boolean;
}

function pathOf(frames: Frame[]): string {
  let out = "";
  for (const frame of frames) {
    if (frame.key === null) break;
    out += typeof frame.key === "number" ? `[${frame.key}]` : out ? `.${frame.key}` : frame.key;
  }
  return out;
}

/**
 * Throws JsonTooDeep when `text` nests deeper than `limit`; otherwise does nothing. A first pass
 * counts the depth alone; only JSON that goes too deep is read again for where (the path takes
 * an object per level and a string per member name).
 */
export function checkJsonDepth(text: string, limit = MAX_JSON_DEPTH): void {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) {
        if (text.charCodeAt(i) === 0x5c /* \ */) i++;
      }
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (depth >= limit) return findTooDeep(text, limit);
      depth++;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      if (depth > 0) depth--;
    }
  }
}

/** Reads `text` again to throw JsonTooDeep with the path where it goes too deep. */
function findTooDeep(text: string, limit: number): void {
  const frames: Frame[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const start = i + 1;
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) {
        if (text.charCodeAt(i) === 0x5c /* \ */) i++;
      }
      const top = frames.at(-1);
      if (top && !top.array && top.expectKey) {
        top.key = text.slice(start, i);
        top.expectKey = false;
      }
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (frames.length >= limit) throw new JsonTooDeep(pathOf(frames), limit);
      const array = c === 0x5b;
      frames.push({ array, key: array ? 0 : null, expectKey: !array });
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      frames.pop();
    } else if (c === 0x2c /* , */) {
      const top = frames.at(-1);
      if (top?.array) (top.key as number)++;
      else if (top) top.expectKey = true;
    }
  }
}

/** `JSON.parse` with the nesting bound (JsonTooDeep first, then JSON's own SyntaxError). */
export function parseJson(text: string, limit = MAX_JSON_DEPTH): unknown {
  checkJsonDepth(text, limit);
  return JSON.parse(text);
}

/** A JSON object (not null, not an array), as read from a body whose shape is not trusted yet. */
export type Json = Record<string, unknown>;
/** Whether a JSON value is an object (not null, not an array). */
export const isObject = (v: unknown): v is Json =>
  v !== null && typeof v === "object" && !Array.isArray(v);
