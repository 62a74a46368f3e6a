/**
 * A load run: N visitors, each running the scenarios in a loop through the scenario runner, so
 * every push is the gateway's own (the same body, checks, time-outs and journal entry one visitor
 * gets), against one robot. Visitors start evenly over the ramp; no loop starts after the
 * duration; a loop still under way DRAIN_MS later is cut off by closing its session. Latencies are
 * the runner's (the clock's stopwatch); the first streamed chunk is read off the gateway's live
 * events, so a journal that has dropped the push does not lose it.
 */
import { ApiError } from "../core/errors.ts";
import type { LiveEvent } from "../core/events.ts";
import type { GatewayStore } from "../gateway/store.ts";
import { runScenario, type ScenarioReport, type StepReport } from "../scenarios/runner.ts";
import type { Scenario } from "../scenarios/schemas.ts";
import { DRAIN_MS, type LoadPlan, type LoadTarget } from "./plan.ts";
import { type LoadReport, loadReport, type LoadState } from "./report.ts";
import { type LoadSample, LoadTally } from "./tally.ts";

export interface LoadInput {
  /** The load's number, unique in its ccemu: its visitors' ids begin `load<id>-`. */
  id: number;
  gateway: GatewayStore;
  scenarios: Scenario[];
  plan: LoadPlan;
  /** The robot every scenario runs against (whatever robot the scenario names). */
  robotId: string;
  /** The agent that robot pushes to, as the report names it. */
  target: LoadTarget;
  /** CPU milliseconds this process has used so far; the report's CPU share comes from it. */
  cpuMs?: () => number;
  /** Told of every sample as it is taken (tests, progress). */
  onSample?: (sample: LoadSample) => void;
}

/** Registers the agent of a load as a robot of its own, with the load's time-out if one is given. */
export function registerLoadRobot(
  gateway: GatewayStore,
  target: LoadTarget,
  timeoutMs: number | null,
): string {
  const open = target.openUrl ? new URL(target.openUrl) : undefined;
  const robot = gateway.registerAgentUrl({
    name: `load: ${target.url}`,
    url: target.url,
    openPath: open ? open.pathname + open.search : undefined,
    platform: target.platform,
    token: target.token,
    registeredFor: `a load against ${target.url}`,
  });
  if (timeoutMs !== null) robot.timeouts = { blockingMs: timeoutMs, streamIdleMs: timeoutMs };
  return robot.robotId;
}

export class LoadRun {
  readonly #input: LoadInput;
  readonly #tally = new LoadTally();
  /** The load's own visitor ids begin with this, so its sessions are told from anyone else's. */
  readonly #prefix: string;
  #elapsed: () => number;
  #cpuAtStart = 0;
  #state: LoadState = "running";
  #started = 0;
  #active = 0;
  #cutOff = 0;
  #problems: string[] = [];
  #ending = false;
  #sessions = new Set<string>();
  /** The first chunk of the push under way in each of the load's sessions, in ms. */
  #chunk = new Map<string, number>();
  /** The first chunk of each finished push, by journal id, until its step is read. */
  #firstChunks = new Map<number, number | null>();
  #timers = new Set<ReturnType<typeof setTimeout>>();
  /** Visitors still waiting for their turn in the ramp: a stop wakes them, to end at once. */
  #ramping = new Set<() => void>();
  #finalElapsed: number | null = null;
  #done: Promise<LoadReport> | null = null;

  constructor(input: LoadInput) {
    this.#input = input;
    this.#elapsed = input.gateway.emulator.clock.stopwatch();
    this.#prefix = `load${input.id}-`;
  }

  /** Runs the load; resolves with the final report when every visitor has stopped. */
  run(): Promise<LoadReport> {
    this.#done ??= this.#run();
    return this.#done;
  }

  /** The report so far (while running) or the final one. */
  report(): LoadReport {
    const elapsedMs = this.#finalElapsed ?? this.#elapsed();
    const { cpuMs } = this.#input;
    return loadReport(this.#tally, {
      state: this.#state,
      target: this.#input.target,
      plan: this.#input.plan,
      scenarios: this.#input.scenarios.map((s) => s.name),
      elapsedMs,
      visitors: { started: this.#started, active: this.#active },
      cutOff: this.#cutOff,
      cpuMs: cpuMs ? cpuMs() - this.#cpuAtStart : null,
      problems: this.#problems,
    });
  }

