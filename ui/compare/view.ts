/**
 * Compare: the same scenarios against two robots (the control API's `POST /_emulator/compare`),
 * a matrix of scenario × robot with verdicts, latencies and regressions (a step A passes and B
 * fails), and one scenario's two conversations side by side, step by step, their texts'
 * differences marked (removed from A struck through, added in B underlined).
 */
import { css, html, LitElement, nothing } from "lit";
import { customElement, property } from "lit/decorators.js";
import type {
  Comparison,
  DiffRun,
  Robot,
  ScenarioRow,
  ScenarioSummary,
  StepReport,
} from "../common/control-client.ts";
import type { CompareForm } from "./controller.ts";
import { shared } from "../common/styles.ts";
import { emit } from "../common/events.ts";
import "../conversations/message.ts";

const verdict = (side: { passed: boolean; elapsedMs: number | null } | null) =>
  side
    ? html`
      <span class=${side.passed ? "ok" : "bad"}>${side.passed ? "pass" : "fail"}</span>
      <span class="muted">${side.elapsedMs ?? "–"} ms</span>
    `
    : html`<span class="muted">no step</span>`;

/** What the visitor sent in a step, in a line. */
function sentLine(sent: unknown): string {
  if (!sent || typeof sent !== "object") return "";
  const s = sent as Record<string, unknown>;
  if (typeof s.text === "string") return s.text;
  if (typeof s.option === "string") return `▸ ${s.option}`;
  const image = s.image as { fileName?: string } | undefined;
  return image ? `[image ${image.fileName}]` : JSON.stringify(sent);
}

