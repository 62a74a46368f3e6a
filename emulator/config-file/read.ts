/**
 * Reading a config file: JSON with comments (and trailing commas), parsed with jsonc-parser (VS
 * Code's own, which reports where each mistake is), checked against the file's schema with every
 * problem named by its JSON path, an unknown key with the key it most likely meant.
 */
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { parse, type ParseError, printParseErrorCode } from "npm:jsonc-parser@3.3.1";
import type { z } from "npm:zod@4.6.7";
import { type FileFlags, fileKey } from "../core/config.ts";
import { flagValuesOf, PATH_FLAGS } from "../core/config-keys.ts";
import { didYouMean } from "../core/did-you-mean.ts";
import { keysAt } from "../core/schema-keys.ts";
import { configFileSchema } from "./schema.ts";
import { CONFIG_SECTIONS, type ConfigSection, type ConfigTarget } from "./sections.ts";

/** The name ccemu looks for in the working folder when no `--config` is given. */
export const CONFIG_FILE_NAME = "ccemu.json";

/** A config file that cannot be read or is not valid: the message names the file and the place. */
export class ConfigFileError extends Error {}

/** A checked config file: its flags (paths resolved) and its sections, in the order applied. */
export interface ConfigFile {
  path: string;
  flags: FileFlags;
  sections: { section: ConfigSection; value: unknown }[];
}

/**
 * The file to read: `explicit` (a `--config`), which must exist, else `ccemu.json` in `folder`
 * when there is one, else none.
 */
export async function findConfigFile(
  explicit: string | undefined,
  folder: string = Deno.cwd(),
): Promise<string | undefined> {
  if (explicit !== undefined) return explicit;
  const path = join(folder, CONFIG_FILE_NAME);
  try {
    // Named as a person would name it in the working folder: `ccemu.json`.
    return (await Deno.stat(path)).isFile ? relative(Deno.cwd(), path) || path : undefined;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw new ConfigFileError(`cannot read ${path}: ${(error as Error).message}`);
  }
}

/** Reads and checks the file at `path`. */
export async function readConfigFile(path: string): Promise<ConfigFile> {
  let text;
  try {
    text = await Deno.readTextFile(path);
  } catch (error) {
    const why = error instanceof Deno.errors.NotFound
      ? `no such file (resolved to ${resolve(path)})`
      : (error as Error).message;
    throw new ConfigFileError(`cannot read config file ${path}: ${why}`, { cause: error });
  }
  return parseConfigFile(path, text);
}

/** Checks a config file's text; `path` names it in messages and anchors its relative paths. */
export function parseConfigFile(path: string, text: string): ConfigFile {
  const errors: ParseError[] = [];
  const json = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0) {
    const { error, offset } = errors[0];
    const before = text.slice(0, offset);
    const line = before.split("\n").length;
    const column = offset - before.lastIndexOf("\n");
    throw new ConfigFileError(
      `${path}:${line}:${column}: not valid JSON with comments: ${printParseErrorCode(error)}`,
    );
  }
  if (json === null || typeof json !== "object" || Array.isArray(json)) {
    throw new ConfigFileError(`${path}: $: must be an object ({ "clock": "manual", ... })`);
  }
  const schema = configFileSchema();
  const result = schema.safeParse(json);
  if (!result.success) throw new ConfigFileError(problems(path, result.error, schema));
  const document = json as Record<string, unknown>;
  const values = flagValuesOf(document);
  for (const flag of PATH_FLAGS) {
    const value = values[flag];
    if (typeof value === "string" && !isAbsolute(value)) {
      values[flag] = resolve(dirname(resolve(path)), value);
    }
  }
  return {
    path,
    flags: { name: path, values },
    sections: CONFIG_SECTIONS.filter((s) => document[s.name] !== undefined)
      .map((section) => ({ section, value: document[section.name] })),
  };
}

/** Applies the file's sections to a started emulator; answers what each added. */
export function applyConfigSections(file: ConfigFile, target: ConfigTarget): string[] {
  return file.sections.map(({ section, value }) => {
    try {
      return section.apply(target, value);
    } catch (error) {
      throw new ConfigFileError(`${file.path}: $.${section.name}: ${(error as Error).message}`);
    }
  });
}

function jsonPath(path: readonly PropertyKey[]): string {
  return "$" + path.map((k) => (typeof k === "number" ? `[${k}]` : `.${String(k)}`)).join("");
}

/** The first few problems, each on a line: its JSON path, then what is wrong. */
function problems(path: string, error: z.ZodError, schema: z.ZodType): string {
  // Unknown keys first: a misspelt key often explains the "missing" one beside it.
  const issues = [...error.issues].sort((a, b) =>
    Number(b.code === "unrecognized_keys") - Number(a.code === "unrecognized_keys")
  );
  const lines = issues.slice(0, 3).flatMap((issue) => {
    if (issue.code !== "unrecognized_keys") {
      return [`${path}: ${jsonPath(issue.path)}: ${issue.message}`];
    }
    const known = keysAt(schema, issue.path);
    return issue.keys.map((key) => {
      const hint = didYouMean(key, known) ||
        (issue.path.length === 0 && key.startsWith("--")
          ? didYouMean(fileKey(key.slice(2)), known)
          : "");
      return `${path}: ${jsonPath([...issue.path, key])}: unknown key${hint ? `; ${hint}` : ""}`;
    });
  });
  const more = error.issues.length > 3 ? `\n(and ${error.issues.length - 3} more)` : "";
  return lines.join("\n") + more;
}
