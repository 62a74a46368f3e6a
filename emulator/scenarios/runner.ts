/**
 * Replaying a scenario through the same session machinery the UI and the control API use, with a
 * report per step: pass or fail, what was expected, what came back, and the journal entry.
 */
import type { GatewayStore } from "../gateway/store.ts";
import type { AgentMessage } from "../gateway/schemas.ts";
import {
  type AgentTurn,
  openSession,
  sendMessage,
  type VisitorMessage,
} from "../gateway/sessions.ts";
import { storeImage } from "../gateway/images.ts";
import { robotFor } from "./robots.ts";
import type { Expectation, Scenario } from "./schemas.ts";

/**
 * One step of a scenario run, or its open-session call: what was sent, what was expected, what
 * came back, and whether every expectation held.
 */
export interface StepReport {
  /** The step's name; `step N` when the scenario gave none, `open session` for the open call. */
  name: string;
  /** True when every expectation of the step held. */
  passed: boolean;
  /** What did not hold, one sentence each. */
  failures: string[];
  /** What the step sent, as written (`{text}`, `{image}` or `{option}`); null for the open call. */
  sent: unknown;
  /** The step's expectations, as the scenario wrote them. */
  expected: Expectation;
  /** Expected against what the reply showed, per expectation (empty when nothing came back). */
  checks: Check[];
  /**
   * What the agent's reply gave the visitor, and the real milliseconds it took; null when nothing
   * was pushed (an `expectOpen` for a robot without an open-session interface).
   */
  got:
    | Pick<AgentTurn, "messages" | "instruction" | "findings" | "error" | "replyConversationId"> & {
      elapsedMs: number;
    }
    | null;
  /** The journal entry of the step's push; null when nothing was pushed. */
  journalId: number | null;
}

/**
 * One expectation against the reply, a row of the report's expected-against-got view: written in
 * the step, or left out and failed all the same (`error`, `noErrorFindings`, `sameConversation`).
 */
export interface Check {
  /** Which expectation, e.g. `types` or `textContains`. */
  key: keyof Expectation;
  /**
   * What the step expected; for one it left out, the default (`error: false`,
   * `noErrorFindings: true`, `sameConversation: true`).
   */
  expected: unknown;
  /**
   * What the reply showed in that expectation's terms: the message types, the visible text, the
   * options offered, the transfer, the error, the error findings' messages, the milliseconds
   * taken, or the conversation id.
   */
  observed: unknown;
  /** Whether the expectation held. */
  passed: boolean;
}

/** The report of one scenario run: the open-session call, a report per step, and the verdict. */
export interface ScenarioReport {
  /** The scenario's name. */
  name: string;
  /** True when every step passed, and the open-session call did (when made or expected). */
  passed: boolean;
  /** The robot the run talked to (registered for it when the scenario gave an agent URL). */
  robotId: string;
  /** The visitor session the run opened. */
  sessionId: string;
  /**
   * The open-session call's report; null when the robot has no open-session interface and the
   * scenario expected none.
   */
  open: StepReport | null;
  /** One report per step, in the scenario's order. */
  steps: StepReport[];
  /** Real milliseconds the whole run took. */
  elapsedMs: number;
}

/** Every string a visitor would read in the messages (text, headings, card titles, options…). */
export function visibleText(messages: AgentMessage[]): string {
  const parts: string[] = [];
  const walk = (value: unknown, key = "") => {
    if (
      typeof value === "string" &&
      ["content", "title", "summary", "categoryName", "fileName"].includes(key)
    ) parts.push(value);
    else if (Array.isArray(value)) value.forEach((v) => walk(v, key));
    else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) walk(v, k);
    }
  };
  messages.forEach((m) => walk(m.content));
  return parts.join("\n");
}

/** The options a visitor could click in the messages (lists, categories, topics, combinations). */
export function offeredOptions(messages: AgentMessage[]): string[] {
  const found: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") {
      const record = value as Record<string, unknown>;
      if (Array.isArray(record.options)) {
        for (const option of record.options) {
          if (
            option && typeof option === "object" &&
            typeof (option as Record<string, unknown>).content === "string"
          ) {
            found.push((option as Record<string, string>).content);
          }
        }
      }
      Object.values(record).forEach(walk);
    }
  };
  messages.forEach((m) => walk(m.content));
  return [...new Set(found)];
}

const typeKey = (
  m: { type: number; subtype?: number },
) => (m.subtype === undefined ? String(m.type) : `${m.type}/${m.subtype}`);

/** What one expectation key checks: the sentences of what did not hold (none when it held). */
type ExpectCheck = (expect: Expectation, exchange: AgentTurn, seen: Seen) => string[];
interface Seen {
  elapsedMs: number;
  firstConversationId: string | null;
}

const quoted = (items: string[]) => items.map((o) => `"${o}"`).join(", ");
const transferOf = (exchange: AgentTurn) =>
  exchange.instruction?.actionType === "TRANSFER_HUMAN" ? exchange.instruction : null;

