/**
 * "Stub like this": `GET /_emulator/journal/{id}/stub` drafts a stub that answers the same request
 * again with the answer it got: its operation, the key that signed it, its parameters as `when`
 * matchers (query names for a GET, `$.name` paths for a POST's JSON members), and its status and
 * body, the body's `requestId` made `{{requestId}}` so each answer carries its own. The user
 * edits the answer and adds it through `POST /_emulator/stubs`.
 */
import type { Emulator } from "../core/emulator.ts";
import { ApiError } from "../core/errors.ts";
import type { JournalEntry } from "../core/journal-entry.ts";
import { formatPath } from "../parity/json-path.ts";
import { controlRoutes } from "../control/documented.ts";
import { entryToActOn, operationOf } from "../control/journal-entry.ts";
import type { Operation } from "../signed-api/operation.ts";
import { isCommonParameter } from "../core/common-parameters.ts";
import type { StubInput } from "./schemas.ts";

type Row = Record<string, unknown>;

const isObject = (value: unknown): value is Row =>
  value !== null && typeof value === "object" && !Array.isArray(value);

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The request's parameters as `when` matchers, or why it has none. */
function whenOf(entry: JournalEntry, operation: Operation): { when: Row; note?: string } {
  const key = entry.auth?.outcome === "accepted" ? entry.auth.accessKeyId : undefined;
  const when: Row = key ? { accessKeyId: key } : {};
  // A repeated name (a list) has no one value to match: left out.
  const query = Object.fromEntries(
    Object.entries(entry.query).filter(([name, value]) =>
      !isCommonParameter(name) && typeof value === "string"
    ),
  );
  if (Object.keys(query).length) when.query = query;
  if (operation.method === "GET") return { when };
  if (!entry.body || entry.body.truncated) {
    return { when, note: "its body is not in the journal whole: no body matchers" };
  }
  const body = parsed(entry.body.text);
  if (!isObject(body)) return { when, note: "its body is no JSON object: no body matchers" };
  if (Object.keys(body).length) {
    when.body = Object.fromEntries(
      Object.entries(body).map(([name, value]) => [formatPath([name]), value]),
    );
  }
  return { when };
}

/** The answer the entry got, as a stub's answer: its own `requestId` made a placeholder. */
function answerOf(entry: JournalEntry): { answer: StubInput["answer"]; note?: string } {
  const status = entry.response.status;
  const stored = entry.response.body;
  if (!stored) return { answer: { status, body: "" } };
  if (stored.truncated) {
    return {
      answer: { status, body: {} },
      note: "its answer is not in the journal whole (over 64 KiB): write the body",
    };
  }
  const body = parsed(stored.text);
  if (body === undefined) return { answer: { status, body: stored.text } };
  if (isObject(body) && body.requestId === entry.requestId) body.requestId = "{{requestId}}";
  return { answer: { status, body } };
}

/** The draft for an entry, with what it could not take from it. */
export function stubLike(
  entry: JournalEntry,
  operations: readonly Operation[],
): { stub: StubInput; notes: string[] } {
  if (entry.kind !== "exchange" && entry.kind !== "upstream") {
    throw new ApiError(
      "InvalidParameter",
      `id: journal entry ${entry.id} is a ${entry.kind} ccemu made itself: stubs answer requests made to ccemu's signed API, so no stub can be like it.`,
      "id",
    );
  }
  const operation = operationOf(entry, operations);
  if (!operation) {
    throw new ApiError(
      "InvalidParameter",
      `id: journal entry ${entry.id} is ${entry.method} ${entry.path}, which is no signed operation: a stub names an operation ccemu serves.`,
      "id",
    );
  }
  const { when, note: whenNote } = whenOf(entry, operation);
  const { answer, note: answerNote } = answerOf(entry);
  const stub: StubInput = {
    operation: operation.path,
    ...(Object.keys(when).length ? { when } : {}),
    answer,
    note: `like journal entry #${entry.id}`,
  };
  return { stub, notes: [whenNote, answerNote].filter((n): n is string => n !== undefined) };
}

export function stubLikeRoutes(emulator: Emulator, operations: readonly Operation[]) {
  const summary =
    "A stub like one journal entry's exchange (operation, key, parameters as `when`, its answer with `{{requestId}}`): edit it and add it through POST /_emulator/stubs.";
  return controlRoutes().get("/journal/:id/stub", { summary }, (c) => {
    const entry = entryToActOn(emulator, c.req.param("id"), "made a stub");
    return c.json(stubLike(entry, operations));
  }).hono;
}
