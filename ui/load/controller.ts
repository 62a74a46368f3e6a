/**
 * The Load view's controller: the shipped scenarios to pick from, a load started against a robot
 * through the control API (`POST /_emulator/load`), its report polled every half second while it
 * runs (`GET /_emulator/load/:id`), and stopping it.
 */
import { ViewController } from "../common/view-controller.ts";
import type { LoadReport, ScenarioSummary } from "../common/control-client.ts";

/** What the form sends (POST /_emulator/load). */
export interface LoadForm {
  robotId: string;
  visitors: number;
  durationMs: number;
  rampMs: number;
  budgetP95Ms?: number;
  names: string[];
}

const POLL_MS = 500;

export class LoadController extends ViewController {
  scenarios: ScenarioSummary[] = [];
  report: (LoadReport & { id: number }) | null = null;
  #poll?: ReturnType<typeof setTimeout>;

  async load(): Promise<void> {
    this.scenarios = (await this.client.request<{ scenarios: ScenarioSummary[] }>(
      "GET",
      "/_emulator/scenarios",
    )).scenarios;
    // A load started before a reload (or from elsewhere) is shown, and followed if it runs.
    const { loads } = await this.client.request<{ loads: { id: number }[] }>(
      "GET",
      "/_emulator/load",
    );
    const newest = loads.at(-1);
    if (newest && newest.id !== this.report?.id) await this.#fetch(newest.id);
    this.host.requestUpdate();
  }

  async start(form: LoadForm): Promise<void> {
    const body = { ...form, ...(form.names.length ? {} : { names: undefined }) };
    this.report = await this.client.request("POST", "/_emulator/load", body);
    this.host.requestUpdate();
    this.#follow();
  }

  async stop(): Promise<void> {
    if (!this.report) return;
    this.report = await this.client.request("POST", `/_emulator/load/${this.report.id}/stop`);
    this.host.requestUpdate();
  }

  async #fetch(id: number) {
    this.report = await this.client.request("GET", `/_emulator/load/${id}`);
    this.host.requestUpdate();
    this.#follow();
  }

  #follow() {
    clearTimeout(this.#poll);
    if (this.report?.state !== "running") return;
    const id = this.report.id;
    this.#poll = setTimeout(() => this.client.attempt(() => this.#fetch(id)), POLL_MS);
  }

  override hostDisconnected(): void {
    super.hostDisconnected();
    clearTimeout(this.#poll);
  }
}
