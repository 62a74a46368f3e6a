/**
 * Conversations: the session list on the left, the open sessions as tabs over the chat in the
 * middle, and on the right what a new session is opened with (robot, response mode, the visitor
 * profile) and adding an agent by URL. Data comes down as properties; what the user does goes up
 * as events (`open-session`, `pick-session`, `close-tab`, `delete-session`, `import-transcript`,
 * `replay-session`, `pick-robot`, `add-robot`, `send`, `inspect`).
 */
import { html, LitElement, nothing } from "lit";
import { customElement, property, state } from "lit/decorators.js";
import type {
  Finding,
  JournalEntry,
  Robot,
  Session,
  SessionSummary,
} from "../common/control-client.ts";
import "./agent-form.ts";
import type { AgentForm } from "./agent-form.ts";
import "./composer.ts";
import type { Composer } from "./composer.ts";
import "./message.ts";
import "./session-list.ts";
import type { SessionList } from "./session-list.ts";
import "./visitor-form.ts";
import "./session-log.ts";
import "../common/pane-splitter.ts";
import type { SessionLog } from "./session-log.ts";
import { findingsBadges, findingsCount } from "../common/findings-badge.ts";
import { shared } from "../common/styles.ts";
import { conversationStyles } from "./styles.ts";
import { emit } from "../common/events.ts";

const DEFAULT_VISITOR = JSON.stringify(
  {
    name: "访客 Visitor",
    city: "杭州",
    channel: { appName: "官网", contactType: "WEB" },
    extra: { vip: "gold" },
  },
  null,
  2,
);

/** Where a robot's messages go, in a line: its URL, or "built in" for the sample agents. */
export function robotTarget(robot: Robot): string {
  const uri = robot.pushConfigList.find((c) => c.type === "Message")?.uri ?? "";
  return robot.domain === "self" ? `built in (${uri})` : robot.domain + uri;
}

/** Where the docked log's width is remembered, and its narrowest (px). */
const LOG_WIDTH_KEY = "ccemu.sessionLogWidth";
const LOG_MIN = 200;

function storedLogWidth(): number | null {
  const width = Number(localStorage.getItem(LOG_WIDTH_KEY));
  return Number.isFinite(width) && width >= LOG_MIN ? width : null;
}

const PICK_TITLE = "Show this push's request and reply in the log";

@customElement("ccemu-conversation")
export class ConversationView extends LitElement {
  static override styles = [shared, conversationStyles];

  @property({ attribute: false })
  accessor robots: Robot[] = [];
  @property()
  accessor robotId = "";
  /** The robot just added, for the confirmation line. */
  @property({ attribute: false })
  accessor added: Robot | null = null;
  /** The robot "added" was already registered: picked rather than added twice. */
  @property({ type: Boolean })
  accessor existing = false;
  @property({ attribute: false })
  accessor session: Session | null = null;
  @property({ attribute: false })
  accessor sessions: SessionSummary[] = [];
  /** Sessions open as tabs, in the order opened. */
  @property({ attribute: false })
  accessor tabs: string[] = [];
  /** Streamed text so far, by message id, while a reply is under way. */
  @property({ attribute: false })
  accessor streaming: { messageId: string; text: string }[] = [];
  /** Findings of each push, by journal entry id (for the inline markers). */
  @property({ attribute: false })
  accessor findings: Record<number, Finding[]> = {};
  /** The journal as the inspector holds it: the log beside the chat shows the session's pushes. */
  @property({ attribute: false })
  accessor journal: JournalEntry[] = [];
  /** The tenant's zone, in which the log's times read (UTC on hover). */
  @property()
  accessor timeZone = "Asia/Shanghai";
  @property({ type: Boolean })
  accessor busy = false;
  /** The visitor's message on its way (shown at once, marked as sending). */
  @property({ attribute: false })
  accessor pending: { text?: string; image?: string } | null = null;

