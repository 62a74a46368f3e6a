/**
 * A scenario's steps made ready to run, and refused before anything is sent when they cannot be:
 * each step's phrasings (variants.ts), its expectations with defaults, its captures, and the
 * `{{name}}`s it uses, each of which an earlier step must capture.
 */
import { ApiError } from "../core/errors.ts";
import { namesUsed } from "./capture.ts";
import type { CaptureSource, Expectation, Scenario, Send } from "./schemas.ts";

/** A scenario that cannot run as written: the JSON path of what is wrong, and why. */
export class ScenarioError extends Error {
  constructor(readonly path: string, readonly detail: string) {
    super(`${path}: ${detail}`);
  }

  /** As the control API and harness answer it: the vendor's `InvalidParameter`, naming the path. */
  toApiError(): ApiError {
    return new ApiError(
      "InvalidParameter",
      `scenario${this.path.slice(1)}: ${this.detail}`,
      "scenario",
    );
  }
}

/** What a prepared step sends: as written, a list of phrasings resolved to its texts. */
export type ResolvedSend = Exclude<Send, { utterances: string }>;

/** A step ready to run. */
export interface PreparedStep {
  /** The step's name; `step N` when the scenario gave none. */
  name: string;
  /** What the step sends, as written (the report's `sent` when it has one phrasing). */
  send: ResolvedSend;
  /** Its phrasings, first the one every other case sends; null for an image or a click. */
  phrasings: string[] | null;
  expect: Expectation;
  capture?: Record<string, CaptureSource>;
  /** The captured names it uses as `{{name}}`. */
  uses: string[];
}

const stepLabel = (i: number, name: string | undefined) =>
  name === undefined ? `step ${i + 1}` : `step "${name}"`;

/** The step's texts: one, several, or a list the scenario names in its `utterances`. */
function phrasingsOf(scenario: Scenario, send: Send, i: number): string[] | null {
  if ("text" in send) return [send.text].flat();
  if (!("utterances" in send)) return null;
  const lists = scenario.utterances ?? {};
  const list = lists[send.utterances];
  if (list) return list;
  throw new ScenarioError(
    `$.steps[${i}].send.utterances`,
    `no utterance list "${send.utterances}": give it in the scenario's "utterances" (it has ${
      Object.keys(lists).map((n) => `"${n}"`).join(", ") || "none"
    }) or in ${send.utterances}.utterances.json beside the scenario file`,
  );
}

/**
 * The steps ready to run. Refuses, naming the step: an `include` not spliced in (include.ts does
 * that when a scenario is loaded), a list of phrasings it does not have, and a `{{name}}` no
 * earlier step captures.
 */
export function prepareSteps(scenario: Scenario): PreparedStep[] {
  const captured: string[] = [];
  return scenario.steps.map((step, i) => {
    const label = stepLabel(i, step.name);
    if (step.include !== undefined || !step.send) {
      throw new ScenarioError(
        `$.steps[${i}].include`,
        `${label} includes "${step.include}", which was not spliced in: load the scenario from its file, or name a scenario ccemu has`,
      );
    }
    const phrasings = phrasingsOf(scenario, step.send, i);
    const send: ResolvedSend = "utterances" in step.send ? { text: phrasings! } : step.send;
    const expect = step.expect ?? {};
    const uses = namesUsed({ send: phrasings ?? send, expect });
    const unknown = uses.filter((name) => !captured.includes(name));
    if (unknown.length) {
      throw new ScenarioError(
        `$.steps[${i}]`,
        `${label} uses ${
          unknown.map((n) => `{{${n}}}`).join(", ")
        }, which no earlier step captures (captured before it: ${
          captured.map((n) => `"${n}"`).join(", ") || "none"
        })`,
      );
    }
    captured.push(...Object.keys(step.capture ?? {}));
    return {
      name: step.name ?? `step ${i + 1}`,
      send,
      phrasings,
      expect,
      ...(step.capture ? { capture: step.capture } : {}),
      uses,
    };
  });
}
