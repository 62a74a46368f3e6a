/**
 * What each expectation of a step checks against the reply: the sentences of what did not hold,
 * and the rows of the report's expected-against-got view.
 */
import type { AgentTurn } from "../gateway/sessions.ts";
import { textNotCheck, textOneOfCheck, typesNotCheck } from "./negations.ts";
import {
  messagePathFailures,
  observedMessages,
  observedReply,
  type RawReply,
  replyPathFailures,
} from "./reply-paths.ts";
import type { Check } from "./report.ts";
import type { Expectation } from "./schemas.ts";
import { offeredOptions, visibleText } from "./visible.ts";

const typeKey = (
  m: { type: number; subtype?: number },
) => (m.subtype === undefined ? String(m.type) : `${m.type}/${m.subtype}`);

/** What one expectation key checks: the sentences of what did not hold (none when it held). */
type ExpectCheck = (expect: Expectation, exchange: AgentTurn, seen: Seen) => string[];
interface Seen {
  elapsedMs: number;
  firstConversationId: string | null;
  /** The raw reply, read only for a step that looks into it (`reply`); else null. */
  raw: RawReply | null;
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
  ["typesNot", typesNotCheck],
  ["textNotContains", textNotCheck],
  ["textOneOf", textOneOfCheck],
  ["reply", (expect, _exchange, { raw }) => replyPathFailures(expect.reply, raw)],
  ["messages", (expect, exchange) => messagePathFailures(expect.messages, exchange)],
];

/** The expectations that do not hold for an exchange, as sentences, each with its key. */
function keyedFailures(
  expect: Expectation,
  exchange: AgentTurn,
  elapsedMs: number,
  firstConversationId: string | null,
  raw: RawReply | null = null,
): [keyof Expectation, string][] {
  const seen = { elapsedMs, firstConversationId, raw };
  return EXPECT_CHECKS.flatMap(([key, check]) =>
    check(expect, exchange, seen).map((message): [keyof Expectation, string] => [key, message])
  );
}

/**
 * The expectations that do not hold for an exchange, as sentences. `raw` is the raw reply, for
 * a `reply` expectation (null: not read).
 */
export function failuresOf(
  expect: Expectation,
  exchange: AgentTurn,
  elapsedMs: number,
  firstConversationId: string | null,
  raw: RawReply | null = null,
): string[] {
  return keyedFailures(expect, exchange, elapsedMs, firstConversationId, raw).map(([, m]) => m);
}

/** What the reply showed, in each expectation's terms (the report's expected-against-got view). */
function observed(
  expect: Expectation,
  exchange: AgentTurn,
  elapsedMs: number,
  raw: RawReply | null,
): Record<keyof Expectation, unknown> {
  const text = visibleText(exchange.messages).slice(0, 300);
  const transfer = exchange.instruction?.actionType === "TRANSFER_HUMAN"
    ? exchange.instruction.actionData.qno === undefined
      ? true
      : { qno: exchange.instruction.actionData.qno }
    : false;
  const types = exchange.messages.map((m) => (m.subtype === undefined ? m.type : typeKey(m)));
  return {
    types,
    textContains: text,
    textMatches: text,
    options: offeredOptions(exchange.messages),
    transfer,
    error: exchange.error ? { code: exchange.error.code } : false,
    noErrorFindings: exchange.findings.filter((f) => f.severity === "error").map((f) => f.message),
    withinMs: Math.round(elapsedMs),
    sameConversation: exchange.replyConversationId,
    typesNot: types,
    textNotContains: text,
    textOneOf: text,
    reply: observedReply(expect.reply, raw),
    messages: observedMessages(expect.messages, exchange),
  };
}

/**
 * One row per expectation that was written or that failed: expected, what the reply showed, and
 * whether it held.
 */
export function checksOf(
  expect: Expectation,
  exchange: AgentTurn,
  elapsedMs: number,
  firstConversationId: string | null,
  raw: RawReply | null = null,
): Check[] {
  const failed = new Set(
    keyedFailures(expect, exchange, elapsedMs, firstConversationId, raw).map(([key]) => key),
  );
  const seen = observed(expect, exchange, elapsedMs, raw);
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