@customElement("ccemu-compare")
export class CompareView extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: grid;
        grid-template-columns: 280px minmax(0, 1fr);
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
        margin: 8px 0;
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
      table {
        font-size: 12px;
      }
      tr[aria-selected="true"] td {
        background: #e3ebff;
      }
      .chats {
        display: grid;
        grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
        gap: 4px 12px;
        font-size: 12px;
      }
      .step {
        grid-column: 1 / -1;
        display: flex;
        gap: 8px;
        align-items: baseline;
        border-top: 1px solid var(--line);
        padding-top: 6px;
        margin-top: 4px;
      }
      .visitor {
        justify-self: end;
        background: #dfe9ff;
        border-radius: 8px;
        padding: 3px 8px;
        margin: 2px 0;
      }
      .side {
        display: grid;
        gap: 4px;
        align-content: start;
      }
      .diff {
        grid-column: 1 / -1;
        white-space: pre-wrap;
        font-size: 12px;
      }
      del {
        background: #fde2df;
        color: var(--bad);
      }
      ins {
        background: #dcf3e4;
        color: var(--ok);
        text-decoration: underline;
      }
      .regression {
        color: var(--bad);
        font-weight: 600;
      }
    `,
  ];

  @property({ attribute: false })
  accessor robots: Robot[] = [];
  @property({ attribute: false })
  accessor scenarios: ScenarioSummary[] = [];
  @property({ attribute: false })
  accessor result: Comparison | null = null;
  @property({ type: Number })
  accessor shown = 0;
  @property({ type: Boolean })
  accessor running = false;

  #run(event: Event) {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    const detail: CompareForm = {
      robotIdA: String(form.get("a")),
      robotIdB: String(form.get("b")),
      names: form.getAll("scenario").map(String),
    };
    emit(this, "run-compare", detail);
  }

  override render() {
    const robots = (name: string, label: string, pick: number) =>
      html`<label>${label}
        <select name=${name} aria-label=${label}>
          ${
        this.robots.map((r, i) =>
          html`<option value=${r.robotId} ?selected=${i === Math.min(pick, this.robots.length - 1)}>
              ${r.name} (${r.robotId})</option>`
        )
      }
        </select></label>`;
    return html`
      <section aria-labelledby="compare-form-title">
        <h3 id="compare-form-title">Two robots side by side</h3>
        <form @submit=${this.#run}>
          ${robots("a", "Robot A (the reference)", 0)}
          ${robots("b", "Robot B (the candidate)", 1)}
          <fieldset>
            <legend>Scenarios (none picked: all)</legend>
            ${this.scenarios.map((s) =>
              html`<label><input type="checkbox" name="scenario" value=${s.name} />${s.name}</label>`
            )}
          </fieldset>
          <button class="primary" type="submit" ?disabled=${this.running || !this.robots.length}>
            ${this.running ? "Running…" : "Run both"}</button>
          <p class="muted">A regression is a step A passes and B fails.</p>
        </form>
      </section>
      <section aria-labelledby="compare-result-title">
        ${this.result ? this.#result(this.result) : html`
          <h3 id="compare-result-title">No comparison yet</h3>
          <p class="muted">Pick two robots and run.</p>
        `}
      </section>
    `;
  }

  #result(result: Comparison) {
    const row = result.scenarios[this.shown];
    return html`
      <h3 id="compare-result-title">A: ${result.agents.a} · B: ${result.agents.b} —
        <span class=${result.regressions ? "regression" : "ok"}>${result
          .regressions} regression${result.regressions === 1 ? "" : "s"}</span></h3>
      <table id="compare-matrix">
        <thead>
          <tr>
            <th>Scenario</th>
            <th>A</th>
            <th>B</th>
            <th></th>
          </tr>
        </thead>
        <tbody>${result.scenarios.map((s, i) =>
          html`
            <tr aria-selected=${i === this.shown ? "true" : "false"}>
              <td><button type="button" @click=${() => emit(this, "show-scenario", i)}>${s
                .scenario}</button></td>
              <td>${verdict(s.a)}</td>
              <td>${verdict(s.b)}</td>
              <td>${s.regression ? html`<span class="regression">regression</span>` : nothing}</td>
            </tr>
          `
        )}</tbody>
      </table>
      ${row ? this.#chats(row) : nothing}
    `;
  }

  #chats(row: ScenarioRow) {
    const stepsOf = (r: ScenarioRow["reports"]["a"]) => [...(r.open ? [r.open] : []), ...r.steps];
    const a = stepsOf(row.reports.a), b = stepsOf(row.reports.b);
    return html`
      <h3>${row.scenario}: the two conversations</h3>
      <div class="chats" id="compare-chats">
        <strong>A</strong><strong>B</strong>
        ${row.steps.map((step, i) =>
          html`
            <div class="step">
              <strong>${step.step}</strong>
              ${step.regression
                ? html`<span class="regression">regression</span>`
                : step.diff
                ? html`<span class="warn">text differs</span>`
                : nothing}
            </div>
            ${this.#side(a[i], step.a)} ${this.#side(b[i], step.b)}
            ${step.diff
              ? html`<div class="diff" aria-label="Difference A to B">${
                this.#diff(step.diff)
              }</div>`
              : nothing}
          `
        )}
      </div>
    `;
  }

  #side(report: StepReport | undefined, side: ScenarioRow["steps"][number]["a"]) {
    if (!report) return html`<div class="side muted">no step</div>`;
    const sent = sentLine(report.sent);
    return html`<div class="side">
      ${sent ? html`<div class="visitor">${sent}</div>` : nothing}
      ${
      (report.got?.messages ?? []).map((m) => html`<ccemu-message .message=${m}></ccemu-message>`)
    }
      ${
      report.got?.error
        ? html`<span class="bad">${report.got.error.code}: ${report.got.error.message}</span>`
        : nothing
    }
      <span>${verdict(side)}</span>
      ${report.failures.map((f) => html`<span class="bad">${f}</span>`)}
    </div>`;
  }

  #diff(runs: DiffRun[]) {
    return runs.map((r) =>
      r.kind === "same"
        ? r.text
        : r.kind === "removed"
        ? html`<del>${r.text}</del>`
        : html`<ins>${r.text}</ins>`
    );
  }
}
