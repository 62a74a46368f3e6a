/**
 * `<ccemu-stubs>`: the stubs, in the order they are tried, with how often each matched and
 * answered, a remove button each, and a form to add one (docs/stubs.md). "Stub like this" in the
 * inspector prefills the form with an exchange's operation, key, parameters and answer, to edit.
 * The form builds the stub as the control API takes it; ccemu checks it, and a refusal (naming
 * the field) shows in the problem bar.
 */
import { css, html, LitElement, nothing } from "lit";
import { customElement, property, state } from "lit/decorators.js";
import type { Stub, StubInput } from "../common/control-client.ts";
import { shared } from "../common/styles.ts";
import { emit } from "../common/events.ts";

/** A stub drafted like a journal entry's exchange (`GET /_emulator/journal/{id}/stub`). */
export interface StubDraftView {
  entryId: number;
  stub: StubInput;
  /** What of the exchange the draft could not take. */
  notes: string[];
}

const TRIGGERS = ["always", "first", "every"] as const;

/** What a stub matches besides its operation, in words. */
function whenText(stub: Stub): string {
  const when = stub.when ?? {};
  return [
    when.accessKeyId ? `key ${when.accessKeyId}` : "",
    when.query ? `query ${JSON.stringify(when.query)}` : "",
    when.body ? `body ${JSON.stringify(when.body)}` : "",
  ].filter(Boolean).join(", ") || "every request";
}

const triggerText = (stub: Stub) =>
  stub.first !== undefined
    ? `first ${stub.first}`
    : stub.every !== undefined
    ? `every ${stub.every}th`
    : "always";

