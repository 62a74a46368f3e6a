/**
 * Fixtures: JSON files that each hold any part of the state. A folder's `*.json` files are read in
 * name order and their lists joined. Every problem stops start-up with the file and the JSON path.
 */
import { join, resolve } from "node:path";
import type { z } from "npm:zod@4.6.7";
import { didYouMean } from "./did-you-mean.ts";
import { parseJson } from "./json.ts";
import { jsonErrorLocation } from "./json-error-location.ts";
import { keysAt } from "./schema-keys.ts";
import { type CoreState, seedSequences, type StateDefinition } from "./state.ts";

/** A fixture file ccemu cannot load: its path and what is wrong. */
export class FixtureError extends Error {
  /** `detail` says what is wrong at `path` in `file`. */
  constructor(
    readonly file: string,
    readonly path: string,
    detail: string,
    options?: ErrorOptions,
  ) {
    super(`invalid fixture ${file}: ${path}: ${detail}`, options);
  }
}

/**
 * A fixture path that names nothing: a mistyped path, not an invalid fixture, so the message says
 * that, with the path as resolved (a relative one is read from the working directory).
 */
export class FixtureNotFound extends FixtureError {
  /** The fixture path `file` that names nothing. */
  constructor(file: string, options?: ErrorOptions) {
    super(file, "$", "no such file", options);
    const absolute = resolve(file);
    this.message = `cannot load fixtures: no such file or folder: ${file}` +
      (absolute === file ? "" : ` (resolved to ${absolute})`);
  }
}

type Row = Record<string, unknown>;

function listAt(state: CoreState, path: string): Row[] {
  return path.split(".").reduce<unknown>((v, k) => (v as Row)[k], state) as Row[];
}

function jsonPath(path: readonly PropertyKey[]): string {
  return "$" + path.map((k) => (typeof k === "number" ? `[${k}]` : `.${String(k)}`)).join("");
}

function firstIssue(error: z.ZodError, schema: z.ZodType): { path: string; message: string } {
  const issue = error.issues[0];
  let keys = "";
  if (issue.code === "unrecognized_keys") {
    const known = keysAt(schema, issue.path);
    keys = `: ${
      issue.keys.map((key) => {
        const hint = didYouMean(key, known);
        return hint ? `${key} (${hint})` : key;
      }).join(", ")
    }`;
  }
  return { path: jsonPath(issue.path), message: issue.message + keys };
}

/** Validates one fixture file's parsed JSON. */
export function parseFixtureFile<S extends CoreState>(
  definition: StateDefinition<S>,
  file: string,
  json: unknown,
): S {
  const result = definition.schema.safeParse(json);
  if (!result.success) {
    const { path, message } = firstIssue(result.error, definition.schema);
    throw new FixtureError(file, path, message);
  }
  return result.data;
}

/** Joins raw fixture JSON: lists are concatenated, objects merged, a later scalar wins. */
function joinJson(into: Row, from: Row): Row {
  for (const [key, value] of Object.entries(from)) {
    const current = into[key];
    if (Array.isArray(current) && Array.isArray(value)) into[key] = [...current, ...value];
    else if (isRow(current) && isRow(value)) into[key] = joinJson({ ...current }, value);
    else into[key] = value;
  }
  return into;
}

const isRow = (v: unknown): v is Row => v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * Joins validated files (their raw JSON, so that defaults apply once, to the whole), then checks
 * what no single file can: unique ids and references.
 */
export function mergeFixtures<S extends CoreState>(
  definition: StateDefinition<S>,
  files: { file: string; json: unknown; state: S }[],
): S {
  const lists = definition.lists;
  const seen = new Map<string, string>(); // "space:id" -> where it was first defined
  for (const { file, state } of files) {
    for (const { path, id, space } of lists) {
      listAt(state, path).forEach((row, i) => {
        const where = `${file} ${jsonPath([...path.split("."), i])}`;
        const key = `${space}:${row[id]}`;
        const first = seen.get(key);
        if (first) {
          throw new FixtureError(
            file,
            jsonPath([...path.split("."), i, id]),
            `duplicate ${space} id ${row[id]} (first defined at ${first})`,
          );
        }
        seen.set(key, where);
      });
    }
  }
  for (const { file, state } of files) {
    for (const { path } of lists.slice(1)) {
      listAt(state, path).forEach((row, i) => {
        if (!seen.has(`enterprise:${row.enterpriseId}`)) {
          throw new FixtureError(
            file,
            jsonPath([...path.split("."), i, "enterpriseId"]),
            `no enterprise ${row.enterpriseId} in the fixtures`,
          );
        }
      });
    }
  }
  const merged = files.reduce<Row>((all, { json }) => joinJson(all, json as Row), {});
  return seedSequences(definition.schema.parse(merged), definition);
}

async function readJson(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await Deno.readTextFile(file);
  } catch (error) {
    throw new FixtureError(file, "$", `cannot read: ${(error as Error).message}`, { cause: error });
  }
  try {
    return parseJson(text);
  } catch (error) {
    if (!(error instanceof SyntaxError)) {
      throw new FixtureError(file, "$", `not valid JSON: ${(error as Error).message}`);
    }
    // V8 says where for some mistakes only, as an offset: the line and column are what an editor
    // goes to, and they are given for every mistake.
    const { line, column } = jsonErrorLocation(text);
    const reason = error.message.replace(
      / in JSON at position .*$|, (?:\.\.\.)?".*" is not valid JSON$/s,
      "",
    );
    throw new FixtureError(file, `line ${line}, column ${column}`, `not valid JSON: ${reason}`);
  }
}

/** Loads a fixture file, or every `*.json` directly in a folder, into one validated state. */
export async function loadFixtures<S extends CoreState>(
  definition: StateDefinition<S>,
  path: string,
): Promise<S> {
  let files = [path];
  try {
    if ((await Deno.stat(path)).isDirectory) {
      files = [];
      for await (const entry of Deno.readDir(path)) {
        if (entry.isFile && entry.name.endsWith(".json")) files.push(join(path, entry.name));
      }
      files.sort();
    }
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) throw new FixtureNotFound(path, { cause: error });
    throw new FixtureError(path, "$", `cannot read: ${(error as Error).message}`, { cause: error });
  }
  const read = [];
  for (const file of files) read.push({ file, json: await readJson(file) });
  return fixturesFrom(definition, read);
}

/** Fixture files already read (each its name and JSON), validated and merged into one state. */
export function fixturesFrom<S extends CoreState>(
  definition: StateDefinition<S>,
  files: readonly { file: string; json: unknown }[],
): S {
  return mergeFixtures(
    definition,
    files.map(({ file, json }) => ({
      file,
      json,
      state: parseFixtureFile(definition, file, json),
    })),
  );
}
