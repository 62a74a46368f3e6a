/** `/_emulator/journal` (read, filter, export, clear) and `/_emulator/events` (the live stream). */
import { z } from "npm:zod@4.6.7";
import type { Emulator } from "../core/emulator.ts";
import { ApiError } from "../core/errors.ts";
import { vLong } from "../signed-api/fields.ts";
import { controlRoutes } from "./documented.ts";
import { entryCurl } from "./entry-curl.ts";
import { EventsQuery, liveEvents } from "./event-stream.ts";
import { journalHar } from "./har.ts";
import { verification, verify, verifyBody, VerifyResultSchema } from "./verify.ts";
import { JournalEntrySchema } from "../core/journal-schema.ts";

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

/** The journal's answer: entries, how many it keeps now and at most. */
const JournalListSchema = z.object({
  entries: z.array(JournalEntrySchema),
  size: z.number().int(),
  capacity: z.number().int(),
});

/**
 * `areas`: the names an entry's `area` may have (the areas' and `storage`); `operations`: the
 * signed operations' paths, which a verify may name.
 */
export function journalRoutes(emulator: Emulator, areas: string[], operations: string[]) {
  const { journal } = emulator;
  const query = journalQuery(areas);
  const verifyInput = verifyBody(areas);
  return controlRoutes()
    .get("/journal", {
      summary: "Journal entries, filtered.",
      query,
      answer: JournalListSchema,
    }, (c, input) => {
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
    .post("/journal/verify", {
      summary:
        "Verify: how many entries match a request matcher (operation, method, status, query, body JSON paths), against an expected count; when too few, the nearest misses and how they differ.",
      body: verifyInput,
      limit: 65_536,
      answer: VerifyResultSchema,
    }, async (c, input) => {
      const checked = verification(await input.body(), operations);
      return c.json(verify(journal.list({ since: checked.since }), checked));
    })
    .get("/journal/:id", { summary: "One journal entry.", answer: JournalEntrySchema }, (c) => {
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
