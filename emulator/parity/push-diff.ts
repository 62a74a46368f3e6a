/**
 * One recorded push compared with ccemu's: the request line and the headers that change how an
 * agent reads a push (content-type, accept, the Authorization scheme; the token is never
 * recorded), then the body through diff.ts's shape and values comparison. A header on one side
 * only, or another media type or scheme, is a shape difference: an agent may refuse the push.
 */
import type { TapPush } from "../tap/pushes.ts";
import type { CapturedPush } from "./capture-agent.ts";
import { compareBodies, type Comparison, type Difference } from "./diff.ts";
import type { Transformer } from "./transformers.ts";

const COMPARED_HEADERS = ["content-type", "accept", "authorization"];

/** The part that matters most: `application/json` of `application/json; charset=utf-8`. */
const mainPart = (value: string) => value.split(";")[0].trim().toLowerCase();

function headerDifferences(recorded: TapPush, replayed: CapturedPush) {
  const shape: Difference[] = [], values: Difference[] = [];
  const line = (p: { method: string; path: string }) => `${p.method} ${p.path}`;
  if (line(recorded) !== line(replayed)) {
    shape.push({
      path: "request",
      kind: "value",
      recorded: { value: line(recorded) },
      replayed: { value: line(replayed) },
    });
  }
  for (const name of COMPARED_HEADERS) {
    const a = recorded.headers[name], b = replayed.headers[name];
    if (a === b) continue;
    const path = `header ${name}`;
    if (a === undefined) shape.push({ path, kind: "member", replayed: { value: b } });
    else if (b === undefined) shape.push({ path, kind: "member", recorded: { value: a } });
    else {
      const d: Difference = { path, kind: "value", recorded: { value: a }, replayed: { value: b } };
      (mainPart(a) === mainPart(b) ? values : shape).push(d);
    }
  }
  return { shape, values };
}

/** Compares a push ccemu made with the one the real gateway made. */
export function comparePush(
  recorded: TapPush,
  replayed: CapturedPush,
  rules: Transformer[],
): Comparison {
  const headers = headerDifferences(recorded, replayed);
  const body = compareBodies(recorded.exchange.request.body, replayed.body, rules);
  const shape = [...headers.shape, ...body.shape];
  const values = [...headers.values, ...body.values];
  const outcome = shape.length ? "shape differs" : values.length ? "values differ" : "same";
  return { outcome, differences: [...shape, ...values] };
}

/** A push one side made and the other did not: the run cannot line the rest up by it. */
export function unmatchedPush(
  side: "recorded" | "replayed",
  body: string,
  why?: { recorded: number; message: string },
): Comparison {
  const value = { value: body };
  const difference: Difference = side === "recorded"
    ? { path: "$", kind: "item", recorded: value }
    : { path: "$", kind: "item", replayed: value };
  return {
    outcome: "status differs",
    ...(why ? { status: { recorded: why.recorded, replayed: null, message: why.message } } : {}),
    differences: [difference],
  };
}
