/**
 * The inspector as an activity log: one line per exchange (for a push, "visitor text → reply
 * types", with its findings as a badge), filtered and paged (so 5,000 entries stay smooth), and
 * the selected entry in full: bodies as collapsible JSON with a copy button, a stream as a
 * waterfall. Selecting fires `select` (the app puts it in the URL); the session filter is the
 * controller's (a push opened from the chat sets it) and fires `filter-session`; "copy as curl"
 * fires `curl`.
 */
import { html, LitElement, nothing } from "lit";
import { customElement, property, state } from "lit/decorators.js";
import type { JournalEntry } from "../common/control-client.ts";
import "../common/json-block.ts";
import "./sse-waterfall.ts";
import "./entry-actions.ts";
import { stubBadge, stubNote } from "./stub-note.ts";
import type { FixtureState } from "./entry-actions.ts";
import { shared } from "../common/styles.ts";
import { inspectorStyles } from "./styles.ts";
import { emit } from "../common/events.ts";
import { rangeBound } from "./time-range.ts";
import { localTime, timeOf } from "../common/local-time.ts";
import { findingsBadges } from "../common/findings-badge.ts";

const PAGE = 100;

/** A status filter: a code (404), a class (4xx, 40x) or its first digits (4, 40). */
const STATUS_FILTER = /^[1-5](\d{0,2}|\dx|xx)$/i;

/** Message type names, as the spec's section 2.5 calls them. */
const TYPE_NAMES: Record<string, string> = {
  "100": "text",
  "101": "rich text",
  "102": "card",
  "103": "options",
  "103/10302": "categories",
  "103/10303": "topics",
  "104": "file",
  "105": "image",
  "109": "markdown",
  "111": "combination",
};

/** What a push gave the visitor, in words: reply types, a transfer, an error, or nothing. */
function replyLine(push: NonNullable<JournalEntry["push"]>): string {
  const parts = push.delivered.messages.map((m) =>
    TYPE_NAMES[`${m.type}/${m.subtype}`] ?? TYPE_NAMES[m.type] ?? String(m.type)
  );
  const qno = push.delivered.instruction?.actionData.qno;
  if (push.delivered.instruction) parts.push(`transfer${qno ? ` (queue ${qno})` : ""}`);
  if (push.error) parts.push(push.error.code);
  return parts.join(", ") || "nothing";
}

/** The activity line: for a push, who said what and what came back; otherwise the request. */
export function activityLine(e: JournalEntry): string {
  if (e.delivery) {
    return `callback ${e.delivery.deliveryId}, attempt ${e.delivery.attempt} → ${
      e.delivery.error ?? e.response.status
    }`;
  }
  if (!e.push) return `${e.method} ${e.path}`;
  const said = e.push.via === "open" ? "open session" : `“${e.push.visitor ?? ""}”`;
  return `${said} → ${replyLine(e.push)}`;
}

/** What the journal kept of a cut body: its real size and, when known, the whole body's digest. */
const cutNote = (body: { truncated: boolean; size: number; digest?: string }) =>
  body.truncated ? `(cut, ${body.size} bytes${body.digest ? `, ${body.digest}` : ""})` : "";

/** A request the recording proxy forwarded (`--upstream`): where it went and what came back. */
function upstreamDetail(up: NonNullable<JournalEntry["upstream"]>) {
  return html`
    <h4 id="upstream-note">Forwarded to the upstream ${up.host}</h4>
    <div class="muted">${up.request.method} ${up.request
      .url} <span title="the Signature is never kept"
      >(Signature not kept)</span></div>
    <div>${up.response
      ? html`upstream answered <strong class=${
        up.response.status >= 400 ? "bad" : "ok"
      }>${up.response.status}</strong> ${up.response.contentType ?? "(no content-type)"}`
      : html`<span class="bad">no answer: ${up.error}</span>`} in ${up.latencyMs} ms; the
      client got it unchanged (Response below)</div>
    ${up.recordError ? html`<div class="bad">recording: ${up.recordError}</div>` : nothing}
    <ccemu-json label="Forwarded headers" .open=${false}
      .text=${JSON.stringify(up.request.headers)}></ccemu-json>
  `;
}

