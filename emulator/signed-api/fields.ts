/**
 * zod builders for the vendor's field types. The service is a Java one whose JSON binding coerces
 * scalars (a Long accepts "42", a String accepts 42), and the spec itself types fields one way and
 * samples them another, so these accept both forms and hand the handler one canonical value.
 */
import { z } from "npm:zod@4.6.7";
import { JsonTooDeep, parseJson } from "../core/json.ts";

/** String: text, or a number (coerced to its text). */
export const vString = () =>
  z.union([z.string(), z.number().transform(String)], {
    error: "expected a string",
  });

/** A String that must not be blank. */
export const vText = () => vString().pipe(z.string().trim().min(1, { error: "must not be empty" }));

/** Long / Integer / Number: an integer, or a text of digits. */
export const vLong = () =>
  z.union([
    z.number().int().refine(Number.isSafeInteger),
    z.string().regex(/^-?\d{1,16}$/).transform(Number).refine(Number.isSafeInteger),
  ], { error: "expected an integer" });

/** Boolean: true/false, or the texts "true"/"false". */
export const vBool = () =>
  z.union([z.boolean(), z.enum(["true", "false"]).transform((s) => s === "true")], {
    error: "expected true or false",
  });

/** An integer within [min, max], with the bounds in the message. */
export const vLongIn = (min: number, max: number) =>
  vLong().pipe(
    z.number().min(min, { error: `must be at least ${min}` }).max(max, {
      error: `must be at most ${max}`,
    }),
  );

/** One of the listed integer codes (the spec's enumerations), published as an enum in both forms. */
export const vCode = (codes: readonly number[]) =>
  vLong().pipe(
    z.number().refine((n) => codes.includes(n), {
      error: `must be one of ${codes.join(", ")}`,
    }),
  ).meta({
    anyOf: [{ type: "integer", enum: [...codes] }, { type: "string", enum: codes.map(String) }],
  });

/** An element's schema as the client sends it, for the published schema of a container. */
function inputSchema(item: z.ZodType) {
  const { $schema: _, ...json } = z.toJSONSchema(item, { io: "input", unrepresentable: "any" });
  return json;
}

/**
 * A field the spec types as String but fills with JSON-array text (`userPhoneIds`,
 * `customerInfoVOList`, ...). ccemu also accepts a real JSON array there. The text is parsed and
 * each element validated, with issue paths running into the array (`customerInfoVOList[3].phone`).
 * The published schema shows the element's shape (`documented`, when the elements are checked
 * elsewhere) inside the text, as JSON Schema's `contentSchema`.
 */
export const vJsonArrayText = <T extends z.ZodType>(item: T, documented: z.ZodType = item) => {
  const array = { type: "array", items: inputSchema(documented) };
  return z.union([z.string(), z.array(z.unknown())], { error: "expected JSON-array text" })
    .transform((value, ctx) => {
      if (Array.isArray(value)) return value;
      try {
        const parsed = parseJson(value);
        if (Array.isArray(parsed)) return parsed;
      } catch (error) {
        if (error instanceof JsonTooDeep) {
          ctx.issues.push({
            code: "custom",
            message: `the JSON in this text is nested deeper than ${error.limit} levels (at ${
              error.path || "the top"
            }); send flatter JSON`,
            input: value,
          });
          return z.NEVER;
        }
      }
      ctx.issues.push({ code: "custom", message: "expected JSON-array text", input: value });
      return z.NEVER;
    })
    .pipe(z.array(item))
    .meta({
      anyOf: [
        { type: "string", contentMediaType: "application/json", contentSchema: array },
        array,
      ],
    });
};

/** A regular expression given as text (fixture rules, scenario expectations). */
export const vRegex = () =>
  z.string().refine((text) => {
    try {
      new RegExp(text);
      return true;
    } catch {
      return false;
    }
  }, { error: "must be a valid regular expression" });

/** Adds a description to every field named in `texts` (one place for a record's field meanings). */
export function described<S extends z.ZodRawShape>(
  shape: S,
  texts: Partial<Record<keyof S, string>>,
): S {
  const out: Record<string, z.ZodType> = {};
  for (const [name, schema] of Object.entries(shape)) {
    const text = texts[name as keyof S];
    out[name] = text ? (schema as z.ZodType).describe(text) : schema as z.ZodType;
  }
  return out as unknown as S;
}
