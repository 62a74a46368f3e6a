/**
 * The session list: every visitor session ccemu holds, newest first, with its robot, visitor, last
 * line, findings and transfer, to switch to in one click; delete (confirmed in place) and import a
 * transcript file. Fires `pick-session`, `delete-session` and `import-transcript` (the file's JSON).
 */
import { css, html, LitElement, nothing } from "lit";
import { customElement, property, state } from "lit/decorators.js";
import type { SessionSummary } from "../common/control-client.ts";
import { shared } from "../common/styles.ts";
import { emit } from "../common/events.ts";
import { emitPickedJson } from "../common/picked-file.ts";
import { findingsBadges } from "../common/findings-badge.ts";

/**
 * The session's last line in words: an instruction or an error is named, not shown as its
 * bracketed code ("[TRANSFER_HUMAN]").
 */
function lastLine(last: SessionSummary["lastMessage"]): string {
  if (!last) return "no message yet";
  const code = last.text.replace(/^\[|\]$/g, "");
  if (last.kind === "instruction") {
    return code === "TRANSFER_HUMAN" ? "handed to a human (TRANSFER_HUMAN)" : `instruction ${code}`;
  }
  if (last.kind === "error") return `the push failed: ${code}`;
  return last.text;
}

@customElement("ccemu-session-list")
export class SessionList extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: flex;
        flex-direction: column;
        min-height: 0;
      }
      .head {
        display: flex;
        align-items: center;
        justify-content: space-between;
        padding: 8px 10px;
        border-bottom: 1px solid var(--line);
      }
      h3 {
        margin: 0;
        font-size: 13px;
      }
      ul {
        list-style: none;
        margin: 0;
        padding: 0;
        overflow: auto;
        flex: 1;
      }
      /* The delete question wraps onto a line of its own, under the session's text it is about. */
      li {
        display: flex;
        flex-wrap: wrap;
        border-bottom: 1px solid var(--line);
      }
      li[aria-current="true"] {
        background: #e3ebff;
      }
      .pick {
        flex: 1;
        min-width: 0;
        text-align: left;
        border: 0;
        border-radius: 0;
        background: transparent;
        padding: 6px 10px;
      }
      .line {
        display: block;
        overflow: hidden;
        white-space: nowrap;
        text-overflow: ellipsis;
        font-size: 12px;
      }
      /* Badges wrap onto their own line rather than be cut to "1 war…" by the line's ellipsis. */
      .badges {
        display: flex;
        flex-wrap: wrap;
        gap: 4px;
      }
      .delete {
        border: 0;
        background: transparent;
        color: var(--muted);
      }
      .confirm {
        flex-basis: 100%;
        display: flex;
        gap: 4px;
        align-items: center;
        padding: 4px 6px;
        font-size: 12px;
      }
    `,
  ];

  @property({ attribute: false })
  accessor sessions: SessionSummary[] = [];
  @property()
  accessor current = "";

  /** The session whose delete button was pressed once: it asks before deleting. */
  @state()
  accessor confirming = "";

  #import(event: Event) {
    return emitPickedJson(this, event, "import-transcript");
  }

  /** "Clear all" was pressed once: it asks before deleting every session. */
  @state()
  accessor clearing = false;

  /** Esc backs out of a pending delete. */
  escape(): boolean {
    if (this.clearing) {
      this.clearing = false;
      return true;
    }
    if (!this.confirming) return false;
    this.confirming = "";
    return true;
  }

  /** Clearing this one area: every session goes; robots, the journal and the rest stay. */
  #clearAll() {
    if (!this.sessions.length) return nothing;
    return this.clearing
      ? html`<div class="confirm" id="clear-confirm">Delete all ${this.sessions.length} sessions?
        (Robots and the journal stay.)
        <button class="bad" id="clear-sessions-yes" @click=${() => {
        this.clearing = false;
        emit(this, "clear-sessions", null);
      }}>Delete all</button>
        <button @click=${() => (this.clearing = false)}>Keep</button></div>`
      : html`
        <button id="clear-sessions" class="delete" @click=${() => (this.clearing = true)}
          title="Delete every session (robots and the journal stay)">Clear all</button>
      `;
  }

  #item(s: SessionSummary) {
    const who = s.visitor.name ?? s.visitorId;
    const errors = s.findings.errors, warnings = s.findings.warnings;
    const badges = [
      (errors || warnings) && findingsBadges(errors, warnings),
      s.transferred && html`<span class="badge warn">transferred</span>`,
      s.importedFrom && html`<span class="badge muted">imported</span>`,
    ].filter(Boolean);
    return html`<li aria-current=${s.sessionId === this.current} data-session=${s.sessionId}>
      <button class="pick" @click=${() => emit(this, "pick-session", s.sessionId)}>
        <span class="visually-hidden">Open session</span>
        <span class="line"><strong>${s.sessionId}</strong> ${who}</span>
        ${badges.length ? html`<span class="badges">${badges}</span>` : nothing}
        <span class="line muted">${s.robotName ?? s.robotId} · ${s.responseMode}</span>
        <span class="line muted">${lastLine(s.lastMessage)}</span>
      </button>
      ${
      this.confirming === s.sessionId
        ? html`<span class="confirm">Delete?
          <button class="bad" @click=${() => {
          this.confirming = "";
          emit(this, "delete-session", s.sessionId);
        }} aria-label=${`Yes, delete session ${s.sessionId}`}>Delete</button>
          <button @click=${() => (this.confirming = "")}>Keep</button></span>`
        : html`
          <button class="delete" @click=${() => (this.confirming = s.sessionId)}
            aria-label=${`Delete session ${s.sessionId}`} title="Delete">✕</button>
        `
    }
    </li>`;
  }

  override render() {
    return html`
      <div class="head">
        <h3>Sessions (${this.sessions.length})</h3>
        <label class="button">Import transcript<input class="visually-hidden" type="file"
          accept=".json,application/json" aria-label="Import a transcript file" @change=${this
            .#import}></label>
      </div>
      ${this.#clearAll()}
      <ul aria-label="Sessions">
        ${this.sessions.length
          ? [...this.sessions].reverse().map((s) => this.#item(s))
          : html`<li class="muted" style="padding:8px 10px">No session yet: open one.</li>`}
      </ul>
    `;
  }
}
