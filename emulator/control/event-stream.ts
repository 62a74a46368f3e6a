/**
 * `/_emulator/events`: the live events as server-sent events, filtered to what a subscriber shows,
 * until the client goes or the emulator closes.
 */
import type { Context } from "npm:hono@4.13.19";
import { streamSSE } from "npm:hono@4.13.19/streaming";
import { z } from "npm:zod@4.6.7";
import type { Emulator } from "../core/emulator.ts";
import type { LiveEvent } from "../core/events.ts";

/** `/_emulator/events?types=journal,state,gateway&sessionId=s-1`: a subscriber takes only what it shows. */
export const EventsQuery = z.strictObject({
  types: z.string().regex(/^(journal|state|gateway)(,(journal|state|gateway))*$/, {
    error: "a comma-separated list of journal, state, gateway",
  }).optional(),
  sessionId: z.string().min(1).optional(),
});

/** One SSE event; its data is one line of JSON, its id the journal entry's (for resuming). */
function sseEvent(event: LiveEvent): string {
  const id = event.type === "journal" ? `id: ${event.entry.id}\n` : "";
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n${id}\n`;
}

/** Whether a subscriber with `filter` takes `event`. */
function wantedBy(filter: z.output<typeof EventsQuery>) {
  const types = filter.types?.split(",");
  return (event: LiveEvent) =>
    (types === undefined || types.includes(event.type)) &&
    (filter.sessionId === undefined ||
      (event.type === "gateway" && event.sessionId === filter.sessionId) ||
      (event.type === "journal" && event.entry.sessionId === filter.sessionId));
}

export function liveEvents(
  c: Context,
  emulator: Emulator,
  filter: z.output<typeof EventsQuery>,
): Response {
  const wanted = wantedBy(filter);
  return streamSSE(c, async (stream) => {
    const queue: LiveEvent[] = [];
    let wake = () => {};
    const unsubscribe = emulator.events.subscribe((event) => {
      if (!wanted(event)) return;
      queue.push(event);
      wake();
    });
    let open = true;
    const stop = () => {
      open = false;
      wake();
    };
    stream.onAbort(stop);
    const stopOnClose = emulator.events.onClose(stop);
    try {
      await stream.writeSSE({
        event: "hello",
        data: JSON.stringify({ clock: emulator.clock.status() }),
      });
      while (open) {
        // Everything queued goes out in one write: a burst of chunks costs one await, not many.
        if (queue.length > 0) await stream.write(queue.splice(0).map(sseEvent).join(""));
        if (open && queue.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      }
    } finally {
      unsubscribe();
      stopOnClose();
    }
  });
}
