/**
 * Conversations: pick a robot (or add an agent by URL), edit the visitor profile, open a session
 * and chat as the visitor. Data comes down as properties; what the visitor does goes up as events
 * (`open-session`, `add-robot`, `send`, `inspect`).
 */
import { html, LitElement, nothing } from "lit";
import { customElement, property, state } from "lit/decorators.js";
import type { Finding, Robot, Session } from "./control-client.ts";
import "./message-view.ts";
import { shared } from "./styles.ts";
import { conversationStyles } from "./conversation-styles.ts";

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

@customElement("ccemu-conversation")
export class ConversationView extends LitElement {
  static override styles = [shared, conversationStyles];

  @property({ attribute: false })
  accessor robots: Robot[] = [];
  @property({ attribute: false })
  accessor session: Session | null = null;
  /** Streamed text so far, by message id, while a reply is under way. */
  @property({ attribute: false })
  accessor streaming: { messageId: string; text: string }[] = [];
  /** Findings of each push, by journal entry id (for the inline markers). */
  @property({ attribute: false })
  accessor findings: Record<number, Finding[]> = {};
  @property({ type: Boolean })
  accessor busy = false;

  @state()
  accessor robotId = "sample-default";
  @state()
  accessor mode = "streaming";
  @state()
  accessor visitor = DEFAULT_VISITOR;
  @state()
  accessor problem = "";

  #emit(name: string, detail: unknown) {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }

