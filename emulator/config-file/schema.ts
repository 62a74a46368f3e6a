/**
 * The config file's schema: `$schema`, every start flag by its camelCase name (core/config-keys.ts)
 * and every section (sections.ts). Published as a JSON Schema: `ccemu.schema.json` at the
 * repository's root and in the npm package, and `GET /_emulator/schemas/config`.
 */
import { z } from "npm:zod@4.6.7";
import { flagKeysShape } from "../core/config-keys.ts";
import { CONFIG_SECTIONS } from "./sections.ts";

export function configFileSchema(): z.ZodType<Record<string, unknown>> {
  return z.strictObject({
    $schema: z.string().optional().describe(
      "The JSON Schema editors complete and check this file with, e.g. " +
        '"./node_modules/ccemu/ccemu.schema.json"; ccemu itself ignores it.',
    ),
    ...flagKeysShape(),
    ...Object.fromEntries(CONFIG_SECTIONS.map((s) => [s.name, s.schema.optional()])),
  }).describe(
    "ccemu.json: how ccemu starts (docs/config.md). Any `ccemu start` flag by its camelCase " +
      "name, plus sections applied at start; flags on the command line win.",
  );
}

/** The JSON Schema of the file, as committed in ccemu.schema.json (with a final newline). */
export function configJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(configFileSchema(), { io: "input", unrepresentable: "any" });
  // No `$id`: the schema has no address of its own yet; files name it by path (`$schema`).
  return { ...schema, title: "ccemu.json" };
}

/** ccemu.schema.json's text. */
export const configJsonSchemaText = (): string =>
  JSON.stringify(configJsonSchema(), null, 2) + "\n";
