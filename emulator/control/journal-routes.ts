/** `/_emulator/journal` (read, filter, export, clear) and `/_emulator/events` (the live stream). */
import { z } from "npm:zod@4.6.7";
import type { Emulator } from "../core/emulator.ts";
import { ApiError } from "../core/errors.ts";
import { vLong } from "../signed-api/fields.ts";
import { controlRoutes } from "./documented.ts";
import { entryCurl } from "./entry-curl.ts";
import { EventsQuery, liveEvents } from "./event-stream.ts";
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

/** `areas`: the names an entry's `area` may have (the areas' and `storage`). */
export function journalRoutes(emulator: Emulator, areas: string[]) {
  const { journal } = emulator;
  const query = journalQuery(areas);
  return controlRoutes()
    .get("/journal", { summary: "Journal entries, filtered.", query }, (c, input) => {
      const entries = journal.list(input.query());
      return c.json({ entries, size: journal.size, capacity: journal.capacity });
    })
    // Before `/journal/:id`, which would take `har` for an id.
    .get("/journal/har", {
      summary:
        "The journal as a HAR 1.2 file (a download), with the same filters as /_emulator/journal.",
      query,
    }, (c, input) => {
      const filter = input.query();
      const har = journalHar(journal.list(filter), { origin: emulator.selfOrigin, filter });
      c.header("content-disposition", 'attachment; filename="ccemu-journal.har"');
      return c.json(har);
    })
    .get("/journal/:id", { summary: "One journal entry." }, (c) => {
      const entry = journal.get(Number(c.req.param("id")));
      if (!entry) {
        throw new ApiError(
          "ResourceNotFound",
          `No journal entry ${c.req.param("id")} (it may have left the ring buffer).`,
        );
      }
      return c.json(entry);
    })
    .get(
      "/journal/:id/curl",
      { summary: "The entry as a curl command, signed afresh." },
      (c) => {
        const entry = journal.get(Number(c.req.param("id")));
        if (!entry) {
          throw new ApiError("ResourceNotFound", `No journal entry ${c.req.param("id")}.`);
        }
        return c.json({ curl: entryCurl(emulator, entry) });
      },
    )
    .delete("/journal", { summary: "Clear the journal." }, (c) => {
      const cleared = journal.size;
      journal.clear();
      emulator.events.publish({ type: "state", change: "journal-cleared" });
      return c.json({ cleared });
    })
    .get("/events", {
      summary: "Live events (server-sent): journal entries, state changes, visitor sessions.",
      query: EventsQuery,
    }, (c, input) => liveEvents(c, emulator, input.query()))
    .hono;
}
