/**
 * The Compare view's controller: two robots and the shipped scenarios to run against both
 * (`POST /_emulator/compare`), the matrix that comes back, and the scenario whose two
 * conversations are shown side by side.
 */
import { ViewController } from "../common/view-controller.ts";
import type { Comparison, ScenarioSummary } from "../common/control-client.ts";

export interface CompareForm {
  robotIdA: string;
  robotIdB: string;
  names: string[];
}

export class CompareController extends ViewController {
  scenarios: ScenarioSummary[] = [];
  result: Comparison | null = null;
  /** The scenario whose conversations are shown, by its place in the matrix. */
  shown = 0;
  running = false;

  async load(): Promise<void> {
    this.scenarios = (await this.client.request<{ scenarios: ScenarioSummary[] }>(
      "GET",
      "/_emulator/scenarios",
    )).scenarios;
    this.host.requestUpdate();
  }

  async run(form: CompareForm): Promise<void> {
    this.running = true;
    this.host.requestUpdate();
    try {
      this.result = await this.client.request("POST", "/_emulator/compare", {
        robotIdA: form.robotIdA,
        robotIdB: form.robotIdB,
        ...(form.names.length ? { names: form.names } : {}),
      });
      this.shown = Math.max(0, this.result!.scenarios.findIndex((s) => s.regression));
    } finally {
      this.running = false;
      this.host.requestUpdate();
    }
  }

  show(index: number) {
    this.shown = index;
    this.host.requestUpdate();
  }
}
