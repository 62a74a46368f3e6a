/**
 * One journal entry read as `ccemu fixtures` reads a recorded exchange (fixtures/recording.ts):
 * the answer of a signed read with the parameters it was asked with, or an InvalidParameter that
 * says why the entry holds no records (not a client's call, a write, no builder, an error answer).
 */
import type { Emulator } from "../../core/emulator.ts";
import { ApiError } from "../../core/errors.ts";
import type { JournalEntry } from "../../core/journal-entry.ts";
import { operationOf } from "../../control/journal-entry.ts";
import type { Operation } from "../../signed-api/operation.ts";
import { isCommonParameter } from "../../core/common-parameters.ts";
import { READERS } from "../fixtures/build.ts";
import { isRow, type Row } from "../fixtures/fields.ts";
import type { RecordedRead } from "../fixtures/recording.ts";

/** A read's answer, ready for the fixture builders, and whose it is. */
export interface EntryRead {
  read: RecordedRead;
  /** `POST /gateway/robot_list`. */
  operation: string;
  /** The tenant of the key that signed the request: to ccemu, whose records the answer shows. */
  enterpriseId: string;
}

const refuse = (id: number, why: string) =>
  new ApiError("InvalidParameter", `id: journal entry ${id} ${why}.`, "id");

function parseObject(text: string | undefined): Row | undefined {
  try {
    const value = text === undefined ? undefined : JSON.parse(text);
    return isRow(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The request's parameters as a recording has them: the business query, a JSON body over it. */
function paramsOf(entry: JournalEntry): Row {
  if (entry.body?.truncated) throw refuse(entry.id, "has a request body cut in the journal");
  const query = Object.fromEntries(
    Object.entries(entry.query).filter(([name]) => !isCommonParameter(name)),
  );
  return { ...query, ...parseObject(entry.body?.text) };
}

/** The answer's JSON, once it is a whole 2xx answer with a `result`. */
function answerOf(entry: JournalEntry): Row {
  const { status, body } = entry.response;
  if (status < 200 || status > 299 || entry.errorCode) {
    throw refuse(
      entry.id,
      `answered ${status || "nothing"}${
        entry.errorCode ? ` ${entry.errorCode}` : ""
      }: an error answer holds no records`,
    );
  }
  if (body?.truncated) {
    throw refuse(entry.id, `has an answer cut in the journal (${body.size} bytes, over 64 KiB)`);
  }
  const answer = parseObject(body?.text);
  if (!answer || !("result" in answer)) {
    throw refuse(entry.id, "answered no JSON with a result, so it shows no records");
  }
  return answer;
}

/** The operation an entry called, once it is a signed read whose answers a builder reads. */
function readOperation(entry: JournalEntry, operations: readonly Operation[]): Operation {
  if (entry.kind !== "exchange" && entry.kind !== "upstream") {
    throw refuse(
      entry.id,
      `is a ${entry.kind} ccemu made itself: only the answer to a client's signed read holds records`,
    );
  }
  const operation = operationOf(entry, operations);
  if (!operation) {
    throw refuse(entry.id, `is ${entry.method} ${entry.path}, which is no signed operation`);
  }
  const name = operation.path.split("/").pop()!;
  if (!operation.readOnly) {
    throw refuse(
      entry.id,
      `is ${name}, a write: only a read's answer shows what the tenant holds (keep the answer of a read that lists or describes the record)`,
    );
  }
  if (!READERS[name]) {
    throw refuse(
      entry.id,
      `is ${name}, whose answers no fixture builder reads (area ${entry.area}); ccemu fixtures reads ${
        Object.keys(READERS).join(", ")
      }`,
    );
  }
  return operation;
}

/** The entry's read, or the InvalidParameter that says why it has none. */
export function readOfEntry(
  emulator: Emulator,
  entry: JournalEntry,
  operations: readonly Operation[],
): EntryRead {
  const operation = readOperation(entry, operations);
  const answer = answerOf(entry);
  const keyId = entry.auth?.accessKeyId ?? "";
  const key = emulator.findKey(keyId);
  if (!key) {
    throw refuse(
      entry.id,
      `was signed with ${
        keyId || "no key"
      }, which ccemu no longer has: there is no tenant to keep it for`,
    );
  }
  return {
    read: {
      name: operation.path.split("/").pop()!,
      line: entry.id,
      time: entry.time,
      params: paramsOf(entry),
      result: answer.result,
      answer,
    },
    operation: `${operation.method} ${operation.path}`,
    enterpriseId: key.enterpriseId,
  };
}
