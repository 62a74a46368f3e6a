/**
 * The Scenarios view's controller: the shipped scenarios and those loaded from disk, the run
 * history ccemu keeps (newest 50) and the report shown; running one, all, or a session recorded as
 * a scenario, against the scenario's own robot or a chosen one.
 */
import { ViewController } from "../common/view-controller.ts";
import type { RunSummary, ScenarioReport, ScenarioSummary } from "../common/control-client.ts";

/** A scenario file the user loaded from disk (kept in this page, run from its body). */
export type LoadedScenario = ListedScenario & { scenario: Record<string, unknown> };

/** A scenario as the lists show it, shipped or loaded (a loaded one has no file in ccemu). */
export type ListedScenario = Omit<ScenarioSummary, "file">;

/** Where this tab keeps the scenario files loaded into it. */
const LOADED_KEY = "ccemu.loaded-scenarios";

export class ScenariosController extends ViewController {
  scenarios: ScenarioSummary[] = [];
  loaded: LoadedScenario[] = [];
  /** Files loaded before a reload that were too large to keep: load them again. */
  forgotten: string[] = [];
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
    if (!this.loaded.length && !this.forgotten.length) this.#restore();
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

  /**
   * A scenario file from disk, checked by ccemu as it is loaded (a JSON file that is not a
   * scenario is refused now, naming what is wrong, not when it runs), then listed and kept in this
   * browser tab.
   */
  addLoaded(scenario: unknown) {
    return this.client.attempt(async () => {
      let listed: ListedScenario;
      try {
        listed = await this.client.request<ListedScenario>(
          "POST",
          "/_emulator/scenarios/check",
          scenario,
        );
      } catch (error) {
        throw new Error(
          `This file is not a ccemu scenario (${(error as Error).message}): save one with ` +
            '"Save as scenario" on a session, or see fixtures/scenarios/.',
        );
      }
      this.loaded = [
        ...this.loaded.filter((s) => s.name !== listed.name),
        { ...listed, scenario: scenario as Record<string, unknown> },
      ];
      this.#keep();
      this.host.requestUpdate();
    });
  }

  /**
   * Loaded files live in this page: kept in the tab's sessionStorage so a reload keeps them; one
   * too large for it is remembered by name only, and the list says it must be loaded again.
   */
  #keep() {
    try {
      sessionStorage.setItem(LOADED_KEY, JSON.stringify(this.loaded));
    } catch {
      sessionStorage.setItem(
        LOADED_KEY,
        JSON.stringify(this.loaded.map(({ name }) => ({ name }))),
      );
    }
  }

  /** The loaded files a reload kept, and the names of those it could not keep. */
  #restore() {
    const kept = JSON.parse(sessionStorage.getItem(LOADED_KEY) ?? "[]") as Partial<
      LoadedScenario
    >[];
    this.loaded = kept.filter((s): s is LoadedScenario => !!s.scenario);
    this.forgotten = kept.filter((s) => !s.scenario).map((s) => s.name ?? "");
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
