/**
 * `<ccemu-fault-rules>`: the fault rules in force, with how often each matched and fired, a remove
 * button each, and a form to add one (README: "Faults on demand"). The form builds the rule as the
 * control API takes it; ccemu checks it, and a refusal shows in the problem bar.
 */
import { css, html, LitElement, nothing } from "lit";
import { customElement, property, state } from "lit/decorators.js";
import type { FaultRule } from "../common/control-client.ts";
import { ERROR_STATUS } from "../../emulator/core/errors.ts";
import { effectText } from "../../emulator/faults/effect-text.ts";
import { shared } from "../common/styles.ts";
import { emit } from "../common/events.ts";
import type { FaultDraft } from "../../emulator/faults/like-entry.ts";

export type { FaultRule };

/** A rule drafted like a journal entry's request (`GET /_emulator/journal/{id}/fault-rule`). */
export interface FaultDraftView {
  entryId: number;
  rule: FaultDraft;
  /** What of the request the draft could not match on. */
  notes: string[];
}

const EFFECTS = ["error", "gateway", "delay", "reset", "truncate", "slow-body"] as const;
const TRIGGERS = ["always", "first", "every", "probability"] as const;

/** A rule's scope and trigger in words. */
function scopeText(rule: FaultRule): string {
  const scope = [
    rule.operation ?? (rule.area ? `every ${rule.area} request` : "every request"),
    rule.accessKeyId ? `key ${rule.accessKeyId}` : "",
    rule.body ? `parameters ${JSON.stringify(rule.body)}` : "",
  ].filter(Boolean).join(", ");
  const when = rule.first !== undefined
    ? `first ${rule.first}`
    : rule.every !== undefined
    ? `every ${rule.every}th`
    : rule.probability !== undefined
    ? `p = ${rule.probability}`
    : "always";
  return `${scope} · ${when}`;
}