  /** Ends the load now: no new loop starts, and every loop under way is cut off. */
  stop(): void {
    if (this.#state !== "running") return;
    this.#state = "stopped";
    this.#cutAll();
  }

  async #run(): Promise<LoadReport> {
    const { gateway, plan } = this.#input;
    this.#cpuAtStart = this.#input.cpuMs?.() ?? 0;
    this.#elapsed = gateway.emulator.clock.stopwatch();
    const unsubscribe = gateway.emulator.events.subscribe(this.#hear);
    this.#after(plan.durationMs, () => (this.#ending = true));
    this.#after(plan.durationMs + DRAIN_MS, () => this.#cutAll());
    try {
      const visitors = Array.from({ length: plan.visitors }, (_, i) => this.#visitor(i));
      await Promise.all(visitors);
    } finally {
      unsubscribe();
      for (const timer of this.#timers) clearTimeout(timer);
      this.#timers.clear();
    }
    if (this.#state === "running") this.#state = "finished";
    this.#finalElapsed = this.#elapsed();
    return this.report();
  }

  #after(ms: number, then: () => void) {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      then();
    }, ms);
    this.#timers.add(timer);
    return timer;
  }

  /** Closes every session of the load: each loop under way fails at its next step and ends. */
  #cutAll() {
    this.#ending = true;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    for (const wake of this.#ramping) wake();
    this.#ramping.clear();
    for (const sessionId of this.#sessions) {
      try {
        this.#input.gateway.deleteSession(sessionId);
      } catch { /* already gone (a reset, the user) */ }
    }
  }

  /** The gateway's live events of the load's sessions: when each push's first chunk came. */
  #hear = (event: LiveEvent) => {
    if (event.type !== "gateway") return;
    const { sessionId, change, detail } = event;
    if (change === "session-opened") {
      if (detail?.robotId !== this.#input.robotId) return;
      const session = this.#input.gateway.state.sessions.find((s) => s.sessionId === sessionId);
      if (session?.visitorId.startsWith(this.#prefix)) this.#sessions.add(sessionId);
      return;
    }
    if (!this.#sessions.has(sessionId)) return;
    if (change === "chunk" && !this.#chunk.has(sessionId)) {
      this.#chunk.set(sessionId, Number(detail?.at));
    } else if (change === "delivered") {
      this.#firstChunks.set(Number(detail?.journalId), this.#chunk.get(sessionId) ?? null);
      this.#chunk.delete(sessionId);
    }
  };

  async #visitor(index: number): Promise<void> {
    const { plan, scenarios } = this.#input;
    const delay = plan.visitors > 1 ? (plan.rampMs * index) / plan.visitors : 0;
    if (delay > 0) {
      await new Promise<void>((resolve) => {
        this.#ramping.add(resolve);
        this.#after(delay, () => {
          this.#ramping.delete(resolve);
          resolve();
        });
      });
    }
    if (this.#ending) return;
    this.#started++;
    this.#active++;
    try {
      for (let loop = 0; !this.#ending; loop++) {
        const scenario = scenarios[(index + loop) % scenarios.length];
        if (!(await this.#loop(scenario, `${this.#prefix}${index + 1}-${loop + 1}`))) return;
      }
    } finally {
      this.#active--;
    }
  }

  /** One scenario run by one visitor; false when the visitor must stop. */
  async #loop(scenario: Scenario, visitorId: string): Promise<boolean> {
    const { gateway, robotId } = this.#input;
    const startedAt = this.#elapsed();
    let report: ScenarioReport;
    try {
      report = await runScenario(
        gateway,
        { ...scenario, visitor: { ...scenario.visitor, visitorId } },
        robotId,
      );
    } catch (error) {
      if (this.#ending && error instanceof ApiError) {
        this.#cutOff++;
        return false;
      }
      // The robot deleted, ccemu's own failure: that visitor stops, saying why, rather than spin.
      const message = (error as Error)?.message ?? String(error);
      if (this.#problems.length < 5) this.#problems.push(message);
      return false;
    }
    this.#sessions.delete(report.sessionId);
    try {
      gateway.deleteSession(report.sessionId);
    } catch { /* already gone */ }
    this.#record(report, startedAt);
    this.#tally.loops++;
    return true;
  }

  #record(report: ScenarioReport, startedAt: number) {
    let at = startedAt;
    const steps: StepReport[] = [...(report.open?.got ? [report.open] : []), ...report.steps];
    for (const step of steps) {
      if (!step.got) continue;
      at += step.got.elapsedMs;
      const firstChunkMs = step.journalId === null
        ? null
        : this.#firstChunks.get(step.journalId) ?? null;
      if (step.journalId !== null) this.#firstChunks.delete(step.journalId);
      const sample: LoadSample = {
        atMs: at,
        scenario: report.name,
        step: step.name,
        replyMs: step.got.elapsedMs,
        firstChunkMs,
        error: step.got.error?.code ?? null,
        passed: step.passed,
        findings: step.got.findings.map((f) => `${f.severity} at ${f.path}: ${f.message}`),
      };
      this.#tally.add(sample);
      this.#input.onSample?.(sample);
    }
  }
}
