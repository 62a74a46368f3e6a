/** The Scenarios view's controller: the shipped scenarios, a run against a robot, its report. */
import { ViewController } from "./view-controller.ts";
import type { ScenarioReport, ScenarioSummary } from "../scenarios-view.ts";

export class ScenariosController extends ViewController {
  scenarios: ScenarioSummary[] = [];
  report: ScenarioReport | null = null;
  running = false;

  async load(): Promise<void> {
    this.scenarios = (await this.client.request<{ scenarios: ScenarioSummary[] }>(
      "GET",
      "/_emulator/scenarios",
    )).scenarios;
    this.host.requestUpdate();
  }

  /** Replays a shipped scenario, against another robot when one is named. */
  async run(detail: { name: string; robotId?: string }): Promise<void> {
    this.running = true;
    this.host.requestUpdate();
    await this.client.attempt(async () => {
      const body = detail.robotId
        ? {
          scenario: {
            ...(await this.client.request<Record<string, unknown>>(
              "GET",
              `/_emulator/scenarios/${encodeURIComponent(detail.name)}`,
            )),
            robot: { robotId: detail.robotId },
          },
        }
        : { name: detail.name };
      this.report = await this.client.request<ScenarioReport>(
        "POST",
        "/_emulator/scenarios/replay",
        body,
      );
    });
    this.running = false;
    this.host.requestUpdate();
  }
}
