/**
 * The state controls' controller: reset, the journal, the snapshot as a file, access keys and the
 * clock, all through the control API. What changed is told back in one line (`notice`); the views
 * reload themselves from the live events (`reset`, `snapshot-imported`, `clock`, keys).
 */
import { ViewController } from "./view-controller.ts";
import type { KeyRow } from "../state-controls.ts";

export class StateController extends ViewController {
  keys: KeyRow[] = [];
  notice = "";

  protected override listen(): (() => void)[] {
    return [
      this.client.on<{ change: string }>("state", (event) => {
        if (["key-added", "key-removed", "reset", "snapshot-imported"].includes(event.change)) {
          this.client.attempt(() => this.load());
        }
      }),
    ];
  }

  async load(): Promise<void> {
    this.keys = (await this.client.request<{ keys: KeyRow[] }>("GET", "/_emulator/keys")).keys;
    this.host.requestUpdate();
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
      const added = await this.client.request<KeyRow>("POST", "/_emulator/keys", key);
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
