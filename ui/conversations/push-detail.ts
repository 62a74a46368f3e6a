/**
 * One push in the narrow pane beside the chat: what was sent, what came back and when (the stream
 * as a waterfall), and the findings with their JSON paths; the full entry is a link away in the
 * inspector. The inspector's detail is a part of its view, not an element, so this is its compact
 * form, built from the same blocks (`ccemu-json`, `ccemu-waterfall`, the breakable path).
 */
import { css, html, LitElement, nothing } from "lit";
import { customElement, property } from "lit/decorators.js";
import type { JournalEntry } from "../common/control-client.ts";
import "../common/json-block.ts";
import "../inspector/sse-waterfall.ts";
import { activityLine, findingsTable } from "../inspector/view.ts";
import { timeOf } from "../common/local-time.ts";
import { shared } from "../common/styles.ts";

/** Milliseconds as the log reads them: whole, or a dash for what never came. */
export const ms = (value: number | null) => value === null ? "–" : `${Math.round(value)} ms`;

/**
 * A streamed reply as one JSON document: its events in order, each event's data parsed where it
 * is JSON (as agents send it), so the reply reads like a blocking one.
 */
function streamJson(events: NonNullable<JournalEntry["push"]>["events"]): string {
  const parse = (data: string | null) => {
    if (data === null) return null;
    try {
      return JSON.parse(data);
    } catch {
      return data;
    }
  };
  return JSON.stringify(events.map((e) => ({ event: e.event, data: parse(e.data) })));
}

@customElement("ccemu-push-detail")
export class PushDetail extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: block;
        font-size: 13px;
      }
      h4 {
        margin: 10px 0 4px;
      }
      .line {
        font-weight: 600;
        overflow-wrap: anywhere;
      }
      table {
        table-layout: fixed;
      }
      td {
        overflow-wrap: anywhere;
      }
      col.c-severity {
        width: 62px;
      }
    `,
  ];

  @property({ attribute: false })
  accessor entry: JournalEntry | null = null;
  @property()
  accessor timeZone = "Asia/Shanghai";

  #findings(push: NonNullable<JournalEntry["push"]>) {
    if (!push.findings.length) return html`<div class="ok" id="no-findings">No findings.</div>`;
    return html`
      <h4>Findings (${push.findings.length})</h4>
      ${findingsTable(push)}
    `;
  }

  override render() {
    const e = this.entry, push = e?.push;
    if (!e || !push) return nothing;
    const t = push.timings;
    return html`
      <div class="line">#${e.id} ${activityLine(e)}</div>
      <div
        class="muted">${timeOf(e.time, this.timeZone)} · ${push.responseMode} · ${e.method} ${push
          .url}</div>
      <div>HTTP <strong class=${e.response.status >= 400 || e.response.status === 0
        ? "bad"
        : "ok"}>${e.response.status || "no answer"}</strong> · ${Math.round(e.durationMs)} ms
        <span class="muted">(first byte ${ms(t.firstByteMs)}${t.firstChunkMs === null
          ? ""
          : `, first chunk ${ms(t.firstChunkMs)}`})</span></div>
      <a id="open-in-inspector" href=${`#inspector/${e.id}`}>Open in inspector</a>
      ${push.error
        ? html`
          <h4 class="bad">Error ${push.error.code}</h4>
          <div>${push.error.message}</div>
        `
        : nothing}
      ${this.#findings(push)}
      ${e.body
        ? html`<ccemu-json label="Request" .open=${false} .text=${e.body.text}></ccemu-json>`
        : nothing}
      ${push.events.length
        ? html`
          <h4>Stream</h4>
          <ccemu-waterfall .push=${push}></ccemu-waterfall>
        `
        : nothing}
      ${e.response.body
        ? html`<ccemu-json label="Reply" .text=${e.response.body.text}></ccemu-json>`
        : push.events.length
        ? html`<ccemu-json label="Reply" note="(the stream's events)" .text=${
          streamJson(
            push.events,
          )
        }></ccemu-json>`
        : nothing}
    `;
  }
}
