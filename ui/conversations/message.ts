/**
 * One agent message as a visitor sees it, by type (spec 2.5): text, rich text (sanitized HTML),
 * graphic cards, option chips, category tabs, topics with icons, files, images, markdown (rendered,
 * then sanitized), combinations (nested). Clicking an option fires `option` with its content.
 */
import { css, html, LitElement, nothing, type TemplateResult } from "lit";
import { customElement, property, state } from "lit/decorators.js";
import { markdown, sanitized } from "../common/markdown.ts";
import type { AgentMessage } from "../common/control-client.ts";
import { shared } from "../common/styles.ts";
import { emit } from "../common/events.ts";

type Json = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : "");
const list = (v: unknown) => (Array.isArray(v) ? (v as Json[]) : []);

function size(bytes: unknown): string {
  const n = Number(bytes);
  if (!Number.isFinite(n)) return "";
  return n < 1024
    ? `${n} B`
    : n < 1048576
    ? `${(n / 1024).toFixed(1)} KB`
    : `${(n / 1048576).toFixed(1)} MB`;
}

@customElement("ccemu-message")
export class MessageView extends LitElement {
  static override styles = [
    shared,
    css`
      /* Inside its bubble: an unbroken word or a code block wraps instead of running out of it. */
      :host {
        display: block;
        max-width: 100%;
        overflow-wrap: anywhere;
      }
      pre {
        white-space: pre-wrap;
      }
      .card {
        display: grid;
        grid-template-columns: 72px 1fr;
        gap: 8px;
        border: 1px solid var(--line);
        border-radius: 8px;
        padding: 6px;
        margin: 4px 0;
        background: #fff;
      }
      .card img {
        width: 72px;
        height: 72px;
        object-fit: cover;
        border-radius: 4px;
        background: #eef;
      }
      .chips {
        display: flex;
        flex-wrap: wrap;
        gap: 6px;
        margin-top: 6px;
      }
      .chip {
        border-radius: 999px;
        background: #eaf0ff;
        border-color: #c7d5fb;
        color: #173f9e;
      }
      .tabs {
        display: flex;
        gap: 4px;
        margin-top: 6px;
      }
      .tabs button[aria-selected="true"] {
        background: var(--accent);
        color: #fff;
      }
      .topic {
        display: flex;
        gap: 8px;
        align-items: flex-start;
        margin-top: 6px;
      }
      .topic img {
        width: 28px;
        height: 28px;
        border-radius: 6px;
      }
      .file {
        display: inline-flex;
        gap: 8px;
        align-items: center;
        border: 1px solid var(--line);
        border-radius: 8px;
        padding: 6px 10px;
        background: #fff;
      }
      /* A tiny picture is drawn at least 48px, pixelated, on a checkerboard: never a lost dot. */
      img.picture,
      .rich img,
      .markdown img {
        max-width: 240px;
        max-height: 240px;
        min-width: 48px;
        min-height: 48px;
        object-fit: contain;
        image-rendering: pixelated;
        border-radius: 8px;
        display: block;
        background: repeating-conic-gradient(#eef1f6 0% 25%, #fff 0% 50%) 0 0 / 12px 12px;
      }
      figure {
        margin: 0;
      }
      figcaption {
        font-size: 12px;
      }
      .markdown :first-child {
        margin-top: 0;
      }
      .markdown :last-child {
        margin-bottom: 0;
      }
      .combination > * {
        display: block;
        margin: 4px 0;
      }
      .heading {
        font-weight: 600;
      }
    `,
  ];

  @property({ attribute: false })
  accessor message: AgentMessage | undefined;

  @state()
  accessor tab = 0;

  #option(content: string) {
    emit(this, "option", content);
  }

  #chips(options: Json[]): TemplateResult {
    return html`<div class="chips">${
      options.map((o) =>
        html`<button class="chip" @click=${() => this.#option(str(o.content))}>${
          str(o.content)
        }</button>`
      )
    }</div>`;
  }

  #render(m: AgentMessage): TemplateResult | typeof nothing {
    const c = m.content;
    switch (m.type) {
      case 100:
        return html`<div class="text" style="white-space:pre-wrap">${str(c.content)}</div>`;
      case 101:
        return html`<div class="rich">${sanitized(str(c.content))}</div>`;
      case 102:
        return html`${
          list(c.cards).map((card) =>
            html`
              <div class="card">
                ${card.cover ? html`<img src=${str(card.cover)} alt="">` : html`<span></span>`}
                <div>
                  <div class="heading">${str(card.title)}</div>
                  <div class="muted">${str(card.summary)}</div>
                  ${card.url
                    ? html`<a href=${
                      str(card.url)
                    } target="_blank" rel="noopener noreferrer">Open</a>`
                    : nothing}
                </div>
              </div>
            `
          )
        }`;
      case 103:
        return this.#options(c);
      case 104:
        return html`
          <span
            class="file">File <a href=${str(c.fileUrl)} download=${str(c.fileName)}>${str(
              c.fileName,
            )}</a> <span class="muted">${size(c.fileSize)}</span></span>
        `;
      case 105:
        return html`<figure><img class="picture" src=${str(c.fileUrl)} alt=${
          str(c.fileName) || "image"
        }><figcaption class="muted"><a href=${str(c.fileUrl)} target="_blank" rel="noopener">${
          str(c.fileName) || "image"
        }</a> ${size(c.fileSize)}</figcaption></figure>`;
      case 109:
        return html`<div class="markdown">${markdown(str(c.content))}</div>`;
      case 111:
        return html`<div class="combination">${
          list(c.combinationList).map((part) =>
            html`<ccemu-message .message=${{
              type: Number(part.type),
              subtype: (part.content as Json)?.subtype as number | undefined,
              content: part.content as Json,
            }}></ccemu-message>`
          )
        }</div>`;
    }
    return html`<pre>${JSON.stringify(m, null, 2)}</pre>`;
  }

  #options(c: Json): TemplateResult {
    const heading = c.content ? html`<div class="heading">${str(c.content)}</div>` : nothing;
    if (c.subtype === 10302) {
      const categories = list(c.options);
      const current = categories[Math.min(this.tab, categories.length - 1)];
      return html`${heading}
        <div class="tabs" role="tablist">${
        categories.map((cat, i) =>
          html`<button role="tab" aria-selected=${i === this.tab} @click=${() => (this.tab = i)}>${
            str(cat.categoryName)
          }</button>`
        )
      }</div>
        ${current ? this.#chips(list(current.options)) : nothing}`;
    }
    if (c.subtype === 10303) {
      return html`${heading}${
        list(c.options).map((topic) =>
          html`
            <div class="topic">
              ${topic.icon ? html`<img src=${str(topic.icon)} alt="">` : nothing}
              <div><div class="heading">${str(topic.content)}</div>${this.#chips(
                list(topic.options ?? topic.categories).flatMap((cat) => list(cat.options)),
              )}</div>
            </div>
          `
        )
      }`;
    }
    return html`${heading}${this.#chips(list(c.options))}`;
  }

  override render() {
    return this.message ? this.#render(this.message) : nothing;
  }
}
