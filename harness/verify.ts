/**
 * `verify` for the harness: the journal route's logic (emulator/control/verify.ts) run in process,
 * throwing the assertion error a test runner reports, with the near misses in its message.
 */
import { AssertionError } from "node:assert";
import type { Area } from "../emulator/area.ts";
import type { Internals } from "./internals.ts";
import {
  verification,
  verify,
  verifyBody,
  type VerifyRequest,
  type VerifyResult,
} from "../emulator/control/verify.ts";
import { parseParameters } from "../emulator/core/validation.ts";

/**
 * Verifies the journal of the emulator behind `internals`: answers the result when it passed,
 * throws an AssertionError carrying its message (the near misses and how they differ) otherwise.
 * A malformed request throws the control API's error, naming the field.
 */
export function verifyJournal(
  { emulator, areas }: Internals,
  request: VerifyRequest,
): VerifyResult {
  const list = Object.values(areas) as Area[];
  const names = [...list.filter((a) => a.signed).map((a) => a.name), "storage"];
  const operations = list.flatMap((a) => a.signed?.operations.map((op) => op.path) ?? []);
  const checked = verification(parseParameters(verifyBody(names), request), operations);
  const result = verify(emulator.journal.list({ since: checked.since }), checked);
  if (!result.passed) {
    throw new AssertionError({ message: result.message, actual: result.count, operator: "verify" });
  }
  return result;
}
