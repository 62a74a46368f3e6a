/**
 * "Add a fault rule like this" (WireMock's stub from a request): `GET /_emulator/journal/{id}/
 * fault-rule` drafts the matchers of a rule that matches the same request again — its area,
 * operation, access key and parameters. The parameters are the request's own names with the
 * values the operation's schema gives them, since a rule compares against validated parameters
 * (a number sent as text would otherwise never match). The draft has no effect: the user picks
 * one, and adds the rule through `POST /_emulator/faults`.
 */
import type { Emulator } from "../core/emulator.ts";
import { ApiError } from "../core/errors.ts";
import type { JournalEntry } from "../core/journal-entry.ts";
import { withoutNulls } from "../core/validation.ts";
import { controlRoutes } from "../control/documented.ts";
import { entryToActOn, operationOf } from "../control/journal-entry.ts";
import type { Operation } from "../signed-api/operation.ts";
import { isCommonParameter } from "../core/common-parameters.ts";
import { parameterRecordOf } from "../core/name-value-list.ts";
import type { FaultRuleInput } from "./schemas.ts";

/** A rule's matchers, without its effect and trigger. */
export type FaultDraft = Omit<FaultRuleInput, "effect" | "first" | "every" | "probability">;

type Row = Record<string, unknown>;

/** The request's raw parameters as the dispatcher reads them: the query for GET, else the body. */
function rawParams(entry: JournalEntry, operation: Operation): Row | undefined {
  if (operation.method === "GET") {
    const list = Object.entries(entry.query).flatMap(([name, value]) =>
      [value].flat().flatMap((v) => [name, v])
    );
    return { ...parameterRecordOf(list, isCommonParameter) };
  }
  if (!entry.body || entry.body.truncated) return undefined;
  try {
    const body = withoutNulls(JSON.parse(entry.body.text));
    return body && typeof body === "object" && !Array.isArray(body) ? body as Row : undefined;
  } catch {
    return undefined;
  }
}

/** The parameters a rule should match, or why it matches none (a note for the user). */
function bodyMatch(entry: JournalEntry, operation: Operation): { body?: Row; note?: string } {
  const raw = rawParams(entry, operation);
  if (!raw || Object.keys(raw).length === 0) {
    return raw ? {} : { note: "its parameters are not in the journal whole: no parameter match" };
  }
  const parsed = operation.params.safeParse(raw);
  if (!parsed.success) {
    return {
      note:
        "its parameters did not pass the operation's checks, so no rule can match them: no parameter match",
    };
  }
  const valid = parsed.data as Row;
  const body = Object.fromEntries(
    Object.keys(raw).filter((name) => valid[name] !== undefined).map((name) => [name, valid[name]]),
  );
  return Object.keys(body).length ? { body } : {};
}

/** The draft for an entry, with what it could not take from it. */
export function draftLike(
  entry: JournalEntry,
  operations: readonly Operation[],
): { rule: FaultDraft; notes: string[] } {
  const note = `like journal entry #${entry.id}`;
  if (entry.kind !== "exchange" && entry.kind !== "upstream") {
    throw new ApiError(
      "InvalidParameter",
      `id: journal entry ${entry.id} is a ${entry.kind} ccemu made itself: fault rules act on requests made to ccemu (the signed API and the storage host), so no rule can be like it.`,
      "id",
    );
  }
  if (entry.area === "storage") {
    return { rule: { area: "storage", operation: entry.path, note }, notes: [] };
  }
  const operation = operationOf(entry, operations);
  if (!operation) {
    throw new ApiError(
      "InvalidParameter",
      `id: journal entry ${entry.id} is ${entry.method} ${entry.path}, which is no signed operation: a fault rule names an operation ccemu serves.`,
      "id",
    );
  }
  const key = entry.auth?.outcome === "accepted" ? entry.auth.accessKeyId : undefined;
  const { body, note: bodyNote } = bodyMatch(entry, operation);
  const rule: FaultDraft = {
    area: entry.area as FaultDraft["area"],
    operation: operation.path,
    ...(key ? { accessKeyId: key } : {}),
    ...(body ? { body } : {}),
    note,
  };
  return { rule, notes: bodyNote ? [bodyNote] : [] };
}

export function faultLikeRoutes(emulator: Emulator, operations: readonly Operation[]) {
  const summary =
    "The matchers of a fault rule like one journal entry's request (area, operation, key, parameters as validated): add it with an effect through POST /_emulator/faults.";
  return controlRoutes().get("/journal/:id/fault-rule", { summary }, (c) => {
    const entry = entryToActOn(emulator, c.req.param("id"), "made a fault rule");
    return c.json(draftLike(entry, operations));
  }).hono;
}
