/**
 * `<ccemu-snapshots>`: the Overview's named snapshots (as LocalStack's app lists and restores
 * named states): each with when it was saved (the virtual clock, the tenant's zone) and its size,
 * Restore and Delete (both confirmed in place), and "Save as" a name. Events up:
 * `save-snapshot`, `restore-snapshot`, `delete-snapshot`, each with the name.
 */
import { css, html, LitElement } from "lit";
import { customElement, property, state } from "lit/decorators.js";
import { timeOf } from "../common/local-time.ts";
import { shared } from "../common/styles.ts";
import { emit } from "../common/events.ts";

export interface SnapshotRow {
  name: string;
  savedAt: number;
  bytes: number;
}

const size = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : `${Math.round(bytes / 102.4) / 10} KiB`;

@customElement("ccemu-snapshots")
export class SnapshotsCard extends LitElement {
  static override styles = [
    shared,
    css`
      :host {
        display: block;
        font-size: 13px;
      }
      ul {
        list-style: none;
        margin: 0 0 8px;
        padding: 0;
        display: grid;
        gap: 6px;
      }
      .name {
        font-weight: 600;
        overflow-wrap: anywhere;
      }
      form {
        display: flex;
        gap: 6px;
      }
      input {
        flex: 1;
        min-width: 0;
      }
    `,
  ];

  @property({ attribute: false })
  accessor snapshots: SnapshotRow[] = [];
  @property()
  accessor timeZone = "Asia/Shanghai";
  /** A Restore or Delete pressed once: it asks before acting. */
  @state()
  accessor confirming: { action: "restore" | "delete"; name: string } | null = null;
  @state()
  accessor name = "";

  #save(event: Event) {
    event.preventDefault();
    const name = this.name.trim();
    if (!name) return;
    emit(this, "save-snapshot", name);
    this.name = "";
  }

  #item(s: SnapshotRow) {
    const asking = this.confirming?.name === s.name ? this.confirming.action : null;
    const act = (action: "restore" | "delete") => {
      this.confirming = null;
      emit(this, `${action}-snapshot`, s.name);
    };
    return html`
      <li data-snapshot=${s.name}>
        <span class="name">${s.name}</span>
        <span class="muted">saved at ${timeOf(s.savedAt, this.timeZone)} · ${size(s.bytes)}</span>
        <div class="row">${asking
          ? html`
            <span class="confirm">${asking === "restore"
              ? `Replace the whole state with “${s.name}”?`
              : `Forget “${s.name}”?`}</span>
            <button class=${asking === "delete" ? "bad" : "primary"} @click=${() => act(asking)}
              aria-label=${`Yes, ${asking} snapshot ${s.name}`}>${asking === "restore"
                ? "Restore"
                : "Delete"}</button>
            <button @click=${() => (this.confirming = null)}>Keep</button>
          `
          : html`
            <button @click=${() => (this.confirming = { action: "restore", name: s.name })}
              aria-label=${`Restore snapshot ${s.name}`}>Restore</button>
            <button @click=${() => (this.confirming = { action: "delete", name: s.name })}
              aria-label=${`Delete snapshot ${s.name}`}>Delete</button>
          `}</div>
      </li>
    `;
  }

  override render() {
    return html`
      ${this.snapshots.length
        ? html`<ul aria-label="Named snapshots">${this.snapshots.map((s) => this.#item(s))}</ul>`
        : html`
          <p class="muted"
            id="no-snapshots">None yet: save the state under a name, restore it later (kept until ccemu stops).</p>
        `}
      <form @submit=${this.#save}>
        <input aria-label="Snapshot name" id="snapshot-name" placeholder="name, e.g. before import"
          maxlength="64" .value=${this.name} @input=${(
            e: Event,
          ) => (this.name = (e.target as HTMLInputElement).value)}>
        <button id="save-snapshot" ?disabled=${!this.name.trim()}>Save as</button>
      </form>
    `;
  }
}
