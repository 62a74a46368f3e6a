/**
 * The visitor profile as a form (the fields people change most), with the raw JSON behind it for
 * everything else. The JSON text is the one value: a field edits it, and editing it fills the
 * fields. Fires `visitor-change` with the new text.
 */
import { css, html, LitElement, nothing } from "lit";
import { customElement, property } from "lit/decorators.js";
import { shared } from "../common/styles.ts";
import { emit } from "../common/events.ts";

/** Form fields: label, and the path into the profile. */
const FIELDS: [string, string[]][] = [
  ["Name", ["name"]],
  ["Visitor id", ["visitorId"]],
  ["City", ["city"]],
  ["Province", ["province"]],
  ["Customer id", ["customerId"]],
  ["Channel app", ["channel", "appName"]],
  ["Contact type", ["channel", "contactType"]],
];

type Profile = Record<string, unknown>;

function parse(text: string): Profile | null {
  try {
    const value = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

function read(profile: Profile, path: string[]): string {
  let value: unknown = profile;
  for (const key of path) value = (value as Profile | undefined)?.[key];
  return typeof value === "string" ? value : "";
}

/** Sets (or, when empty, removes) one field, dropping an object the removal left empty. */
function write(profile: Profile, path: string[], value: string): Profile {
  const [key, ...rest] = path;
  const next = { ...profile };
  if (rest.length) {
    const inner = write((profile[key] as Profile | undefined) ?? {}, rest, value);
    if (Object.keys(inner).length) next[key] = inner;
    else delete next[key];
  } else if (value) next[key] = value;
  else delete next[key];
  return next;
}

@customElement("ccemu-visitor-form")
export class VisitorForm extends LitElement {
  static override styles = [
    shared,
    css`
      .grid {
        display: grid;
        grid-template-columns: auto 1fr;
        gap: 4px 8px;
        align-items: center;
        font-size: 12px;
      }
      .grid input {
        width: 100%;
        min-width: 0;
      }
      textarea {
        width: 100%;
        min-height: 140px;
        font: 12px ui-monospace, Menlo, monospace;
      }
      .extra {
        font-size: 12px;
      }
    `,
  ];

  @property()
  accessor value = "{}";

  #change(text: string) {
    emit(this, "visitor-change", text);
  }

  override render() {
    const profile = parse(this.value);
    const extra = profile?.extra as Record<string, unknown> | undefined;
    return html`
      ${profile
        ? html`<div class="grid">${
          FIELDS.map(([label, path]) =>
            html`
              <label for=${path.join("-")}>${label}</label>
              <input id=${path.join("-")} .value=${read(profile, path)} @input=${(e: Event) =>
                this.#change(
                  JSON.stringify(
                    write(profile, path, (e.target as HTMLInputElement).value),
                    null,
                    2,
                  ),
                )}>
            `
          )
        }</div>
        ${
          extra && Object.keys(extra).length
            ? html`<div class="extra muted">extra: ${
              Object.entries(extra).map(([k, v]) => `user_${k}=${v}`).join(", ")
            }</div>`
            : nothing
        }`
        : html`<div class="bad" role="alert">The raw JSON below is not a JSON object; fix it to use the form.</div>`}
      <details ?open=${!profile}>
        <summary>Raw JSON (every field: extra, branches, group chat…)</summary>
        <textarea id="visitor" aria-label="Visitor profile JSON" .value=${this.value}
          @input=${(e: Event) => this.#change((e.target as HTMLTextAreaElement).value)}></textarea>
      </details>
    `;
  }
}
