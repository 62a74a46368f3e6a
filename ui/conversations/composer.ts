/**
 * What the visitor types or attaches. A picked image waits as a preview until sent or dropped.
 * Above the box, what the session's state means for what is sent: after a transfer to a human the
 * messages still go to the robot (ccemu has no human seats); an imported transcript takes none.
 * Fires `send` with `{text}` or `{image: {fileName, contentBase64}}`.
 */
import { css, html, LitElement, nothing } from "lit";
import { customElement, property, state } from "lit/decorators.js";
import type { Session } from "../common/control-client.ts";
import { shared } from "../common/styles.ts";
import { emit } from "../common/events.ts";

interface Picked {
  fileName: string;
  contentBase64: string;
  size: number;
  url: string;
}

@customElement("ccemu-composer")
export class Composer extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: block;
        border-top: 1px solid var(--line);
      }
      form {
        display: flex;
        gap: 8px;
        padding: 10px;
        align-items: center;
      }
      #text {
        flex: 1;
        min-width: 0;
      }
      .note {
        padding: 6px 10px;
        font-size: 12px;
        background: #fff4e0;
        border-bottom: 1px solid #f2c27a;
      }
      .preview {
        display: flex;
        gap: 8px;
        align-items: center;
        padding: 6px 10px 0;
        font-size: 12px;
      }
      .preview img {
        max-height: 64px;
        max-width: 120px;
        border-radius: 6px;
        border: 1px solid var(--line);
      }
    `,
  ];

  @property({ attribute: false })
  accessor session: Session | null = null;
  @property({ type: Boolean })
  accessor busy = false;
  /** Send was pressed while the last message was still being answered. */
  @state()
  accessor waiting = false;

  @state()
  accessor picked: Picked | null = null;
  /** Why the last picked file was not taken (it is no image): said at once, not by the server. */
  @state()
  accessor refused = "";

  #send(event: Event) {
    event.preventDefault();
    if (this.busy) {
      // The message stays in the box: one push at a time, as the gateway sends them.
      this.waiting = true;
      return;
    }
    this.waiting = false;
    if (this.picked) {
      const { fileName, contentBase64 } = this.picked;
      this.#drop();
      return emit(this, "send", { image: { fileName, contentBase64 } });
    }
    const input = this.renderRoot.querySelector<HTMLInputElement>("#text")!;
    if (!input.value.trim()) return;
    emit(this, "send", { text: input.value });
    input.value = "";
  }

  async #pick(event: Event) {
    // Taken before the await: once dispatch ends, an event from a shadow tree has no target.
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = "";
    this.refused = "";
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      this.refused = `${file.name} is not an image (${
        file.type || "unknown type"
      }): attach a PNG, JPEG, GIF or WebP picture.`;
      return;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = "";
    for (const b of bytes) binary += String.fromCharCode(b);
    this.#drop();
    this.picked = {
      fileName: file.name,
      contentBase64: btoa(binary),
      size: file.size,
      url: URL.createObjectURL(file),
    };
  }

  #drop() {
    if (this.picked) URL.revokeObjectURL(this.picked.url);
    this.picked = null;
  }

  focusText() {
    this.renderRoot.querySelector<HTMLInputElement>("#text")?.focus();
  }

  /** Esc drops a picked image. */
  escape(): boolean {
    if (!this.picked) return false;
    this.#drop();
    return true;
  }

  #note() {
    const session = this.session;
    if (session?.importedFrom) {
      return html`
        <div class="note"
          role="status">Imported transcript of ${session.importedFrom
            .sessionId}: read-only. Replay it as a scenario from the chat header, or open a new session.</div>
      `;
    }
    const qno = session?.transferred?.actionData.qno;
    if (session?.transferred) {
      return html`
        <div class="note" role="status"
          id="transfer-note">Transferred to a human${qno
            ? ` (queue ${qno})`
            : ""}. ccemu has no human seats: what you send now still goes to the robot.</div>
      `;
    }
    return nothing;
  }

  override render() {
    const off = !this.session || !!this.session.importedFrom;
    return html`
      ${this.#note()}
      ${this.picked
        ? html`
          <div class="preview" aria-label="Image to send">
            <img src=${this.picked.url} alt=${`Preview of ${this.picked.fileName}`}>
            <span>${this.picked.fileName} <span class="muted">${(this.picked.size / 1024).toFixed(
              1,
            )} KB</span></span>
            <button type="button" id="drop-image" @click=${() => this.#drop()}>Remove</button>
          </div>
        `
        : nothing}
      ${this.refused
        ? html`<div class="note bad" role="alert" id="refused-file">${this.refused}</div>`
        : nothing}
      ${this.waiting && this.busy
        ? html`<div class="note" role="status" id="wait-note">The agent is still answering your last
            message; your text stays here: send it when the reply has come.</div>`
        : nothing}
      <form @submit=${this.#send}>
        <input type="text" id="text" aria-label="Message" autocomplete="off"
          title="The sample agents answer card, options, image, human, queue 12; / focuses here"
          placeholder=${this
              .picked
            ? "Press Send to send the image"
            : this.session
            ? "Message (try: card, human…)"
            : "Open a session first"}
          ?disabled=${off || !!this.picked}>
        <label class="button attach" aria-disabled=${off}>Attach image<input class="visually-hidden"
          type="file" accept="image/*" aria-label="Attach an image" @change=${this.#pick}
          ?disabled=${off}></label>
        <button class="primary" id="send" ?disabled=${off}>${this.picked
          ? "Send image"
          : "Send"}</button>
      </form>
    `;
  }
}
