/**
 * Writes ccemu.schema.json, the JSON Schema of the config file, from its zod schema
 * (emulator/config-file/schema.ts). tests/cli/config_file_test.ts checks the committed file is
 * current: run `deno run -A tools/config-schema.ts` after changing a flag or a section.
 */
import { writeFileAtomically } from "../emulator/core/atomic-file.ts";
import { configJsonSchemaText } from "../emulator/config-file/schema.ts";

const target = new URL("../ccemu.schema.json", import.meta.url).pathname;
const bytes = await writeFileAtomically(target, configJsonSchemaText());
console.log(`wrote ${target} (${bytes} bytes)`);
