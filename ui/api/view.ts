/**
 * API: every signed operation, grouped by area, with the vendor's descriptions; a form built from
 * its schema with the example filled in; a tenant's key to sign with; and the answer with its
 * string-to-sign, a link to its journal entry, and the request as curl or Java. Events up:
 * `select-operation`, `pick-key`, `send` ({params, query}); the journal link is a deep link.
 */
import { css, html, LitElement, nothing, type PropertyValues } from "lit";
import { customElement, property, state } from "lit/decorators.js";
import { type ApiOperation, FieldError, type FormField, valuesOf } from "./form.ts";
import { inline } from "../common/markdown.ts";
import type { PublicKey, SentAnswer } from "../common/control-client.ts";
import { panes, shared } from "../common/styles.ts";
import { emit } from "../common/events.ts";

const AREAS: [string, string][] = [
  ["outbound", "Outbound AI calling"],
  ["kb", "Knowledge base"],
  ["gateway", "Robot gateway"],
];

@customElement("ccemu-api")
export class ApiView extends LitElement {
  static override styles = [
    shared,
    panes,
    css`
      :host {
        grid-template-columns: 300px 1fr 1fr;
      }
      .op {
        display: block;
        width: 100%;
        text-align: left;
        border: none;
        background: none;
        padding: 3px 4px;
      }
      .op[aria-current="true"] {
        background: #e8eefc;
      }
      .method {
        font: 11px monospace;
        color: var(--muted);
      }
      label {
        display: block;
        margin: 8px 0 2px;
        font-weight: 600;
      }
      .field-error {
        margin: 2px 0 0;
      }
      .hint {
        font-weight: normal;
        font-size: 12px;
        color: var(--muted);
      }
      input,
      select,
      textarea {
        width: 100%;
      }
      textarea {
        font: 12px monospace;
        min-height: 5em;
      }
      pre {
        white-space: pre-wrap;
        word-break: break-all;
        font-size: 12px;
        background: #f7f8fa;
        padding: 6px;
        border-radius: 6px;
      }
    `,
  ];

  @property({ attribute: false })
  accessor operations: ApiOperation[] = [];
  @property({ attribute: false })
  accessor keys: PublicKey[] = [];
  @property()
  accessor selected = "";
  @property()
  accessor accessKeyId = "";
  @property({ attribute: false })
  accessor answer: SentAnswer | null = null;
  @property({ type: Boolean })
  accessor sending = false;
  @state()
  accessor formError = "";
  /** The id of the field `formError` is about (marked, the message beside it), if any. */
  @state()
  accessor errorField = "";
  @state()
  accessor copied = "";

  /** "copied curl" belongs to the answer it was copied from: another operation or answer clears it. */
  override willUpdate(changed: PropertyValues<this>) {
    if (changed.has("selected") || changed.has("answer")) this.copied = "";
    if (changed.has("selected")) [this.formError, this.errorField] = ["", ""];
  }

