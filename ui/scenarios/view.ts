/**
 * Scenarios: the shipped scenarios and those loaded from disk, each with its last verdict; run
 * one or all against their own robot or a chosen one; a session saved or replayed as a scenario;
 * the run history with pass/fail badges; and the shown run's report, each step's expectations
 * against what came back, side by side.
 */
import { css, html, LitElement, nothing } from "lit";
import { customElement, property } from "lit/decorators.js";
import type {
  Check,
  Robot,
  RunSummary,
  ScenarioReport,
  ScenarioSummary,
  SessionSummary,
  StepReport,
} from "../common/control-client.ts";
import type { ListedScenario } from "./controller.ts";
import { shared } from "../common/styles.ts";
import { emit } from "../common/events.ts";
import { emitPickedJson } from "../common/picked-file.ts";

const show = (value: unknown) => value === undefined ? "–" : JSON.stringify(value);

@customElement("ccemu-scenarios")
export class ScenariosView extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: grid;
        grid-template-columns: 310px 250px minmax(0, 1fr);
        gap: 12px;
        height: 100%;
        min-height: 0;
      }
      section {
        padding: 10px;
        overflow: auto;
      }
      h3 {
        margin: 0 0 6px;
        font-size: 13px;
      }
      .scenario {
        border-bottom: 1px solid var(--line);
        padding: 8px 0;
      }
      .runs button {
        display: flex;
        width: 100%;
        gap: 6px;
        justify-content: space-between;
        margin-bottom: 4px;
        text-align: left;
      }
      .runs button[aria-current="true"] {
        background: #e3ebff;
      }
      /* A run's name on two lines at most (the whole name on hover), its robot under it. */
      .runs .run-name {
        display: -webkit-box;
        -webkit-line-clamp: 2;
        -webkit-box-orient: vertical;
        overflow: hidden;
        min-width: 0;
      }
      .runs .against,
      #against {
        font-size: 12px;
        color: #8a4b00;
      }
      #against {
        background: #fff4e0;
        border-radius: 6px;
        padding: 4px 8px;
        margin: 0 0 6px;
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
      table.checks {
        table-layout: fixed;
      }
      table.checks td {
        font: 12px/1.4 ui-monospace, Menlo, monospace;
        overflow-wrap: anywhere;
      }
      table.checks tr.failed td {
        background: #fde8e7;
      }
      details pre {
        max-height: 200px;
        overflow: auto;
      }
      .stack {
        display: flex;
        flex-direction: column;
        gap: 6px;
        align-items: stretch;
        margin-top: 12px;
      }
      select {
        max-width: 100%;
      }
      #from-session {
        scroll-margin: 10px;
      }
      #from-session:focus-within {
        background: #f3f6fd;
        box-shadow: 0 0 0 6px #f3f6fd;
        border-radius: 2px;
      }
    `,
  ];

  @property({ attribute: false })
  accessor scenarios: ScenarioSummary[] = [];
  @property({ attribute: false })
  accessor loaded: ListedScenario[] = [];
  /** Files loaded before a reload that this tab could not keep. */
  @property({ attribute: false })
  accessor forgotten: string[] = [];
  @property({ attribute: false })
  accessor robots: Robot[] = [];
  @property()
  accessor robotId = "";
  @property({ attribute: false })
  accessor sessions: SessionSummary[] = [];
  @property()
  accessor sessionId = "";
  @property({ attribute: false })
  accessor runs: RunSummary[] = [];
  @property({ attribute: false })
  accessor shown: { run: number; report: ScenarioReport } | null = null;
  @property({ type: Boolean })
  accessor running = false;

  /**
   * Brings the "From a session" block into view and focuses its first control: what "Replay as
   * scenario…" in a conversation lands on (the block is below the scenarios, out of sight at
   * 1280x800). Answers whether there was a block to show.
   */
  async revealSession(): Promise<boolean> {
    await this.updateComplete;
    const block = this.renderRoot.querySelector<HTMLElement>("#from-session");
    if (!block) return false;
    block.scrollIntoView({ block: "nearest" });
    block.querySelector<HTMLElement>("select, button, a")?.focus({ preventScroll: true });
    return true;
  }

  #load(event: Event) {
    return emitPickedJson(this, event, "load-scenario");
  }

  #scenario(s: ListedScenario, loaded: boolean) {
    const last = this.runs.findLast((r) => r.name === s.name);
    return html`
      <div class="scenario" data-scenario=${s.name}>
        <div><strong>${s.name}</strong> <span class="muted">${s.steps} steps${loaded
          ? " · from a file"
          : ""}</span>
              ${last
                ? html`<span class="badge last ${last.passed ? "ok" : "bad"}">${
                  last.passed ? "PASS" : "FAIL"
                }</span>`
                : nothing}</div>
        <div class="muted">${s.description}</div>
        <button class="run" data-name=${s.name} ?disabled=${this.running}
          aria-label=${`Run scenario ${s.name}`} @click=${() =>
            emit(this, "run-scenario", s.name)}>Run</button>
      </div>
    `;
  }

  #fromSession() {
    const id = this.sessionId || this.sessions.at(-1)?.sessionId || "";
    if (!this.sessions.length) {
      return html`<p class="muted">No session yet: chat in Conversations, then save or replay it here.</p>`;
    }
    const base = `/_emulator/gateway/sessions/${id}`;
    return html`
      <div class="stack" id="from-session" role="group" aria-labelledby="from-session-title">
        <h3 id="from-session-title">From a session</h3>
        <select id="session-pick" aria-label="Session to save or replay" @change=${(e: Event) =>
          emit(this, "pick-session", (e.target as HTMLSelectElement).value)}>
              ${[...this.sessions].reverse().map((s) =>
                html`<option value=${s.sessionId} ?selected=${
                  s.sessionId === id
                }>${s.sessionId} · ${s.visitor.name ?? s.visitorId} · ${
                  s.robotName ?? s.robotId
                }</option>`
              )}
            </select>
        <a id="save-scenario" href=${`${base}/scenario?name=${
          encodeURIComponent(`recorded ${id}`)
        }`}
          download=${`${id}.scenario.json`}>Save ${id} as a scenario file</a>
        <button id="replay-session" ?disabled=${this.running}
          @click=${() => emit(this, "replay-session", id)}>Replay ${id} against ${this.robotId
            ? "the chosen robot"
            : "its robot"}</button>
      </div>
    `;
  }

  #checks(checks: Check[]) {
    if (!checks.length) return nothing;
    return html`<table class="checks" aria-label="Expected against got">
      <colgroup><col style="width:24px"><col style="width:130px"><col><col></colgroup>
      <tr><th></th><th>expectation</th><th>expected</th><th>got</th></tr>
      ${
      checks.map((c) =>
        html`
          <tr class=${c.passed ? "" : "failed"} data-key=${c.key}>
            <td class=${c.passed ? "ok" : "bad"}>${c.passed ? "✓" : "✗"}</td>
            <td>${c.key}</td>
            <td>${show(c.expected)}</td>
            <td>${show(c.observed)}</td>
          </tr>
        `
      )
    }
    </table>`;
  }

  /**
   * A scenario with several phrasings in a step: "ask: 3 of 4 phrasings passed" per step, and the
   * phrasings whose case failed (the steps below are the case of every first phrasing).
   */
  #phrasings(report: ScenarioReport) {
    if (!report.phrasings?.length) return nothing;
    return html`<ul id="phrasings">${
      report.phrasings.map((p) =>
        html`<li class=${
          p.passed === p.total ? "ok" : "bad"
        }>${p.step}: ${p.passed} of ${p.total} phrasings passed${
          p.failed.length
            ? html`
              <span class="muted">(failed: ${p.failed.map((t) => `"${t}"`).join(", ")})</span>
            `
            : nothing
        }</li>`
      )
    }</ul>`;
  }

  #step(step: StepReport) {
    return html`<div class="step ${step.passed ? "" : "failed"}" data-passed=${step.passed}>
      <strong class=${step.passed ? "ok" : "bad"}>${
      step.passed ? "PASS" : "FAIL"
    }</strong> ${step.name}
      <span class="muted">${step.sent ? show(step.sent).slice(0, 80) : ""} ${
      step.got ? `· ${Math.round(step.got.elapsedMs)} ms` : ""
    }</span>
      ${step.failures.map((f) => html`<div class="bad">${f}</div>`)}
      ${this.#checks(step.checks)}
      <details><summary>the whole reply</summary>
        <pre>${JSON.stringify(step.got, null, 2)}</pre>
      </details>
    </div>`;
  }

  /** The robot a scenario names as its own (null: an agent by URL, or a scenario not listed). */
  #own(name: string): string | null {
    const listed = [...this.scenarios, ...this.loaded].find((s) => s.name === name);
    return listed?.robotId ?? null;
  }

  /** Whether a run went to another robot than its scenario's own (a "Run against" choice). */
  #other(run: { name: string; robotId: string }): boolean {
    const own = this.#own(run.name);
    return own !== null && own !== run.robotId;
  }

  #robotName(robotId: string): string {
    return this.robots.find((r) => r.robotId === robotId)?.name ?? robotId;
  }

  override render() {
    const shown = this.shown;
    return html`
      <section class="list panel" aria-label="Scenarios">
        <div class="row">
          <label>Run against <select aria-label="Run against" @change=${(e: Event) =>
            emit(this, "pick-robot", (e.target as HTMLSelectElement).value)}>
            <option value="">each scenario's own robot</option>
            ${this.robots.map((r) =>
              html`<option value=${r.robotId} ?selected=${
                r.robotId === this.robotId
              }>${r.name}</option>`
            )}
          </select></label>
        </div>
        <div class="row" style="margin-top:8px">
          <button class="primary" id="run-all" ?disabled=${this.running} @click=${() =>
            emit(this, "run-all")}>Run all (${this.scenarios.length + this.loaded.length})</button>
          <label class="button">Load a scenario file<input class="visually-hidden" type="file"
            accept=".json,application/json" aria-label="Load a scenario file" @change=${this
              .#load}></label>
        </div>
        ${this.scenarios.map((s) => this.#scenario(s, false))}
        ${this.loaded.map((s) => this.#scenario(s, true))}
        ${this.loaded.length
          ? html`<p class="muted" id="loaded-note">Files loaded here live in this browser tab:
            a reload keeps them, ccemu does not.</p>`
          : nothing}
        ${this.forgotten.length
          ? html`<p class="bad" id="forgotten-note" role="status">Loaded before the reload and
            too large to keep in this tab: ${this.forgotten.join(", ")}. Load
            ${this.forgotten.length > 1 ? "them" : "it"} again.</p>`
          : nothing}
        ${this.#fromSession()}
      </section>
      <section class="runs panel" aria-label="Run history">
        <h3>Runs (${this.runs.length})</h3>
        ${this.runs.length ? nothing : html`<p class="muted">None yet.</p>`}
        ${[...this.runs].reverse().map((r) =>
          html`
            <button class="run-item" data-run=${r.run} aria-current=${shown?.run === r.run}
              @click=${() => emit(this, "show-run", r.run)}
              aria-label=${`Run ${r.run}: ${r.name}, ${r.passed ? "passed" : "failed"}`}>
              <span class="run-name" title=${r.name}>#${r.run} ${r.name}${this.#other(r)
                ? html`<br><span class="against">against ${this.#robotName(r.robotId)}</span>`
                : nothing}</span>
              <span class="badge ${r.passed ? "ok" : "bad"}">${r.passed
                ? "PASS"
                : `FAIL ${r.failed}`}</span>
            </button>
          `
        )}
      </section>
      <section class="report panel" aria-label="Report" aria-busy=${this.running}>
        ${this.running ? html`<p>Running…</p>` : nothing}
        ${shown
          ? html`
            <h3 id="verdict"
              class=${shown.report.passed ? "ok" : "bad"}>${shown.report.passed
                ? "PASSED"
                : "FAILED"}${this.#other(shown.report)
                ? ` against ${this.#robotName(shown.report.robotId)}`
                : ""}: ${shown.report.name} <span class="muted">run #${shown
                .run} · robot ${shown
                .report.robotId} · session ${shown.report.sessionId} · ${Math.round(
                  shown.report.elapsedMs,
                )} ms</span></h3>
            ${this.#other(shown.report)
              ? html`
                <p
                  id="against">Run against ${this.#robotName(shown.report.robotId)} (${shown
                    .report.robotId}), not this scenario's own robot ${this.#robotName(
                      this.#own(shown.report.name)!,
                    )}: the verdict is about that agent, not the shipped scenario.</p>
              `
              : nothing}
            ${this.#phrasings(shown.report)}
            ${shown.report.open ? this.#step(shown.report.open) : nothing}
            ${shown.report.steps.map((s) => this.#step(s))}
          `
          : html`<p class="muted">Run a scenario, or pick a run, to see its report.</p>`}
      </section>
    `;
  }
}
