/**
 * The state controls' controller: reset, the journal, the snapshot as a file, access keys, fault
 * rules and the clock, all through the control API. What changed is told back in one line (`notice`); the views
 * reload themselves from the live events (`reset`, `snapshot-imported`, `clock`, keys).
 */
import { ViewController } from "../common/view-controller.ts";
import type { PublicKey } from "../common/control-client.ts";
import type { FaultDraftView, FaultRule } from "./fault-rules.ts";
import type { JournalEntry } from "../common/control-client.ts";

export class StateController extends ViewController {
  keys: PublicKey[] = [];
  faults: FaultRule[] = [];
  /** Signed operation paths and storage prefixes, for the fault form. */
  operations: string[] = [];
  notice = "";
  /** A rule drafted like a journal entry's request ("Add a fault rule like this"): the form's prefill. */
  draft: FaultDraftView | null = null;

  protected override listen(): (() => void)[] {
    return [
      this.client.on<{ change: string }>("state", (event) => {
        if (
          ["key-added", "key-removed", "reset", "snapshot-imported", "fault-rules"].includes(
            event.change,
          )
        ) {
          this.client.attempt(() => this.load());
        }
      }),
      // A fired rule's counters moved.
      this.client.on<{ entry: JournalEntry }>("journal", ({ entry }) => {
        if (entry.fault) this.client.attempt(() => this.#loadFaults());
      }),
    ];
  }

  async load(): Promise<void> {
    this.keys = (await this.client.request<{ keys: PublicKey[] }>("GET", "/_emulator/keys")).keys;
    if (this.operations.length === 0) {
      const doc = await this.client.request<{ paths: Record<string, unknown> }>(
        "GET",
        "/_emulator/openapi.json",
      );
      // Signed operations as they are; storage routes by their first folder (`/_storage/uploads`).
      const paths = Object.keys(doc.paths);
      this.operations = [
        ...paths.filter((p) => /^\/(gateway|aikb|livechat)\//.test(p)),
        ...new Set(
          paths.filter((p) => p.startsWith("/_storage/")).map((p) => p.split("/", 3).join("/")),
        ),
      ];
    }
    await this.#loadFaults();
  }

  async #loadFaults(): Promise<void> {
    this.faults = (await this.client.request<{ rules: FaultRule[] }>("GET", "/_emulator/faults"))
      .rules;
    this.host.requestUpdate();
  }

  addFault(rule: unknown) {
    return this.client.attempt(async () => {
      const added = await this.client.request<FaultRule>("POST", "/_emulator/faults", rule);
      this.draft = null;
      this.#done(`Fault rule ${added.id} added.`);
    });
  }

  /** Drafts a rule like journal entry `id`'s request; the user picks its effect and adds it. */
  async draftLike(id: number): Promise<void> {
    const drafted = await this.client.request<Omit<FaultDraftView, "entryId">>(
      "GET",
      `/_emulator/journal/${id}/fault-rule`,
    );
    this.draft = { entryId: id, ...drafted };
    this.host.requestUpdate();
  }

  clearDraft(): void {
    this.draft = null;
    this.host.requestUpdate();
  }

  removeFault(id: number) {
    return this.client.attempt(async () => {
      await this.client.request("DELETE", `/_emulator/faults/${id}`);
      this.#done(`Fault rule ${id} removed.`);
    });
  }

  /** Says what another pane's controller did, in the same one line. */
  told(notice: string): void {
    this.#done(notice);
  }

  #done(notice: string) {
    this.notice = notice;
    this.host.requestUpdate();
  }

  reset() {
    return this.client.attempt(async () => {
      await this.client.request("POST", "/_emulator/reset");
      this.#done("Reset to the fixtures.");
    });
  }

  clearJournal() {
    return this.client.attempt(async () => {
      await this.client.request("DELETE", "/_emulator/journal");
      this.#done("Journal cleared.");
    });
  }

  /** Downloads the snapshot as ccemu exports it, byte for byte. */
  exportSnapshot() {
    return this.client.attempt(async () => {
      const response = await fetch("/_emulator/snapshot");
      if (!response.ok) throw new Error(`The snapshot export failed (${response.status}).`);
      const link = document.createElement("a");
      link.href = URL.createObjectURL(await response.blob());
      link.download = "ccemu-snapshot.json";
      link.click();
      URL.revokeObjectURL(link.href);
      this.#done("Snapshot exported.");
    });
  }

  importSnapshot(snapshot: unknown) {
    return this.client.attempt(async () => {
      await this.client.request("POST", "/_emulator/snapshot", snapshot);
      this.#done("Snapshot imported.");
    });
  }

  addKey(key: unknown) {
    return this.client.attempt(async () => {
      const added = await this.client.request<PublicKey>("POST", "/_emulator/keys", key);
      await this.load();
      this.#done(`Key ${added.accessKeyId} added.`);
    });
  }

  removeKey(accessKeyId: string) {
    return this.client.attempt(async () => {
      await this.client.request("DELETE", `/_emulator/keys/${encodeURIComponent(accessKeyId)}`);
      await this.load();
      this.#done(`Key ${accessKeyId} removed.`);
    });
  }

  setClock(change: { mode?: string; now?: string }) {
    const now = change.now !== undefined && /^\d+$/.test(change.now)
      ? Number(change.now)
      : change.now;
    return this.client.attempt(async () => {
      await this.client.request("POST", "/_emulator/clock", { ...change, now });
      this.#done(change.mode ? `Clock on ${change.mode} time.` : "Clock set.");
    });
  }

  advance(body: { ms: number }) {
    return this.client.attempt(async () => {
      await this.client.request("POST", "/_emulator/clock/advance", body);
      this.#done(`Clock advanced ${body.ms / 60_000} min.`);
    });
  }
}
