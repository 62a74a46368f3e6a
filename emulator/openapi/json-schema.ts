/**
 * zod schemas as the document's JSON Schema: whole (a body, an answer) or as query parameters,
 * shared definitions lifted into the document's components.
 */
import { z } from "npm:zod@4.6.7";

export type Json = Record<string, unknown>;

/**
 * A zod schema as JSON Schema inside the document. Shared definitions (recursive records carry an
 * `id` in their metadata) are lifted into components, and references point there.
 */
export function schemaOf(schema: z.ZodType, io: "input" | "output", components: Json): Json {
  const converted = z.toJSONSchema(schema, { io, unrepresentable: "any" });
  const { $schema: _, $defs, ...json } = JSON.parse(
    JSON.stringify(converted).replaceAll('"#/$defs/', '"#/components/schemas/'),
  );
  Object.assign(components, $defs ?? {});
  return json;
}

/** An object schema's fields as query parameters, each with its description. */
export function queryParameters(schema: z.ZodType, components: Json): Json[] {
  const json = schemaOf(schema, "input", components) as {
    properties?: Record<string, Json>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...schema } = property;
    return {
      name,
      in: "query",
      required: json.required?.includes(name) ?? false,
      ...(description ? { description } : {}),
      schema,
      ...((schema as { type?: string }).type === "array"
        ? { style: "form", explode: true, "x-ccemu-array-form": `${name}[0], ${name}[1], ...` }
        : {}),
    };
  });
}
