/**
 * zod builders for the vendor's field types. The service is a Java one whose JSON binding coerces
 * scalars (a Long accepts "42", a String accepts 42), and the spec itself types fields one way and
 * samples them another, so these accept both forms and hand the handler one canonical value.
 */
import { z } from "zod";
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

/** One of the listed integer codes (the spec's enumerations). */
export const vCode = (codes: readonly number[]) =>
  vLong().pipe(
    z.number().refine((n) => codes.includes(n), {
      error: `must be one of ${codes.join(", ")}`,
    }),
  );

/**
 * A field the spec types as String but fills with JSON-array text (`userPhoneIds`,
 * `customerInfoVOList`, ...). ccemu also accepts a real JSON array there. The text is parsed and
 * each element validated, with issue paths running into the array (`customerInfoVOList[3].phone`).
 */
export const vJsonArrayText = <T extends z.ZodType>(item: T) =>
  z.union([z.string(), z.array(z.unknown())], { error: "expected JSON-array text" })
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
    .pipe(z.array(item));

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
