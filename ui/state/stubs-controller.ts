/**
 * The Stubs pane's controller: the stubs with their counts, added and removed through the control
 * API, and "Stub like this" (`GET /_emulator/journal/{id}/stub`), which prefills the form. The
 * list reloads on the live `state` events that move it: `stubs` (a stub added or removed, or its
 * counts moved by a request it matched), a reset, an import.
 */
import { ViewController } from "../common/view-controller.ts";
import type { Stub } from "../common/control-client.ts";
import type { StubDraftView } from "./stub-list.ts";

export class StubsController extends ViewController {
  stubs: Stub[] = [];
  /** A stub drafted like a journal entry's exchange: the form's prefill. */
  draft: StubDraftView | null = null;
  /** Told of what was done, for the state controls' one-line notice. */
  onDone: (notice: string) => void = () => {};

  protected override listen(): (() => void)[] {
    return [
      this.client.on<{ change: string }>("state", (event) => {
        if (["stubs", "reset", "snapshot-imported"].includes(event.change)) {
          this.client.attempt(() => this.load());
        }
      }),
    ];
  }

  async load(): Promise<void> {
    this.stubs = (await this.client.request<{ stubs: Stub[] }>("GET", "/_emulator/stubs")).stubs;
    this.host.requestUpdate();
  }

  add(stub: unknown) {
    return this.client.attempt(async () => {
      const added = await this.client.request<Stub>("POST", "/_emulator/stubs", stub);
      this.draft = null;
      await this.load();
      this.onDone(`Stub ${added.id} added.`);
    });
  }

  remove(id: number) {
    return this.client.attempt(async () => {
      await this.client.request("DELETE", `/_emulator/stubs/${id}`);
      await this.load();
      this.onDone(`Stub ${id} removed.`);
    });
  }

  /** Drafts a stub like journal entry `id`'s exchange; the user edits it and adds it. */
  async draftLike(id: number): Promise<void> {
    const drafted = await this.client.request<Omit<StubDraftView, "entryId">>(
      "GET",
      `/_emulator/journal/${id}/stub`,
    );
    this.draft = { entryId: id, ...drafted };
    this.host.requestUpdate();
  }

  clearDraft(): void {
    this.draft = null;
    this.host.requestUpdate();
  }
}