@customElement("ccemu-fault-rules")
export class FaultRules extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: grid;
        gap: 8px;
      }
      form {
        display: grid;
        grid-template-columns: auto 1fr;
        gap: 4px 8px;
        align-items: center;
      }
      textarea {
        font: 12px ui-monospace, monospace;
        min-height: 2.5em;
      }
      td.fired {
        text-align: right;
      }
      .draft {
        background: #eef3ff;
        border: 1px solid #c3d4fb;
        border-radius: 6px;
        padding: 6px;
      }
    `,
  ];

  @property({ attribute: false })
  accessor rules: FaultRule[] = [];
  /** Signed operation paths and storage prefixes, offered in the operation field. */
  @property({ attribute: false })
  accessor operations: string[] = [];
  @property({ attribute: false })
  accessor keys: string[] = [];
  /** The form's prefill, from "Add a fault rule like this" in the inspector. */
  @property({ attribute: false })
  accessor draft: FaultDraftView | null = null;
  @state()
  accessor effect: (typeof EFFECTS)[number] = "error";
  @state()
  accessor trigger: (typeof TRIGGERS)[number] = "first";

  #add(event: Event) {
    event.preventDefault();
    const f = Object.fromEntries(new FormData(event.target as HTMLFormElement)) as Record<
      string,
      string
    >;
    const effect = f.effect === "error"
      ? { type: "error", code: f.code }
      : f.effect === "gateway"
      ? { type: "gateway", status: Number(f.status) }
      : f.effect === "truncate"
      ? { type: "truncate", fraction: Number(f.fraction) }
      : f.effect === "reset"
      ? { type: "reset" }
      : { type: f.effect, ms: Number(f.ms) };
    let body: unknown;
    try {
      body = f.body.trim() ? JSON.parse(f.body) : undefined;
    } catch {
      emit(this, "problem", 'Parameters must be a JSON object, such as {"mobile": "13900000001"}.');
      return;
    }
    const rule: Record<string, unknown> = { effect };
    if (f.area) rule.area = f.area;
    if (f.operation.trim()) rule.operation = f.operation.trim();
    if (f.accessKeyId) rule.accessKeyId = f.accessKeyId;
    if (body !== undefined) rule.body = body;
    if (f.note.trim()) rule.note = f.note.trim();
    if (this.trigger !== "always") rule[this.trigger] = Number(f.count);
    emit(this, "add-fault", rule);
  }

  #effectFields() {
    switch (this.effect) {
      case "error":
        return html`
          <label for="fault-code">Code</label>
          <select id="fault-code" name="code">${Object.entries(ERROR_STATUS).map(([code, status]) =>
            html`<option value=${code} ?selected=${
              code === "TooManyRequests"
            }>${code} (${status})</option>`
          )}</select>
        `;
      case "gateway":
        return html`
          <label for="fault-status">Status</label>
          <select id="fault-status" name="status">${[502, 503, 504].map((s) =>
            html`<option>${s}</option>`
          )}</select>
        `;
      case "truncate":
        return html`
          <label for="fault-fraction">Part sent</label>
          <input id="fault-fraction" name="fraction" type="number" min="0" max="0.99" step="0.01" value="0.5">
        `;
      case "reset":
        return nothing;
      default:
        return html`
          <label for="fault-ms">Milliseconds</label>
          <input id="fault-ms" name="ms" type="number" min="1" max="120000" value="2000">
        `;
    }
  }

  /** What the rule matches: area, operation, key, parameters (prefilled from a draft). */
  #scopeFields() {
    const draft = this.draft?.rule;
    return html`
      <label for="fault-area">Area</label>
      <select id="fault-area" name="area">
        <option value="">any</option>
        ${["outbound", "kb", "gateway", "storage"].map((a) =>
          html`<option ?selected=${draft?.area === a}>${a}</option>`
        )}
      </select>
      <label for="fault-operation">Operation</label>
      <input id="fault-operation" name="operation" list="fault-operations"
        placeholder="any, or /gateway/task_create, /_storage/uploads" .value=${draft
          ?.operation ?? ""}>
      <datalist id="fault-operations">${this.operations.map((op) =>
        html`<option value=${op}></option>`
      )}</datalist>
      <label for="fault-key">Access key</label>
      <select id="fault-key" name="accessKeyId">
        <option value="">any</option>${this.keys.map((k) =>
          html`<option ?selected=${draft?.accessKeyId === k}>${k}</option>`
        )}
      </select>
      <label for="fault-body">Parameters</label>
      <textarea id="fault-body" name="body" placeholder='optional JSON: {"mobile": "13900000001"}'
        .value=${draft?.body ? JSON.stringify(draft.body) : ""}></textarea>
    `;
  }

  /** Where the prefilled form came from, and what it could not take from the request. */
  #draftNote() {
    const d = this.draft;
    if (!d) return nothing;
    return html`<div class="draft" id="fault-draft" role="status">Like journal entry
      #${d.entryId}: the same area, operation, key and parameters. Pick the effect and when it
      fires, then Add rule.${
      d.notes.map((n) =>
        html`
          <span class="warn">${n}.</span>
        `
      )
    }
      <button type="button" id="clear-draft" @click=${() =>
      emit(this, "clear-draft")}>Clear</button></div>`;
  }

  override render() {
    return html`
      ${this.rules.length
        ? html`<table id="fault-rule-list">
          <tr><th>#</th><th>matches</th><th>effect</th><th>matched / fired</th><th></th></tr>
          ${
          this.rules.map((rule) =>
            html`
              <tr data-rule=${rule.id}>
                <td>${rule.id}</td>
                <td>${scopeText(rule)}${rule.note
                  ? html`<div class="muted">${rule.note}</div>`
                  : nothing}</td>
                <td>${effectText(rule.effect)}</td>
                <td class="fired">${rule.matched} / ${rule.fired}</td>
                <td><button aria-label=${`Remove fault rule ${rule.id}`} @click=${() =>
                  emit(this, "remove-fault", rule.id)}>Remove</button></td>
              </tr>
            `
          )
        }
        </table>`
        : html`
          <p class="muted"
            id="no-faults">No fault rules: every request is served as the vendor would on a good day.</p>
        `}
      ${this.#draftNote()}
      <form @submit=${this.#add} aria-label="Add a fault rule">
        ${this.#scopeFields()}
        <label for="fault-trigger">Fires</label>
        <span class="row">
          <select id="fault-trigger" @change=${(
            e: Event,
          ) => (this.trigger = (e.target as HTMLSelectElement).value as typeof this.trigger)}>
            ${TRIGGERS.map((t) => html`<option ?selected=${t === this.trigger}>${t}</option>`)}
          </select>
          ${this.trigger === "always" ? nothing : html`
            <input name="count" aria-label=${this.trigger === "probability"
              ? "Probability"
              : "Count"} type="number" required min=${this.trigger === "probability" ? 0 : 1}
              max=${this.trigger === "probability" ? 1 : 1000000}
              step=${this.trigger === "probability" ? "0.01" : "1"}
              value=${this.trigger === "probability" ? "0.5" : "2"}>
          `}
        </span>
        <label for="fault-effect">Effect</label>
        <select id="fault-effect" name="effect" @change=${(
          e: Event,
        ) => (this.effect = (e.target as HTMLSelectElement).value as typeof this.effect)}>
          ${EFFECTS.map((effect) =>
            html`<option ?selected=${effect === this.effect}>${effect}</option>`
          )}
        </select>
        ${this.#effectFields()}
        <label for="fault-note">Note</label>
        <input id="fault-note" name="note" placeholder="optional label"
          .value=${this.draft?.rule.note ?? ""}>
        <span></span><button class="primary" id="add-fault">Add rule</button>
      </form>
    `;
  }
}
