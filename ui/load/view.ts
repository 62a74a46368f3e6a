/**
 * Load: N visitors run scenarios in loops against a registered robot for a while (the control
 * API's `POST /_emulator/load`), and what came of it as it comes: the latency over time (p50, p95
 * and replies per second), and per step the percentiles of the whole reply and of the first
 * streamed chunk, time-outs, errors by kind and the verdict against the p95 budget.
 */
import { css, html, LitElement, nothing } from "lit";
import { customElement, property } from "lit/decorators.js";
import type { LoadReport, Robot, ScenarioSummary, StepVerdict } from "../common/control-client.ts";
import type { LoadForm } from "./controller.ts";
import { latencyChart } from "./charts.ts";
import { shared } from "../common/styles.ts";
import { emit } from "../common/events.ts";
import "../common/chart-view.ts";

const ms = (value: number | null) => (value === null ? "–" : `${value}`);
const kinds = (counts: Record<string, number>) =>
  Object.entries(counts).map(([kind, n]) => `${kind} ×${n}`).join(", ");

@customElement("ccemu-load")
export class LoadView extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: grid;
        grid-template-columns: 300px minmax(0, 1fr);
        gap: 12px;
        height: 100%;
        min-height: 0;
      }
      section {
        padding: 10px;
        overflow: auto;
        background: var(--panel);
        border: 1px solid var(--line);
        border-radius: 8px;
      }
      h3 {
        margin: 0 0 8px;
        font-size: 13px;
      }
      form {
        display: grid;
        gap: 8px;
      }
      label {
        display: grid;
        gap: 2px;
        font-size: 12px;
      }
      select,
      input:not([type="checkbox"]) {
        width: 100%;
        min-width: 0;
      }
      p {
        overflow-wrap: anywhere;
      }
      fieldset {
        border: 1px solid var(--line);
        border-radius: 6px;
        padding: 6px 8px;
        font-size: 12px;
      }
      fieldset label {
        display: flex;
        gap: 6px;
        align-items: flex-start;
      }
      .actions {
        display: flex;
        gap: 8px;
      }
      .figures {
        display: flex;
        flex-wrap: wrap;
        gap: 6px 16px;
        margin-bottom: 8px;
        font-size: 12px;
      }
      td.n,
      th.n {
        text-align: right;
        font-variant-numeric: tabular-nums;
      }
      table {
        font-size: 12px;
        margin-top: 10px;
      }
      ccemu-chart {
        height: 220px;
      }
    `,
  ];

  @property({ attribute: false })
  accessor robots: Robot[] = [];
  @property({ attribute: false })
  accessor scenarios: ScenarioSummary[] = [];
  @property({ attribute: false })
  accessor report: (LoadReport & { id: number }) | null = null;

  #start(event: Event) {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    const number = (name: string) => Number(form.get(name));
    const budget = String(form.get("budget") ?? "").trim();
    const detail: LoadForm = {
      robotId: String(form.get("robot")),
      visitors: number("visitors"),
      durationMs: Math.round(number("duration") * 1000),
      rampMs: Math.round(number("ramp") * 1000),
      ...(budget ? { budgetP95Ms: Number(budget) } : {}),
      names: form.getAll("scenario").map(String),
    };
    emit(this, "start-load", detail);
  }

  override render() {
    const running = this.report?.state === "running";
    return html`
      <section aria-labelledby="load-form-title">
        <h3 id="load-form-title">Load a robot</h3>
        <form @submit=${this.#start}>
          <label>Robot
            <select name="robot" aria-label="Robot to load">
              ${this.robots.map((r) =>
                html`<option value=${r.robotId}>${r.name} (${r.robotId})</option>`
              )}
            </select>
          </label>
          <label>Visitors (1–500)
            <input name="visitors" type="number" min="1" max="500" value="10" required />
          </label>
          <label>Duration, seconds (0.1–600)
            <input name="duration" type="number" min="0.1" max="600" step="0.1" value="10" required />
          </label>
          <label>Ramp, seconds (visitors start evenly over it)
            <input name="ramp" type="number" min="0" max="600" step="0.1" value="0" />
          </label>
          <label>p95 budget, ms (a step over it fails)
            <input name="budget" type="number" min="1" max="300000" placeholder="none" />
          </label>
          <fieldset>
            <legend>Scenarios (none picked: one "你好" a loop)</legend>
            ${this.scenarios.map((s) =>
              html`<label><input type="checkbox" name="scenario" value=${s.name} />${s.name}</label>`
            )}
          </fieldset>
          <div class="actions">
            <button class="primary" type="submit" ?disabled=${running ||
              !this.robots.length}>Start load</button>
            <button type="button" ?disabled=${!running} @click=${() =>
              emit(this, "stop-load")}>Stop</button>
          </div>
          <p class="muted">Every push is the gateway's own, to the robot's agent only, and lands in the
            Inspector; the load's visitors close their sessions as they go.</p>
        </form>
      </section>
      <section aria-labelledby="load-report-title">
        <h3 id="load-report-title">${this.report
          ? `Load ${this.report.id}: ${this.report.state}`
          : "No load yet"}</h3>
        ${this.report
          ? this.#report(this.report)
          : html`<p class="muted">Pick a robot and start a load.</p>`}
      </section>
    `;
  }

  #report(report: LoadReport) {
    const { overall } = report;
    return html`
      <div class="figures" id="load-figures">
        <span>${report.target.url}</span>
        <span><strong>${report.pushes}</strong> replies in ${(report.elapsedMs / 1000).toFixed(1)} s
          (${report.pushesPerSecond} a second)</span>
        <span>visitors ${report.visitors.active} active of ${report.visitors.started} started</span>
        <span>p50 ${ms(overall.reply.p50)} ms · p95 ${ms(overall.reply.p95)} ms · p99 ${ms(
          overall.reply.p99,
        )} ms</span>
        <span class=${overall.timeouts ? "bad" : ""}>time-outs ${overall.timeouts}</span>
        ${Object.keys(overall.errors).length
          ? html`<span class="bad">errors: ${kinds(overall.errors)}</span>`
          : nothing}
        ${report.ccemu
          ? html`<span class="muted">ccemu's CPU: ${
            Math.round(report.ccemu.cpuShare * 100)
          }% of a core</span>`
          : nothing}
        ${report.state === "running"
          ? nothing
          : html`<strong class=${report.passed ? "ok" : "bad"}>${
            report.passed ? "PASS" : "FAIL"
          }</strong>`}
      </div>
      <ccemu-chart id="latency-chart"
        label="Reply latency over the load: p50 and p95 a second, and replies a second"
        .config=${latencyChart(report.timeline)}></ccemu-chart>
      <table id="load-steps">
        <caption
          class="muted">Milliseconds per step: the whole reply, and the first streamed chunk</caption>
        <thead>
          <tr>
            <th>Step</th>
            <th class="n">Replies</th>
            <th class="n">p50</th>
            <th class="n">p95</th>
            <th class="n">p99</th>
            <th class="n">1st chunk p95</th>
            <th class="n">Time-outs</th>
            <th>Errors</th>
            <th>Verdict</th>
          </tr>
        </thead>
        <tbody>${report.steps.map((s) => this.#row(s))}</tbody>
      </table>
      ${Object.keys(overall.findings).length
        ? html`
          <h3>Findings</h3>
          <ul>${Object.entries(overall.findings).map(([kind, n]) =>
            html`<li>${n} × ${kind}</li>`
          )}</ul>
        `
        : nothing}
    `;
  }

  #row(step: StepVerdict) {
    return html`
      <tr>
        <td>${step.scenario} › ${step.step}</td>
        <td class="n">${step.pushes}</td>
        <td class="n">${ms(step.reply.p50)}</td>
        <td class="n">${ms(step.reply.p95)}</td>
        <td class="n">${ms(step.reply.p99)}</td>
        <td class="n">${ms(step.firstChunk.p95)}</td>
        <td class="n">${step.timeouts}</td>
        <td>${kinds(step.errors) || "–"}</td>
        <td class=${step.passed ? "ok" : "bad"} title=${step.failures.join("\n")}>${step.passed
          ? "pass"
          : step.failures[0]}</td>
      </tr>
    `;
  }
}
