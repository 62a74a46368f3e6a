/**
 * `ccemu callbacks-check TASK... [options]`: asks a running ccemu whether every finished call of
 * each task reached the callback receiver exactly once (one 2xx answer), prints a line per task
 * and one per call that did not, writes JUnit XML when asked, and exits 1 when any call failed.
 */
import { writeFileAtomically } from "../emulator/core/atomic-file.ts";
import type { CallbackCheck } from "../emulator/outbound/callback-urls.ts";
import { callbackSuites, junitXml } from "../harness/junit.ts";
import { type Command, EXIT, parseFlags, UsageError } from "./command.ts";

const USAGE = `usage: ccemu callbacks-check TASK... [options]

Asks a running ccemu whether every finished call of each task (its callJobId) reached your
callback receiver exactly once: one attempt answered 2xx. Calls never sent, still being retried,
failed, or received more than once (after "deliver again") fail the check.

  --url URL             the running ccemu                    [http://127.0.0.1:8686]
  --junit FILE          also write a JUnit XML report
  --help, -h            this text

Exit status: 0 every call passed, 1 one failed or ccemu refused, 2 bad arguments.`;

async function callbacksCheck(args: string[]): Promise<number> {
  const parsed = parseFlags(
    args,
    { url: { type: "string" }, junit: { type: "string" } },
    USAGE,
    true,
  );
  if (!parsed) return EXIT.ok;
  const { values, positionals } = parsed;
  if (positionals.length === 0) throw new UsageError("name at least one task (callJobId)");
  for (const task of positionals) {
    if (!/^\d{1,15}$/.test(task)) throw new UsageError(`a task is its callJobId, got "${task}"`);
  }
  const base = values.url ?? "http://127.0.0.1:8686";
  if (!URL.canParse(base)) throw new UsageError(`--url "${base}" is not a URL`);
  const checks: CallbackCheck[] = [];
  for (const task of positionals) {
    const response = await fetch(new URL(`/_emulator/outbound/tasks/${task}/callback-check`, base));
    const body = await response.json();
    if (!response.ok) {
      console.error(
        `ccemu callbacks-check: task ${task}: ${body.error?.message ?? response.status}`,
      );
      return EXIT.failed;
    }
    const check = body as CallbackCheck;
    checks.push(check);
    const failed = check.calls.filter((c) => !c.passed);
    console.log(
      `${check.passed ? "PASS" : "FAIL"} task ${check.callJobId}: ${
        check.calls.length - failed.length
      } of ${check.calls.length} finished calls received once${
        check.unfinished ? ` (${check.unfinished} not finished, not checked)` : ""
      }`,
    );
    for (const call of failed) {
      console.log(`     call ${call.callInstanceId} (${call.customerTelephone}): ${call.problem}`);
    }
  }
  if (values.junit) {
    await writeFileAtomically(values.junit, junitXml("ccemu callbacks", callbackSuites(checks)));
  }
  return checks.every((c) => c.passed) ? EXIT.ok : EXIT.failed;
}

export const callbacksCheckCommand: Command = {
  name: "callbacks-check",
  usage: USAGE,
  run: callbacksCheck,
};
