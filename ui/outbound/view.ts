/**
 * Outbound: the integrator's console for AI calling. Tasks with their status in the vendor's word
 * and its translation, why a waiting task waits, and a stacked bar of outcomes; a new task and
 * customers from CSV through the signed operations; start, pause, resume, terminate; the chosen
 * task's calls over virtual time and its call-result callbacks; a call's header, dialogue, results
 * and recording. The tenant's local time beside the clock controls.
 */
import { css, html, LitElement, nothing } from "lit";
import { customElement, property, state } from "lit/decorators.js";
import { shared } from "../common/styles.ts";
import { timeOf } from "../common/local-time.ts";
import { emit } from "../common/events.ts";
import {
  outcomeChart,
  outcomeChartHeight,
  type OutcomeSeries,
  outcomeSeries,
  timelineChart,
} from "./charts.ts";
import type {
  Account,
  CallbackCheck,
  CallbackUrl,
  CallDetail,
  CallRow,
  ConsoleResources,
  DeliveryRow,
  ImportAnswer,
  TaskRow,
} from "../common/control-client.ts";
import "../common/chart-view.ts";
import "./callbacks-panel.ts";
import "./customer-import.ts";
import "./task-form.ts";

/** The one naming rule: the vendor's word, its translation, the code. */
export const words = (vendor: string, english: string, code: number | null) =>
  `${vendor ? `${vendor} · ` : ""}${english}${code === null ? "" : ` (${code})`}`;

/** task_execute commands each status takes (spec part 3); start from user-paused is a resume. */
const ACTIONS: { command: number; label: string; from: number[] }[] = [
  { command: 1, label: "Start", from: [0] },
  { command: 1, label: "Resume", from: [4] },
  { command: 2, label: "Pause", from: [3, 1, 5, 7, 8, 9, 10] },
  { command: 3, label: "Terminate", from: [0, 3, 1, 4, 5, 7] },
];

