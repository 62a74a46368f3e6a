/**
 * Turns an operation of the OpenAPI document into form fields, and the form's texts back into the
 * request's parameters. Pure, so the rules are in one place: enums are selects, booleans a choice,
 * numbers and text inputs, JSON-array text (the vendor's String fields that hold JSON) and real
 * arrays and objects are edited as JSON.
 */

type Json = Record<string, unknown>;

export type FieldKind = "enum" | "boolean" | "number" | "text" | "json-text" | "json";

export interface FormField {
  name: string;
  required: boolean;
  description: string;
  kind: FieldKind;
  options: string[];
  /** The example's value as the form shows it. */
  initial: string;
}

export interface ApiOperation {
  id: string;
  method: "GET" | "POST";
  path: string;
  tag: string;
  summary: string;
  description: string;
  fields: FormField[];
  /** Business query fields of a POST (question answering's `username`). */
  queryFields: FormField[];
}

const types = (schema: Json): string[] => {
  const alternatives = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (alternatives) return alternatives.flatMap(types);
  return [schema.type ?? "any"].flat() as string[];
};

/** The values an enum allows, once each (a code is published both as an integer and as text). */
const enumOf = (schema: Json): string[] => {
  const alternatives = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  const values = alternatives
    ? alternatives.flatMap(enumOf)
    : Array.isArray(schema.enum)
    ? (schema.enum as unknown[]).map(String)
    : [];
  return [...new Set(values)];
};

function kindOf(schema: Json): FieldKind {
  const options = enumOf(schema);
  if (options.length) {
    return options.every((v) => v === "true" || v === "false") ? "boolean" : "enum";
  }
  const all = new Set(types(schema));
  if (all.has("boolean")) return "boolean";
  if (all.has("string") && all.has("array")) return "json-text";
  if (all.has("array") || all.has("object")) return "json";
  if (all.has("integer") || all.has("number")) return "number";
  return "text";
}

function shown(value: unknown, kind: FieldKind): string {
  if (value === undefined) return "";
  if (kind === "json") return JSON.stringify(value, null, 2);
  if (kind === "json-text" && typeof value === "string") {
    try {
      return JSON.stringify(JSON.parse(value), null, 2);
    } catch {
      return value;
    }
  }
  return typeof value === "string" ? value : JSON.stringify(value);
}

function field(name: string, schema: Json, required: boolean, example: unknown): FormField {
  const kind = kindOf(schema);
  return {
    name,
    required,
    description: String(schema.description ?? ""),
    kind,
    options: kind === "enum" ? enumOf(schema) : [],
    initial: shown(example, kind),
  };
}

/** The signed operations of an OpenAPI document, as forms, in document order. */
export function operationsOf(document: Json): ApiOperation[] {
  const out: ApiOperation[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
    for (const [method, op] of Object.entries(item) as [string, Json][]) {
      if (!(op.security as unknown[] | undefined)?.length) continue;
      const parameters = ((op.parameters ?? []) as Json[]).filter((p) => !p.$ref);
      const query = parameters.map((p) =>
        field(String(p.name), p.schema as Json, Boolean(p.required), p.example)
      );
      const content = (op.requestBody as Json | undefined)?.content as Json | undefined;
      const body = content?.["application/json"] as Json | undefined;
      const schema = (body?.schema ?? {}) as Json;
      const required = new Set((schema.required ?? []) as string[]);
      const example = (body?.example ?? {}) as Json;
      const fields = method === "get" ? query : Object.entries(
        (schema.properties ?? {}) as Record<string, Json>,
      ).map(([name, property]) => field(name, property, required.has(name), example[name]));
      out.push({
        id: String(op.operationId),
        method: method.toUpperCase() as "GET" | "POST",
        path,
        tag: String((op.tags as string[])[0]),
        summary: String(op.summary ?? ""),
        description: String(op.description ?? ""),
        fields,
        queryFields: method === "get" ? [] : query,
      });
    }
  }
  return out;
}

/** A field's text that cannot be sent: the view marks the field and says why beside it. */
export class FieldError extends Error {
  constructor(readonly field: string, message: string) {
    super(message);
  }
}

/** The texts of a form as parameters; a field left empty is not sent. Throws naming a bad field. */
export function valuesOf(fields: FormField[], texts: Record<string, string>): Json {
  const out: Json = {};
  for (const f of fields) {
    const text = (texts[f.name] ?? "").trim();
    if (text === "") continue;
    if (f.kind === "number" || f.kind === "enum") {
      out[f.name] = /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    } else if (f.kind === "boolean") out[f.name] = text === "true";
    else if (f.kind === "json" || f.kind === "json-text") {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        throw new FieldError(f.name, `${f.name}: not valid JSON (${(error as Error).message})`);
      }
      // JSON-array text travels as the text the vendor expects.
      out[f.name] = f.kind === "json-text" ? JSON.stringify(parsed) : parsed;
    } else out[f.name] = text;
  }
  return out;
}
