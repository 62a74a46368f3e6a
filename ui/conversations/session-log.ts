/**
 * The log docked beside the chat (as the Bot Framework Emulator's): every push of the open session,
 * oldest first like the chat, each with its time (the tenant's zone, UTC on hover), HTTP status,
 * latency and findings; a click shows that push in place (`ccemu-push-detail`). It reads the
 * journal the inspector already holds, live, so it needs no fetch or stream of its own. It folds
 * to a strip (remembered in this browser) when the chat wants the room.
 */
import { css, html, LitElement, nothing, type PropertyValues } from "lit";
import { customElement, property, state } from "lit/decorators.js";
import type { JournalEntry } from "../common/control-client.ts";
import { activityLine } from "../inspector/view.ts";
import { timeOf } from "../common/local-time.ts";
import { ms } from "./push-detail.ts";
import { shared } from "../common/styles.ts";
import { findingsBadges, findingsCount } from "../common/findings-badge.ts";

const FOLDED_KEY = "ccemu.sessionLogFolded";

/** The findings of a push as every view writes them, or a quiet "no findings". */
function findingsBadge(push: NonNullable<JournalEntry["push"]>) {
  const { errors, warnings } = findingsCount(push.findings);
  return findingsBadges(errors, warnings, html`<span class="muted">no findings</span>`);
}

@customElement("ccemu-session-log")
export class SessionLog extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: flex;
        flex-direction: column;
        flex: none;
        /* The splitter beside it sets --log-width (ui/pane-splitter.ts). */
        width: var(--log-width, 280px);
        min-height: 0;
        border-left: 1px solid var(--line);
        font-size: 12px;
      }
      :host([detail]) {
        width: var(--log-width, min(460px, 52%));
      }
      :host([folded]) {
        width: 34px;
      }
      .head {
        display: flex;
        align-items: center;
        gap: 6px;
        padding: 4px 6px;
        border-bottom: 1px solid var(--line);
      }
      .head h3 {
        margin: 0;
        font-size: 13px;
        flex: 1;
      }
      :host([folded]) .head {
        flex-direction: column;
        border: 0;
      }
      :host([folded]) h3 {
        writing-mode: vertical-rl;
      }
      .head button {
        padding: 0 6px;
      }
      ol {
        list-style: none;
        margin: 0;
        padding: 0;
        overflow: auto;
        flex: 1;
      }
      li button {
        display: block;
        width: 100%;
        text-align: left;
        border: 0;
        border-bottom: 1px solid var(--line);
        border-radius: 0;
        background: transparent;
        padding: 5px 8px;
      }
      li button:hover {
        background: #f3f6fd;
      }
      .facts {
        display: flex;
        gap: 6px;
        flex-wrap: wrap;
        align-items: center;
        font-variant-numeric: tabular-nums;
      }
      .said {
        display: block;
        overflow: hidden;
        white-space: nowrap;
        text-overflow: ellipsis;
        color: var(--ink);
      }
      .pane {
        overflow: auto;
        flex: 1;
        padding: 8px;
      }
      .empty {
        padding: 10px;
      }
    `,
  ];

  /** The journal as the inspector holds it: this log keeps the session's pushes of it. */
  @property({ attribute: false })
  accessor entries: JournalEntry[] = [];
  @property()
  accessor sessionId = "";
  /** How many pushes the session's history says it made (imported, or the journal cleared). */
  @property({ type: Number })
  accessor pushed = 0;
  @property()
  accessor timeZone = "Asia/Shanghai";
  /** The push shown in place, or none (the list). */
  @state()
  accessor selected: number | null = null;
  @property({ type: Boolean, reflect: true })
  accessor folded = localStorage.getItem(FOLDED_KEY) === "true";
  /** Reflected, so the pane widens while a push is shown. */
  @property({ type: Boolean, reflect: true })
  accessor detail = false;

  get pushes(): JournalEntry[] {
    return this.entries.filter((e) => e.push?.sessionId === this.sessionId);
  }

  /**
   * Shows one push in place (a click on its chat bubble), unfolding the log if it was folded, as
   * the Bot Framework Emulator opens an activity's JSON beside the chat.
   */
  show(journalId: number) {
    if (this.folded) this.#fold(false);
    this.selected = journalId;
  }

  /** Esc goes back from a push to the list. */
  escape(): boolean {
    if (this.selected === null) return false;
    this.selected = null;
    return true;
  }

  override willUpdate(changed: PropertyValues<this>) {
    if (changed.has("sessionId") && changed.get("sessionId") !== undefined) this.selected = null;
    this.detail = this.selected !== null && !this.folded;
  }

  /** A new push scrolls into view, as the chat's newest line does. */
  override updated() {
    const list = this.renderRoot.querySelector("ol");
    if (list) list.scrollTop = list.scrollHeight;
  }

  #fold(folded: boolean) {
    this.folded = folded;
    localStorage.setItem(FOLDED_KEY, String(folded));
  }

  #row(e: JournalEntry) {
    const push = e.push!;
    const t = push.timings;
    const bad = e.response.status >= 400 || e.response.status === 0;
    // The name is the row as read (axe: a name holds the visible text), "Push #N" first.
    return html`<li><button data-id=${e.id} @click=${() => (this.selected = e.id)}>
      <span class="visually-hidden">Push #${e.id}</span>
      <span class="facts">
        <span class="time">${timeOf(e.time, this.timeZone, (t) => t.slice(11))}</span>
        <span class=${bad ? "bad status" : "status"}>${e.response.status || "–"}</span>
        ${push.error ? html`<span class="bad">${push.error.code}</span>` : nothing}
        <span class="latency" title=${`first byte ${ms(t.firstByteMs)}, end ${ms(t.endMs)}`}
        >${Math.round(e.durationMs)} ms</span>
        <span class="findings">${findingsBadge(push)}</span>
      </span>
      <span class="said">${activityLine(e)}</span>
    </button></li>`;
  }

  #list(pushes: JournalEntry[]) {
    if (!pushes.length && this.pushed) {
      return html`
        <p
          class="muted empty">The journal holds none of this session's ${this.pushed} push${this
              .pushed === 1
            ? ""
            : "es"}: it was imported, or the journal was cleared or dropped them. What is sent now shows here.</p>
      `;
    }
    if (!pushes.length) {
      return html`
        <p
          class="muted empty">No push yet: what the visitor sends goes to the agent, and each push shows here.</p>
      `;
    }
    return html`<ol aria-label="Pushes of this session">${pushes.map((e) => this.#row(e))}</ol>`;
  }

  override render() {
    const pushes = this.pushes;
    if (this.folded) {
      return html`<div class="head"><button id="unfold-log" aria-label="Show the session's log"
        @click=${() => this.#fold(false)}>‹</button><h3>Log (${pushes.length})</h3></div>`;
    }
    const shown = pushes.find((e) => e.id === this.selected);
    return html`
      <div class="head">
        ${shown
          ? html`
            <button id="log-back" @click=${() => (this.selected = null)}
              aria-label="Back to the log (Esc)">‹ Log</button>
          `
          : nothing}
        <h3>${shown
          ? `Push #${shown.id}`
          : `Log · ${pushes.length} push${pushes.length === 1 ? "" : "es"}`}</h3>
        <button id="fold-log" aria-label="Fold the session's log away" @click=${() =>
          this.#fold(true)}>›</button>
      </div>
      ${shown
        ? html`
          <div class="pane">
            <ccemu-push-detail .entry=${shown} .timeZone=${this
              .timeZone}></ccemu-push-detail>
          </div>
        `
        : this.#list(pushes)}
    `;
  }
}