/** A push's findings: severity, the JSON path it is about, and what is wrong there. */
export function findingsTable(push: NonNullable<JournalEntry["push"]>) {
  return html`
    <table class="findings">
      <colgroup><col class="c-severity"><col class="c-path"><col></colgroup>
      <tr><th>severity</th><th>path</th><th>message</th></tr>
      ${push.findings.map((f) =>
        html`
          <tr>
            <td class=${f.severity === "error" ? "bad" : "warn"}>${f.severity}</td>
            <td><code>${breakablePath(f.path)}</code></td>
            <td>${f.message}</td>
          </tr>
        `
      )}</table>
  `;
}

/**
 * A JSON path with a line-break opportunity before each step (`.name`, `[0]`), so a deep path
 * wraps at its steps inside its column instead of running into the message beside it; the text
 * (and what a copy takes) stays the path.
 */
export const breakablePath = (path: string) =>
  path.split(/(?=[.[])/).map((step, i) => i ? html`<wbr>${step}` : step);

/** An error code that wraps only between its words: "Unauthorized<wbr>Operation". */
const codeWords = (code: string) =>
  code.split(/(?=[A-Z][a-z])/).map((word, i) => i ? html`<wbr>${word}` : word);

/** A request's line that wraps at its path's slashes, so the operation's name is never cut. */
const requestLine = (line: string) =>
  line.split(/(?<=\/)/).map((part, i) => i ? html`<wbr>${part}` : part);

const errorsOf = (e: JournalEntry) =>
  e.push?.findings.filter((f) => f.severity === "error").length ?? 0;

@customElement("ccemu-inspector")
export class InspectorView extends LitElement {
  static override styles = [shared, inspectorStyles];

  @property({ attribute: false })
  accessor entries: JournalEntry[] = [];
  @property({ attribute: false })
  accessor selected: JournalEntry | null = null;
  /** The tenant's zone, in which the time column reads (UTC on hover). */
  @property()
  accessor timeZone = "Asia/Shanghai";
  /** The entry the address names (`#inspector/29`), kept when the journal no longer has it. */
  @property({ attribute: false })
  accessor wanted: number | null = null;
  @property()
  accessor curl = "";
  /** Only this visitor session's pushes (empty: all). */
  @property()
  accessor sessionFilter = "";
  /** The selected entry's answer as fixture data (ui/entry-actions.ts). */
  @property({ attribute: false })
  accessor fixture: FixtureState | null = null;

  @state()
  accessor area = "";
  @state()
  accessor status = "";
  @state()
  accessor robot = "";
  @state()
  accessor text = "";
  /** The time range's bounds as typed (the tenant's zone, as the list shows times). */
  @state()
  accessor from = "";
  @state()
  accessor to = "";
  @state()
  accessor page = 0;

  get #statusValid(): boolean {
    return !this.status || STATUS_FILTER.test(this.status.trim());
  }

  /** The range's bounds as instants; a bound that is not a time is left out (and said so). */
  get #range() {
    const from = rangeBound(this.from, this.timeZone, false);
    const to = rangeBound(this.to, this.timeZone, true);
    return {
      from,
      to,
      bad: [from === null ? "From" : "", to === null ? "To" : ""].filter(Boolean),
    };
  }

  #filtered(): JournalEntry[] {
    const text = this.text.toLowerCase();
    const { from, to } = this.#range;
    const status = this.#statusValid ? this.status.trim().replace(/x+$/i, "") : "";
    return this.entries.filter((e) =>
      (!this.area || e.area === this.area) &&
      (!status || String(e.response.status).startsWith(status)) &&
      (!this.robot || e.push?.robotId === this.robot) &&
      (!this.sessionFilter || e.push?.sessionId === this.sessionFilter) &&
      (typeof from !== "number" || e.time >= from) &&
      (typeof to !== "number" || e.time <= to) &&
      (!text ||
        `${activityLine(e)} ${e.path} ${e.requestId} ${e.push?.robotId ?? ""} ${
          e.push?.sessionId ?? ""
        } ${e.errorCode ?? ""} ${e.body?.text ?? ""}`.toLowerCase().includes(text))
    ).reverse();
  }

  /** A filter over the values the journal holds (robots and sessions of pushes). */
  #choice(
    label: string,
    id: string,
    all: string,
    current: string,
    valueOf: (e: JournalEntry) => string | undefined,
    change: (value: string) => void,
  ) {
    const values = [...new Set([...this.entries.map(valueOf), current].filter(Boolean))].sort();
    return html`<select aria-label=${label} id=${id} @change=${(e: Event) => {
      change((e.target as HTMLSelectElement).value);
      this.page = 0;
    }}>
      <option value="" ?selected=${!current}>${all}</option>${
      values.map((v) => html`<option ?selected=${v === current}>${v}</option>`)
    }
    </select>`;
  }

  #keys(event: KeyboardEvent, list: JournalEntry[]) {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    const index = list.findIndex((e) => e.id === this.selected?.id);
    const next =
      list[Math.max(0, Math.min(list.length - 1, index + (event.key === "ArrowDown" ? 1 : -1)))];
    if (next) emit(this, "select", next.id);
  }

  /** What the detail says when the address names no entry the journal has. */
  #missing(): string {
    const id = this.wanted;
    if (id === null) return "Select an exchange to see it in full (arrow keys move, Esc closes).";
    const [oldest, newest] = [this.entries[0]?.id, this.entries.at(-1)?.id];
    if (oldest !== undefined && id < oldest) {
      return `Exchange #${id} is no longer in the journal: it keeps the newest entries only (${this.entries.length} now, from #${oldest}; --journal-size and --journal-mb set how many), and #${id} was dropped.`;
    }
    return `No exchange #${id}${
      newest === undefined ? ": the journal is empty." : `: the newest is #${newest}.`
    }`;
  }

  /** A newly selected entry's page is shown (a deep link to an old entry lands on its page). */
  override willUpdate(changed: Map<string, unknown>) {
    const before = changed.get("selected") as JournalEntry | null | undefined;
    if (!changed.has("selected") || !this.selected || before?.id === this.selected.id) return;
    const index = this.#filtered().findIndex((e) => e.id === this.selected!.id);
    if (index >= 0) this.page = Math.floor(index / PAGE);
  }

  /** A newly selected entry is brought into view (a deep link, a push opened from the chat). */
  override updated(changed: Map<string, unknown>) {
    const before = changed.get("selected") as JournalEntry | null | undefined;
    if (!changed.has("selected") || before?.id === this.selected?.id) return;
    this.renderRoot.querySelector(`tr.entry[data-id="${this.selected?.id}"]`)
      ?.scrollIntoView({ block: "nearest" });
  }

  /** Esc closes the detail pane. */
  escape(): boolean {
    if (!this.selected) return false;
    emit(this, "select", null);
    return true;
  }

  #auth(e: JournalEntry) {
    if (!e.auth) return nothing;
    return html`<h4>Authentication: <span class=${
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
    }`;
  }

  #detail(e: JournalEntry) {
    return html`
      ${this.#detailHead(e)}
      <ccemu-entry-actions .entry=${e} .fixture=${this.fixture}></ccemu-entry-actions>
      ${this.#faultNote(e)}
      ${stubNote(e, () => emit(this, "open-stubs"))}
      ${this.#deliveryNote(e)}
      ${this.#auth(e)}
      ${e.upstream ? upstreamDetail(e.upstream) : nothing}
      ${e.push?.findings.length ? html`<h4>Findings</h4>${findingsTable(e.push)}` : nothing}
      ${e.push?.error
        ? html`
          <h4 class="bad">Error ${e.push.error.code}</h4>
          <div>${e.push.error.message}</div>
        `
        : nothing}
      ${this.#request(e)}
      ${this.#response(e)}
    `;
  }

  /** The entry's line, where it went, when, and the link and curl to take it elsewhere. */
  #detailHead(e: JournalEntry) {
    const push = e.push;
    return html`
      <div class="detail-head">
        <h3>#${e.id} ${activityLine(e)}</h3>
        <button class="close" @click=${() => emit(this, "select", null)}
          aria-label="Close the detail (Esc)">✕</button>
      </div>
      <div class="muted">${e.method} ${push?.url ?? e.path}</div>
      <div
        class="muted">${timeOf(e.time, this.timeZone)} · ${e.area} · ${e
          .durationMs} ms · requestId ${e.requestId}${push
          ? ` · ${push.sessionId} · robot ${push.robotId} · ${push.responseMode}`
          : ""}</div>
      <div class="row" style="margin-top:6px">
        <button id="copy-curl" @click=${() => emit(this, "curl", e.id)}>Copy as curl</button>
        <a id="entry-link" href=${`#inspector/${e.id}`}>link to this entry</a>
      </div>
      ${this.curl ? html`<pre class="curl" id="curl-text">${this.curl}</pre>` : nothing}
    `;
  }

  /** The fault rule that shaped this answer, with a way to the rules. */
  #faultNote(e: JournalEntry) {
    if (!e.fault) return nothing;
    return html`
      <div class="fault-note" id="fault-note"
        role="note">⚡ Fault rule ${e.fault
          .ruleId}${e.fault.note ? ` (${e.fault.note})` : ""} fired: ${e.fault
          .effect}${e.fault.detail ? `; ${e.fault.detail}` : ""}. <a href="#faults" @click=${() =>
          emit(this, "open-faults")}>Fault rules</a></div>
    `;
  }

  /** A call-result callback's delivery and attempt, and a button to deliver it again. */
  #deliveryNote(e: JournalEntry) {
    const delivery = e.delivery;
    if (!delivery) return nothing;
    return html`
      <div class="row"
        id="delivery-note">Call-result callback: delivery ${delivery
          .deliveryId}, attempt ${delivery.attempt}${delivery.error
          ? html`, <span class="bad">${delivery.error}</span>`
          : nothing}
                <button id="deliver-again" @click=${() =>
                  emit(this, "redeliver", delivery.deliveryId)}>Deliver again</button></div>
    `;
  }

  /** What was asked: headers, query and body. */
  #request(e: JournalEntry) {
    return html`
      <ccemu-json label="Request headers" .open=${false}
        .text=${JSON.stringify(e.headers)}></ccemu-json>
      ${Object.keys(e.query).length
        ? html`<ccemu-json label="Query" .text=${JSON.stringify(e.query)}></ccemu-json>`
        : nothing}
      ${e.body
        ? html`<ccemu-json label="Request body" .note=${
          cutNote(e.body)
        } .text=${e.body.text}></ccemu-json>`
        : nothing}
    `;
  }

  /** What came back: the status, the stream as a waterfall, the body and headers. */
  #response(e: JournalEntry) {
    const push = e.push;
    return html`
      <h4>Response: ${e.response.status || "no response"}</h4>
      ${push?.events.length
        ? html`
          <h4>Stream</h4>
          <ccemu-waterfall .push=${push}></ccemu-waterfall>
        `
        : nothing}
      ${e.response.body
        ? html`<ccemu-json label="Response body" .note=${
          cutNote(e.response.body)
        } .text=${e.response.body.text}></ccemu-json>`
        : nothing}
      <ccemu-json label="Response headers" .open=${false}
        .text=${JSON.stringify(e.response.headers)}></ccemu-json>
    `;
  }

  #status(e: JournalEntry) {
    const errors = errorsOf(e);
    const warnings = (e.push?.findings.length ?? 0) - errors;
    const bad = e.response.status >= 400 || e.response.status === 0 || !!e.errorCode;
    return html`<td class="status">
      <span class=${bad ? "bad" : ""}>${e.response.status || "–"}</span>
      ${
      e.errorCode && !activityLine(e).includes(e.errorCode)
        ? html`<span class="bad code">${codeWords(e.errorCode)}</span>`
        : nothing
    }
      ${
      e.upstream
        ? html`
          <span class="badge upstream" title=${`forwarded to ${e.upstream.host}`}
          >↗ upstream</span>
        `
        : nothing
    }
      ${
      e.fault
        ? html`<span class="badge fault" title=${`fault rule ${e.fault.ruleId}: ${e.fault.effect}${
          e.fault.detail ? ` (${e.fault.detail})` : ""
        }`}>⚡ fault ${e.fault.ruleId}</span>`
        : nothing
    }
      ${stubBadge(e)}
      <span class="findings">${findingsBadges(errors, warnings)}</span>
    </td>`;
  }

  override render() {
    const list = this.#filtered();
    const pages = Math.max(1, Math.ceil(list.length / PAGE));
    const page = Math.min(this.page, pages - 1);
    const shown = list.slice(page * PAGE, (page + 1) * PAGE);
    return html`
      <section class="list panel" aria-label="Journal">
        ${this.#filters(list)}
        ${this.#statusValid ? nothing : html`<div class="hint bad" id="status-hint" role="alert">
          Status “${this.status}” is not a filter: type a code (404), a class (4xx) or its first
          digits (4, 40). Showing every status.</div>`}
        ${this.#range.bad.length
          ? html`
            <div class="hint bad" id="range-hint"
              role="alert">${this.#range.bad.join(
                " and ",
              )}: type a time as the list shows it, in ${this.timeZone}: 2026-01-05 09:00 (seconds
                        optional), or a day alone. That bound is left out.</div>
          `
          : nothing}
        ${this.#rows(list, shown)}
        <div class="pager row">
          <button ?disabled=${page ===
            0} @click=${() => (this.page = page - 1)} aria-label="Newer entries">‹</button>
          <span>page ${page + 1} of ${pages}</span>
          <button ?disabled=${page >=
            pages - 1} @click=${() => (this.page = page + 1)} aria-label="Older entries">›</button>
        </div>
      </section>
      ${this.selected
        ? html`<section class="detail panel" aria-label="Entry detail">${
          this.#detail(this.selected)
        }</section>`
        : html`
          <section class="detail panel muted" aria-label="Entry detail">
            <p id="entry-missing">${this.#missing()}</p>
          </section>
        `}
    `;
  }

  /** The list's filters (area, status, robot, session, text), its count and the HAR export. */
  #filters(list: JournalEntry[]) {
    return html`
      <div class="filters row">
        <select aria-label="Area" @change=${(e: Event) => {
          this.area = (e.target as HTMLSelectElement).value;
          this.page = 0;
        }}>
          <option value="">all areas</option>${["outbound", "kb", "gateway", "storage"].map((a) =>
            html`<option>${a}</option>`
          )}
        </select>
        <input aria-label="Status" id="filter-status" placeholder="status: 4xx" size="10"
          aria-invalid=${!this.#statusValid} aria-describedby="status-hint" @input=${(
            e: Event,
          ) => {
            this.status = (e.target as HTMLInputElement).value;
            this.page = 0;
          }}>
        ${this.#choice(
          "Robot",
          "filter-robot",
          "all robots",
          this.robot,
          (e) => e.push?.robotId,
          (v) => (this.robot = v),
        )}
        ${this.#choice(
          "Session",
          "filter-session",
          "all sessions",
          this.sessionFilter,
          (e) => e.push?.sessionId,
          (v) => emit(this, "filter-session", v),
        )}
        <input aria-label="Search the journal" placeholder="text, path, robot, session…"
          @input=${(e: Event) => {
            this.text = (e.target as HTMLInputElement).value;
            this.page = 0;
          }}>
        <span class="range row" role="group" aria-label=${`Time range, in ${this.timeZone}`}>
          <input aria-label=${`From (${this.timeZone})`} id="filter-from" size="16"
            placeholder="from 2026-01-05 09:00" title=${`From this time on, in ${this.timeZone}`}
            aria-describedby="range-hint" @input=${(e: Event) => {
              this.from = (e.target as HTMLInputElement).value;
              this.page = 0;
            }}>
          <input aria-label=${`To (${this.timeZone})`} id="filter-to" size="16"
            placeholder="to 2026-01-05 18:00" title=${`Up to this time, in ${this.timeZone}`}
            aria-describedby="range-hint" @input=${(e: Event) => {
              this.to = (e.target as HTMLInputElement).value;
              this.page = 0;
            }}>
        </span>
        <span class="muted" id="count">${list.length} of ${this.entries.length}</span>
        <button id="export-har" title="Download the exchanges this list shows as a HAR 1.2 file"
          @click=${() => emit(this, "export-har", { area: this.area, ids: list.map((e) => e.id) })}
        >Export HAR</button>
      </div>
    `;
  }

  /** The page of entries shown, arrow keys moving the selection through the whole list. */
  #rows(list: JournalEntry[], shown: JournalEntry[]) {
    // Rows of more than one local day show the day (MM-DD) before the time of day.
    const withDay =
      new Set(shown.map((e) => localTime(e.time, this.timeZone).slice(0, 10))).size > 1;
    return html`
      <div class="rows" tabindex="0" aria-label="Exchanges (arrow keys move)" @keydown=${(
        e: KeyboardEvent,
      ) => this.#keys(e, list)}>
        <table class=${withDay ? "with-day" : ""}>
          <colgroup><col class="c-id"><col class="c-time"><col class="c-area"><col><col
            class="c-status"><col class="c-ms"></colgroup>
          <tr><th>#</th><th>time</th><th>area</th><th>exchange</th><th>status</th><th
            title="milliseconds from the request to the end of the answer">ms</th></tr>
          ${shown.length ? shown.map((e) => this.#row(e, withDay)) : html`
            <tr>
              <td colspan="6" class="empty muted" id="no-match">${this.entries.length
                ? "No exchange matches these filters."
                : "No exchange yet: send a request or chat as a visitor."}</td>
            </tr>
          `}
        </table>
      </div>
    `;
  }

  /** One entry's row: id, time of day, area, activity line, status and duration. */
  #row(e: JournalEntry, withDay = false) {
    const line = activityLine(e);
    // The error code is in the status column: once a row.
    const sub = e.push
      ? `${e.push.responseMode} · ${e.push.sessionId} · ${e.method} ${e.path}`
      : "";
    return html`
      <tr class="entry" data-id=${e.id} aria-selected=${this.selected?.id === e.id}
        @click=${() => emit(this, "select", e.id)}>
            <td>${e.id}</td>
            <td class="time">${timeOf(e.time, this.timeZone, (t) => t.slice(withDay ? 5 : 11))}</td>
            <td class="area" title=${e.area}>${e.area}</td>
            <td class="line" title=${`${line}\n${sub}`}>${e.push || e.delivery
              ? html`<span class="main">${line}</span>`
              : html`<span class="main request">${requestLine(line)}</span>`}${sub
              ? html`<span class="sub muted">${sub}</span>`
              : nothing}</td>
            ${this.#status(e)}
            <td>${Math.round(e.durationMs)}</td>
          </tr>
    `;
  }
}
