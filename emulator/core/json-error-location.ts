/**
 * Where JSON text stops being valid, as a line and a column, for a person fixing a file by hand.
 * V8's SyntaxError gives a position for some mistakes only: `[1,]` or `{"a": tru}` get
 * "Unexpected token ..., "..." is not valid JSON", which says neither where nor on which line.
 * jsonc-parser (VS Code's JSON scanner) reports an offset for every mistake; strict JSON here: no
 * comments, no trailing commas.
 */
import { parse, type ParseError } from "npm:jsonc-parser@3.3.1";

/**
 * The 1-based line and column (in UTF-16 code units) of the first character at which `text` cannot
 * continue as JSON; its end when the text stops too early.
 */
export function jsonErrorLocation(text: string): { line: number; column: number } {
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false });
  const at = errors[0]?.offset ?? text.length;
  const before = text.slice(0, at);
  return { line: before.split("\n").length, column: at - before.lastIndexOf("\n") };
}
