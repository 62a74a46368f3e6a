/**
 * What a scenario run reports: a report per step (expected against got, row by row) and the verdict;
 * for a scenario with several phrasings, a case per further phrasing and how many passed.
 */
import type { AgentTurn } from "../gateway/sessions.ts";
import type { Expectation } from "./schemas.ts";

/**
 * One step of a scenario run, or its open-session call: what was sent, what was expected, what
 * came back, and whether every expectation held.
 */
export interface StepReport {
  /** The step's name; `step N` when the scenario gave none, `open session` for the open call. */
  name: string;
  /** True when every expectation of the step held (and every capture found its value). */
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
  /** What the step's captures took from the reply (only for a step that captures). */
  captured?: Record<string, string>;
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
  /** Real milliseconds the whole run took (every case of a scenario with several phrasings). */
  elapsedMs: number;
  /** The phrasing this case sends, when it is one of a step's further phrasings (variants.ts). */
  variant?: Variant;
  /**
   * A scenario with several phrasings in a step: its other cases, each sending one further
   * phrasing and every other step its first (this report is the case of every first phrasing).
   * `passed` above is true only when every case passed.
   */
  cases?: ScenarioReport[];
  /** Per step with several phrasings: how many passed ("3 of 4 phrasings passed"). */
  phrasings?: PhrasingSummary[];
}

/** Which phrasing a case sends: step `step` (by name and place) at its phrasing `phrasing` of `of`. */
export interface Variant {
  /** The step's name. */
  step: string;
  /** Its place among the steps, from 0. */
  stepIndex: number;
  /** Which phrasing, from 1 (the first is sent by every case that varies another step). */
  phrasing: number;
  /** How many phrasings the step has. */
  of: number;
  /** The text sent. */
  text: string;
}

/** A step's phrasings and how many of their cases passed. */
export interface PhrasingSummary {
  /** The step's name. */
  step: string;
  /** Cases that passed, of `total`. */
  passed: number;
  /** The step's phrasings: one case each. */
  total: number;
  /** The phrasings whose case failed. */
  failed: string[];
}

/**
 * The report of a run that never started (its robot is not there, or ccemu refused the run): the
 * reason as the one failure of its open-session row, so every report reads the same way.
 */
export function notRunReport(name: string, robotId: string, reason: string): ScenarioReport {
  return {
    name,
    passed: false,
    robotId,
    sessionId: "",
    open: {
      name: "robot",
      passed: false,
      failures: [reason],
      sent: null,
      expected: {},
      checks: [],
      got: null,
      journalId: null,
    },
    steps: [],
    elapsedMs: 0,
  };
}