  @state()
  accessor mode = "streaming";
  @state()
  accessor visitor = DEFAULT_VISITOR;
  @state()
  accessor problem = "";
  /** The robot whose Remove was pressed once: it asks before removing. */
  @state()
  accessor removing = "";
  /** The docked log's width as the splitter set it (px), remembered; null: the log's default. */
  @state()
  accessor logWidth = storedLogWidth();

  #resizeLog(width: number) {
    this.logWidth = width;
    localStorage.setItem(LOG_WIDTH_KEY, String(width));
  }

  /** The splitter between the chat and the log: the chat keeps 240 px at least. */
  #splitter() {
    const body = this.renderRoot.querySelector<HTMLElement>(".chat-body");
    const log = this.renderRoot.querySelector<HTMLElement>("ccemu-session-log");
    return html`
      <ccemu-splitter label="Resize the chat and the log" .min=${LOG_MIN}
        .max=${Math.max(LOG_MIN, (body?.clientWidth ?? 900) - 240)}
        .value=${this.logWidth ?? log?.offsetWidth ?? 280}
        @split-change=${(e: CustomEvent<number>) => this.#resizeLog(e.detail)}></ccemu-splitter>
    `;
  }

  #open(event: Event) {
    event.preventDefault();
    try {
      const visitor = JSON.parse(this.visitor);
      this.problem = "";
      emit(this, "open-session", { robotId: this.robotId, visitor, responseMode: this.mode });
    } catch (error) {
      this.problem = `The visitor profile is not JSON: ${(error as Error).message}`;
    }
  }

  /** `/` anywhere but a text field lands here (once this view and its composer have drawn). */
  async focusMessage() {
    await this.updateComplete;
    const composer = this.renderRoot.querySelector<Composer>("ccemu-composer");
    await composer?.updateComplete;
    composer?.focusText();
  }

  /** Esc closes what is open, innermost first: a picked image, a pending delete, a details pane. */
  escape(): boolean {
    if (this.removing) {
      this.removing = "";
      return true;
    }
    if (this.renderRoot.querySelector<Composer>("ccemu-composer")?.escape()) return true;
    if (this.renderRoot.querySelector<SessionLog>("ccemu-session-log")?.escape()) return true;
    if (this.renderRoot.querySelector<SessionList>("ccemu-session-list")?.escape()) return true;
    const open = [...this.renderRoot.querySelectorAll("details[open]")];
    open.forEach((d) => d.removeAttribute("open"));
    return open.length > 0;
  }

  /**
   * A click on a bubble (not on a button or link inside it) shows the push that carried it in the
   * docked log: what was sent and what came back, as JSON, beside the chat.
   */
  #pick(journalId: number | null) {
    if (journalId === null) return nothing;
    return (event: Event) => {
      const inner = event.composedPath().some((el) =>
        el instanceof Element && el.matches("button, a, input, select, textarea, summary, label")
      );
      if (inner) return;
      this.renderRoot.querySelector<SessionLog>("ccemu-session-log")?.show(journalId);
    };
  }

  /** A new session on the same robot and mode: as the same visitor (its id kept) or a new one. */
  #restart(session: Session, sameVisitor: boolean) {
    const { visitorId: _old, ...profile } = session.visitor;
    emit(this, "open-session", {
      robotId: session.robotId,
      visitor: sameVisitor ? { ...profile, visitorId: session.visitorId } : profile,
      responseMode: session.responseMode,
    });
  }

  #meta(journalId: number | null) {
    if (journalId === null) return nothing;
    const { errors, warnings } = findingsCount(this.findings[journalId]);
    return html`
      <div class="meta muted">
        <span class="findings">${findingsBadges(errors, warnings)}</span>
        <button class="inspect" @click=${() => emit(this, "inspect", journalId)}
          aria-label=${`Open push #${journalId} in the inspector`}>push #${journalId}</button>
      </div>
    `;
  }

  #log() {
    const session = this.session;
    if (!session) {
      return html`<p class="muted">Open a session (right) or pick one from the list (left).</p>`;
    }
    // Pushes that delivered something; a visitor message whose push delivered nothing says so.
    const answered = new Set(
      session.history.filter((i) => i.kind !== "visitor").map((i) => i.journalId),
    );
    return html`${
      session.history.map((item) => {
        switch (item.kind) {
          case "visitor":
            return html`
              <div class="bubble visitor" data-push=${item.journalId ?? nothing}
                title=${item.journalId === null ? nothing : PICK_TITLE}
                @click=${this.#pick(item.journalId)}>${item.messageType === 105
                  ? html`<img class="sent" src=${String(item.message.fileUrl)} alt=${
                    String(item.message.fileName)
                  }>`
                  : item.message.content}</div>${item.journalId !== null &&
                    !answered.has(item.journalId)
                  ? html`
                    <div class="bubble agent muted nothing" data-push=${item.journalId}
                      title=${PICK_TITLE} @click=${this.#pick(
                        item.journalId,
                      )}>The reply delivered nothing to the visitor.${this.#meta(
                        item.journalId,
                      )}</div>
                  `
                  : nothing}
            `;
          case "agent":
            return html`
              <div class="bubble agent" data-push=${item.journalId ?? nothing}
                title=${item.journalId === null ? nothing : PICK_TITLE}
                @click=${this.#pick(item.journalId)}><ccemu-message .message=${item
                  .message}></ccemu-message>${this.#meta(item.journalId)}</div>
            `;
          case "instruction": {
            const qno = item.instruction.actionData.qno;
            return html`
              <div class="banner" data-push=${item.journalId ?? nothing}
                title=${item.journalId === null ? nothing : PICK_TITLE}
                @click=${this.#pick(item.journalId)}
                role="status"><strong>Transferred to a human${qno
                  ? ` (queue ${qno})`
                  : ""}</strong> <span class="muted">${item.instruction.actionType}</span>${this
                  .#meta(item.journalId)}</div>
            `;
          }
          case "error":
            return html`
              <div class="error" role="alert" data-push=${item.journalId ?? nothing}
                title=${item.journalId === null ? nothing : PICK_TITLE}
                @click=${this.#pick(item.journalId)}><strong>${item.code}</strong> ${item
                  .message}${this.#meta(item.journalId)}</div>
            `;
        }
      })
    }
    ${
      this.pending
        ? html`
          <div class="bubble visitor pending"
            id="pending">${this.pending.text ??
              `🖼 ${this.pending.image}`}<span class="muted sending"> · sending…</span></div>
        `
        : nothing
    }
    ${
      this.streaming.map((s) =>
        html`<div class="bubble agent streaming" aria-live="polite">${s.text}</div>`
      )
    }
    ${
      this.streaming.length
        ? html`<div class="typing muted" id="typing" role="status">The agent is typing<span
            class="dots" aria-hidden="true"><i>.</i><i>.</i><i>.</i></span></div>`
        : this.busy && this.pending
        ? html`<div class="typing muted" id="typing" role="status">The agent is answering…</div>`
        : nothing
    }`;
  }

  override updated(changed: Map<string, unknown>) {
    const log = this.renderRoot.querySelector(".log");
    if (log) log.scrollTop = log.scrollHeight;
    // An agent just added: its form empties, and the confirmation comes into sight.
    if (changed.has("added") && this.added) {
      this.renderRoot.querySelector<AgentForm>("ccemu-agent-form")?.clear();
      this.renderRoot.querySelector("#added")?.scrollIntoView({ block: "nearest" });
    }
  }

  /** Beside the tabs (the chat's head is full at 1280): restart the shown session's conversation. */
  #restartButtons() {
    const session = this.session;
    if (!session) return nothing;
    return html`
      <span class="restart" role="group" aria-label="Restart conversation">
        <button id="restart-same" ?disabled=${this.busy}
          title="A new session with the same robot, mode and visitor (its visitor id kept)"
          @click=${() => this.#restart(session, true)}>↻ Restart</button>
        <button id="restart-new" ?disabled=${this.busy}
          title="A new session with the same robot and mode, as a new visitor"
          @click=${() => this.#restart(session, false)}>↻ New visitor</button>
      </span>
    `;
  }

  #tabs() {
    if (!this.tabs.length) return nothing;
    const current = this.session?.sessionId;
    // A group of buttons, not a tablist: each tab carries its own close button, which a tablist
    // may not hold (axe: aria-required-children).
    return html`
      <div
        class="tabbar"><div class="tabs" role="group" aria-label="Open sessions">${this.tabs.map((
          id,
        ) =>
          html`
            <span class="tab" aria-current=${id === current}>
              <button class="pick-tab" aria-current=${id === current} @click=${() =>
                emit(this, "pick-session", id)}>${id}</button>
              <button class="close" aria-label=${`Close the tab of session ${id}`} @click=${() =>
                emit(this, "close-tab", id)}>✕</button>
            </span>
          `
        )}</div>${this.#restartButtons()}</div>
    `;
  }

  #header(session: Session) {
    const robot = this.robots.find((r) => r.robotId === session.robotId);
    const base = `/_emulator/gateway/sessions/${session.sessionId}`;
    return html`
      <div class="chat-head">
        <span
          class="who"><strong>${session.sessionId}</strong> ${session.visitor.name ??
            session.visitorId} → ${robot?.name ?? session.robotId} <span class="muted">${session
            .responseMode}</span></span>
        <a id="export-transcript" href=${`${base}/transcript`} download=${`${session.sessionId}.transcript.json`}>Export transcript</a>
        <a id="save-scenario" href=${`${base}/scenario?name=${
          encodeURIComponent(`recorded ${session.sessionId}`)
        }`}
          download=${`${session.sessionId}.scenario.json`}>Save as scenario</a>
        <button id="replay-session" @click=${() =>
          emit(this, "replay-session", session.sessionId)}>Replay as scenario…</button>
      </div>
    `;
  }

  #robotPicker() {
    const chosen = this.robots.find((r) => r.robotId === this.robotId);
    return html`
      <label class="stack">Robot
        <select id="robot" aria-label="Robot" @change=${(e: Event) =>
          emit(this, "pick-robot", (e.target as HTMLSelectElement).value)}>
          ${this.robots.map((r) =>
            html`
              <option value=${r.robotId} ?selected=${r.robotId === this.robotId}
                title=${`${r.name} — ${r.platform}, ${robotTarget(r)}`}>${r.name}</option>
            `
          )}
        </select>
      </label>
      ${chosen
        ? html`
          <div class="robot-detail muted"
            id="robot-detail">${chosen.robotId} · ${chosen.platform} way · ${robotTarget(
              chosen,
            )}</div>${this.#robotSettings(chosen)}
        `
        : nothing}
    `;
  }

  /** Sends the time-outs typed for the chosen robot (an empty box is left as it is). */
  #saveTimeouts(robot: Robot) {
    const timeouts: Record<string, number> = {};
    for (const name of ["blockingMs", "streamIdleMs"]) {
      const box = this.renderRoot.querySelector<HTMLInputElement>(`#robot-${name}`);
      const value = box?.value.trim() ?? "";
      if (!value) continue;
      if (!box?.checkValidity()) {
        this.problem = `${box?.getAttribute("aria-label")}: ${box?.validationMessage}`;
        return;
      }
      timeouts[name] = Number(value);
    }
    this.problem = "";
    emit(this, "robot-timeouts", { robotId: robot.robotId, timeouts });
  }

  /** The chosen robot's time-outs and its removal (confirmed in place). */
  #robotSettings(robot: Robot) {
    const enter = (e: KeyboardEvent) => {
      if (e.key !== "Enter") return;
      e.preventDefault(); // not "Open session"
      this.#saveTimeouts(robot);
    };
    const box = (name: "blockingMs" | "streamIdleMs", label: string) =>
      html`<label>${label} <input type="number" id=${`robot-${name}`} min="1" max="600000"
        step="1" aria-label=${`${label} (ms)`} .value=${String(robot.timeouts[name])}
        @keydown=${enter} style="width:90px"> ms</label>`;
    return html`
      <details id="robot-settings">
        <summary>Time-outs, remove</summary>
        <div class="stack">
          ${box("blockingMs", "Blocking reply")}
          ${box("streamIdleMs", "Stream idle")}
          <div class="row">
            <button type="button" id="robot-save-timeouts" @click=${() =>
              this.#saveTimeouts(robot)}>Set time-outs</button>
            ${this.removing === robot.robotId
              ? html`<span class="confirm">Remove ${robot.name} and its sessions?
                <button type="button" id="robot-remove-yes"
                  aria-label=${`Yes, remove robot ${robot.robotId}`} @click=${() => {
                this.removing = "";
                emit(this, "remove-robot", robot.robotId);
              }}>Remove</button>
                <button type="button" @click=${() => (this.removing = "")}>Keep</button></span>`
              : html`
                <button type="button" id="robot-remove"
                  aria-label=${`Remove robot ${robot.robotId}`} @click=${() => (this.removing =
                    robot.robotId)}>Remove</button>
              `}
          </div>
        </div>
      </details>
    `;
  }

  override render() {
    const session = this.session;
    return html`
      <ccemu-session-list class="panel" .sessions=${this.sessions} .current=${session
        ?.sessionId ?? ""}></ccemu-session-list>
      <section class="chat panel" aria-label="Chat">
        ${this.#tabs()}
        ${session ? this.#header(session) : nothing}
        <div class="chat-body" style=${this.logWidth ? `--log-width:${this.logWidth}px` : ""}>
          <div class="talk">
            <div class="log">${this.#log()}</div>
            <ccemu-composer .session=${session} ?busy=${this.busy}></ccemu-composer>
          </div>
          ${session ? this.#splitter() : nothing}
          ${session
            ? html`
              <ccemu-session-log .entries=${this.journal} sessionId=${session.sessionId}
                .pushed=${new Set(
                  session.history.filter((i) => i.kind !== "visitor").map((i) => i.journalId),
                ).size}
                timeZone=${this.timeZone}></ccemu-session-log>
            `
            : nothing}
        </div>
      </section>
      <aside class="panel" aria-label="New session">
        <form @submit=${this.#open} class="stack">
          <h3>New session</h3>
          ${this.#robotPicker()}
          <label class="stack">Response mode
            <select id="mode" aria-label="Response mode" @change=${(
              e: Event,
            ) => (this.mode = (e.target as HTMLSelectElement).value)}>
              <option value="streaming" ?selected=${this.mode === "streaming"}>streaming</option>
              <option value="blocking" ?selected=${this.mode === "blocking"}>blocking</option>
            </select>
          </label>
          <h3>Visitor</h3>
          <ccemu-visitor-form .value=${this.visitor} @visitor-change=${(
            e: CustomEvent<string>,
          ) => (this.visitor = e.detail)}></ccemu-visitor-form>
          <button class="primary" id="open" ?disabled=${this.busy ||
            !this.robotId}>Open session</button>
        </form>
        ${this.problem ? html`<div class="bad" role="alert">${this.problem}</div>` : nothing}
        ${session
          ? html`
            <details>
              <summary>inputs of ${session.sessionId}</summary>
              <pre>${JSON.stringify(session.inputs, null, 2)}</pre>
            </details>
          `
          : nothing}
        <details id="add-agent-pane" ?open=${!!this.added}>
          <summary>Add an agent by URL</summary>
          <ccemu-agent-form></ccemu-agent-form>
          ${this.added
            ? html`
              <div class="ok" role="status"
                id="added">${this.existing ? "Already registered:" : "Added"} “${this.added
                  .name}” (${this.added.robotId}, ${this.added.platform} way) → ${robotTarget(
                    this.added,
                  )}. It is now the chosen robot${this.existing ? ", not added twice" : ""}.</div>
            `
            : nothing}
        </details>
      </aside>
    `;
  }
}
