/**
 * The Scenarios view's controller: the shipped scenarios and those loaded from disk, the run
 * history ccemu keeps (newest 50) and the report shown; running one, all, or a session recorded as
 * a scenario, against the scenario's own robot or a chosen one.
 */
import { ViewController } from "./view-controller.ts";
import type { RunSummary, ScenarioReport, ScenarioSummary } from "../control-client.ts";

/** A scenario file the user loaded from disk (kept in this page, run from its body). */
export type LoadedScenario = ListedScenario & { scenario: Record<string, unknown> };

/** A scenario as the lists show it, shipped or loaded (a loaded one has no file in ccemu). */
export type ListedScenario = Omit<ScenarioSummary, "file">;

export class ScenariosController extends ViewController {
  scenarios: ScenarioSummary[] = [];
  loaded: LoadedScenario[] = [];
  runs: RunSummary[] = [];
  /** The run whose report is shown. */
  shown: { run: number; report: ScenarioReport } | null = null;
  /** Run against this robot instead of each scenario's own (empty: their own). */
  robotId = "";
  /** The session offered for saving and replaying. */
  sessionId = "";
  running = false;

  protected override listen(): (() => void)[] {
    return [
      this.client.on<{ change: string }>("state", (event) => {
        if (event.change === "scenario-run") this.client.attempt(() => this.loadRuns());
        if (event.change === "reset" || event.change === "snapshot-imported") this.shown = null;
      }),
    ];
  }

  async load(): Promise<void> {
    this.scenarios = (await this.client.request<{ scenarios: ScenarioSummary[] }>(
      "GET",
      "/_emulator/scenarios",
    )).scenarios;
    await this.loadRuns();
  }

  async loadRuns(): Promise<void> {
    this.runs =
      (await this.client.request<{ runs: RunSummary[] }>("GET", "/_emulator/scenarios/runs")).runs;
    this.host.requestUpdate();
  }

  showRun(run: number) {
    return this.client.attempt(async () => {
      this.shown = await this.client.request("GET", `/_emulator/scenarios/runs/${run}`);
      this.host.requestUpdate();
    });
  }

  /** A scenario file from disk: checked by ccemu when it runs, listed now. */
  addLoaded(scenario: Record<string, unknown>) {
    const name = typeof scenario.name === "string" ? scenario.name : "(unnamed)";
    const steps = Array.isArray(scenario.steps) ? scenario.steps.length : 0;
    const description = typeof scenario.description === "string" ? scenario.description : "";
    this.loaded = [
      ...this.loaded.filter((s) => s.name !== name),
      { name, description, steps, scenario },
    ];
    this.host.requestUpdate();
  }

  pickRobot(robotId: string) {
    this.robotId = robotId;
    this.host.requestUpdate();
  }

  pickSession(sessionId: string) {
    this.sessionId = sessionId;
    this.host.requestUpdate();
  }

  run(name: string) {
    return this.#running(() => this.#replay(name));
  }

  /** Every scenario in the list, one after the other; the last report stays shown. */
  runAll() {
    return this.#running(async () => {
      for (const s of [...this.scenarios, ...this.loaded]) await this.#replay(s.name);
    });
  }

  /** A session, recorded as a scenario, replayed (against the chosen robot, or its own). */
  replaySession(sessionId: string) {
    return this.#running(async () => {
      const scenario = await this.client.request<Record<string, unknown>>(
        "GET",
        `/_emulator/gateway/sessions/${sessionId}/scenario?name=${
          encodeURIComponent(`replay of ${sessionId}`)
        }`,
      );
      await this.#send(scenario);
    });
  }

  #replay(name: string) {
    const loaded = this.loaded.find((s) => s.name === name);
    if (loaded) return this.#send(loaded.scenario);
    return this.#post({ name, ...this.#picked() });
  }

  #send(scenario: Record<string, unknown>) {
    return this.#post({ scenario, ...this.#picked() });
  }

  /** The robot picked in the view, which the replay runs against whatever the scenario names. */
  #picked() {
    return this.robotId ? { robotId: this.robotId } : {};
  }

  async #post(body: unknown) {
    const report = await this.client.request<ScenarioReport & { run: number }>(
      "POST",
      "/_emulator/scenarios/replay",
      body,
    );
    this.shown = { run: report.run, report };
    await this.loadRuns();
  }

  async #running(work: () => Promise<unknown>) {
    this.running = true;
    this.host.requestUpdate();
    await this.client.attempt(work);
    this.running = false;
    this.host.requestUpdate();
  }
}
