/**
 * `/_emulator/stubs`: list, add and remove stubs. Every stub shows how often it matched and
 * answered, so a test can tell that its client met the answer it meant it to.
 */
import { z } from "npm:zod@4.6.7";
import { controlRoutes } from "../control/documented.ts";
import { StubInput, StubSchema } from "./schemas.ts";
import type { StubStore } from "./store.ts";

const StubList = z.strictObject({ stubs: z.array(StubSchema) });

export function stubControlRoutes(store: StubStore) {
  return controlRoutes("/stubs")
    .get(
      "/",
      { summary: "The stubs, in the order they are tried, with their counters.", answer: StubList },
      (c) => c.json({ stubs: store.ordered() }),
    )
    .post(
      "/",
      {
        summary:
          "Add a stub: a signed request to its operation that meets its `when` is answered with its answer instead of the state's (docs/stubs.md).",
        body: StubInput,
        limit: 262_144,
      },
      // The store checks the stub itself: the config file adds stubs without HTTP.
      async (c, input) => c.json(store.add(await input.json()), 201),
    )
    .delete(
      "/",
      { summary: "Remove every stub.", answer: z.strictObject({ removed: z.number().int() }) },
      (c) => c.json({ removed: store.clear() }),
    )
    .get(
      "/:id",
      { summary: "One stub.", answer: StubSchema },
      (c) => c.json(store.stub(c.req.param("id"))),
    )
    .delete(
      "/:id",
      { summary: "Remove a stub.", answer: StubSchema },
      (c) => c.json(store.remove(c.req.param("id"))),
    )
    .hono;
}
