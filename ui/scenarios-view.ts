/**
 * Scenarios: the shipped scenarios, a run against a robot with each step's pass or fail and what
 * was expected against what came back, and the current conversation saved as a scenario file.
 */
import { css, html, LitElement, nothing } from "lit";
import { customElement, property, state } from "lit/decorators.js";
import type { Robot } from "./control-client.ts";
import { shared } from "./styles.ts";

export interface ScenarioSummary {
  name: string;
  description: string;
  steps: number;
}

export interface StepReport {
  name: string;
  passed: boolean;
  failures: string[];
  sent: unknown;
  expected: unknown;
  got: { messages: unknown[]; instruction: unknown; error: unknown; elapsedMs: number } | null;
  journalId: number | null;
}

export interface ScenarioReport {
  name: string;
  passed: boolean;
  open: StepReport | null;
  steps: StepReport[];
  elapsedMs: number;
}

@customElement("ccemu-scenarios")
export class ScenariosView extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: grid;
        grid-template-columns: 360px 1fr;
        gap: 12px;
        height: 100%;
        min-height: 0;
      }
      .list,
      .report {
        padding: 10px;
        overflow: auto;
      }
      .scenario {
        border-bottom: 1px solid var(--line);
        padding: 8px 0;
      }
      .step {
        border-left: 4px solid var(--ok);
        padding: 4px 8px;
        margin: 6px 0;
        background: #fafbfc;
      }
      .step.failed {
        border-color: var(--bad);
      }
      details pre {
        max-height: 200px;
        overflow: auto;
      }
    `,
  ];

  @property({ attribute: false })
  accessor scenarios: ScenarioSummary[] = [];
  @property({ attribute: false })
  accessor robots: Robot[] = [];
  @property({ attribute: false })
  accessor report: ScenarioReport | null = null;
  @property()
  accessor sessionId = "";
  @property({ type: Boolean })
  accessor running = false;

  @state()
  accessor robotId = "";

  #run(name: string) {
    this.dispatchEvent(
      new CustomEvent("run-scenario", {
        detail: { name, robotId: this.robotId || undefined },
        bubbles: true,
        composed: true,
      }),
    );
  }

  #step(step: StepReport) {
    return html`<div class="step ${step.passed ? "" : "failed"}" data-passed=${step.passed}>
      <strong class=${step.passed ? "ok" : "bad"}>${
      step.passed ? "PASS" : "FAIL"
    }</strong> ${step.name}
      <span class="muted">${step.got ? `${Math.round(step.got.elapsedMs)} ms` : ""}</span>
      ${step.failures.map((f) => html`<div class="bad">${f}</div>`)}
      <details><summary>expected / got</summary>
        <pre>expected ${JSON.stringify(step.expected, null, 2)}</pre>
        <pre>got ${JSON.stringify(step.got, null, 2)}</pre>
      </details>
    </div>`;
  }

  override render() {
    return html`
      <section class="list panel" aria-label="Scenarios">
        <label>Robot <select aria-label="Run against" @change=${(
          e: Event,
        ) => (this.robotId = (e.target as HTMLSelectElement).value)}>
          <option value="">the scenario's own</option>
          ${this.robots.map((r) => html`<option value=${r.robotId}>${r.name}</option>`)}
        </select></label>
        ${this.scenarios.map((s) =>
          html`
            <div class="scenario">
              <div><strong>${s.name}</strong> <span class="muted">${s.steps} steps</span></div>
              <div class="muted">${s.description}</div>
              <button class="run" data-name=${s.name} ?disabled=${this.running} @click=${() =>
                this.#run(s.name)}>Run</button>
            </div>
          `
        )}
        <p>${this.sessionId
          ? html`
            <a id="save-scenario" href=${`/_emulator/gateway/sessions/${this.sessionId}/scenario?name=${
              encodeURIComponent(`recorded ${this.sessionId}`)
            }`}
              download=${`${this.sessionId}.scenario.json`}>Save conversation ${this
                .sessionId} as a scenario file</a>
          `
          : html`<span class="muted">Open a conversation to save it as a scenario.</span>`}</p>
      </section>
      <section class="report panel" aria-label="Report">
        ${this.running ? html`<p>Running…</p>` : nothing}
        ${this.report
          ? html`
            <h3 id="verdict"
              class=${this.report.passed ? "ok" : "bad"}>${this.report.passed
                ? "PASSED"
                : "FAILED"}: ${this.report.name} <span class="muted">${Math.round(
                  this.report.elapsedMs,
                )} ms</span></h3>
            ${this.report.open ? this.#step(this.report.open) : nothing}
            ${this.report.steps.map((s) => this.#step(s))}
          `
          : html`<p class="muted">Run a scenario to see its report.</p>`}
      </section>
    `;
  }
}
