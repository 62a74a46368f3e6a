/**
 * The Inspector view's controller: the journal as it grows (the newest 5,000 entries), the selected
 * entry and its freshly signed curl, and the session filter (set when a push is opened from the
 * chat, so the log shows that conversation).
 */
import { ViewController } from "../common/view-controller.ts";
import type { Finding, JournalEntry } from "../common/control-client.ts";

const MAX_ENTRIES = 5000;

/** What "Export HAR" takes: the list's area filter and the ids of the entries it shows. */
export interface HarExport {
  area: string;
  ids: number[];
}

export class InspectorController extends ViewController {
  entries: JournalEntry[] = [];
  selectedId: number | null = null;
  curl = "";
  sessionFilter = "";

  protected override listen(): (() => void)[] {
    return [
      this.client.on<{ entry: JournalEntry }>("journal", ({ entry }) => {
        const entries = [...this.entries, entry];
        this.entries = entries.length > MAX_ENTRIES ? entries.slice(-MAX_ENTRIES) : entries;
        this.host.requestUpdate();
      }),
      this.client.on<{ change: string }>("state", (event) => {
        if (event.change !== "journal-cleared") return;
        this.entries = [];
        this.host.requestUpdate();
      }),
    ];
  }

  async load(): Promise<void> {
    this.entries = (await this.client.request<{ entries: JournalEntry[] }>(
      "GET",
      `/_emulator/journal?limit=${MAX_ENTRIES}`,
    )).entries;
    this.host.requestUpdate();
  }

  get selected(): JournalEntry | null {
    return this.entries.find((e) => e.id === this.selectedId) ?? null;
  }

  select(id: number | null): void {
    if (id === this.selectedId) return;
    this.selectedId = id;
    this.curl = "";
    this.host.requestUpdate();
  }

  /** Opens a push from its conversation: the log is filtered to that session. */
  openFromChat(id: number, sessionId: string): void {
    this.sessionFilter = sessionId;
    this.select(id);
  }

  filterSession(sessionId: string): void {
    this.sessionFilter = sessionId;
    this.host.requestUpdate();
  }

  copyCurl(id: number) {
    return this.client.attempt(async () => {
      const { curl } = await this.client.request<{ curl: string }>(
        "GET",
        `/_emulator/journal/${id}/curl`,
      );
      this.curl = curl;
      this.host.requestUpdate();
      await navigator.clipboard?.writeText(curl).catch(() => {});
    });
  }

  /**
   * "Export HAR": the journal as a HAR file, of the entries the list shows. The server filters by
   * area; the list's other filters (status prefix, robot, session, text) are the browser's own, so
   * the entries are kept by the ids the list shows, in the journal's order (oldest first).
   */
  exportHar({ area, ids }: HarExport) {
    return this.client.attempt(async () => {
      const query = new URLSearchParams({ limit: String(MAX_ENTRIES), ...(area ? { area } : {}) });
      const har = await this.client.request<{ log: { entries: { _ccemu: { id: number } }[] } }>(
        "GET",
        `/_emulator/journal/har?${query}`,
      );
      const shown = new Set(ids);
      har.log.entries = har.log.entries.filter((e) => shown.has(e._ccemu.id));
      const link = document.createElement("a");
      link.href = URL.createObjectURL(
        new Blob([JSON.stringify(har)], { type: "application/json" }),
      );
      link.download = "ccemu-journal.har";
      link.click();
      URL.revokeObjectURL(link.href);
    });
  }

  /** "Deliver again" on a callback attempt: a new delivery of the same call record. */
  redeliver(deliveryId: number) {
    return this.client.attempt(() =>
      this.client.request("POST", `/_emulator/outbound/callback-deliveries/${deliveryId}/redeliver`)
    );
  }

  /** Findings of every push, by journal id, for the chat's inline markers. */
  findings(): Record<number, Finding[]> {
    const out: Record<number, Finding[]> = {};
    for (const e of this.entries) if (e.push) out[e.id] = e.push.findings;
    return out;
  }
}
