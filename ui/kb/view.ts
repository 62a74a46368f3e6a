/**
 * The knowledge base: repositories; the FAQ and document directory trees, which filter the list
 * (a directory with everything under it); entries and documents that open in the detail pane; an
 * Ask box that runs Q&A (chat_conversation_on_open) and names the FAQ or document that answered;
 * search with the matched terms marked in the rendered text; the recycle bin with the virtual days
 * each item has left.
 */
import { css, html, LitElement, nothing, type TemplateResult } from "lit";
import { customElement, property } from "lit/decorators.js";
import { panes, shared } from "../common/styles.ts";
import { emit } from "../common/events.ts";
import { markdown, unhighlight } from "../common/markdown.ts";
import type { Detail } from "./detail.ts";
import type {
  DirectoryNode,
  KbItems,
  QaReply,
  RepositoryRow,
  SearchHit,
} from "../common/control-client.ts";
import "./detail.ts";

/** A question asked in the Ask box, with ccemu's reply (chat_conversation_on_open). */
export type QaAnswer = QaReply & { question: string };

/** The directory and every directory under it. */
function subtree(dirs: DirectoryNode[], id: number): Set<number> {
  const found = new Set<number>();
  const walk = (list: DirectoryNode[], inside: boolean) => {
    for (const d of list) {
      const here = inside || d.id === id;
      if (here) found.add(d.id);
      walk(d.subDirectories ?? [], here);
    }
  };
  walk(dirs, false);
  return found;
}

@customElement("ccemu-kb")
export class KbView extends LitElement {
  static override styles = [
    shared,
    panes,
    css`
      :host {
        grid-template-columns: 250px minmax(320px, 1fr) minmax(320px, 1fr);
      }
      ul {
        margin: 0;
        padding-left: 14px;
        list-style: none;
      }
      .dir,
      .repo {
        border: none;
        background: none;
        padding: 1px 4px;
        text-align: left;
      }
      .dir[aria-pressed="true"],
      .repo[aria-current="true"] {
        font-weight: 600;
        background: #e4ebfb;
      }
      mark {
        background: #fff2a8;
      }
      .item {
        border-bottom: 1px solid var(--line);
        padding: 6px 0;
        cursor: pointer;
      }
      .item:hover {
        background: #f3f6fd;
      }
      .item p {
        margin: 2px 0;
      }
      .answer {
        background: #f3f6fd;
        border-radius: 6px;
        padding: 6px 8px;
      }
      /* An answer is a paragraph: a heading it quotes stays the size of the text around it. */
      .answer :is(h1, h2, h3, h4, h5, h6) {
        font-size: inherit;
        margin: 0 0 4px;
      }
      form.row input {
        flex: 1;
      }
      .dir-id {
        font-size: 11px;
      }
      /* Ask and Search are two forms: room between them. */
      form.row {
        margin: 0 0 10px;
      }
    `,
  ];

  @property({ attribute: false })
  accessor repositories: RepositoryRow[] = [];
  @property({ type: Number })
  accessor repositoryId = 0;
  @property({ attribute: false })
  accessor tree: { FAQ: DirectoryNode[]; FILE: DirectoryNode[] } = { FAQ: [], FILE: [] };
  @property({ attribute: false })
  accessor items: KbItems = { faqs: [], files: [], recycled: [] };
  @property({ attribute: false })
  accessor directory: { type: "FAQ" | "FILE"; id: number } | null = null;
  @property({ attribute: false })
  accessor hits: SearchHit[] | null = null;
  @property({ attribute: false })
  accessor answer: QaAnswer | null = null;
  @property({ attribute: false })
  accessor detail: Detail | null = null;
  @property({ attribute: false })
  accessor links: Record<string, string> = {};
  @property()
  accessor timeZone = "Asia/Shanghai";
  @property()
  accessor askNote = "";

  escape(): boolean {
    if (!this.detail) return false;
    emit(this, "close-detail");
    return true;
  }

