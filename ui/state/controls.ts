/**
 * `<ccemu-state-controls>`: the emulator's state from any view, as the Firebase Emulator Suite
 * keeps it in its header: reset (confirmed in place), clear the journal, export the snapshot as a
 * file and import one, the access keys (add, remove), the fault rules and the stubs (add, remove,
 * their counts) and the clock (mode, set, advance).
 * Everything goes through the control API, by the app's state controller.
 */
import { css, html, LitElement, nothing } from "lit";
import { customElement, property, state } from "lit/decorators.js";
import { shared } from "../common/styles.ts";
import { zonedIso } from "../common/local-time.ts";
import { emit } from "../common/events.ts";
import { emitPickedJson } from "../common/picked-file.ts";
import "./fault-rules.ts";
import type { FaultDraftView, FaultRule } from "./fault-rules.ts";
import "./stub-list.ts";
import type { StubDraftView } from "./stub-list.ts";
import type { Stub } from "../common/control-client.ts";
import type { PublicKey } from "../common/control-client.ts";

const UNITS = [["min", 60_000], ["h", 3_600_000], ["day", 86_400_000]] as const;

@customElement("ccemu-state-controls")
export class StateControls extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: flex;
        flex-wrap: wrap;
        gap: 8px;
        align-items: center;
        padding: 6px 14px;
        background: #eef1f7;
        border-bottom: 1px solid var(--line);
        font-size: 13px;
      }
      details {
        position: relative;
      }
      summary {
        cursor: pointer;
        list-style: none;
        border: 1px solid var(--line);
        border-radius: 6px;
        padding: 4px 8px;
        background: #f0f3f9;
      }
      details > .pop {
        position: absolute;
        z-index: 10;
        top: calc(100% + 4px);
        left: 0;
        min-width: 360px;
        padding: 10px;
        box-shadow: 0 6px 24px rgb(0 0 0 / 0.15);
        display: grid;
        gap: 8px;
      }
      .pop input {
        min-width: 0;
      }
      .pop.wide {
        min-width: 560px;
      }
      summary.armed {
        background: #fff4e0;
        border-color: #c77700;
      }
      .spacer {
        flex: 1;
      }
      .pane-problem {
        margin: 0;
        padding: 6px 8px;
        border-radius: 6px;
        background: #fdecea;
      }
      .key-id {
        white-space: nowrap;
      }
      /* Room for the whole zoned time (2026-01-05T09:00:00+08:00) beside its zone's name. */
      details > .pop.clock-pop {
        min-width: 460px;
      }
      #clock-mode {
        margin: 0;
      }
    `,
  ];

  @property({ attribute: false })
  accessor keys: PublicKey[] = [];
  @property({ attribute: false })
  accessor clock: { mode: string; iso: string; now: number; timeZone: string } | null = null;
  @property()
  accessor notice = "";
  /** The app's problem bar, repeated inside an open pane, which would cover the bar. */
  @property()
  accessor problem = "";
  @property({ attribute: false })
  accessor faults: FaultRule[] = [];
  /** A rule drafted like a journal entry's request, prefilling the fault form. */
  @property({ attribute: false })
  accessor draft: FaultDraftView | null = null;
  @property({ attribute: false })
  accessor operations: string[] = [];
  @property({ attribute: false })
  accessor stubs: Stub[] = [];
  /** A stub drafted like a journal entry's exchange, prefilling the stub form. */
  @property({ attribute: false })
  accessor stubDraft: StubDraftView | null = null;
  /** The action waiting for a "yes" in place: a reset or clearing the journal. */
  @state()
  accessor confirming: "" | "reset" | "clear-journal" = "";

  override connectedCallback() {
    super.connectedCallback();
    // Capture, and nothing stopped: the click that closes a pane still reaches what it was on.
    document.addEventListener("pointerdown", this.#outside, true);
  }

  override disconnectedCallback() {
    super.disconnectedCallback();
    document.removeEventListener("pointerdown", this.#outside, true);
  }

  /** A press outside an open pane closes it, as a menu closes. */
  #outside = (event: Event) => {
    const path = event.composedPath();
    for (const pane of this.renderRoot.querySelectorAll("details[open]")) {
      if (!path.includes(pane)) (pane as HTMLDetailsElement).open = false;
    }
  };

  /** One pane at a time: opening one closes the others. */
  #toggled = (event: Event) => {
    const opened = event.target as HTMLDetailsElement;
    if (!opened.open) return;
    for (const pane of this.renderRoot.querySelectorAll("details[open]")) {
      if (pane !== opened) (pane as HTMLDetailsElement).open = false;
    }
  };

  /** Closes every pane (the app asks when the view changes). */
  closePanes(): void {
    for (const pane of this.renderRoot.querySelectorAll("details[open]")) {
      (pane as HTMLDetailsElement).open = false;
    }
  }

  /** The last problem, at the top of the open pane: the pane covers the app's problem bar. */
  #paneProblem() {
    return this.problem
      ? html`<p class="bad pane-problem" role="alert">${this.problem}</p>`
      : nothing;
  }

  /** Esc backs out of a pending confirmation or closes an open pane; answers whether it did. */
  escape(): boolean {
    const open = this.renderRoot.querySelector("details[open]") as HTMLDetailsElement | null;
    if (open) open.open = false;
    const was = this.confirming !== "" || !!open;
    this.confirming = "";
    return was;
  }

  /** The question and the "yes" of an action that waits for one, or its button. */
  #confirmed(action: "reset" | "clear-journal", label: string, question: string, yes: string) {
    if (this.confirming !== action) {
      return html`<button @click=${() => (this.confirming = action)}>${label}</button>`;
    }
    return html`<span class="row">${question}
      <button class="primary" @click=${() => {
      this.confirming = "";
      emit(this, action);
    }}>${yes}</button>
      <button @click=${() => (this.confirming = "")}>Keep</button></span>`;
  }

  #form(event: Event) {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    return Object.fromEntries(new FormData(form)) as Record<string, string>;
  }

  #import(event: Event) {
    return emitPickedJson(this, event, "import-snapshot");
  }

  #keys() {
    return html`
      <details id="keys" @toggle=${this.#toggled}>
        <summary>Access keys (${this.keys.length})</summary>
        <div class="pop panel">${this.#paneProblem()}
          <table>
            <tr><th>key</th><th>enterprise</th><th>permissions</th><th></th></tr>
            ${this.keys.map((k) =>
              html`
                <tr data-key=${k.accessKeyId}>
                  <td class="key-id">${k.accessKeyId}</td>
                  <td>${k
                    .enterpriseId}</td>
                  <td>${k.permissions.join(", ")}</td>
                  <td><button aria-label=${`Remove access key ${k.accessKeyId}`} @click=${() =>
                    emit(this, "remove-key", k.accessKeyId)}>Remove</button></td>
                </tr>
              `
            )}
          </table>
          <form class="row" @submit=${(e: Event) => {
            const f = this.#form(e);
            emit(this, "add-key", {
              accessKeyId: f.accessKeyId,
              accessKeySecret: f.accessKeySecret,
              enterpriseId: f.enterpriseId,
              permissions: f.permissions === "read" ? ["read"] : ["*"],
            });
          }}>
            <input name="accessKeyId" required aria-label="New key id" placeholder="key id">
            <input name="accessKeySecret" required aria-label="New key secret" placeholder="secret">
            <input name="enterpriseId" required aria-label="Enterprise id" .value=${this.keys[0]
              ?.enterpriseId ?? "7000001"}
              style="width:90px">
            <select name="permissions" aria-label="Permissions">
              <option value="*">every operation</option>
              <option value="read">read only</option>
            </select>
            <button class="primary">Add key</button>
          </form>
        </div>
      </details>
    `;
  }

  /**
   * Opens a pane, as the addresses `#keys`, `#faults`, `#stubs` and `#clock` ask (the overview's
   * links).
   */
  openPane(pane: "keys" | "faults" | "stubs" | "clock"): void {
    const id = pane === "clock" ? "clock-controls" : pane;
    const details = this.renderRoot.querySelector(`#${id}`) as HTMLDetailsElement | null;
    if (details) details.open = true;
  }

  /** Opens the fault rules' pane (the inspector's "Fault rules" link). */
  openFaults(): void {
    const pane = this.renderRoot.querySelector("#faults") as HTMLDetailsElement | null;
    if (pane) pane.open = true;
  }

  #faults() {
    const fired = this.faults.reduce((n, r) => n + r.fired, 0);
    return html`
      <details id="faults" @toggle=${this.#toggled}>
        <summary class=${this.faults.length ? "armed" : ""}>Faults (${this.faults.length}${fired
          ? `, fired ${fired}`
          : ""})</summary>
        <div class="pop panel wide">${this.#paneProblem()}
          <ccemu-fault-rules .rules=${this.faults} .operations=${this.operations} .draft=${this
            .draft}
            .keys=${this.keys.map((k) => k.accessKeyId)}></ccemu-fault-rules>
        </div>
      </details>
    `;
  }

  #stubs() {
    const answered = this.stubs.reduce((n, s) => n + s.answered, 0);
    // Signed operations only: a stub answers the signed API, never the storage host.
    const signed = this.operations.filter((op) => !op.startsWith("/_storage"));
    return html`
      <details id="stubs" @toggle=${this.#toggled}>
        <summary class=${this.stubs.length ? "armed" : ""}>Stubs (${this.stubs.length}${answered
          ? `, answered ${answered}`
          : ""})</summary>
        <div class="pop panel wide">${this.#paneProblem()}
          <ccemu-stubs .stubs=${this.stubs} .operations=${signed} .draft=${this.stubDraft}
            .keys=${this.keys.map((k) => k.accessKeyId)}></ccemu-stubs>
        </div>
      </details>
    `;
  }

  #clock() {
    // The header's zone: the field reads as the header's clock does.
    const zone = this.clock?.timeZone ?? "UTC";
    return html`
      <details id="clock-controls" @toggle=${this.#toggled}>
        <summary>Clock: ${this.clock?.mode ?? "…"}</summary>
        <div class="pop panel clock-pop">${this.#paneProblem()}
          <p id="clock-mode">Now: ${this.clock?.mode ?? "…"} · ${this.clock?.mode === "manual"
            ? "time moves only when set or advanced"
            : "time follows the wall clock"}</p>
          <div class="row">
            Mode
            ${["manual", "real"].map((mode) =>
              html`<button aria-pressed=${this.clock?.mode === mode} @click=${() =>
                emit(this, "set-clock", { mode })}>${mode}</button>`
            )}
          </div>
          <form class="row" @submit=${(e: Event) =>
            emit(this, "set-clock", { now: this.#form(e).now })}>
            <input name="now" aria-label=${`Set the clock to (${zone})`} .value=${this.clock
              ? zonedIso(this.clock.now, zone)
              : ""} style="flex:1"
              title="ISO time with its offset (2026-01-06T09:00:00+08:00) or epoch ms">
            <span class="muted">${zone}</span>
            <button>Set</button>
          </form>
          <form class="row" @submit=${(e: Event) => {
            const f = this.#form(e);
            const unit = UNITS.find(([u]) => u === f.unit)![1];
            emit(this, "advance", { ms: Math.round(Number(f.amount) * unit) });
          }}>
            Advance <input name="amount" type="number" min="0" step="any" value="1"
              aria-label="Advance by" style="width:80px">
            <select name="unit" aria-label="Unit">${UNITS.map(([u]) =>
              html`<option>${u}</option>`
            )}</select>
            <button>Advance</button>
          </form>
        </div>
      </details>
    `;
  }

  override render() {
    return html`
      <strong>State</strong>
      ${this.#confirmed(
        "reset",
        "Reset",
        // What emulator.reset() does: the state back to the fixtures; the journal and the time stay.
        "Reset to the fixtures? Sessions, tasks, added agents, knowledge-base changes, keys, " +
          "fault rules and stubs go back to the fixtures; pending timers are dropped. The journal and the " +
          "clock's time are kept (Clear journal empties the journal).",
        "Yes, reset",
      )}
      ${this.#confirmed(
        "clear-journal",
        "Clear journal",
        "Clear the journal? Every exchange recorded so far goes.",
        "Yes, clear",
      )}
      <button @click=${() => emit(this, "export-snapshot")}>Export snapshot</button>
      <label class="button">Import snapshot<input class="visually-hidden" type="file"
        accept=".json,application/json" aria-label="Import a snapshot file" @change=${this
          .#import}></label>
      ${this.#keys()} ${this.#faults()} ${this.#stubs()} ${this.#clock()}
      <span class="spacer"></span>
      ${this.notice
        ? html`<span class="ok" role="status" id="state-notice">${this.notice}</span>`
        : nothing}
    `;
  }
}
