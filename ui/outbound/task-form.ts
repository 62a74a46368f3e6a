/**
 * `<ccemu-task-form>`: a new outbound task as `task_create` takes it — script, lines, working
 * window, concurrency, redial rule — emitted as the operation's parameters (JSON-array texts where
 * the vendor's SDK sends text), so the journal shows what a client would send.
 */
import { css, html, LitElement, nothing } from "lit";
import { customElement, property, state } from "lit/decorators.js";
import { shared } from "../common/styles.ts";
import { emit } from "../common/events.ts";
import type { ConsoleResources } from "../common/control-client.ts";

/** Finish statuses a redial rule may name (spec 2.2: 1–10). */
const REDIAL_ON: [number, string][] = [
  [1, "拒接 · refused"],
  [2, "无法接通 · unreachable"],
  [5, "关机 · powered off"],
  [6, "占线 · busy"],
  [8, "未接 · no answer"],
];

@customElement("ccemu-task-form")
export class TaskForm extends LitElement {
  static override styles = [
    shared,
    css`
      /* The second column may shrink below its widest control (a script's long name), so the
        form fits the Tasks panel: fields take the column's width, rows of boxes wrap. */
      form {
        display: grid;
        grid-template-columns: max-content minmax(0, 1fr);
        gap: 6px 10px;
        align-items: center;
      }
      #name,
      #script {
        width: 100%;
      }
      select,
      input {
        min-width: 0;
        max-width: 100%;
      }
      /* What belongs together wraps together: the window's two times, the redial rule's parts. */
      .group {
        display: inline-flex;
        flex-wrap: wrap;
        gap: 4px;
        align-items: center;
        max-width: 100%;
      }
      .wide {
        grid-column: 1 / -1;
      }
    `,
  ];

  @property({ attribute: false })
  accessor resources: ConsoleResources = { scripts: [], lines: [] };
  /** The tenant's AI seats: a task needing more waits queued for ever. */
  @property({ attribute: false })
  accessor aiSeats: number | null = null;
  @state()
  accessor concurrency = 2;

  #submit(event: Event) {
    event.preventDefault();
    const f = new FormData(event.target as HTMLFormElement);
    const text = (name: string) => String(f.get(name) ?? "");
    const script = this.resources.scripts.find((s) => s.robotDefId === Number(text("script")))!;
    const params: Record<string, unknown> = {
      enterpriseId: script.enterpriseId,
      callJobName: text("name"),
      callJobType: 2,
      robotDefId: script.robotDefId,
      userPhoneIds: JSON.stringify(f.getAll("line").map(Number)),
      concurrencyQuota: Number(text("concurrency")),
      workingTimeRuleList: JSON.stringify([{
        weeks: f.getAll("week").map(Number),
        timeRanges: [{ startTime: text("from"), endTime: text("to") }],
      }]),
    };
    if (f.get("redial")) {
      params.repeatCall = true;
      params.repeatCallRule = JSON.stringify([{
        phoneStatus: Number(text("redialOn")),
        times: Number(text("redialTimes")),
        interval: Number(text("redialInterval")),
      }]);
    }
    emit(this, "create-task", params);
  }

  override render() {
    const { scripts, lines } = this.resources;
    return html`
      <form @submit=${this.#submit} aria-label="New task">
        <label for="name">Name</label><input id="name" name="name" required value="My campaign">
        <label for="script">Script</label>
        <select id="script" name="script">${scripts.map((s) =>
          html`<option value=${s.robotDefId}>${s.robotDefId} ${s.robotName}${
            s.variables.length ? ` (${s.variables.join(", ")})` : ""
          }</option>`
        )}</select>
        <span>Lines</span>
        <div class="row">${lines.map((l, i) =>
          html`<label><input type="checkbox" name="line" value=${l.userPhoneId} ?checked=${
            i ===
              0
          }>${l.userPhoneId} ${l.phone}${l.enabled ? "" : " (off)"}</label>`
        )}</div>
        <span>Window</span>
        <div class="row">
          <span class="group">
            <!-- Text, not type=time: Chromium draws that in the browser's locale (09:00 PM). -->
            <input type="text" name="from" value="09:00" aria-label="Window from (HH:mm, 24-hour)" required
              pattern="([01][0-9]|2[0-3]):[0-5][0-9]" size="5" title="HH:mm, 24-hour">–
            <input type="text" name="to" value="21:00" aria-label="Window to (HH:mm, 24-hour)" required
              pattern="([01][0-9]|2[0-3]):[0-5][0-9]|24:00" size="5" title="HH:mm, 24-hour">
          </span>
          <span class="group days">${["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].map((
            day,
            i,
          ) =>
            html`<label><input type="checkbox" name="week" value=${i + 1} checked>${day}</label>`
          )}</span>
        </div>
        <label for="concurrency">Concurrency</label>
        <span class="row">
          <input id="concurrency" name="concurrency" type="number" min="1" max="10000" value="2"
            required style="width:90px" aria-describedby="concurrency-warning"
            @input=${(
              e: Event,
            ) => (this.concurrency = Number((e.target as HTMLInputElement).value))}>
          ${this.aiSeats !== null && this.concurrency > this.aiSeats
            ? html`
              <span id="concurrency-warning" class="bad"
                role="status">more than the tenant's ${this
                  .aiSeats} AI seats: the task would wait queued until seats are added</span>
            `
            : nothing}
        </span>
        <span>Redial</span>
        <div class="row">
          <span class="group">
            <label><input type="checkbox" name="redial">redial</label>
            <select name="redialOn" aria-label="Redial on">${REDIAL_ON.map(([code, words]) =>
              html`<option value=${code} ?selected=${code === 8}>${words}</option>`
            )}</select>
          </span>
          <span class="group">
            <input name="redialTimes" type="number" min="1" max="5" value="1" aria-label="Times"
              style="width:56px"> times, after
            <input name="redialInterval" type="number" min="0" max="120" value="30"
              aria-label="Minutes" style="width:64px"> min
          </span>
        </div>
        <div class="wide row">
          <button class="primary">Create task</button>
          <button type="button" @click=${() => emit(this, "cancel")}>Cancel</button>
          <span class="muted">sent as task_create, signed with the tenant's key</span>
        </div>
      </form>
    `;
  }
}
