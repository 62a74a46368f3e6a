/**
 * The expectations that say what must not come back (`typesNot`, `textNotContains`) and the one
 * that accepts any of several wordings (`textOneOf`): an LLM agent words an answer differently run
 * to run, so a test pins what it must never say and the few ways it may say the rest.
 */
import type { AgentTurn } from "../gateway/sessions.ts";
import type { Expectation } from "./schemas.ts";
import { visibleText } from "./visible.ts";

const typeKey = (m: { type: number; subtype?: number }) =>
  m.subtype === undefined ? String(m.type) : `${m.type}/${m.subtype}`;

/** `typesNot`: no delivered message has any of these types (a bare type covers its subtypes). */
export function typesNotCheck(expect: Expectation, exchange: AgentTurn): string[] {
  return (expect.typesNot ?? []).flatMap((unwanted) => {
    const found = exchange.messages.filter((m) =>
      typeof unwanted === "number" ? m.type === unwanted : typeKey(m) === unwanted
    );
    return found.length
      ? [`expected no message of type ${unwanted}; got ${found.length} (${typeKey(found[0])})`]
      : [];
  });
}

/** `textNotContains`: none of these pieces is in the text a visitor reads. */
export function textNotCheck(expect: Expectation, exchange: AgentTurn): string[] {
  const text = visibleText(exchange.messages);
  return [expect.textNotContains ?? []].flat().filter((piece) => text.includes(piece)).map((
    piece,
  ) => `expected the text not to contain "${piece}"; got "${around(text, piece)}"`);
}

/** `textOneOf`: at least one of these pieces is in the text a visitor reads. */
export function textOneOfCheck(expect: Expectation, exchange: AgentTurn): string[] {
  if (!expect.textOneOf) return [];
  const text = visibleText(exchange.messages);
  if (expect.textOneOf.some((piece) => text.includes(piece))) return [];
  return [
    `expected the text to contain one of ${
      expect.textOneOf.map((p) => `"${p}"`).join(", ")
    }; got "${text.slice(0, 160)}"`,
  ];
}

/** The text around a piece found in it, so a long reply's offending words show in the report. */
function around(text: string, piece: string): string {
  const at = text.indexOf(piece);
  const from = Math.max(0, at - 60);
  return (from > 0 ? "…" : "") + text.slice(from, at + piece.length + 60) +
    (at + piece.length + 60 < text.length ? "…" : "");
}
