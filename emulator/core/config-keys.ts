/**
 * The start flags as keys of the config file (`ccemu.json`): each flag of config.ts's OPTIONS by
 * its camelCase name (`--journal-size` is `journalSize`), with the JSON type OPTIONS gives it and
 * the usage text's words as its description. The list is OPTIONS itself: a flag added there is a
 * key of the file (and of ccemu.schema.json) with nothing written here.
 */
import type { z } from "npm:zod@4.6.7";
import { fileKey, type FlagName, type FlagValues, OPTIONS, USAGE } from "./config.ts";

/** Every flag the file may hold: all but `--config` and `--help`. */
const FLAGS = Object.keys(OPTIONS).filter((name) =>
  "json" in OPTIONS[name as keyof typeof OPTIONS]
) as FlagName[];

/** The JSON type a flag's value takes in the file. */
const jsonType = (flag: FlagName): z.ZodType => OPTIONS[flag].json;

/** Flags whose value is a path: in the file, relative to the file's folder. */
export const PATH_FLAGS: readonly FlagName[] = ["fixtures", "scenarios", "snapshot", "record"];

/** The usage text's words for `--flag`, its continuation lines joined, the default left out. */
function described(flag: string): string {
  const lines = USAGE.split("\n");
  const first = lines.findIndex((line) =>
    line.startsWith(`  --${flag} `) || line === `  --${flag}`
  );
  if (first < 0) return "";
  const words = [
    lines[first].slice(`  --${flag}`.length).replace(/^ ?\S*[A-Z|-]\S*(?= {2}|$)/, ""),
  ];
  for (const line of lines.slice(first + 1)) {
    if (!/^ {20,}\S/.test(line)) break;
    words.push(line);
  }
  return words.map((w) => w.trim()).join(" ").replace(/\s*\[[^\]]*\]\s*$/, "").trim();
}

/** The flags' keys and their JSON types, each described as `ccemu start --help` describes it. */
export function flagKeysShape(): Record<string, z.ZodType> {
  return Object.fromEntries(
    FLAGS.map((flag) => [
      fileKey(flag),
      jsonType(flag).optional().describe(`--${flag}: ${described(flag)}`),
    ]),
  );
}

/** The flag a file key stands for (`journalSize` -> `journal-size`), if it is one. */
export function flagOfKey(key: string): FlagName | undefined {
  return FLAGS.find((flag) => fileKey(flag) === key);
}

/** A checked file's flag keys as parseArgs would have read them from a command line. */
export function flagValuesOf(document: Record<string, unknown>): FlagValues {
  const values: FlagValues = {};
  for (const [key, value] of Object.entries(document)) {
    const flag = flagOfKey(key);
    if (flag === undefined || value === undefined) continue;
    const type: string = OPTIONS[flag].type;
    values[flag] = type === "boolean" || Array.isArray(value)
      ? value as boolean | string[]
      : String(value);
  }
  return values;
}
