/**
 * `<ccemu-kb-detail>`: one FAQ entry or document as the knowledge base holds it — rendered
 * answers (markdown, or sanitized HTML) with their type, similar questions, validity, attachments
 * with their media links — and the FAQ form that creates or edits an entry through the signed
 * operations (create_faq, edit_faq), or deletes it into the recycle bin (delete_faq).
 */
import { css, html, LitElement, nothing } from "lit";
import { customElement, property, state } from "lit/decorators.js";
import { shared } from "../common/styles.ts";
import { emit } from "../common/events.ts";
import { markdown, sanitized } from "../common/markdown.ts";
import { timeOf } from "../common/local-time.ts";
import type { FaqRow, FileRow } from "../common/control-client.ts";

/** What the detail pane shows: an entry, a document, or the FAQ form (`faq` null: a new one). */
export type Detail =
  | { kind: "faq"; faq: FaqRow }
  | { kind: "file"; file: FileRow }
  | { kind: "faq-form"; faq: FaqRow | null; directoryId: number };

const answer = (a: { content: string; type: string }) =>
  a.type === "html" ? sanitized(a.content) : markdown(a.content);

@customElement("ccemu-kb-detail")
export class KbDetail extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: grid;
        gap: 8px;
        align-content: start;
      }
      h3 {
        margin: 0;
      }
      .answer {
        border-left: 3px solid var(--line);
        padding-left: 8px;
      }
      form {
        display: grid;
        gap: 6px;
      }
      textarea {
        min-height: 90px;
      }
      label.stack {
        display: grid;
        gap: 2px;
      }
      pre.text {
        max-height: 320px;
        overflow: auto;
        background: var(--ground);
        padding: 6px;
      }
    `,
  ];

  @property({ attribute: false })
  accessor detail: Detail | null = null;
  /** Media links fetched so far, by fileKey (or `file-<id>`). */
  @property({ attribute: false })
  accessor links: Record<string, string> = {};
  /** The tenant's zone, for the validity times. */
  @property()
  accessor timeZone = "Asia/Shanghai";
  /** The FAQ whose delete waits for a "yes" in place. */
  @state()
  accessor confirmingDelete = 0;

  #submit(event: Event, faq: FaqRow | null, directoryId: number) {
    event.preventDefault();
    const f = new FormData(event.target as HTMLFormElement);
    const lines = (name: string) =>
      String(f.get(name) ?? "").split("\n").map((s) => s.trim()).filter(Boolean);
    emit(this, "save-faq", {
      ...(faq ? { id: faq.id } : {}),
      repositoryId: faq?.repositoryId,
      directoryId: faq?.directoryId ?? directoryId,
      question: String(f.get("question")).trim(),
      answers: [{ content: String(f.get("answer")), type: String(f.get("answerType")) }],
      similars: lines("similars"),
      ...(f.get("from") ? { onlineDateFrom: String(f.get("from")) } : {}),
      ...(f.get("to") ? { onlineDateTo: String(f.get("to")) } : {}),
    });
  }

  #form(faq: FaqRow | null, directoryId: number) {
    return html`
      <h3>${faq ? `Edit FAQ ${faq.id}` : "New FAQ"}</h3>
      <form @submit=${(e: Event) => this.#submit(e, faq, directoryId)} aria-label="FAQ">
        <label>Question <input name="question" required .value=${faq?.question ?? ""}
          style="flex:1"></label>
        <label>Format <select name="answerType">
          <option value="text" ?selected=${faq?.answers[0].type !== "html"}>text (markdown)</option>
          <option value="html" ?selected=${faq?.answers[0].type === "html"}>html</option>
        </select></label>
        <label
          class="stack">Answer <textarea name="answer" required .value=${faq?.answers[0]
            .content ?? ""}></textarea></label>
        <label class="stack">Similar questions, one a line <textarea name="similars"
          .value=${faq?.similars.map((s) => s.question).join("\n") ?? ""}></textarea></label>
        <!-- create_faq's dates are yyyy/MM/dd (slashes) where create_file's are yyyy-MM-dd. -->
        <div class="row">
          <label>Online from <span class="muted">yyyy/MM/dd HH:mm:ss</span> <input name="from"
            placeholder="2026/01/05 09:00:00" .value=${faq?.onlineDateFrom ?? ""}></label>
          <label>to <span class="muted">yyyy/MM/dd HH:mm:ss</span> <input name="to"
            placeholder="2026/12/31 23:59:59" .value=${faq?.onlineDateTo ?? ""}></label>
        </div>
        <p class="muted">The FAQ's dates take slashes (yyyy/MM/dd), as create_faq's document says;
          a document's validity (create_file) takes dashes (yyyy-MM-dd).</p>
        <div class="row">
          <button class="primary" id="save-faq">${faq
            ? "Save (edit_faq)"
            : "Create (create_faq)"}</button>
          <button type="button" @click=${() => emit(this, "close-detail")}>Cancel</button>
        </div>
      </form>
    `;
  }

  #link(key: string, ask: () => void) {
    const url = this.links[key];
    return url
      ? html`<a href=${url} target="_blank" rel="noopener">open</a>`
      : html`<button @click=${ask}>Media link</button>`;
  }

  #faq(faq: FaqRow) {
    return html`
      <div class="row">
        <h3 id="detail-title">${faq.question}</h3>
        <button @click=${() => emit(this, "edit-faq", faq)}>Edit</button>
        ${this.confirmingDelete === faq.id
          ? html`<span class="row" id="confirm-delete">Delete FAQ ${faq.id}? It goes to the recycle bin.
            <button class="primary" @click=${() => {
            this.confirmingDelete = 0;
            emit(this, "delete-faq", faq.id);
          }}>Yes, delete</button>
            <button @click=${() => (this.confirmingDelete = 0)}>Keep</button></span>`
          : html`<button @click=${() => (this.confirmingDelete =
            faq.id)}>Delete (delete_faq)</button>`}
      </div>
      <div class="muted">FAQ ${faq.id} · updated ${faq.updateTime} · online ${faq.onlineDateFrom ??
        "always"} → ${faq.onlineDateTo ?? "no end"}</div>
      <h4>Answers</h4>
      ${faq.answers.map((a) =>
        html`<div class="answer"><span class="badge muted">${a.type}</span>${answer(a)}</div>`
      )}
      ${faq.similars.length
        ? html`
          <h4>Similar questions</h4>
          <ul>${faq.similars.map((s) => html`<li>${s.question}</li>`)}</ul>
        `
        : nothing}
      ${faq.attachments.length
        ? html`<h4>Attachments</h4>${
          faq.attachments.map((a) =>
            html`<div>${a.fileName} ${
              this.#link(
                a.fileKey,
                () => emit(this, "faq-link", { faqId: faq.id, fileKey: a.fileKey }),
              )
            }</div>`
          )
        }`
        : nothing}
    `;
  }

  #file(file: FileRow) {
    const time = (t: number | null) => t === null ? "open" : timeOf(t, this.timeZone);
    return html`
      <h3 id="detail-title">${file.name}</h3>
      <div class="muted">document ${file.id} · ${file.directoryNames.join(" / ")} · ${file.size} B ·
        ${file.type}</div>
      <div>${file.effectiveStatus} · valid ${time(file.effectiveFrom)} → ${time(file.effectiveTo)}
        ${file.tags.map((t) => html`<span class="badge">${t.name}</span>`)}</div>
      ${file.introduction ? html`<div>${markdown(file.introduction)}</div>` : nothing}
      <div>Bytes: ${this.#link(`file-${file.id}`, () => emit(this, "file-link", file.id))}</div>
      ${file.text
        ? html`
          <h4>Text (what Q&A and search read)</h4>
          <pre class="text">${file.text}</pre>
        `
        : nothing}
    `;
  }

  override render() {
    const d = this.detail;
    if (!d) return html`<p class="muted">Open an entry, a document or a search hit.</p>`;
    if (d.kind === "faq") return this.#faq(d.faq);
    if (d.kind === "file") return this.#file(d.file);
    return this.#form(d.faq, d.directoryId);
  }
}
