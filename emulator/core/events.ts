/** The live event hub behind `/_emulator/events`: journal entries and state changes, as they happen. */
import type { JournalEntry } from "./journal-entry.ts";

/** What the live events carry: a journal entry, or an area's change. */
export type LiveEvent =
  | { type: "journal"; entry: JournalEntry }
  | { type: "state"; change: string; detail?: Record<string, unknown> }
  /** Visitor sessions: opened, a visitor message sent, a streamed chunk, a reply delivered. */
  | { type: "gateway"; change: string; sessionId: string; detail?: Record<string, unknown> };

/** The live events: listeners subscribe, areas publish. */
export class EventHub {
  #listeners = new Set<(event: LiveEvent) => void>();
  #closeListeners = new Set<() => void>();

  /** Hears every event from now on; answers the way to stop. */
  subscribe(listener: (event: LiveEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Tells every listener. */
  publish(event: LiveEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch { /* a broken subscriber must not break the request that published */ }
    }
  }

  /** Streams register here to end when the emulator closes (a server cannot shut down under them). */
  onClose(listener: () => void): () => void {
    this.#closeListeners.add(listener);
    return () => this.#closeListeners.delete(listener);
  }

  /** Forgets every listener. */
  close(): void {
    for (const listener of [...this.#closeListeners]) listener();
    this.#closeListeners.clear();
  }

  /** How many listen. */
  get size(): number {
    return this.#listeners.size;
  }
}
