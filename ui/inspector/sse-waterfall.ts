/**
 * A push's stream as a waterfall: one row per SSE event at its arrival, on a track from the push's
 * start to its end, with first byte and first chunk marked; ignored events are greyed. Each event's
 * data unfolds in a list under the timeline (a toggle between the rows broke the grid's rhythm).
 */
import { css, html, LitElement, nothing } from "lit";
import { customElement, property } from "lit/decorators.js";
import type { PushRecord } from "../common/control-client.ts";
import { shared } from "../common/styles.ts";

@customElement("ccemu-waterfall")
export class SseWaterfall extends LitElement {
  static override styles = [
    shared,
    css`
      .sse {
        display: grid;
        grid-template-columns: 110px 1fr max-content;
        gap: 2px 8px;
        align-items: center;
        font-size: 12px;
      }
      .track {
        position: relative;
        height: 14px;
        background: #f3f5f9;
        border-radius: 3px;
      }
      .span {
        position: absolute;
        top: 3px;
        height: 8px;
        background: #9db7f5;
        border-radius: 2px;
      }
      .tick {
        position: absolute;
        top: 0;
        width: 3px;
        height: 14px;
        background: var(--accent);
        border-radius: 1px;
      }
      .ignored {
        color: var(--muted);
      }
      .ignored .tick {
        background: #b8bfcc;
      }
      .marker .tick {
        background: var(--ok);
      }
      .num {
        white-space: nowrap;
        text-align: right;
        font-variant-numeric: tabular-nums;
      }
      /* Each event's data unfolds under the timeline, not between its rows. */
      .data {
        margin: 6px 0 0;
        font-size: 12px;
      }
      summary {
        cursor: pointer;
        color: var(--muted);
      }
    `,
  ];

  @property({ attribute: false })
  accessor push: PushRecord | null = null;

  override render() {
    const push = this.push;
    if (!push?.events.length) return nothing;
    const end = Math.max(push.timings.endMs, ...push.events.map((e) => e.at), 1);
    const at = (ms: number) => `${Math.min(100, (ms / end) * 100)}%`;
    const marker = (label: string, ms: number | null) =>
      ms === null ? nothing : html`
        <span class="marker">${label}</span>
        <span class="track marker"><span class="tick" style=${`left:${at(ms)}`}></span></span>
        <span class="num">${ms} ms</span>
      `;
    let previous = 0;
    return html`<div class="sse" role="table" aria-label="Stream timeline">
      ${marker("first byte", push.timings.firstByteMs)}
      ${marker("first chunk", push.timings.firstChunkMs)}
      ${
      push.events.map((ev) => {
        const from = previous;
        previous = ev.at;
        return html`
          <span class=${`sse-row ${ev.ignored ? "ignored" : ""}`} role="row">${ev.event}${ev.ignored
            ? " (ignored)"
            : ""}</span>
          <span
            class=${`track ${ev.ignored ? "ignored" : ""}`}><span class="span" style=${`left:${
              at(from)
            };width:calc(${at(ev.at)} - ${at(from)})`}></span><span class="tick" style=${`left:${
              at(ev.at)
            }`}></span></span>
          <span class="num">+${ev.at} ms</span>
        `;
      })
    }
      <span class="marker">reply done</span>
      <span class="track marker"><span class="tick" style=${`left:calc(100% - 3px)`}></span></span>
      <span class="num">${push.timings.endMs} ms</span>
    </div>
    <div class="data">${
      push.events.map((ev, i) =>
        html`
          <details>
            <summary>data of event ${i + 1} (${ev.event})</summary>
            <pre>${ev.dataCut
              ? "(not kept: the push's event data passed 64 KiB)"
              : ev.data ?? "(no data)"}</pre>
          </details>
        `
      )
    }</div>
    ${
      push.notKept
        ? html`<div class="muted">${push.notKept.events} more events and ${push.notKept.dataChars} characters of event data not kept</div>`
        : nothing
    }`;
  }
}
