/**
 * A conversation that happened, written as a scenario whose expectations are what was seen: the
 * message types, the first words of the text, the options offered, the transfer, the error. The
 * crawler writes one per path and the terminal chat one per `/save`; both replay green against the
 * same agent until what it says changes. Options the visitor clicked are `{option}` steps, so a
 * replay also checks that the option was still offered.
 */
import type { AgentTurn } from "../gateway/sessions.ts";
import { offeredOptions, visibleText } from "../scenarios/runner.ts";
import type { Expectation, ScenarioInput, ScenarioRobot } from "../scenarios/schemas.ts";

/** What a reply gave the visitor, as far as expectations go. */
export type SeenReply = Pick<AgentTurn, "messages" | "instruction" | "findings" | "error">;

/** What the visitor sent: text typed, or an option of the reply before clicked. */
export type SeenSend = { text: string } | { option: string };

/** One turn of the conversation: what the visitor sent and what came back. */
export interface SeenTurn {
  send: SeenSend;
  reply: SeenReply;
}

/** How many characters of the reply's first line an expectation keeps ("the first words"). */
export const FIRST_WORDS = 30;

/**
 * The first words of a text: its first non-empty line, cut to FIRST_WORDS characters, and back to
 * the last space when the cut fell inside a word (text without spaces, such as Chinese, is cut as is).
 */
export function firstWords(text: string): string {
  const line = text.split("\n").map((l) => l.trim()).find((l) => l.length > 0) ?? "";
  if (line.length <= FIRST_WORDS) return line;
  const cut = line.slice(0, FIRST_WORDS);
  const space = cut.lastIndexOf(" ");
  return (space >= FIRST_WORDS / 2 && line[FIRST_WORDS] !== " " ? cut.slice(0, space) : cut)
    .trim();
}

/** A message's type as expectations write it: `100`, or `"103/10301"` with a subtype. */
export const typeKey = (m: { type: number; subtype?: number }): number | string =>
  m.subtype === undefined ? m.type : `${m.type}/${m.subtype}`;

/** The expectation that holds for exactly what this reply showed. */
export function expectationSeen(reply: SeenReply): Expectation {
  const expect: Expectation = {};
  if (reply.messages.length) expect.types = [...new Set(reply.messages.map(typeKey))];
  const text = firstWords(visibleText(reply.messages));
  if (text) expect.textContains = text;
  const options = offeredOptions(reply.messages);
  if (options.length) expect.options = options;
  if (reply.instruction?.actionType === "TRANSFER_HUMAN") {
    const qno = reply.instruction.actionData.qno;
    expect.transfer = qno === undefined ? true : { qno };
  }
  if (reply.error) expect.error = { code: reply.error.code };
  // Seen means seen: a reply with an error finding replays green, and the report names the finding.
  if (reply.findings.some((f) => f.severity === "error")) expect.noErrorFindings = false;
  return expect;
}

/** A scenario of a conversation as seen; `open` is the open-session reply, when there was one. */
export function scenarioSeen(input: {
  name: string;
  description: string;
  robot: ScenarioRobot;
  responseMode: "blocking" | "streaming";
  open: SeenReply | null;
  turns: SeenTurn[];
}): ScenarioInput {
  return {
    name: input.name,
    description: input.description,
    robot: input.robot,
    responseMode: input.responseMode,
    ...(input.open ? { expectOpen: expectationSeen(input.open) } : {}),
    steps: input.turns.map((turn, i) => ({
      name: "option" in turn.send ? `click "${turn.send.option}"` : `step ${i + 1}`,
      send: turn.send,
      expect: expectationSeen(turn.reply),
    })),
  };
}