function typesCheck(expect: Expectation, exchange: AgentTurn): string[] {
  const types = exchange.messages.map(typeKey);
  return (expect.types ?? []).filter((wanted) =>
    typeof wanted === "number"
      ? !exchange.messages.some((m) => m.type === wanted)
      : !types.includes(wanted)
  ).map((wanted) =>
    `expected a message of type ${wanted}; got ${types.join(", ") || "no message"}`
  );
}

function textCheck(expect: Expectation, exchange: AgentTurn): string[] {
  const text = visibleText(exchange.messages);
  return [expect.textContains ?? []].flat().filter((piece) => !text.includes(piece)).map((
    piece,
  ) => `expected the text to contain "${piece}"; got "${text.slice(0, 160)}"`);
}

function textMatchCheck(expect: Expectation, exchange: AgentTurn): string[] {
  const text = visibleText(exchange.messages);
  if (!expect.textMatches || new RegExp(expect.textMatches).test(text)) return [];
  return [`expected the text to match /${expect.textMatches}/; got "${text.slice(0, 160)}"`];
}

function optionsCheck(expect: Expectation, exchange: AgentTurn): string[] {
  if (!expect.options) return [];
  const offered = offeredOptions(exchange.messages);
  const missing = expect.options.filter((o) => !offered.includes(o));
  if (!missing.length) return [];
  return [`expected the options ${quoted(missing)}; offered ${quoted(offered) || "none"}`];
}

function transferCheck(expect: Expectation, exchange: AgentTurn): string[] {
  const transfer = transferOf(exchange);
  if (expect.transfer === false && transfer) {
    return [`expected no transfer; got ${JSON.stringify(transfer.actionData)}`];
  }
  if (expect.transfer === true && (!transfer || transfer.actionData.qno !== undefined)) {
    return [
      `expected a plain transfer to a human; got ${
        transfer ? `a transfer to queue ${transfer.actionData.qno}` : "none"
      }`,
    ];
  }
  if (typeof expect.transfer === "object" && transfer?.actionData.qno !== expect.transfer.qno) {
    return [
      `expected a transfer to queue ${expect.transfer.qno}; got ${
        transfer ? `queue ${transfer.actionData.qno ?? "(none: plain)"}` : "no transfer"
      }`,
    ];
  }
  return [];
}

function errorCheck(expect: Expectation, exchange: AgentTurn): string[] {
  const error = exchange.error;
  if (expect.error === undefined || expect.error === false) {
    return error ? [`expected no agent error; got ${error.code}: ${error.message}`] : [];
  }
  if (!error) return ["expected an agent error; the agent answered normally"];
  if (typeof expect.error === "object" && error.code !== expect.error.code) {
    return [`expected the agent error ${expect.error.code}; got ${error.code}`];
  }
  return [];
}

const findingsCheck: ExpectCheck = (expect, exchange) =>
  expect.noErrorFindings === false
    ? []
    : exchange.findings.filter((f) => f.severity === "error").map((f) =>
      `finding at ${f.path}: ${f.message}`
    );

const withinCheck: ExpectCheck = (expect, _exchange, { elapsedMs }) =>
  expect.withinMs !== undefined && elapsedMs > expect.withinMs
    ? [`expected the reply within ${expect.withinMs} ms; it took ${Math.round(elapsedMs)} ms`]
    : [];

const conversationCheck: ExpectCheck = (expect, exchange, { firstConversationId }) =>
  expect.sameConversation !== false && firstConversationId && exchange.replyConversationId &&
    exchange.replyConversationId !== firstConversationId
    ? [
      `expected the conversation ${firstConversationId} to go on; the agent answered in ${exchange.replyConversationId}`,
    ]
    : [];

/** Each expectation key with its check, in the order failures are reported. */
const EXPECT_CHECKS: [keyof Expectation, ExpectCheck][] = [
  ["types", typesCheck],
  ["textContains", textCheck],
  ["textMatches", textMatchCheck],
  ["options", optionsCheck],
  ["transfer", transferCheck],
  ["error", errorCheck],
  ["noErrorFindings", findingsCheck],
  ["withinMs", withinCheck],
  ["sameConversation", conversationCheck],
];

/** The expectations that do not hold for an exchange, as sentences, each with its key. */
function keyedFailures(
  expect: Expectation,
  exchange: AgentTurn,
  elapsedMs: number,
  firstConversationId: string | null,
): [keyof Expectation, string][] {
  const seen = { elapsedMs, firstConversationId };
  return EXPECT_CHECKS.flatMap(([key, check]) =>
    check(expect, exchange, seen).map((message): [keyof Expectation, string] => [key, message])
  );
}

/** The expectations that do not hold for an exchange, as sentences. */
export function failuresOf(
  expect: Expectation,
  exchange: AgentTurn,
  elapsedMs: number,
  firstConversationId: string | null,
): string[] {
  return keyedFailures(expect, exchange, elapsedMs, firstConversationId).map(([, m]) => m);
}

