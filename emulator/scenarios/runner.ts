/**
 * Replaying a scenario through the same session machinery the UI and the control API use, with a
 * report per step: pass or fail, what was expected, what came back, and the journal entry.
 */
import type { GatewayStore } from "../gateway/store.ts";
import {
  type AgentTurn,
  openSession,
  sendMessage,
  type VisitorMessage,
} from "../gateway/sessions.ts";
import { storeImage } from "../gateway/images.ts";
import { captureFrom, fill } from "./capture.ts";
import { checksOf, failuresOf } from "./expectations.ts";
import { type PreparedStep, prepareSteps, type ResolvedSend, ScenarioError } from "./prepare.ts";
import { type RawReply, rawReply } from "./reply-paths.ts";
import type { ScenarioReport, StepReport, Variant } from "./report.ts";
import { robotFor } from "./robots.ts";
import type { Expectation, Scenario } from "./schemas.ts";
import { casesOf, phrasingSummaries, sendIn } from "./variants.ts";
import { offeredOptions, visibleText } from "./visible.ts";

export { failuresOf, offeredOptions, visibleText };
export type { Check, PhrasingSummary, ScenarioReport, StepReport, Variant } from "./report.ts";

function report(
  name: string,
  sent: unknown,
  expected: Expectation,
  exchange: AgentTurn,
  elapsedMs: number,
  first: string | null,
  extra: string[] = [],
  raw: RawReply | null = null,
): StepReport {
  const failures = [...extra, ...failuresOf(expected, exchange, elapsedMs, first, raw)];
  const { messages, instruction, findings, error, replyConversationId } = exchange;
  return {
    name,
    passed: failures.length === 0,
    failures,
    sent,
    expected,
    checks: checksOf(expected, exchange, elapsedMs, first, raw),
    got: { messages, instruction, findings, error, replyConversationId, elapsedMs },
    journalId: exchange.journalId,
  };
}

/** A step not sent: it uses a value an earlier step's capture did not find. */
function notSent(step: PreparedStep, missing: string[]): StepReport {
  return {
    name: step.name,
    passed: false,
    failures: [
      `not sent: it uses ${
        missing.map((n) => `{{${n}}}`).join(", ")
      }, which an earlier step did not capture`,
    ],
    sent: step.send,
    expected: step.expect,
    checks: [],
    got: null,
    journalId: null,
  };
}

/** The message a step sends: its text, the option it clicks (failing when not offered), an image. */
function messageOf(
  gateway: GatewayStore,
  sessionId: string,
  send: ResolvedSend,
  last: AgentTurn | null,
  extra: string[],
): VisitorMessage {
  if ("text" in send) return { messageType: 100, message: { content: [send.text].flat()[0] } };
  if ("option" in send) {
    const offered = offeredOptions(last?.messages ?? []);
    if (!offered.includes(send.option)) {
      extra.push(
        `the option "${send.option}" was not offered (offered: ${
          offered.map((o) => `"${o}"`).join(", ") || "none"
        })`,
      );
    }
    return { messageType: 100, message: { content: send.option } };
  }
  return storeImage(gateway, sessionId, send.image.fileName, send.image.contentBase64);
}

/** Whether a step looks into the raw reply (a `reply` expectation or a capture by path). */
const readsRaw = (step: PreparedStep) =>
  step.expect.reply !== undefined ||
  Object.values(step.capture ?? {}).some((source) => "path" in source);

/** One case of a scenario: a session, the open call, and every step with the case's phrasings. */
async function runCase(
  gateway: GatewayStore,
  scenario: Scenario,
  steps: readonly PreparedStep[],
  robotId: string,
  variant: Variant | null,
): Promise<ScenarioReport> {
  const { emulator } = gateway;
  const total = emulator.clock.stopwatch();
  let elapsed = emulator.clock.stopwatch();
  const { session, open } = await openSession(gateway, {
    robotId,
    visitor: scenario.visitor,
    responseMode: scenario.responseMode,
  });
  let first = open?.replyConversationId ?? null;
  const openReport = open
    ? report("open session", null, scenario.expectOpen ?? {}, open, elapsed(), null)
    : null;
  let last: AgentTurn | null = open;
  const captured: Record<string, string> = {};
  const reports: StepReport[] = [];
  for (const [i, step] of steps.entries()) {
    const missing = step.uses.filter((name) => captured[name] === undefined);
    if (missing.length) {
      reports.push(notSent(step, missing));
      continue;
    }
    const send = fill(sendIn(step, i, variant), captured);
    const expect = fill(step.expect, captured);
    const extra: string[] = [];
    const message = messageOf(gateway, session.sessionId, send, last, extra);
    elapsed = emulator.clock.stopwatch();
    const exchange = await sendMessage(gateway, session.sessionId, message);
    const took = elapsed();
    first ??= exchange.replyConversationId;
    const raw = readsRaw(step) ? rawReply(gateway, exchange.journalId) : null;
    const taken = captureFrom(step.capture, exchange, raw);
    Object.assign(captured, taken.values);
    const stepReport = report(step.name, send, expect, exchange, took, first, extra, raw);
    if (step.capture) {
      stepReport.captured = taken.values;
      stepReport.failures.push(...taken.failures);
      stepReport.passed &&= taken.failures.length === 0;
    }
    reports.push(stepReport);
    last = exchange;
  }
  const openResult = openReport ??
    (scenario.expectOpen
      ? {
        name: "open session",
        passed: false,
        failures: ["expected an open-session reply; the robot has no open interface"],
        sent: null,
        expected: scenario.expectOpen,
        checks: [],
        got: null,
        journalId: null,
      }
      : null);
  return {
    name: scenario.name,
    passed: (openResult?.passed ?? true) && reports.every((s) => s.passed),
    robotId,
    sessionId: session.sessionId,
    open: openResult,
    steps: reports,
    elapsedMs: total(),
    ...(variant ? { variant } : {}),
  };
}

/**
 * Runs a scenario against the robot it names, or against `robotId`, a robot of this ccemu picked
 * for the run (the UI's robot list). A scenario with several phrasings in a step runs a case per
 * further phrasing after the first (variants.ts): the report is the first case's, with the others
 * in `cases` and the count per step in `phrasings`. A scenario that cannot run as written
 * (prepare.ts) is refused before anything is sent.
 */
export async function runScenario(
  gateway: GatewayStore,
  scenario: Scenario,
  pickedRobotId?: string,
): Promise<ScenarioReport> {
  const steps = preparedOrRefused(scenario);
  const total = gateway.emulator.clock.stopwatch();
  const robotId = pickedRobotId === undefined
    ? robotFor(gateway, scenario)
    : gateway.findRobot(pickedRobotId).robotId;
  const [, ...variants] = casesOf(steps);
  const firstCase = await runCase(gateway, scenario, steps, robotId, null);
  if (!variants.length) return firstCase;
  const cases: ScenarioReport[] = [];
  for (const variant of variants) {
    cases.push(await runCase(gateway, scenario, steps, robotId, variant));
  }
  return {
    ...firstCase,
    passed: firstCase.passed && cases.every((c) => c.passed),
    elapsedMs: total(),
    cases,
    phrasings: phrasingSummaries(steps, firstCase, cases),
  };
}

/** The steps ready to run, or the vendor's `InvalidParameter` naming what is wrong. */
function preparedOrRefused(scenario: Scenario): PreparedStep[] {
  try {
    return prepareSteps(scenario);
  } catch (error) {
    if (!(error instanceof ScenarioError)) throw error;
    throw error.toApiError();
  }
}
