/** `GET /_emulator/schemas/config`: the config file's JSON Schema, as ccemu.schema.json holds it. */
import { controlRoutes } from "../control/documented.ts";
import { configJsonSchema } from "./schema.ts";

export function configSchemaRoutes() {
  return controlRoutes()
    .get(
      "/schemas/config",
      { summary: "The JSON Schema of the config file ccemu.json (docs/config.md)." },
      (c) => c.json(configJsonSchema()),
    )
    .hono;
}