  #open(event: Event) {
    event.preventDefault();
    try {
      const visitor = JSON.parse(this.visitor);
      this.problem = "";
      this.#emit("open-session", { robotId: this.robotId, visitor, responseMode: this.mode });
    } catch (error) {
      this.problem = `The visitor profile is not JSON: ${(error as Error).message}`;
    }
  }

  #addRobot(event: Event) {
    event.preventDefault();
    const form = new FormData(event.target as HTMLFormElement);
    this.#emit("add-robot", {
      url: form.get("url"),
      platform: form.get("platform"),
      ...(form.get("openPath") ? { openPath: form.get("openPath") } : {}),
      ...(form.get("token") ? { token: form.get("token") } : {}),
    });
  }

  #send(event: Event) {
    event.preventDefault();
    const input = this.renderRoot.querySelector<HTMLInputElement>("#text")!;
    if (!input.value.trim()) return;
    this.#emit("send", { text: input.value });
    input.value = "";
  }

  async #image(event: Event) {
    // Taken before the await: once dispatch ends, an event from a shadow tree has no target.
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = "";
    for (const b of bytes) binary += String.fromCharCode(b);
    this.#emit("send", { image: { fileName: file.name, contentBase64: btoa(binary) } });
    input.value = "";
  }

  #meta(journalId: number | null) {
    if (journalId === null) return nothing;
    const found = this.findings[journalId] ?? [];
    const errors = found.filter((f) => f.severity === "error").length;
    const warnings = found.length - errors;
    return html`<div class="meta muted">
      ${
      errors
        ? html`<span class="bad">${errors} error finding${errors > 1 ? "s" : ""}</span>`
        : nothing
    }
      ${
      warnings
        ? html`<span class="warn">${warnings} warning${warnings > 1 ? "s" : ""}</span>`
        : nothing
    }
      <button class="inspect" @click=${() =>
      this.#emit(
        "inspect",
        journalId,
      )} aria-label="Open this push in the inspector">push #${journalId}</button>
    </div>`;
  }

  #log() {
    const session = this.session;
    if (!session) return html`<p class="muted">Open a session to start chatting.</p>`;
    // Pushes that delivered something; a visitor message whose push delivered nothing says so.
    const answered = new Set(
      session.history.filter((i) => i.kind !== "visitor").map((i) => i.journalId),
    );
    return html`${
      session.history.map((item) => {
        switch (item.kind) {
          case "visitor":
            return html`<div class="bubble visitor">${
              item.messageType === 105
                ? html`<img src=${item.message.fileUrl} alt=${item.message.fileName} style="max-width:200px">`
                : item.message.content
            }</div>${
              item.journalId !== null && !answered.has(item.journalId)
                ? html`<div class="bubble agent muted nothing">The reply delivered nothing to the visitor.${
                  this.#meta(item.journalId)
                }</div>`
                : nothing
            }`;
          case "agent":
            return html`<div class="bubble agent"><ccemu-message .message=${item.message}></ccemu-message>${
              this.#meta(item.journalId)
            }</div>`;
          case "instruction": {
            const qno = item.instruction.actionData.qno;
            return html`
              <div class="banner"
                role="status"><strong>Transferred to a human${qno
                  ? ` (queue ${qno})`
                  : ""}</strong> <span class="muted">${item.instruction.actionType}</span>${this
                  .#meta(item.journalId)}</div>
            `;
          }
          case "error":
            return html`<div class="error" role="alert"><strong>${item.code}</strong> ${item.message}${
              this.#meta(item.journalId)
            }</div>`;
        }
      })
    }
    ${
      this.streaming.map((s) =>
        html`<div class="bubble agent streaming" aria-live="polite">${s.text}</div>`
      )
    }`;
  }

  override updated() {
    const log = this.renderRoot.querySelector(".log");
    if (log) log.scrollTop = log.scrollHeight;
  }

  override render() {
    return html`
      <aside class="panel">
        <form @submit=${this.#open} class="row">
          <h3>Robot</h3>
          <select id="robot" aria-label="Robot" @change=${(
            e: Event,
          ) => (this.robotId = (e.target as HTMLSelectElement).value)}>
            ${this.robots.map((r) =>
              html`<option value=${r.robotId} ?selected=${
                r.robotId === this.robotId
              }>${r.name} (${r.platform})</option>`
            )}
          </select>
          <select id="mode" aria-label="Response mode" @change=${(
            e: Event,
          ) => (this.mode = (e.target as HTMLSelectElement).value)}>
            <option value="streaming" ?selected=${this.mode === "streaming"}>streaming</option>
            <option value="blocking" ?selected=${this.mode === "blocking"}>blocking</option>
          </select>
          <label style="display:block;width:100%">Visitor profile (inputs are built from it)
            <textarea id="visitor" .value=${this.visitor} @input=${(
              e: Event,
            ) => (this.visitor = (e.target as HTMLTextAreaElement).value)}></textarea>
          </label>
          <button class="primary" id="open" ?disabled=${this.busy}>Open session</button>
        </form>
        ${this.problem ? html`<div class="bad" role="alert">${this.problem}</div>` : nothing}
        ${this.session
          ? html`
            <details>
              <summary>inputs of ${this.session.sessionId}</summary>
              <pre>${JSON.stringify(this.session.inputs, null, 2)}</pre>
            </details>
          `
          : nothing}
        <details>
          <summary>Add an agent by URL</summary>
          <form @submit=${this.#addRobot} class="row">
            <input name="url" aria-label="Agent message URL" placeholder="http://127.0.0.1:3000/message" required style="width:100%">
            <input name="openPath" aria-label="Open-session path" placeholder="/open (optional)">
            <select name="platform" aria-label="Platform"><option>Default</option><option>PlatformA</option></select>
            <input name="token" aria-label="Bearer token" placeholder="token (optional)">
            <button>Add</button>
          </form>
        </details>
      </aside>
      <section class="chat panel" aria-label="Chat">
        <div class="log">${this.#log()}</div>
        <form class="composer" @submit=${this.#send}>
          <input type="text" id="text" aria-label="Message" placeholder=${this.session
            ? "Type a message (try: card, options, human, queue 12)"
            : "Open a session first"} ?disabled=${!this.session}>
          <label
            class="muted">Image <input type="file" accept="image/*" aria-label="Send an image" @change=${this
              .#image} ?disabled=${!this.session} style="width:110px"></label>
          <button class="primary" id="send" ?disabled=${!this.session || this.busy}>Send</button>
        </form>
      </section>
    `;
  }
}
