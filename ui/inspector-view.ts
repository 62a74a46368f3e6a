/**
 * The inspector: the live journal of every exchange, filtered and paged (so 5,000 entries stay
 * smooth), and the selected entry in full. Selecting fires `select`; "copy as curl" fires `curl`.
 */
import { html, LitElement, nothing } from "lit";
import { customElement, property, state } from "lit/decorators.js";
import type { JournalEntry } from "./control-client.ts";
import { shared } from "./styles.ts";
import { inspectorStyles } from "./inspector-styles.ts";

const PAGE = 100;

function pretty(text: string | undefined): string {
  if (!text) return "";
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** What the journal kept of a cut body: its real size and, when known, the whole body's digest. */
const cutNote = (body: { truncated: boolean; size: number; digest?: string }) =>
  body.truncated
    ? html`<span class="muted">(cut, ${body.size} bytes${
      body.digest ? html`, <code>${body.digest}</code>` : nothing
    })</span>`
    : nothing;

@customElement("ccemu-inspector")
export class InspectorView extends LitElement {
  static override styles = [shared, inspectorStyles];

  @property({ attribute: false })
  accessor entries: JournalEntry[] = [];
  @property({ attribute: false })
  accessor selected: JournalEntry | null = null;
  @property()
  accessor curl = "";

  @state()
  accessor area = "";
  @state()
  accessor status = "";
  @state()
  accessor robot = "";
  @state()
  accessor session = "";
  @state()
  accessor text = "";
  @state()
  accessor page = 0;

  #filtered(): JournalEntry[] {
    const text = this.text.toLowerCase();
    return this.entries.filter((e) =>
      (!this.area || e.area === this.area) &&
      (!this.status || String(e.response.status).startsWith(this.status.replace(/x+$/i, ""))) &&
      (!this.robot || e.push?.robotId === this.robot) &&
      (!this.session || e.push?.sessionId === this.session) &&
      (!text ||
        `${e.path} ${e.requestId} ${e.push?.robotId ?? ""} ${e.push?.sessionId ?? ""} ${
          e.errorCode ?? ""
        } ${e.body?.text ?? ""}`.toLowerCase().includes(text))
    ).reverse();
  }

  /** A filter over the values the journal holds (robots and sessions of pushes). */
  #choice(
    label: string,
    filter: "robot" | "session",
    all: string,
    valueOf: (e: JournalEntry) => string | undefined,
  ) {
    const values = [...new Set(this.entries.map(valueOf).filter(Boolean))].sort();
    return html`<select aria-label=${label} id=${`filter-${filter}`} @change=${(e: Event) => {
      this[filter] = (e.target as HTMLSelectElement).value;
      this.page = 0;
    }}>
      <option value="">${all}</option>${
      values.map((v) => html`<option ?selected=${v === this[filter]}>${v}</option>`)
    }
    </select>`;
  }

  #select(entry: JournalEntry) {
    this.dispatchEvent(
      new CustomEvent("select", { detail: entry.id, bubbles: true, composed: true }),
    );
  }

  #keys(event: KeyboardEvent, list: JournalEntry[]) {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    const index = list.findIndex((e) => e.id === this.selected?.id);
    const next =
      list[Math.max(0, Math.min(list.length - 1, index + (event.key === "ArrowDown" ? 1 : -1)))];
    if (next) this.#select(next);
  }

  #detail(e: JournalEntry) {
    const push = e.push;
    return html`
      <h3>#${e.id} ${e.method} ${push?.url ?? e.path}</h3>
      <div class="muted">${new Date(e.time).toISOString()} · ${e.area} · ${e
        .durationMs} ms · requestId ${e.requestId}</div>
      <div class="row" style="margin-top:6px">
        <button id="copy-curl" @click=${() =>
          this.dispatchEvent(
            new CustomEvent("curl", { detail: e.id, bubbles: true, composed: true }),
          )}>Copy as curl</button>
      </div>
      ${this.curl ? html`<pre class="curl" id="curl-text">${this.curl}</pre>` : nothing}
      ${e.auth
        ? html`<h4>Authentication: <span class=${
          e.auth.outcome === "accepted" ? "ok" : "bad"
        }>${e.auth.outcome}</span></h4>
        ${
          e.auth.failedCheck
            ? html`<div>failed check: <strong>${e.auth.failedCheck}</strong> — ${e.auth.detail}</div>`
            : nothing
        }
        ${
          e.auth.expectedStringToSign
            ? html`
              <div class="muted">expected string-to-sign</div>
              <pre>${e.auth.expectedStringToSign}</pre>
            `
            : nothing
        }
        ${
          e.auth.hostsTried
            ? html`<div class="muted">hosts tried: ${e.auth.hostsTried.join(", ")}</div>`
            : nothing
        }`
        : nothing}
      ${push?.findings.length
        ? html`
          <h4>Findings</h4>
          <table class="findings"><tr><th>severity</th><th>path</th><th>message</th></tr>
                  ${push.findings.map((f) =>
                    html`
                      <tr>
                        <td class=${f.severity === "error" ? "bad" : "warn"}>${f.severity}</td>
                        <td><code>${f.path}</code></td>
                        <td>${f.message}</td>
                      </tr>
                    `
                  )}</table>
        `
        : nothing}
      ${push?.error
        ? html`
          <h4 class="bad">Error ${push.error.code}</h4>
          <div>${push.error.message}</div>
        `
        : nothing}
      <h4>Request headers</h4>
      <table>${Object.entries(e.headers).map(([k, v]) =>
        html`
          <tr>
            <td>${k}</td>
            <td>
              <pre>${v}</pre>
            </td>
          </tr>
        `
      )}</table>
      ${Object.keys(e.query).length
        ? html`
          <h4>Query</h4>
          <pre>${JSON.stringify(e.query, null, 2)}</pre>
        `
        : nothing}
      ${e.body
        ? html`
          <h4>Request body ${cutNote(e.body)}</h4>
          <pre>${pretty(e.body.text)}</pre>
        `
        : nothing}
      <h4>Response: ${e.response.status || "no response"}</h4>
      ${push?.events.length
        ? html`
          <div class="muted">first byte ${push.timings.firstByteMs ??
            "–"} ms · first chunk ${push.timings.firstChunkMs ?? "–"} ms · end ${push.timings
            .endMs} ms</div>
          <table class="sse"><tr><th>+ms</th><th>event</th><th>data</th></tr>
            ${push.events.map((ev) =>
              html`
                <tr class=${ev.ignored ? "muted" : ""}>
                  <td>${ev.at}</td>
                  <td>${ev.event}${ev.ignored ? " (ignored)" : ""}</td>
                  <td>
                    <pre>${ev.dataCut
                      ? "(not kept: the push's event data passed 64 KiB)"
                      : ev.data ?? "(no data)"}</pre>
                  </td>
                </tr>
              `
            )}
          </table>
          ${push.notKept
            ? html`<div class="muted">${push.notKept.events} more events and ${push.notKept.dataChars} characters of event data not kept</div>`
            : nothing}
        `
        : nothing}
      ${e.response.body
        ? html`${
          e.response.body.truncated ? html`<div>${cutNote(e.response.body)}</div>` : nothing
        }<pre>${pretty(e.response.body.text)}</pre>`
        : nothing}
    `;
  }

  override render() {
    const list = this.#filtered();
    const pages = Math.max(1, Math.ceil(list.length / PAGE));
    const page = Math.min(this.page, pages - 1);
    const shown = list.slice(page * PAGE, (page + 1) * PAGE);
    return html`
      <section class="list panel" aria-label="Journal">
        <div class="filters row">
          <select aria-label="Area" @change=${(e: Event) => {
            this.area = (e.target as HTMLSelectElement).value;
            this.page = 0;
          }}>
            <option value="">all areas</option>${["outbound", "kb", "gateway", "storage"].map((a) =>
              html`<option>${a}</option>`
            )}
          </select>
          <input aria-label="Status" placeholder="status, e.g. 4xx" size="8" @input=${(
            e: Event,
          ) => {
            this.status = (e.target as HTMLInputElement).value;
            this.page = 0;
          }}>
          ${this.#choice("Robot", "robot", "all robots", (e) => e.push?.robotId)}
          ${this.#choice("Session", "session", "all sessions", (e) => e.push?.sessionId)}
          <input aria-label="Search the journal" placeholder="path, robot, session, text…"
            @input=${(e: Event) => {
              this.text = (e.target as HTMLInputElement).value;
              this.page = 0;
            }}>
          <span class="muted" id="count">${list.length} of ${this.entries.length}</span>
        </div>
        <div class="rows" tabindex="0" @keydown=${(e: KeyboardEvent) => this.#keys(e, list)}>
          <table>
            <tr><th>#</th><th>area</th><th>request</th><th>status</th><th>ms</th></tr>
            ${shown.map((e) =>
              html`
                <tr class="entry" data-id=${e
                  .id} aria-selected=${this.selected?.id === e.id} @click=${() => this.#select(e)}>
                  <td>${e.id}</td>
                  <td>${e.area}</td>
                  <td class="path">${e.method} ${e.path}${e.push
                    ? html`
                      <span class="muted">${e.push.responseMode} · ${e.push.sessionId}</span>
                    `
                    : nothing}</td>
                  <td class=${e.response.status >= 400 || e.response.status === 0 || e.errorCode
                    ? "bad"
                    : ""}>${e.response.status || "–"}${e.errorCode
                    ? html`
                      ${e.errorCode}
                    `
                    : nothing}</td>
                  <td>${Math.round(e.durationMs)}</td>
                </tr>
              `
            )}
          </table>
        </div>
        <div class="pager row">
          <button ?disabled=${page ===
            0} @click=${() => (this.page = page - 1)} aria-label="Newer entries">‹</button>
          <span>page ${page + 1} of ${pages}</span>
          <button ?disabled=${page >=
            pages - 1} @click=${() => (this.page = page + 1)} aria-label="Older entries">›</button>
        </div>
      </section>
      <section class="detail panel" aria-label="Entry detail">
        ${this.selected
          ? this.#detail(this.selected)
          : html`<p class="muted">Select an exchange to see it in full.</p>`}
      </section>
    `;
  }
}
