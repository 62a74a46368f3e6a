/**
 * The start flags as keys of the config file (`ccemu.json`): each flag of config.ts's OPTIONS by
 * its camelCase name (`--journal-size` is `journalSize`), with the JSON type it takes there and the
 * usage text's words as its description. Typed against OPTIONS, so a flag added there without a
 * key here fails the type check: the list is written once.
 */
import { z } from "npm:zod@4.6.7";
import { fileKey, type FlagName, type FlagValues, OPTIONS, USAGE } from "./config.ts";

const integer = () => z.number().int();
const text = () => z.string().min(1);
const names = () => z.array(text());

/** The JSON type of each flag's value in the file; ranges are checked as a flag's are. */
const FILE_TYPES = {
  port: integer(),
  host: text(),
  fixtures: text(),
  scenarios: text(),
  clock: z.enum(["real", "manual"]),
  "clock-start": z.union([z.string(), integer()]),
  seed: integer(),
  snapshot: text(),
  "sign-host": names(),
  "allow-host": names(),
  "instance-ports": z.string().regex(/^\d+-\d+$/, "a range of ports FROM-TO, like 8687-8702"),
  "journal-size": integer(),
  "journal-mb": integer(),
  "max-body-mb": integer(),
  "max-clock-skew": integer(),
  "push-deadline": integer(),
  "push-max-mb": integer(),
  upstream: text(),
  "upstream-key": text(),
  "upstream-secret-env": text(),
  "upstream-timeout": integer(),
  "allow-http-upstream": z.boolean(),
  record: text(),
  strict: z.boolean(),
  "until-stdin-closes": z.boolean(),
  "no-ui": z.boolean(),
} satisfies { [name in FlagName]: z.ZodType };

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
    (Object.keys(FILE_TYPES) as FlagName[]).map((flag) => [
      fileKey(flag),
      FILE_TYPES[flag].optional().describe(`--${flag}: ${described(flag)}`),
    ]),
  );
}

/** The flag a file key stands for (`journalSize` -> `journal-size`), if it is one. */
export function flagOfKey(key: string): FlagName | undefined {
  return (Object.keys(FILE_TYPES) as FlagName[]).find((flag) => fileKey(flag) === key);
}

/** A checked file's flag keys as parseArgs would have read them from a command line. */
export function flagValuesOf(document: Record<string, unknown>): FlagValues {
  const values: FlagValues = {};
  for (const [key, value] of Object.entries(document)) {
    const flag = flagOfKey(key);
    if (flag === undefined || value === undefined) continue;
    const type = (OPTIONS[flag] as { type: string }).type;
    values[flag] = type === "boolean" || Array.isArray(value)
      ? value as boolean | string[]
      : String(value);
  }
  return values;
}