  #tree(type: "FAQ" | "FILE", dirs: DirectoryNode[]): TemplateResult {
    return html`<ul>${
      dirs.map((d) => {
        const on = this.directory?.type === type && this.directory.id === d.id;
        return html`<li><button class="dir" aria-pressed=${on} @click=${() =>
          emit(this, "pick-directory", on ? null : { type, id: d.id })}>${d.name}</button><span
          class="muted dir-id" title="directoryId">${d.id}</span>${
          d
              .subDirectories
            ? this.#tree(type, d.subDirectories)
            : nothing
        }</li>`;
      })
    }</ul>`;
  }

  #field(event: Event, name: string) {
    event.preventDefault();
    return ((event.target as HTMLFormElement).elements.namedItem(name) as HTMLInputElement).value;
  }

  #list() {
    const dir = this.directory;
    const inside = dir ? subtree(this.tree[dir.type], dir.id) : null;
    const faqs = dir?.type === "FILE"
      ? []
      : this.items.faqs.filter((f) => !inside || inside.has(f.directoryId));
    const files = dir?.type === "FAQ"
      ? []
      : this.items.files.filter((f) => !inside || inside.has(f.directoryId));
    const first = this.tree.FAQ[0]?.id ?? 0;
    return html`
      <div class="row"><h4>FAQs (${faqs.length})</h4>
        <button id="new-faq" @click=${() =>
          emit(this, "new-faq", dir?.type === "FAQ" ? dir.id : first)}>New FAQ</button></div>
      <div id="faqs">${faqs.map((f) =>
        html`<div class="item faq" data-id=${f.id} tabindex="0" @click=${() =>
          emit(this, "open-faq", f)} @keydown=${(e: KeyboardEvent) =>
          e.key === "Enter" && emit(this, "open-faq", f)}>
          <strong>${f.question}</strong>
          ${f.answers[0]?.type === "html" ? nothing : markdown(f.answers[0]?.content ?? "")}
        </div>`
      )}</div>
      <h4>Documents (${files.length})</h4>
      ${this.#upload()}
      <div id="files">${files.map((f) =>
        html`
          <div class="item file row" data-id=${f.id} tabindex="0" @click=${() =>
            emit(this, "open-file", f)}
            @keydown=${(e: KeyboardEvent) =>
              e.target === e.currentTarget && e.key === "Enter" && emit(this, "open-file", f)}>
            <span>${f.name} <span class="muted">${f.id} · ${f.size} B · ${f
              .effectiveStatus}</span></span>
            <button class="delete-file" style="margin-left:auto" aria-label=${`Delete ${f.name}`}
              title="delete_files: to the recycle bin" @click=${(e: Event) => {
                e.stopPropagation();
                emit(this, "delete-file", f.id);
              }}>Delete</button></div>
        `
      )}</div>
    `;
  }

  /** The repository's document directories, flat, each with its path (an upload's target). */
  #fileDirectories(): { id: number; path: string }[] {
    const flat: { id: number; path: string }[] = [];
    const walk = (dirs: DirectoryNode[], above: string) => {
      for (const d of dirs) {
        const path = above ? `${above} / ${d.name}` : d.name;
        flat.push({ id: d.id, path });
        walk(d.subDirectories ?? [], path);
      }
    };
    walk(this.tree.FILE, "");
    return flat;
  }

  /**
   * Upload beside the documents: a file and the directory it goes to (the one picked, else the
   * first), sent as a client sends it (get_file_upload_url, PUT, create_file).
   */
  #upload() {
    const dirs = this.#fileDirectories();
    if (!dirs.length) return nothing;
    const picked = this.directory?.type === "FILE" ? this.directory.id : dirs[0].id;
    return html`
      <form class="row" id="upload-form" @submit=${(e: Event) => {
        e.preventDefault();
        const form = e.target as HTMLFormElement;
        const file = (form.elements.namedItem("document") as HTMLInputElement).files?.[0];
        const directoryId = Number(
          (form.elements.namedItem("directoryId") as HTMLSelectElement).value,
        );
        if (file) emit(this, "upload-file", { file, directoryId });
      }}>
        <input type="file" name="document" required aria-label="Document to upload">
        <select name="directoryId" aria-label="Upload into directory">${dirs.map((d) =>
          html`<option value=${d.id} ?selected=${d.id === picked}>${d.id} ${d.path}</option>`
        )}</select>
        <button id="upload">Upload</button>
      </form>
    `;
  }

  /**
   * Q&A asks the tenant's whole knowledge base (chat_conversation_on_open names no repository):
   * a best match outside the repository shown is named, not shown as if this one answered.
   */
  #elsewhere(a: QaAnswer) {
    const faq = a.faqs[0], file = a.files[0];
    if (faq && !this.items.faqs.some((f) => f.id === faq.id)) return `FAQ ${faq.id} ${faq.name}`;
    if (!faq && file && !this.items.files.some((f) => f.id === file.id)) {
      return `document ${file.id} ${file.name}`;
    }
    return "";
  }

  #answer(a: QaAnswer) {
    const elsewhere = this.#elsewhere(a);
    if (elsewhere) {
      return html`
        <div class="answer" id="qa-answer">
          <p id="qa-elsewhere">No answer in this
                repository: the best match for “${a
                  .question}” is ${elsewhere}, in another repository (Q&A
                asks the tenant's whole knowledge base). Pick that repository to see it.</p>
        </div>
      `;
    }
    const source = a.faqs[0]
      ? html`FAQ <button class="dir" @click=${() => emit(this, "open-faq-id", a.faqs[0].id)}>${
        a
          .faqs[0].id
      } ${a.faqs[0].name}</button>`
      : a.files[0]
      ? html`document <button class="dir" @click=${() =>
        emit(this, "open-file-id", a.files[0].id)}>${a.files[0].name}</button>`
      : html`nothing: the fallback answer`;
    return html`<div class="answer" id="qa-answer">${markdown(a.content)}
      <div class="muted" id="qa-source">Answered by ${source}</div></div>`;
  }

  override render() {
    return html`
      <section class="panel" aria-label="Repositories and directories">
        <h4>Repositories</h4>
        ${this.repositories.map((r) =>
          html`<div><button class="repo" aria-current=${r.id === this.repositoryId} @click=${() =>
            emit(
              this,
              "pick-repository",
              r.id,
            )}>${r.name}</button> <span class="muted">${r.kind}</span></div>`
        )}
        <h4>FAQ directories</h4>${this.#tree("FAQ", this.tree.FAQ)}
        <h4>Document directories</h4>${this.#tree("FILE", this.tree.FILE)}
        ${this.directory
          ? html`<p><button @click=${() =>
            emit(this, "pick-directory", null)}>Show all</button></p>`
          : nothing}
        <h4>Recycle bin (${this.items.recycled.length})</h4>
        <div id="recycled">${this.items.recycled.map((r) =>
          html`<div>${r.name} <span class="muted">${r.type} · deleted ${r.deleteTime} ·
            <strong>${r.daysLeft} days left</strong></span></div>`
        )}</div>
      </section>
      <section class="panel" aria-label="Ask, search and the entries">
        <form class="row" @submit=${(e: Event) => emit(this, "ask", this.#field(e, "question"))}>
          <input name="question" aria-label="Ask the knowledge base" placeholder="Ask: 怎么退款？">
          <button class="primary" id="ask">Ask</button>
        </form>
        ${this.askNote
          ? html`<p class="muted" id="ask-note" role="status">${this.askNote}</p>`
          : nothing}
        ${this.answer ? this.#answer(this.answer) : nothing}
        <form class="row" @submit=${(e: Event) =>
          emit(this, "search", {
            keyword: this.#field(e, "keyword"),
            repositoryIds: this.repositoryId ? [this.repositoryId] : undefined,
          })}>
          <input name="keyword" id="keyword" aria-label="Search the knowledge base"
            placeholder="退款, delivery…">
          <button id="search">Search</button>
        </form>
        ${this.hits === null
          ? nothing
          : html`<p class="muted" id="hit-count">${this.hits.length} hits</p>${
            this.hits.map((h) => this.#hit(h))
          }`}
        ${this.#list()}
      </section>
      <section class="panel" aria-label="Detail">
        <ccemu-kb-detail .detail=${this.detail} .links=${this.links} .timeZone=${this
          .timeZone}></ccemu-kb-detail>
      </section>
    `;
  }

  #hit(h: SearchHit) {
    const name = unhighlight(h.name), content = unhighlight(h.content);
    const terms = [...new Set([...name.terms, ...content.terms])];
    const open = () =>
      emit(this, h.knowledgeType === "FAQ" ? "open-faq-id" : "open-file-id", Number(h.id));
    return html`
      <div class="item hit" tabindex="0" @click=${open} @keydown=${(e: KeyboardEvent) =>
        e.key === "Enter" && open()}>
        <div><strong>${markdown(name.text, terms)}</strong> <span class="muted">${h
          .knowledgeType}</span></div>
        <div>${markdown(content.text, terms)}</div>
      </div>
    `;
  }
}
