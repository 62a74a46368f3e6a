/**
 * Several phrasings of a step (`"send": {"text": ["退款多久到账", "refund: how long?"]}` or a
 * named list of `utterances`), each run as its own case with its own verdict. A scenario varies
 * one step per case, the others sending their first phrasing (Botium's way): the cases grow with
 * the sum of the phrasings, not their product (five steps of five phrasings are 21 cases, not
 * 3,125), and a failing case names the one phrasing it changed.
 */
import type { PreparedStep, ResolvedSend } from "./prepare.ts";
import type { PhrasingSummary, ScenarioReport, Variant } from "./report.ts";

/** The cases a scenario runs: first every step's first phrasing (null), then one per further one. */
export function casesOf(steps: readonly PreparedStep[]): (Variant | null)[] {
  const cases: (Variant | null)[] = [null];
  steps.forEach((step, stepIndex) => {
    const phrasings = step.phrasings ?? [];
    for (let k = 1; k < phrasings.length; k++) {
      cases.push({
        step: step.name,
        stepIndex,
        phrasing: k + 1,
        of: phrasings.length,
        text: phrasings[k],
      });
    }
  });
  return cases;
}

/**
 * What a step sends in a case: the case's phrasing for the step it varies, else the first. A step
 * of one phrasing sends what it wrote, so an old scenario's report shows `sent` as before.
 */
export function sendIn(
  step: PreparedStep,
  stepIndex: number,
  variant: Variant | null,
): ResolvedSend {
  const { phrasings, send } = step;
  if (!phrasings || ("text" in send && typeof send.text === "string")) return send;
  const k = variant?.stepIndex === stepIndex ? variant.phrasing - 1 : 0;
  return { text: phrasings[k] };
}

/** Per step with several phrasings: how many of its cases passed, and the phrasings that failed. */
export function phrasingSummaries(
  steps: readonly PreparedStep[],
  first: ScenarioReport,
  cases: readonly ScenarioReport[],
): PhrasingSummary[] {
  return steps.flatMap((step, stepIndex) => {
    const phrasings = step.phrasings ?? [];
    if (phrasings.length < 2) return [];
    const verdicts = [
      first.passed,
      ...cases.filter((c) => c.variant?.stepIndex === stepIndex).map((c) => c.passed),
    ];
    return [{
      step: step.name,
      passed: verdicts.filter(Boolean).length,
      total: phrasings.length,
      failed: phrasings.filter((_, k) => !verdicts[k]),
    }];
  });
}

/** "3 of 4 phrasings passed", as every report says it. */
export function phrasingLine(summary: PhrasingSummary): string {
  return `${summary.step}: ${summary.passed} of ${summary.total} phrasings passed`;
}

/** A case as reports name it: `ask, phrasing 2 of 4 "refund: how long?"`. */
export function caseLabel(variant: Variant): string {
  return `${variant.step}, phrasing ${variant.phrasing} of ${variant.of} "${variant.text}"`;
}
