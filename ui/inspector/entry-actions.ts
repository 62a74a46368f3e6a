/**
 * What the inspector's detail offers to make of one exchange (WireMock's "stub from request"):
 * "Add a fault rule like this" (fires `fault-like`: the app opens the fault form prefilled), "Stub
 * like this" for a signed request (fires `stub-like`: the stub form opens with its answer), and,
 * for a read of the outbound or knowledge-base API, its answer as fixture data: what the builders
 * of `ccemu fixtures` make of it (asked for with `fixture-preview` when the entry is shown), to
 * download (`download-fixture`), or, for a recorded tenant's answer, to keep in ccemu's state
 * (`keep-answer`). ccemu's own answer is not kept: it came from the state (README says why).
 */
import { css, html, LitElement, nothing } from "lit";
import { customElement, property } from "lit/decorators.js";
import type { JournalEntry } from "../common/control-client.ts";
import { emit } from "../common/events.ts";
import { shared } from "../common/styles.ts";

type Ids = Record<string, number[]>;

/** The fixture data of one entry as the control API answered it, or why it has none. */
export interface FixtureState {
  id: number;
  preview?: {
    records: Record<string, number>;
    notes: string[];
    upstream: string | null;
    enterpriseId: string;
    fixture: unknown;
  };
  refused?: string;
  kept?: { added: Ids; changed: Ids; unchanged: Ids; enterpriseId: string };
}

/** Requests to ccemu (not pushes, SMS or callbacks it made): what a fault rule can act on. */
const requestToCcemu = (e: JournalEntry) => e.kind === "exchange" || e.kind === "upstream";

/** A 2xx answer of the outbound or knowledge-base API: what may be fixture data. */
const mayBeFixture = (e: JournalEntry) =>
  requestToCcemu(e) && (e.area === "outbound" || e.area === "kb") && !e.errorCode &&
  e.response.status >= 200 && e.response.status < 300;

/** `outbound.scripts: [3001, 3002]` as `scripts 3001, 3002`. */
const idsText = (ids: Ids) =>
  Object.entries(ids).map(([list, n]) => `${list.split(".").pop()} ${n.join(", ")}`).join("; ");

@customElement("ccemu-entry-actions")
export class EntryActions extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: grid;
        gap: 6px;
        margin-top: 6px;
      }
      .fixture {
        border: 1px solid var(--line);
        border-radius: 6px;
        padding: 6px;
        display: grid;
        gap: 4px;
      }
      ul {
        margin: 4px 0;
        padding-left: 18px;
      }
    `,
  ];

  @property({ attribute: false })
  accessor entry: JournalEntry | null = null;
  @property({ attribute: false })
  accessor fixture: FixtureState | null = null;

  /** The entry whose fixture data was asked for, so it is asked for once. */
  #asked: number | null = null;

  override updated() {
    const e = this.entry;
    if (!e || !mayBeFixture(e) || this.fixture?.id === e.id || this.#asked === e.id) return;
    this.#asked = e.id;
    emit(this, "fixture-preview", e.id);
  }

  #kept(kept: NonNullable<FixtureState["kept"]>) {
    const said = [
      Object.keys(kept.added).length ? `added ${idsText(kept.added)}` : "",
      Object.keys(kept.changed).length ? `changed ${idsText(kept.changed)}` : "",
      Object.keys(kept.unchanged).length ? `already held ${idsText(kept.unchanged)}` : "",
    ].filter(Boolean).join("; ");
    return html`<div class="ok" role="status" id="kept">Kept in ccemu (enterprise ${kept.enterpriseId}): ${said}.</div>`;
  }

  #fixture(e: JournalEntry) {
    const state = this.fixture?.id === e.id ? this.fixture : null;
    if (state?.refused) {
      return html`<div class="muted" id="fixture-refused">Not fixture data: ${state.refused}</div>`;
    }
    if (!state?.preview) return html`<div class="muted">Reading what this answer holds…</div>`;
    const { records, notes, upstream } = state.preview;
    const counted = Object.entries(records).map(([kind, n]) => `${n} ${kind}`).join(", ");
    return html`<div class="fixture" id="fixture-data">
      <div><strong>Fixture data:</strong> ${counted}${
      upstream
        ? html`
          <span class="muted">recorded from ${upstream}</span>
        `
        : html`
          <span class="muted">ccemu's own answer, from its state: download it for a fixture file</span>
        `
    }</div>
      <div class="row">
        ${
      upstream
        ? html`
          <button class="primary" id="keep-answer"
            @click=${() =>
              emit(this, "keep-answer", e.id)}>Keep this answer as fixture data</button>
        `
        : nothing
    }
        <button id="download-fixture" @click=${() =>
      emit(this, "download-fixture", e.id)}>Download as fixture data</button>
      </div>
      ${state.kept ? this.#kept(state.kept) : nothing}
      ${
      notes.length
        ? html`
          <details>
            <summary class="muted">What the answer does not show (${notes
              .length})</summary>
            <ul>${notes.map((n) => html`<li>${n}</li>`)}</ul>
          </details>
        `
        : nothing
    }
    </div>`;
  }

  override render() {
    const e = this.entry;
    if (!e || !requestToCcemu(e)) return nothing;
    return html`
      <div class="row">
        <button id="fault-like" @click=${() => emit(this, "fault-like", e.id)}
          title="Opens the fault rules' form with this request's area, operation, key and parameters"
        >Add a fault rule like this</button>
        ${e.area !== "storage"
          ? html`
            <button id="stub-like" @click=${() => emit(this, "stub-like", e.id)}
              title="Opens the stubs' form with this request's operation, key and parameters, answered with its answer (editable)"
            >Stub like this</button>
          `
          : nothing}
      </div>
      ${mayBeFixture(e) ? this.#fixture(e) : nothing}
    `;
  }
}