/** What the reply showed, in each expectation's terms (the report's expected-against-got view). */
function observed(exchange: AgentTurn, elapsedMs: number): Record<keyof Expectation, unknown> {
  const text = visibleText(exchange.messages).slice(0, 300);
  const transfer = exchange.instruction?.actionType === "TRANSFER_HUMAN"
    ? exchange.instruction.actionData.qno === undefined
      ? true
      : { qno: exchange.instruction.actionData.qno }
    : false;
  return {
    types: exchange.messages.map((m) => (m.subtype === undefined ? m.type : typeKey(m))),
    textContains: text,
    textMatches: text,
    options: offeredOptions(exchange.messages),
    transfer,
    error: exchange.error ? { code: exchange.error.code } : false,
    noErrorFindings: exchange.findings.filter((f) => f.severity === "error").map((f) => f.message),
    withinMs: Math.round(elapsedMs),
    sameConversation: exchange.replyConversationId,
  };
}

/**
 * One row per expectation that was written or that failed: expected, what the reply showed, and
 * whether it held.
 */
function checksOf(
  expect: Expectation,
  exchange: AgentTurn,
  elapsedMs: number,
  firstConversationId: string | null,
): Check[] {
  const failed = new Set(
    keyedFailures(expect, exchange, elapsedMs, firstConversationId).map(([key]) => key),
  );
  const seen = observed(exchange, elapsedMs);
  const keys = Object.keys(seen) as (keyof Expectation)[];
  return keys.filter((key) => key in expect || failed.has(key)).map((key) => ({
    key,
    expected: expect[key] ?? DEFAULTS[key],
    observed: seen[key],
    passed: !failed.has(key),
  }));
}

/** What an unwritten expectation means (schemas.ts). */
const DEFAULTS: Partial<Record<keyof Expectation, unknown>> = {
  error: false,
  noErrorFindings: true,
  sameConversation: true,
};

function report(
  name: string,
  sent: unknown,
  expected: Expectation,
  exchange: AgentTurn,
  elapsedMs: number,
  first: string | null,
  extra: string[] = [],
): StepReport {
  const failures = [...extra, ...failuresOf(expected, exchange, elapsedMs, first)];
  const { messages, instruction, findings, error, replyConversationId } = exchange;
  return {
    name,
    passed: failures.length === 0,
    failures,
    sent,
    expected,
    checks: checksOf(expected, exchange, elapsedMs, first),
    got: { messages, instruction, findings, error, replyConversationId, elapsedMs },
    journalId: exchange.journalId,
  };
}

/**
 * Runs a scenario against the robot it names, or against `robotId`, a robot of this ccemu picked
 * for the run (the UI's robot list).
 */
export async function runScenario(
  gateway: GatewayStore,
  scenario: Scenario,
  pickedRobotId?: string,
): Promise<ScenarioReport> {
  const { emulator } = gateway;
  const total = emulator.clock.stopwatch();
  const robotId = pickedRobotId === undefined
    ? robotFor(gateway, scenario)
    : gateway.findRobot(pickedRobotId).robotId;
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
  const steps: StepReport[] = [];
  for (const [i, step] of scenario.steps.entries()) {
    const name = step.name ?? `step ${i + 1}`;
    const extra: string[] = [];
    let message: VisitorMessage;
    if ("text" in step.send) message = { messageType: 100, message: { content: step.send.text } };
    else if ("option" in step.send) {
      const offered = offeredOptions(last?.messages ?? []);
      if (!offered.includes(step.send.option)) {
        extra.push(
          `the option "${step.send.option}" was not offered (offered: ${
            offered.map((o) => `"${o}"`).join(", ") || "none"
          })`,
        );
      }
      message = { messageType: 100, message: { content: step.send.option } };
    } else {message = storeImage(
        gateway,
        session.sessionId,
        step.send.image.fileName,
        step.send.image.contentBase64,
      );}
    elapsed = emulator.clock.stopwatch();
    const exchange = await sendMessage(gateway, session.sessionId, message);
    first ??= exchange.replyConversationId;
    const stepReport = report(name, step.send, step.expect, exchange, elapsed(), first, extra);
    steps.push(stepReport);
    last = exchange;
  }
  const openFailures = scenario.expectOpen && !open
    ? ["expected an open-session reply; the robot has no open interface"]
    : [];
  const openResult = openReport ??
    (openFailures.length
      ? {
        name: "open session",
        passed: false,
        failures: openFailures,
        sent: null,
        expected: scenario.expectOpen!,
        checks: [],
        got: null,
        journalId: null,
      }
      : null);
  return {
    name: scenario.name,
    passed: (openResult?.passed ?? true) && steps.every((s) => s.passed),
    robotId,
    sessionId: session.sessionId,
    open: openResult,
    steps,
    elapsedMs: total(),
  };
}
