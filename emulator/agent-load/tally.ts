/**
 * What a load run saw, kept as it comes: per step (a scenario's step, or its open-session call)
 * the reply and first-chunk latencies, errors by kind, failed expectations and findings; per
 * second of the run the latencies and errors, for the chart over time. Pure: the runner feeds it
 * samples, and `figures()` answers the report's numbers at any moment (the UI polls a load under
 * way).
 */
import { type Spread, spread } from "./percentiles.ts";

/** The error codes that mean the gateway's time-out cut the reply off (docs/agents.md). */
export const TIMEOUT_CODES: ReadonlySet<string> = new Set(["AgentTimeout", "AgentStreamTimeout"]);

/** The most kinds of finding a step keeps by name; the rest are counted as "(other findings)". */
const MAX_FINDING_KINDS = 20;

/** One push of the load: the step it was, how long it took, and what came back. */
export interface LoadSample {
  /** Real milliseconds from the start of the load to the end of the reply. */
  atMs: number;
  scenario: string;
  /** The step's name, or `open session`. */
  step: string;
  /** Real milliseconds from the push to the complete reply. */
  replyMs: number;
  /** Real milliseconds from the push to the first streamed chunk; null when none was streamed. */
  firstChunkMs: number | null;
  /** The agent error's code (AgentTimeout, AgentHttpError…); null when the push did not fail. */
  error: string | null;
  /** Whether every expectation of the step held. */
  passed: boolean;
  /** The reply's findings (schema problems), as `severity at path: message`. */
  findings: string[];
}

/** The figures of one step, or of the whole load. */
export interface StepFigures {
  /** Pushes measured. */
  pushes: number;
  /** Whole reply, from the push to its last byte. */
  reply: Spread;
  /** From the push to the first streamed chunk (streaming replies only). */
  firstChunk: Spread;
  /** Replies the gateway's time-out cut off (AgentTimeout, AgentStreamTimeout). */
  timeouts: number;
  /** Failed pushes by error code, time-outs included. */
  errors: Record<string, number>;
  /** Pushes whose step's expectations did not all hold. */
  failedChecks: number;
  /** Findings on the replies by kind, with how many replies drew each. */
  findings: Record<string, number>;
}

/** One second of the load, for the chart: how many replies ended in it, and how fast they were. */
export interface TimelinePoint {
  /** Seconds since the load started (the second the replies ended in). */
  second: number;
  pushes: number;
  p50: number | null;
  p95: number | null;
  max: number | null;
  errors: number;
  timeouts: number;
}

class Figures {
  reply: number[] = [];
  firstChunk: number[] = [];
  timeouts = 0;
  errors: Record<string, number> = {};
  failedChecks = 0;
  findings: Record<string, number> = {};

  add(sample: LoadSample): void {
    this.reply.push(sample.replyMs);
    if (sample.firstChunkMs !== null) this.firstChunk.push(sample.firstChunkMs);
    if (sample.error) {
      this.errors[sample.error] = (this.errors[sample.error] ?? 0) + 1;
      if (TIMEOUT_CODES.has(sample.error)) this.timeouts++;
    }
    if (!sample.passed) this.failedChecks++;
    for (const finding of new Set(sample.findings)) {
      const kinds = Object.keys(this.findings).length;
      const kind = finding in this.findings || kinds < MAX_FINDING_KINDS
        ? finding
        : "(other findings)";
      this.findings[kind] = (this.findings[kind] ?? 0) + 1;
    }
  }

  figures(): StepFigures {
    return {
      pushes: this.reply.length,
      reply: spread(this.reply),
      firstChunk: spread(this.firstChunk),
      timeouts: this.timeouts,
      errors: { ...this.errors },
      failedChecks: this.failedChecks,
      findings: { ...this.findings },
    };
  }
}

/** The step figures keyed by scenario and step, in the order first seen. */
export interface NamedFigures extends StepFigures {
  scenario: string;
  step: string;
}

export class LoadTally {
  #overall = new Figures();
  #steps = new Map<string, { scenario: string; step: string; figures: Figures }>();
  #seconds: { reply: number[]; errors: number; timeouts: number }[] = [];
  /** Scenario runs finished (every step of a loop measured). */
  loops = 0;

  add(sample: LoadSample): void {
    this.#overall.add(sample);
    const key = JSON.stringify([sample.scenario, sample.step]);
    let step = this.#steps.get(key);
    if (!step) {
      step = { scenario: sample.scenario, step: sample.step, figures: new Figures() };
      this.#steps.set(key, step);
    }
    step.figures.add(sample);
    const second = Math.max(0, Math.floor(sample.atMs / 1000));
    for (let s = this.#seconds.length; s <= second; s++) {
      this.#seconds.push({ reply: [], errors: 0, timeouts: 0 });
    }
    const bucket = this.#seconds[second];
    bucket.reply.push(sample.replyMs);
    if (sample.error) bucket.errors++;
    if (sample.error && TIMEOUT_CODES.has(sample.error)) bucket.timeouts++;
  }

  get pushes(): number {
    return this.#overall.reply.length;
  }

  overall(): StepFigures {
    return this.#overall.figures();
  }

  steps(): NamedFigures[] {
    return [...this.#steps.values()].map(({ scenario, step, figures }) => ({
      scenario,
      step,
      ...figures.figures(),
    }));
  }

  timeline(): TimelinePoint[] {
    return this.#seconds.map((bucket, second) => {
      const { p50, p95, max } = spread(bucket.reply);
      return {
        second,
        pushes: bucket.reply.length,
        p50,
        p95,
        max,
        errors: bucket.errors,
        timeouts: bucket.timeouts,
      };
    });
  }
}
