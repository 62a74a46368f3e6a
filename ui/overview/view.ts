/**
 * `<ccemu-overview>`: the UI's first view, as the Firebase Emulator Suite opens on its overview —
 * every area's counts at a glance, each card and item a link (`<a href="#…">`) to the view that
 * shows it. The cards' contents are ui/overview-cards.ts; the data is `GET /_emulator/overview`.
 */
import { css, html, LitElement } from "lit";
import { customElement, property } from "lit/decorators.js";
import type { Overview } from "./controller.ts";
import type { Connection } from "../../emulator/control/connect.ts";
import { connectCard } from "./connect-card.ts";
import "./snapshots-card.ts";
import type { SnapshotRow } from "./snapshots-card.ts";
import {
  callbacksCard,
  clockCard,
  conversationsCard,
  errorsCard,
  faultsCard,
  findingsCard,
  kbCard,
  keysCard,
  outboundCard,
  stubsCard,
} from "./cards.ts";
import { shared } from "../common/styles.ts";

@customElement("ccemu-overview")
export class OverviewView extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: block;
        overflow: auto;
      }
      h2 {
        margin: 0 0 10px;
        font-size: 16px;
      }
      .cards {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(270px, 1fr));
        gap: 12px;
        align-items: start;
      }
      .card {
        min-width: 0;
        padding: 10px 12px;
        overflow-wrap: anywhere;
      }
      .card.wide {
        grid-column: span 2;
      }
      h3 {
        margin: 0 0 8px;
        font-size: 14px;
      }
      a {
        color: var(--accent);
      }
      dl.counts {
        display: flex;
        flex-wrap: wrap;
        gap: 6px 18px;
        margin: 0 0 8px;
      }
      dl.counts div {
        display: flex;
        flex-direction: column-reverse;
      }
      dt {
        font-size: 12px;
        color: var(--muted);
      }
      dd {
        margin: 0;
        font-size: 22px;
        font-weight: 600;
        font-variant-numeric: tabular-nums;
      }
      ul {
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        gap: 6px;
      }
      li {
        font-size: 13px;
      }
      .line {
        font-size: 12px;
        color: var(--muted);
      }
      code {
        font: 12px ui-monospace, Menlo, Consolas, monospace;
      }
      p {
        margin: 4px 0;
        font-size: 13px;
      }
      dl.connect {
        display: grid;
        grid-template-columns: auto 1fr;
        gap: 4px 10px;
        margin: 0 0 6px;
        font-size: 13px;
      }
      dl.connect dd {
        font-size: 13px;
        font-weight: normal;
      }
      /* A key id or secret reads whole (a copied half fails to sign). */
      dl.connect #connect-demo code {
        white-space: nowrap;
      }
      @media (max-width: 620px) {
        .card.wide {
          grid-column: auto;
        }
      }
    `,
  ];

  @property({ attribute: false })
  accessor overview: Overview | null = null;
  /** How a client connects (`GET /_emulator/connect`), for the "Connect a client" card. */
  @property({ attribute: false })
  accessor connection: Connection | null = null;
  @property({ attribute: false })
  accessor snapshots: SnapshotRow[] = [];
  /** The virtual clock now (the app's reading, ticking on real time). */
  @property({ type: Number })
  accessor now = 0;

  override render() {
    const o = this.overview;
    if (!o) return html`<p class="muted" role="status">Reading the overview…</p>`;
    const zone = o.clock.timeZone;
    return html`
      <h2>Overview</h2>
      <div class="cards">
        ${connectCard(this.connection)} ${clockCard(
          o,
          this.now || o.clock.now,
        )} ${conversationsCard(o)} ${outboundCard(o)}
        ${callbacksCard(o)} ${kbCard(o)} ${keysCard(o)} ${faultsCard(o)} ${stubsCard(o)}
        ${errorsCard(o, zone)}
        ${findingsCard(o, zone)}
        <section class="card panel" id="overview-snapshots"
          aria-labelledby="overview-snapshots-title">
          <h3 id="overview-snapshots-title">Named snapshots</h3>
          <ccemu-snapshots .snapshots=${this.snapshots} timeZone=${zone}></ccemu-snapshots>
        </section>
      </div>
    `;
  }
}
