/**
 * A body as the inspector shows it: a collapsible block, pretty-printed when it is JSON, with a
 * copy button (the exact text as kept, not the pretty one).
 */
import { css, html, LitElement, nothing } from "lit";
import { customElement, property, state } from "lit/decorators.js";
import { shared } from "./styles.ts";

export function pretty(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

@customElement("ccemu-json")
export class JsonBlock extends LitElement {
  static override styles = [
    shared,
    css`
      /* The copy button sits on the summary's line, outside it: a button inside <summary> is a
        control nested in a control (axe: nested-interactive). */
      :host {
        display: block;
        position: relative;
      }
      summary {
        padding-right: 64px;
        cursor: pointer;
        font-weight: 600;
        margin: 12px 0 4px;
      }
      .copy {
        position: absolute;
        top: 10px;
        right: 0;
        font-size: 12px;
        padding: 0 6px;
        margin-left: 8px;
        font-weight: normal;
      }
      pre {
        background: #f6f7f9;
        padding: 6px;
        border-radius: 6px;
        max-height: 420px;
        overflow: auto;
      }
    `,
  ];

  @property()
  accessor label = "";
  @property()
  accessor text = "";
  /** What the journal kept of a cut body, shown beside the label. */
  @property()
  accessor note = "";
  @property({ type: Boolean })
  accessor open = true;

  @state()
  accessor copied = false;

  async #copy() {
    await navigator.clipboard?.writeText(this.text).catch(() => {});
    this.copied = true;
    setTimeout(() => (this.copied = false), 1500);
  }

  override render() {
    return html`
      <details ?open=${this.open}>
        <summary>${this.label}${this.note
          ? html`
            <span class="muted">${this.note}</span>
          `
          : nothing}</summary>
        <pre tabindex="0" aria-label=${this.label}>${pretty(this.text)}</pre>
      </details>
      <button class="copy" @click=${this
        .#copy} aria-label=${`Copy the ${this.label.toLowerCase()}`}>${this.copied
        ? "copied"
        : "copy"}</button>
    `;
  }
}