/** Who speaks a dialogue line, in words: the vendor's codes are ME (the customer) and AI. */
export function speakerName(code: string): string {
  return ({ ME: "customer", AI: "robot" } as Record<string, string>)[code] ?? code;
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
        grid-template-columns: minmax(300px, 1fr) minmax(360px, 1.3fr) minmax(300px, 1fr);
        gap: 12px;
        min-height: 0;
      }
      .grid > section {
        overflow: auto;
        padding: 8px;
        display: flex;
        flex-direction: column;
        gap: 10px;
      }
      /* A panel scrolls rather than squeeze what it holds: a chart shrunk to fit had no room for
        its bars and dropped their labels. */
      .grid > section > * {
        flex-shrink: 0;
      }
      h3,
      h4 {
        margin: 4px 0;
      }
      tr.pick {
        cursor: pointer;
      }
      tr.pick:hover,
      tr[aria-selected="true"] {
        background: #eef3fd;
      }
      .waiting {
        background: #fff6e0;
        border-radius: 6px;
        padding: 4px 8px;
      }
      .log {
        padding: 3px 0;
      }
      .AI {
        color: var(--accent);
      }
      dl {
        display: grid;
        grid-template-columns: max-content 1fr;
        gap: 2px 10px;
        margin: 0;
      }
      dt {
        color: var(--muted);
      }
      dd {
        margin: 0;
      }
      audio {
        width: 100%;
      }
      .local {
        font-variant-numeric: tabular-nums;
      }
      /* The outcome numbers under the chart: a column per finish status that occurred, in a panel
        a third of the screen wide. The status names run sideways (the vendor's word over its
        translation), so a column is as wide as its numbers; a table wider still (many statuses)
        scrolls inside its own box, never the panel. */
      .outcome-scroll {
        overflow-x: auto;
      }
      #outcome-table {
        font-size: 12px;
        width: auto;
        min-width: 100%;
      }
      #outcome-table th,
      #outcome-table td {
        padding: 3px 4px;
      }
      #outcome-table tr:first-child th {
        vertical-align: bottom;
      }
      #outcome-table th.status span {
        writing-mode: sideways-lr;
        display: inline-block;
        max-inline-size: 9em;
        line-height: 1.25;
        text-align: start;
      }
      #outcome-table th[scope="row"] {
        font-weight: normal;
        color: inherit;
        font-size: inherit;
      }
      #outcome-table th.status,
      #outcome-table td {
        text-align: center;
        font-variant-numeric: tabular-nums;
      }
      #outcome-table td.total {
        text-align: right;
      }
      .confirm {
        display: inline-flex;
        flex-wrap: wrap;
        gap: 4px;
        align-items: center;
        font-size: 12px;
      }
      .quiet {
        border: 0;
        background: transparent;
        color: var(--muted);
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
  accessor account: Account | null = null;
  @property({ attribute: false })
  accessor resources: ConsoleResources = { scripts: [], lines: [] };
  @property({ attribute: false })
  accessor importAnswer: ImportAnswer | null = null;
  @property({ attribute: false })
  accessor callbackUrls: CallbackUrl[] = [];
  @property({ attribute: false })
  accessor deliveries: DeliveryRow[] = [];
  @property({ attribute: false })
  accessor callbackCheck: CallbackCheck | null = null;
  @property({ type: Number })
  accessor callJobId = 0;
  @property({ type: Number })
  accessor callInstanceId = 0;
  @property({ type: Boolean })
  accessor creating = false;
  /** Why the last "Until idle" stopped where it did. */
  @property()
  accessor idleNote = "";
  /** The virtual clock's instant (epoch ms) and the tenant's zone. */
  @property({ type: Number })
  accessor now = 0;
  @property()
  accessor timeZone = "Asia/Shanghai";

  /** The task whose Delete was pressed once (-1: "Clear all tasks"): it asks in place first. */
  @state()
  accessor confirming = 0;

  /** Esc backs out of a pending delete, closes the new-task form, else the call detail. */
  escape(): boolean {
    if (this.confirming) this.confirming = 0;
    else if (this.creating) emit(this, "new-task", false);
    else if (this.callInstanceId) emit(this, "pick-call", 0);
    else return false;
    return true;
  }

  #local(instant: number | null | undefined, zone = this.timeZone) {
    if (instant === null || instant === undefined) return "—";
    return timeOf(instant, zone);
  }

  /** Why the account form was not sent (an empty field), shown beside it. */
  @state()
  accessor accountProblem = "";

  /**
   * An empty field is refused, not read as 0 (`Number("")`): 0 seats stops every task, and must be
   * typed to be meant.
   */
  #account(event: Event) {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    const empty = [["aiSeats", "AI seats"], ["smsBalance", "SMS"]]
      .filter(([name]) => String(form.get(name) ?? "").trim() === "")
      .map(([, label]) => label);
    this.accountProblem = empty.length
      ? `${empty.join(" and ")} ${
        empty.length > 1 ? "are" : "is"
      } empty: type a number (0 stops every task for lack of seats); nothing was changed.`
      : "";
    if (empty.length) return;
    emit(this, "account", {
      aiSeats: Number(form.get("aiSeats")),
      smsBalance: Number(form.get("smsBalance")),
    });
  }

  #pickRow(kind: "pick-task" | "pick-call", id: number) {
    return {
      click: () => emit(this, kind, id),
      key: (e: KeyboardEvent) => e.key === "Enter" && emit(this, kind, id),
    };
  }

  #bar() {
    return html`
      <div class="bar panel row">
        <span class="local" id="tenant-time" title="The tenant's local time: task windows are in it">
          Tenant time <strong>${this.#local(this.now)}</strong> ${this.timeZone}</span>
        <button id="advance-minute" @click=${() =>
          emit(this, "advance", { ms: 60_000 })}>+1 min</button>
        <button id="advance-hour" @click=${() =>
          emit(this, "advance", { ms: 3_600_000 })}>+1 h</button>
        <button id="advance-idle" @click=${() => emit(this, "advance-idle")}>Until idle</button>
        ${this.idleNote
          ? html`<span id="idle-note" role="status" class="waiting">${this.idleNote}</span>`
          : nothing}
        <button class="primary" id="new-task" @click=${() =>
          emit(this, "new-task", true)}>New task</button>
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
              ${this.accountProblem
                ? html`<span id="account-problem" class="bad" role="alert">${this.accountProblem}</span>`
                : nothing}
            </form>
          `
          : nothing}
      </div>
    `;
  }

  #taskList() {
    const series = outcomeSeries(this.tasks);
    return html`
      <section class="panel" aria-label="Tasks">
        ${this.creating
          ? html`
            <h3>New task</h3>
            <ccemu-task-form .resources=${this.resources} .aiSeats=${this.account?.aiSeats ??
              null}></ccemu-task-form>
          `
          : nothing}
        <div class="row"><h3>Tasks</h3>${this.#clearAll()}</div>
        <table><tr><th>task</th><th>status</th><th>done</th><th>answered</th><th><span
          class="visually-hidden">delete</span></th></tr>
          ${this.tasks.map((t) => {
            const pick = this.#pickRow("pick-task", t.callJobId);
            return html`
              <tr class="pick task" data-id=${t.callJobId} data-status=${t.callJobStatus}
                aria-selected=${t.callJobId === this.callJobId} tabindex="0" @click=${pick.click}
                @keydown=${pick.key} title=${t.waiting ?? ""}>
                <td>${t.callJobId} ${t.jobName}</td>
                <td>${words(t.callJobStatusDesc, t.callJobStatusName, t.callJobStatus)}</td>
                <td class="done">${t.doneCount}/${t.totalCount}</td>
                <td class="answered">${t.calledCount}</td>
                <td>${this.#deleteTask(t)}</td>
              </tr>
            `;
          })}
        </table>
        ${this.tasks.length
          ? html`
            <h4>Outcomes</h4>
            <ccemu-chart id="outcome-chart" label="Each task's calls by finish status"
              style=${`height:${outcomeChartHeight(series)}px`} .config=${outcomeChart(
                series,
              )}></ccemu-chart>
            ${this.#outcomeTable(series)}
          `
          : this.creating
          ? nothing
          : html`<p class="muted">No task yet. <button @click=${() =>
            emit(this, "new-task", true)}>Create one</button></p>`}
      </section>
    `;
  }

  /** Clearing this area: every task goes (scripts, lines, accounts, callback URLs stay). */
  #clearAll() {
    if (!this.tasks.length) return nothing;
    if (this.confirming !== -1) {
      return html`
        <button id="clear-tasks" class="quiet" @click=${() => (this.confirming = -1)}
          title="Delete every task with its calls and callbacks">Clear all tasks</button>
      `;
    }
    return html`
      <span class="confirm" id="clear-tasks-confirm" role="group"
        aria-label="Confirm clearing every task">Delete all ${this.tasks.length} tasks with their
            calls and callbacks? (Scripts, lines and accounts stay.)
            <button class="bad" id="clear-tasks-yes" @click=${() => {
              this.confirming = 0;
              emit(this, "clear-tasks", null);
            }}>Delete all</button>
            <button @click=${() => (this.confirming = 0)}>Keep</button></span>
    `;
  }

  /** A task's Delete, confirmed in place; the row's own click (pick) is not triggered. */
  #deleteTask(t: TaskRow) {
    const stop = (e: Event) => e.stopPropagation();
    if (this.confirming !== t.callJobId) {
      return html`
        <button class="quiet delete-task" @click=${(e: Event) => {
          stop(e);
          this.confirming = t.callJobId;
        }} @keydown=${stop}
          aria-label=${`Delete task ${t.callJobId}`} title="Delete this task">✕</button>
      `;
    }
    return html`<span class="confirm" @click=${stop} @keydown=${stop}>Delete?
      <button class="bad delete-task-yes" @click=${() => {
      this.confirming = 0;
      emit(this, "delete-task", t.callJobId);
    }} aria-label=${`Yes, delete task ${t.callJobId} with its calls`}>Delete</button>
      <button @click=${() => (this.confirming = 0)}>Keep</button></span>`;
  }

  /**
   * The outcome chart's numbers: a row per task, a column per finish status that occurred, the
   * status named sideways as the vendor's word over its translation.
   */
  #outcomeTable(series: OutcomeSeries) {
    const header = (label: string) =>
      label.split(" · ").map((part, i, all) => i < all.length - 1 ? html`${part} · <br>` : part);
    return html`
      <div class="outcome-scroll">
        <table id="outcome-table">
          <tr><th scope="col">task</th>${series.series.map((s) =>
            html`<th scope="col" class="status"><span>${header(s.label)}</span></th>`
          )}<th scope="col">total</th></tr>
          ${series.tasks.map((name, i) => {
            const total = series.series.reduce((n, s) => n + s.counts[i], 0);
            const counts = series.series.map((s) =>
              html`<td data-status=${s.finishStatus ?? "open"}>${s.counts[i]}</td>`
            );
            const id = this.tasks[i].callJobId;
            return html`
              <tr
                data-task=${id}><th scope="row">${name}</th>${counts}<td class="total">${total}</td></tr>
            `;
          })}
        </table>
      </div>
    `;
  }

  #task() {
    const t = this.tasks.find((t) => t.callJobId === this.callJobId);
    if (!t) {
      return html`
        <section class="panel" aria-label="Task">
          <p class="muted">Pick a task.</p>
        </section>
      `;
    }
    const script = this.resources.scripts.find((s) => s.robotDefId === t.robotDefId);
    return html`
      <section class="panel" aria-label="Task">
        <h3>${t.callJobId} ${t.jobName}</h3>
        <div id="task-status"><strong>${words(
          t.callJobStatusDesc,
          t.callJobStatusName,
          t.callJobStatus,
        )}</strong> · window ${t.workingStartTime}–${t.workingEndTime} ${t.timeZone}</div>
        ${t.waiting ? html`<div class="waiting" id="waiting">Waiting: ${t.waiting}</div>` : nothing}
        <div class="row">
          ${ACTIONS.map((a) =>
            html`<button ?disabled=${!a.from.includes(t.callJobStatus)} @click=${() =>
              emit(this, "execute", {
                callJobId: t.callJobId,
                command: a.command,
              })}>${a.label}</button>`
          )}
        </div>
        <ccemu-customer-import .variables=${script?.variables ?? []} .answer=${this
          .importAnswer}></ccemu-customer-import>
        <h4>Calls over virtual time</h4>
        <ccemu-chart id="timeline-chart" label="Calls under way over virtual time" .config=${timelineChart(
          this.calls,
          t,
          this.now,
        )}></ccemu-chart>
        <h4>Calls (${this.calls.length})</h4>
        <table>
          <tr><th>number</th><th>status</th><th>result</th><th>duration (s)</th></tr>
          ${this.calls.map((c) => {
            const pick = this.#pickRow("pick-call", c.callInstanceId);
            return html`
              <tr class="pick call" tabindex="0" data-id=${c.callInstanceId}
                aria-selected=${c.callInstanceId === this.callInstanceId} @click=${pick.click}
                @keydown=${pick.key}>
                <td>${c.customerTelephone} ${c.customerName}</td>
                <td>${words("", c.callInstanceStatusName, c.callInstanceStatus)}</td>
                <td>${c.finishStatus === null
                  ? ""
                  : words(c.finishStatusDesc, c.finishStatusName, c.finishStatus)}</td>
                <td>${c.duration}</td>
              </tr>
            `;
          })}
        </table>
        <ccemu-callbacks .enterpriseId=${t.enterpriseId} .timeZone=${t.timeZone}
          .target=${this.callbackUrls.find((u) => u.enterpriseId === t.enterpriseId) ?? null}
          .deliveries=${this.deliveries} .check=${this.callbackCheck}></ccemu-callbacks>
      </section>
    `;
  }

  #callDetail() {
    const row = this.calls.find((c) => c.callInstanceId === this.callInstanceId);
    if (!this.call || !row) {
      return html`
        <section class="panel" aria-label="Call detail">
          <p class="muted">Pick a call.</p>
        </section>
      `;
    }
    const c = this.call;
    const zone = this.tasks.find((t) => t.callJobId === this.callJobId)?.timeZone;
    return html`
      <section class="panel" aria-label="Call detail">
        <h3 id="call-header">${row.customerTelephone} ${row.customerName}</h3>
        <dl>
          <dt>callInstanceId</dt><dd>${row.callInstanceId}</dd>
          <dt>finish status</dt><dd id="call-finish">${row.finishStatus === null
            ? words("", row.callInstanceStatusName, row.callInstanceStatus)
            : words(row.finishStatusDesc, row.finishStatusName, row.finishStatus)}</dd>
          <dt>time</dt><dd>${this.#local(row.startTime, zone)} → ${this.#local(
            row.endTime,
            zone,
          )}</dd>
          <dt>duration</dt><dd>${row.duration} s · ${row.chatRound} rounds · attempt ${row
            .calledTimes}</dd>
          <dt>line</dt><dd>${String(c.callInstance.callerPhone ?? "—")}</dd>
          ${row.rule
            ? html`
              <dt>decided by</dt>
              <dd>${row.rule}</dd>
            `
            : nothing}
        </dl>
        ${c.taskResult.length
          ? html`<h4>Results</h4>${
            c.taskResult.map((r) =>
              html`<div><strong>${r.resultName}</strong> ${r.resultValue}</div>`
            )
          }`
          : nothing}
        ${Object.keys(c.callInstance.collectProperties ?? {}).length
          ? html`
            <h4>Collected variables</h4>
            <pre>${JSON.stringify(
              c.callInstance.collectProperties,
              null,
              2,
            )}</pre>
          `
          : nothing}
        <h4>Dialogue</h4>
        <div id="dialogue">
          ${c.phoneLogs.length
            ? c.phoneLogs.map((l) =>
              html`<div class="log"><strong class=${l.speaker} title=${`speaker ${l.speaker}`}>${
                speakerName(l.speaker)
              }</strong> ${l.content}</div>`
            )
            : html`<p class="muted">No dialogue (not answered).</p>`}
        </div>
        ${c.callInstance.luyinOssUrl
          ? html`
            <h4>Recording (${row.duration} s)</h4>
            <audio controls preload="metadata"
              src=${c.callInstance.luyinOssUrl}></audio>
          `
          : nothing}
      </section>
    `;
  }

  override render() {
    return html`${this.#bar()}<div class="grid">${this.#taskList()}${this.#task()}${this.#callDetail()}</div>`;
  }
}
