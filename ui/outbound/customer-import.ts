/**
 * `<ccemu-customer-import>`: customers for a task from CSV, pasted or from a file — a `phone`
 * column, an optional `name`, every other column a property (the script's variables among them) —
 * parsed with Papa Parse and sent as one `task_import`. Shows what the operation answered.
 */
// @ts-types="@types/papaparse"
import Papa from "papaparse";
import { css, html, LitElement, nothing } from "lit";
import { customElement, property, state } from "lit/decorators.js";
import { shared } from "../common/styles.ts";
import { emit } from "../common/events.ts";
import { pickedText } from "../common/picked-file.ts";
import type { ImportAnswer } from "../common/control-client.ts";

/** A customer as a CSV row gives it: one `customerInfoVOList` item of task_import. */
export type Customer = { phone: string; name?: string; properties: Record<string, string> };

/** The rows of a CSV text, or the first problem with it. */
export function customersOf(csv: string): { customers: Customer[]; problem?: string } {
  const parsed = Papa.parse<Record<string, string>>(csv.trim(), {
    header: true,
    skipEmptyLines: true,
    transformHeader: (h) => h.trim(),
  });
  const fields = parsed.meta.fields ?? [];
  if (!fields.includes("phone")) {
    return { customers: [], problem: "The first line must name the columns, one of them phone." };
  }
  if (parsed.errors[0]) {
    const e = parsed.errors[0];
    return { customers: [], problem: `Line ${(e.row ?? 0) + 2}: ${e.message}.` };
  }
  return {
    customers: parsed.data.map(({ phone, name, ...properties }) => ({
      phone: phone.trim(),
      ...(name ? { name: name.trim() } : {}),
      properties,
    })),
  };
}

@customElement("ccemu-customer-import")
export class CustomerImport extends LitElement {
  static override styles = [
    shared,
    css`
      textarea {
        width: 100%;
        min-height: 90px;
        font: 12px/1.4 ui-monospace, Menlo, Consolas, monospace;
      }
    `,
  ];

  /** The script's variables: the columns the CSV needs beside phone and name. */
  @property({ attribute: false })
  accessor variables: string[] = [];
  @property({ attribute: false })
  accessor answer: ImportAnswer | null = null;
  @state()
  accessor csv = "";
  @state()
  accessor problem = "";

  #send() {
    const { customers, problem } = customersOf(this.csv);
    this.problem = problem ?? (customers.length ? "" : "No rows under the column names.");
    if (!this.problem) emit(this, "import-customers", customers);
  }

  async #file(event: Event) {
    const file = await pickedText(event);
    if (file) this.csv = file.text;
  }

  override render() {
    const columns = ["phone", "name", ...this.variables].join(",");
    const failures = this.answer?.placeFailDetail
      ? JSON.parse(this.answer.placeFailDetail) as { row: number; phone?: string; reason: string }[]
      : [];
    return html`
      <div class="row">
        <strong>Import customers</strong>
        <span class="muted">CSV with columns ${columns} (any other column is a property)</span>
      </div>
      <textarea aria-label="Customers as CSV" placeholder=${`${columns}\n19900000000,张三${
        this.variables.map(() => ",…").join("")
      }`} .value=${this.csv}
        @input=${(e: Event) => (this.csv = (e.target as HTMLTextAreaElement).value)}></textarea>
      <div class="row">
        <label class="button">CSV file<input class="visually-hidden" type="file"
          accept=".csv,text/csv,text/plain" aria-label="Load customers from a CSV file" @change=${this
            .#file}></label>
        <button class="primary" id="import" @click=${this.#send}>Import (task_import)</button>
        ${this.problem ? html`<span class="bad" role="alert">${this.problem}</span>` : nothing}
        ${this.answer
          ? html`<span id="import-answer">${this.answer.successNum} of ${this.answer.total} imported${
            this.answer.repeatNum ? `, ${this.answer.repeatNum} repeated` : ""
          }${this.answer.placeFailNum ? `, ${this.answer.placeFailNum} failed` : ""}</span>`
          : nothing}
      </div>
      ${failures.map((f) =>
        // The operation counts customers from 0; a person counts from 1 (the first data row).
        html`<div class="bad import-failure">customer ${f.row + 1}${
          f.phone ? ` (${f.phone})` : ""
        }: ${f.reason}</div>`
      )}
    `;
  }
}
