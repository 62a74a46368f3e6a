/**
 * Outbound: tasks with status, counts and progress; a task's calls; a call's dialogue and results;
 * the virtual clock (advance 1 min, 1 h, until idle) and the tenant's account conditions.
 */
import { css, html, LitElement, nothing } from "lit";
import { customElement, property } from "lit/decorators.js";
import { shared } from "./styles.ts";
import { emit } from "./events.ts";

export interface TaskRow {
  callJobId: number;
  jobName: string;
  callJobStatus: number;
  callJobStatusDesc: string;
  totalCount: number;
  doneCount: number;
  calledCount: number;
  rejectedCount: number;
  enterpriseId: string;
}

export interface CallRow {
  callInstanceId: number;
  customerTelephone: string;
  customerName: string;
  callInstanceStatus: number;
  finishStatus: number | null;
  finishStatusDesc: string;
  duration: number;
  rule: string | null;
}

export interface Account {
  enterpriseId: string;
  aiSeats: number;
  smsBalance: number;
  aiExpiresAt: number | null;
}

export interface CallDetail {
  phoneLogs: { speaker: string; content: string }[];
  callInstance: Record<string, unknown>;
  taskResult: { resultName: string; resultValue: string }[];
}

@customElement("ccemu-outbound")
export class OutboundView extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: grid;
        grid-template-rows: auto 1fr;
        gap: 12px;
        height: 100%;
        min-height: 0;
      }
      .bar {
        padding: 8px 10px;
      }
      .grid {
        display: grid;
        grid-template-columns: 1.1fr 1fr 1fr;
        gap: 12px;
        min-height: 0;
      }
      .grid > section {
        overflow: auto;
        padding: 8px;
      }
      progress {
        width: 100px;
      }
      tr.pick {
        cursor: pointer;
      }
      tr.pick:hover {
        background: #f3f6fd;
      }
      .log {
        padding: 4px 0;
      }
      .AI {
        color: var(--accent);
      }
    `,
  ];

  @property({ attribute: false })
  accessor tasks: TaskRow[] = [];
  @property({ attribute: false })
  accessor calls: CallRow[] = [];
  @property({ attribute: false })
  accessor call: CallDetail | null = null;
  @property({ attribute: false })
  accessor account: { aiSeats: number; smsBalance: number; aiExpiresAt: number | null } | null =
    null;
  @property({ type: Number })
  accessor callJobId = 0;
  @property()
  accessor clock = "";

  #account(event: Event) {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    emit(this, "account", {
      aiSeats: Number(form.get("aiSeats")),
      smsBalance: Number(form.get("smsBalance")),
    });
  }

  override render() {
    return html`
      <div class="bar panel row">
        <strong>Virtual clock</strong> <span id="clock">${this.clock}</span>
        <button id="advance-minute" @click=${() =>
          emit(this, "advance", { ms: 60_000 })}>+1 min</button>
        <button id="advance-hour" @click=${() =>
          emit(this, "advance", { ms: 3_600_000 })}>+1 h</button>
        <button id="advance-idle" @click=${() => emit(this, "advance-idle")}>Until idle</button>
        ${this.account
          ? html`
            <form class="row" @submit=${this.#account} style="margin-left:auto">
              <label>AI seats <input name="aiSeats" type="number" min="0" .value=${String(
                this.account.aiSeats,
              )} style="width:70px"></label>
              <label>SMS <input name="smsBalance" type="number" min="0" .value=${String(
                this.account.smsBalance,
              )} style="width:80px"></label>
              <button>Apply</button>
            </form>
          `
          : nothing}
      </div>
      <div class="grid">
        <section class="panel" aria-label="Tasks">
          <table><tr><th>task</th><th>status</th><th>progress</th><th>answered</th></tr>
            ${this.tasks.map((t) =>
              html`
                <tr class="pick task" data-id=${t.callJobId} data-status=${t
                  .callJobStatus} aria-selected=${t.callJobId === this.callJobId}
                  tabindex="0"
                  @click=${() => emit(this, "pick-task", t.callJobId)} @keydown=${(
                    e: KeyboardEvent,
                  ) => e.key === "Enter" && emit(this, "pick-task", t.callJobId)}>
                  <td>${t.callJobId} ${t.jobName}</td>
                  <td>${t.callJobStatusDesc} (${t.callJobStatus})</td>
                  <td><progress max=${t.totalCount || 1} value=${t.doneCount}></progress> ${t
                    .doneCount}/${t.totalCount}</td>
                  <td>${t.calledCount}</td>
                </tr>
              `
            )}
          </table>
          ${this.tasks.length
            ? nothing
            : html`<p class="muted">No task yet: create one with task_create (see the README).</p>`}
        </section>
        <section class="panel" aria-label="Calls">
          <table><tr><th>number</th><th>status</th><th>result</th><th>s</th></tr>
            ${this.calls.map((c) =>
              html`
                <tr class="pick" tabindex="0" @click=${() =>
                  emit(this, "pick-call", c.callInstanceId)} @keydown=${(e: KeyboardEvent) =>
                  e.key === "Enter" && emit(this, "pick-call", c.callInstanceId)}>
                  <td>${c.customerTelephone} ${c.customerName}</td>
                  <td>${[
                    "not started",
                    "in progress",
                    "completed",
                    "redial",
                  ][c.callInstanceStatus]}</td>
                  <td>${c.finishStatusDesc}</td>
                  <td>${c.duration}</td>
                </tr>
              `
            )}
          </table>
        </section>
        <section class="panel" aria-label="Call detail">
          ${this.call
            ? html`
              ${this.call.taskResult.map((r) =>
                html`<div><strong>${r.resultName}</strong> ${r.resultValue}</div>`
              )}
              <h4>Dialogue</h4>
              ${this.call.phoneLogs.length
                ? this.call.phoneLogs.map((l) =>
                  html`<div class="log"><strong class=${l.speaker}>${l.speaker}</strong> ${l.content}</div>`
                )
                : html`<p class="muted">No dialogue (not answered).</p>`}
              ${this.call.callInstance.luyinOssUrl
                ? html`<audio controls src=${String(this.call.callInstance.luyinOssUrl)}></audio>`
                : nothing}
            `
            : html`<p class="muted">Pick a call.</p>`}
        </section>
      </div>
    `;
  }
}
