/**
 * The knowledge base: repositories, the directory tree, FAQs and documents, and search with the
 * matched terms highlighted (the search operation's own `<em>`, sanitized).
 */
import DOMPurify from "dompurify";
import { css, html, LitElement, nothing, type TemplateResult } from "lit";
import { customElement, property } from "lit/decorators.js";
import { unsafeHTML } from "lit/directives/unsafe-html.js";
import { panes, shared } from "./styles.ts";
import { emit } from "./events.ts";

export interface Directory {
  id: number;
  name: string;
  subDirectories: Directory[] | null;
}

export interface Repository {
  id: number;
  name: string;
  kind: string;
}

export interface KbItems {
  faqs: { id: number; question: string; answers: { content: string }[] }[];
  files: { id: number; name: string; size: number; effectiveStatus: string }[];
}

export interface Hit {
  id: string;
  knowledgeType: string;
  name: string;
  content: string;
}

const highlighted = (text: string) =>
  unsafeHTML(DOMPurify.sanitize(text, { ALLOWED_TAGS: ["em"] }));

@customElement("ccemu-kb")
export class KbView extends LitElement {
  static override styles = [
    shared,
    panes,
    css`
      :host {
        grid-template-columns: 260px 1fr 1fr;
      }
      ul {
        margin: 0;
        padding-left: 16px;
      }
      .repo[aria-current="true"] {
        font-weight: 600;
      }
      em {
        background: #fff2a8;
        font-style: normal;
      }
      .hit {
        border-bottom: 1px solid var(--line);
        padding: 6px 0;
      }
    `,
  ];

  @property({ attribute: false })
  accessor repositories: Repository[] = [];
  @property({ type: Number })
  accessor repositoryId = 0;
  @property({ attribute: false })
  accessor tree: { FAQ: Directory[]; FILE: Directory[] } = { FAQ: [], FILE: [] };
  @property({ attribute: false })
  accessor items: KbItems = { faqs: [], files: [] };
  @property({ attribute: false })
  accessor hits: Hit[] | null = null;

  #tree(dirs: Directory[]): TemplateResult {
    return html`<ul>${
      dirs.map((d) =>
        html`<li>${d.name}${d.subDirectories ? this.#tree(d.subDirectories) : nothing}</li>`
      )
    }</ul>`;
  }

  #search(event: Event) {
    event.preventDefault();
    const keyword = (this.renderRoot.querySelector("#keyword") as HTMLInputElement).value;
    emit(this, "search", {
      keyword,
      repositoryIds: this.repositoryId ? [this.repositoryId] : undefined,
    });
  }

  override render() {
    return html`
      <section class="panel" aria-label="Repositories">
        <h4>Repositories</h4>
        ${this.repositories.map((r) =>
          html`<div><button class="repo" aria-current=${r.id === this.repositoryId} @click=${() =>
            emit(
              this,
              "pick-repository",
              r.id,
            )}>${r.name}</button> <span class="muted">${r.kind}</span></div>`
        )}
        <h4>FAQ directories</h4>${this.#tree(this.tree.FAQ)}
        <h4>Document directories</h4>${this.#tree(this.tree.FILE)}
      </section>
      <section class="panel" aria-label="FAQs and documents">
        <h4>FAQs (${this.items.faqs.length})</h4>
        ${this.items.faqs.map((f) =>
          html`
            <details>
              <summary>${f.question}</summary>
              <div>${f.answers[0]?.content}</div>
            </details>
          `
        )}
        <h4>Documents (${this.items.files.length})</h4>
        ${this.items.files.map((f) =>
          html`<div>${f.name} <span class="muted">${f.size} B · ${f.effectiveStatus}</span></div>`
        )}
      </section>
      <section class="panel" aria-label="Search">
        <form class="row" @submit=${this.#search}>
          <input id="keyword" aria-label="Search the knowledge base" placeholder="退款, delivery…">
          <button class="primary" id="search">Search</button>
        </form>
        ${this.hits === null
          ? nothing
          : html`<p class="muted" id="hit-count">${this.hits.length} hits</p>
          ${
            this.hits.map((h) =>
              html`
                <div class="hit">
                  <div><strong>${highlighted(h.name)}</strong> <span class="muted">${h
                    .knowledgeType}</span></div>
                  <div>${highlighted(h.content)}</div>
                </div>
              `
            )
          }`}
      </section>
    `;
  }
}