/** The JSON of a form field, or undefined when it is blank; throws with `what` in its message. */
function jsonField(text: string, what: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${what} must be JSON.`);
  }
}

@customElement("ccemu-stubs")
export class StubList extends LitElement {
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
      #stub-body {
        min-height: 7em;
      }
      td.counts {
        text-align: right;
        white-space: nowrap;
      }
      .when {
        word-break: break-all;
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
  accessor stubs: Stub[] = [];
  /** Signed operation paths, offered in the operation field. */
  @property({ attribute: false })
  accessor operations: string[] = [];
  @property({ attribute: false })
  accessor keys: string[] = [];
  /** The form's prefill, from "Stub like this" in the inspector. */
  @property({ attribute: false })
  accessor draft: StubDraftView | null = null;
  @state()
  accessor trigger: (typeof TRIGGERS)[number] = "always";

  override willUpdate(changed: Map<string, unknown>) {
    // A draft comes with its own trigger (none): the form shows what will be sent.
    if (changed.has("draft") && this.draft) {
      const s = this.draft.stub;
      this.trigger = s.first !== undefined ? "first" : s.every !== undefined ? "every" : "always";
    }
  }

  #add(event: Event) {
    event.preventDefault();
    const f = Object.fromEntries(new FormData(event.target as HTMLFormElement)) as Record<
      string,
      string
    >;
    let stub: Record<string, unknown>;
    try {
      const when = (jsonField(f.when, "When") ?? {}) as Record<string, unknown>;
      if (typeof when !== "object" || Array.isArray(when)) {
        throw new Error("When must be an object.");
      }
      if (f.accessKeyId) when.accessKeyId = f.accessKeyId;
      const body = f.bodyKind === "text" ? f.body : jsonField(f.body, "The answer's body") ?? {};
      const headers = jsonField(f.headers, "Headers");
      stub = {
        operation: f.operation.trim(),
        ...(Object.keys(when).length ? { when } : {}),
        answer: {
          status: Number(f.status),
          body,
          ...(headers !== undefined ? { headers } : {}),
          ...(Number(f.delayMs) > 0 ? { delayMs: Number(f.delayMs) } : {}),
        },
        ...(this.trigger !== "always" ? { [this.trigger]: Number(f.count) } : {}),
        ...(Number(f.priority) ? { priority: Number(f.priority) } : {}),
        ...(f.note.trim() ? { note: f.note.trim() } : {}),
      };
    } catch (error) {
      emit(this, "problem", (error as Error).message);
      return;
    }
    emit(this, "add-stub", stub);
  }

  #list() {
    if (!this.stubs.length) {
      return html`<p class="muted" id="no-stubs">No stubs: every request is answered from the emulated state.</p>`;
    }
    return html`<table id="stub-list">
      <tr><th>#</th><th>operation, when</th><th>answers</th><th>matched / answered</th><th></th></tr>
      ${
      this.stubs.map((stub) =>
        html`
          <tr data-stub=${stub.id}>
            <td>${stub.id}</td>
            <td class="when">${stub.operation}<div class="muted">${whenText(stub)}${stub.note
              ? html`
                · ${stub.note}
              `
              : nothing}</div></td>
            <td>${stub.answer.status ?? 200} · ${triggerText(stub)}${stub.priority
              ? ` · priority ${stub.priority}`
              : ""}</td>
            <td class="counts">${stub.matched} / ${stub.answered}</td>
            <td><button aria-label=${`Remove stub ${stub.id}`} @click=${() =>
              emit(this, "remove-stub", stub.id)}>Remove</button></td>
          </tr>
        `
      )
    }
    </table>`;
  }

  /** Where the prefilled form came from, and what it could not take from the exchange. */
  #draftNote() {
    const d = this.draft;
    if (!d) return nothing;
    return html`<div class="draft" id="stub-draft" role="status">Like journal entry
      #${d.entryId}: the same operation, key and parameters, answered with its answer. Edit the
      answer, then Add stub.${
      d.notes.map((n) =>
        html`
          <span class="warn">${n}.</span>
        `
      )
    }
      <button type="button" id="clear-stub-draft" @click=${() =>
      emit(this, "clear-stub-draft")}>Clear</button></div>`;
  }

  #form() {
    const s = this.draft?.stub;
    const { accessKeyId, ...when } = s?.when ?? {};
    const body = s?.answer.body;
    const text = typeof body === "string";
    return html`
      <form @submit=${this.#add} aria-label="Add a stub">
        <label for="stub-operation">Operation</label>
        <input id="stub-operation" name="operation" list="stub-operations" required
          placeholder="/gateway/task_create or task_create" .value=${s?.operation ?? ""}>
        <datalist id="stub-operations">${this.operations.map((op) =>
          html`<option value=${op}></option>`
        )}</datalist>
        <label for="stub-key">Access key</label>
        <select id="stub-key" name="accessKeyId">
          <option value="">any</option>${this.keys.map((k) =>
            html`<option ?selected=${accessKeyId === k}>${k}</option>`
          )}
        </select>
        <label for="stub-when">When</label>
        <textarea id="stub-when" name="when"
          placeholder='optional: {"query": {"repositoryId": "101"}, "body": {"$.callJobName": {"matches": "test-.*"}}}'
          .value=${Object.keys(when).length ? JSON.stringify(when, null, 1) : ""}></textarea>
        <label for="stub-status">Status</label>
        <input id="stub-status" name="status" type="number" min="200" max="599"
          .value=${String(s?.answer.status ?? 200)}>
        <label for="stub-body">Answer body</label>
        <textarea id="stub-body" name="body"
          placeholder='{"requestId": "{{requestId}}", "result": {"callJobId": 1}}'
          .value=${body === undefined
            ? ""
            : text
            ? body
            : JSON.stringify(body, null, 2)}></textarea>
        <label for="stub-body-kind">Body is</label>
        <select id="stub-body-kind" name="bodyKind">
          <option value="json" ?selected=${!text}>JSON</option>
          <option value="text" ?selected=${text}>text, sent as it is</option>
        </select>
        <label for="stub-headers">Headers</label>
        <input id="stub-headers" name="headers" placeholder='optional: {"x-trace": "1"}'
          .value=${s?.answer.headers ? JSON.stringify(s.answer.headers) : ""}>
        <label for="stub-delay">Delay (ms)</label>
        <input id="stub-delay" name="delayMs" type="number" min="0" max="120000"
          .value=${String(s?.answer.delayMs ?? 0)}>
        <label for="stub-trigger">Answers</label>
        <span class="row">
          <select id="stub-trigger" @change=${(
            e: Event,
          ) => (this.trigger = (e.target as HTMLSelectElement).value as typeof this.trigger)}>
            ${TRIGGERS.map((t) => html`<option ?selected=${t === this.trigger}>${t}</option>`)}
          </select>
          ${this.trigger === "always" ? nothing : html`
            <input name="count" aria-label="Count" type="number" required min="1" max="1000000"
              value=${String(s?.first ?? s?.every ?? 1)}>
          `}
        </span>
        <label for="stub-priority">Priority</label>
        <input id="stub-priority" name="priority" type="number" .value=${String(s?.priority ?? 0)}>
        <label for="stub-note">Note</label>
        <input id="stub-note" name="note" placeholder="optional label" .value=${s?.note ?? ""}>
        <span></span><button class="primary" id="add-stub">Add stub</button>
      </form>
    `;
  }

  override render() {
    return html`${this.#list()} ${this.#draftNote()} ${this.#form()}`;
  }
}