  #texts(part: "field" | "query"): Record<string, string> {
    const out: Record<string, string> = {};
    for (const el of this.renderRoot.querySelectorAll<HTMLInputElement>(`[data-part=${part}]`)) {
      out[el.name] = el.value;
    }
    return out;
  }

  #send(event: Event, op: ApiOperation) {
    event.preventDefault();
    let part: "field" | "query" = "query";
    try {
      const query = valuesOf(op.queryFields, this.#texts("query"));
      part = "field";
      const params = valuesOf(op.fields, this.#texts("field"));
      this.formError = "";
      this.errorField = "";
      emit(this, "send", { params, query });
    } catch (error) {
      this.formError = (error as Error).message;
      this.errorField = error instanceof FieldError ? `${part}-${error.field}` : "";
      if (this.errorField) {
        this.updateComplete.then(() =>
          this.renderRoot.querySelector<HTMLElement>(`#${this.errorField}`)?.focus()
        );
      }
    }
  }

  async #copy(what: "curl" | "java") {
    const text = this.answer?.[what] ?? "";
    await navigator.clipboard?.writeText(text).catch(() => {});
    this.copied = what;
  }

  /** The error under a field it is about, which the field names as its description. */
  #fieldError(id: string) {
    return this.errorField === id
      ? html`<p class="bad field-error" id=${`${id}-error`} role="alert">${this.formError}</p>`
      : nothing;
  }

  #input(f: FormField, part: "field" | "query") {
    const id = `${part}-${f.name}`;
    const invalid = this.errorField === id ? "true" : nothing;
    const described = this.errorField === id ? `${id}-error` : nothing;
    if (f.kind === "enum" || f.kind === "boolean") {
      const options = f.kind === "boolean" ? ["true", "false"] : f.options;
      return html`<select id=${id} name=${f.name} data-part=${part}>
        <option value="" ?selected=${f.initial === ""}>(not sent)</option>
        ${options.map((o) => html`<option ?selected=${o === f.initial}>${o}</option>`)}
      </select>`;
    }
    if (f.kind === "json" || f.kind === "json-text") {
      return html`
        <textarea id=${id} name=${f.name} data-part=${part} spellcheck="false"
          aria-invalid=${invalid} aria-describedby=${described}
          .value=${f
            .initial}></textarea>${this.#fieldError(id)}
      `;
    }
    return html`
      <input id=${id} name=${f.name} data-part=${part} .value=${f.initial}
        aria-invalid=${invalid} aria-describedby=${described}
        inputmode=${f.kind === "number" ? "numeric" : "text"}>${this.#fieldError(id)}
    `;
  }

  #fields(fields: FormField[], data: "field" | "query") {
    return fields.map((f) =>
      html`
        <label for=${`${data}-${f.name}`}>${f.name}${f.required ? " *" : ""}
          <span class="hint">${f.kind === "json-text"
            ? "JSON (sent as JSON-array text) · "
            : ""}${inline(f.description)}</span></label>
        ${this.#input(f, data)}
      `
    );
  }

  override render() {
    const op = this.operations.find((o) => o.id === this.selected);
    return html`
      <section class="panel" aria-label="Operations">
        ${AREAS.map(([tag, title]) =>
          html`<h4>${title}</h4>
          ${
            this.operations.filter((o) => o.tag === tag).map((o) =>
              html`
                <button class="op" aria-current=${o.id === this.selected} title=${o.summary}
                  @click=${() => emit(this, "select-operation", o.id)}>
                                <span class="method">${o.method}</span> ${o.path}</button>
              `
            )
          }`
        )}
      </section>
      <section class="panel" aria-label="Request">
        ${op
          ? html`
            <h3>${op.method} ${op.path}</h3>
            <p class="description">${inline(op.description)}</p>
            <form id="request" @submit=${(e: Event) => this.#send(e, op)}>
              <label for="key">Signed with</label>
              <select id="key" @change=${(e: Event) =>
                emit(this, "pick-key", (e.target as HTMLSelectElement).value)}>
                ${this.keys.map((k) =>
                  html`<option value=${k.accessKeyId} ?selected=${
                    k.accessKeyId ===
                      this.accessKeyId
                  }>${k.accessKeyId} (${k.enterpriseId}, ${
                    k.permissions
                      .join(" ")
                  })</option>`
                )}
              </select>
              ${this.#fields(op.queryFields, "query")} ${this.#fields(op.fields, "field")}
              ${this.formError && !this.errorField
                ? html`<p class="bad" role="alert">${this.formError}</p>`
                : nothing}
              <p><button class="primary" id="send" ?disabled=${this
                .sending}>Send signed</button></p>
            </form>
          `
          : this.selected && this.operations.length
          ? html`
            <p class="bad" id="unknown-operation"
              role="alert">No operation “${this
                .selected}”: an address names an operation as the list does (#api/${this
                .operations[0]
                .id}); pick one of the list.</p>
          `
          : html`<p class="muted">Pick an operation.</p>`}
      </section>
      <section class="panel" aria-label="Answer">
        ${this.answer
          ? html`
            <h3 id="answer-status" class=${this.answer.status === 200 ? "ok" : "bad"}>HTTP ${this
              .answer.status}</h3>
            <pre id="answer-body">${JSON.stringify(this.answer.body, null, 2)}</pre>
            <h4>String to sign</h4>
            <pre id="string-to-sign">${this.answer.stringToSign}</pre>
            ${this.answer.journalId !== null
              ? html`<p><a href=${`#inspector/${this.answer.journalId}`}>journal entry #${this.answer.journalId}</a></p>`
              : nothing}
            <p>
              <button @click=${() => this.#copy("curl")}>Copy as curl</button>
              <button @click=${() => this.#copy("java")}>Copy as Java</button>
              ${this.copied ? html`<span class="muted">copied ${this.copied}</span>` : nothing}
            </p>
            <pre id="answer-curl">${this.answer.curl}</pre>
            <details>
              <summary>Java</summary>
              <pre id="answer-java">${this.answer.java}</pre>
            </details>
          `
          : html`<p class="muted">Send a request to see ccemu's answer.</p>`}
      </section>
    `;
  }
}
