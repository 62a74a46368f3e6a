/**
 * How the inspector shows a stub's answer: a badge in the list, and in the detail a note naming
 * the stub, with the warnings its answer drew against the operation's documented shape.
 */
import { html, nothing } from "lit";
import type { JournalEntry } from "../common/control-client.ts";

/** `⎘ stub 3` in the list, its warnings counted in its title. */
export function stubBadge(e: JournalEntry) {
  if (!e.stub) return nothing;
  const warnings = e.stub.findings?.length ?? 0;
  return html`<span class="badge stub" title=${`answered by stub ${e.stub.stubId}${
    warnings ? `; ${warnings} shape warning${warnings === 1 ? "" : "s"}` : ""
  }`}>⎘ stub ${e.stub.stubId}</span>`;
}

/** The detail's note: which stub answered, that the state was not changed, and its warnings. */
export function stubNote(e: JournalEntry, openStubs: () => void) {
  const stub = e.stub;
  if (!stub) return nothing;
  return html`
    <div class="fault-note" id="stub-note"
      role="note">⎘ Answered by stub ${stub.stubId}${stub.note
        ? ` (${stub.note})`
        : ""}, not by the emulated state, which this request did not change.
      <a href="#stubs" @click=${openStubs}>Stubs</a>
      ${stub.findings?.length
        ? html`
          <div class="warn" id="stub-findings">The answer breaks the operation's documented shape:
            <ul>${stub.findings.map((f) => html`<li><code>${f.path}</code> ${f.message}</li>`)}</ul>
          </div>
        `
        : nothing}
    </div>
  `;
}
