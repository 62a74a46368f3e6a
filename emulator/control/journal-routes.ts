/** `/_emulator/journal` (read, filter, clear) and `/_emulator/events` (the live stream). */
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import type { AppEnv } from "../core/app-env.ts";
import type { Emulator } from "../core/emulator.ts";
import type { LiveEvent } from "../core/events.ts";
import { ApiError } from "../core/errors.ts";
import { vLong } from "../signed-api/fields.ts";
import { parseParameters } from "../core/validation.ts";
import { curlCommand, plainCurl } from "../signed-api/curl.ts";
import { journalHar } from "./har.ts";

const journalQuery = (areas: string[]) =>
  z.strictObject({
    area: z.enum(areas as [string, ...string[]]).optional(),
    path: z.string().optional(),
    status: z.string().regex(/^([1-5]\d\d|[1-5]xx)$/i, {
      error: "expected a status like 401 or a class like 4xx",
    }).optional(),
    since: vLong().optional(),
    requestId: z.string().min(1).optional(),
    limit: vLong().pipe(z.number().min(1)).optional(),
  });

/** One SSE event; its data is one line of JSON, its id the journal entry's (for resuming). */
function sseEvent(event: LiveEvent): string {
  const id = event.type === "journal" ? `id: ${event.entry.id}\n` : "";
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n${id}\n`;
}

/** `/_emulator/events?types=journal,state,gateway&sessionId=s-1`: a subscriber takes only what it shows. */
const EventsQuery = z.strictObject({
  types: z.string().regex(/^(journal|state|gateway)(,(journal|state|gateway))*$/, {
    error: "a comma-separated list of journal, state, gateway",
  }).optional(),
  sessionId: z.string().min(1).optional(),
});

/** `areas`: the names an entry's `area` may have (the areas' and `storage`). */
export function journalRoutes(emulator: Emulator, areas: string[]) {
  const JournalQuery = journalQuery(areas);
  return new Hono<AppEnv>()
    .get("/journal", (c) => {
      const filter = parseParameters(JournalQuery, c.req.query());
      const entries = emulator.journal.list(filter);
      return c.json({ entries, size: emulator.journal.size, capacity: emulator.journal.capacity });
    })
    // Before `/journal/:id`, which would take `har` for an id.
    .get("/journal/har", (c) => {
      const filter = parseParameters(JournalQuery, c.req.query());
      const har = journalHar(emulator.journal.list(filter), {
        origin: emulator.selfOrigin,
        filter,
      });
      c.header("content-disposition", 'attachment; filename="ccemu-journal.har"');
      return c.json(har);
    })
    .get("/journal/:id", (c) => {
      const entry = emulator.journal.get(Number(c.req.param("id")));
      if (!entry) {
        throw new ApiError(
          "ResourceNotFound",
          `No journal entry ${c.req.param("id")} (it may have left the ring buffer).`,
        );
      }
      return c.json(entry);
    })
    .get("/journal/:id/curl", (c) => {
      const entry = emulator.journal.get(Number(c.req.param("id")));
      if (!entry) throw new ApiError("ResourceNotFound", `No journal entry ${c.req.param("id")}.`);
      const body = entry.body && !entry.body.truncated ? entry.body.text : undefined;
      if (entry.target) {
        return c.json({ curl: plainCurl(entry.method, entry.target, entry.headers, body) });
      }
      const url = new URL(entry.path, emulator.selfOrigin);
      for (const [name, value] of Object.entries(entry.query)) {
        if (!["AccessKeyId", "Expires", "Timestamp", "Signature"].includes(name)) {
          for (const v of [value].flat()) {
            url.searchParams.append(name, v);
          }
        }
      }
      // A signed API call is signed afresh, with the same key and ccemu's clock, so it runs as is.
      const key = entry.auth?.accessKeyId ? emulator.findKey(entry.auth.accessKeyId) : undefined;
      const curl = key
        ? curlCommand({
          method: entry.method,
          url: url.href,
          body,
          accessKeyId: key.accessKeyId,
          accessKeySecret: key.accessKeySecret,
          now: emulator.clock.now(),
        })
        : plainCurl(entry.method, url.href, {}, body);
      return c.json({ curl });
    })
    .delete("/journal", (c) => {
      const cleared = emulator.journal.size;
      emulator.journal.clear();
      emulator.events.publish({ type: "state", change: "journal-cleared" });
      return c.json({ cleared });
    })
    .get("/events", (c) => {
      const filter = parseParameters(EventsQuery, c.req.query());
      const types = filter.types?.split(",");
      const wanted = (event: LiveEvent) =>
        (types === undefined || types.includes(event.type)) &&
        (filter.sessionId === undefined ||
          (event.type === "gateway" && event.sessionId === filter.sessionId) ||
          (event.type === "journal" && event.entry.sessionId === filter.sessionId));
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
    });
}
