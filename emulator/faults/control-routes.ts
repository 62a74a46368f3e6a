/**
 * `/_emulator/faults`: list, add and remove fault rules. Every rule shows how often it matched and
 * fired, so a test can tell that its client met the fault it meant to.
 */
import { z } from "npm:zod@4.6.7";
import { controlRoutes } from "../control/documented.ts";
import { FaultRuleInput, FaultRuleSchema } from "./schemas.ts";
import type { FaultStore } from "./store.ts";

export function faultControlRoutes(store: FaultStore) {
  return controlRoutes("/faults")
    .get(
      "/",
      { summary: "Fault rules, with their counters." },
      (c) => c.json({ rules: store.rules }),
    )
    .post(
      "/",
      {
        summary: "Add a fault rule (after the others).",
        body: FaultRuleInput,
        limit: 16_384,
        answer: FaultRuleSchema,
        created: true,
      },
      // The store checks the rule itself: the harness adds rules without HTTP.
      async (c, input) => c.json(store.add(await input.json()), 201),
    )
    .delete(
      "/",
      {
        summary: "Remove every fault rule.",
        answer: z.object({ removed: z.number().int().describe("How many rules were removed.") }),
      },
      (c) => c.json({ removed: store.clear() }),
    )
    .get(
      "/:id",
      { summary: "One fault rule.", answer: FaultRuleSchema },
      (c) => c.json(store.rule(c.req.param("id"))),
    )
    .delete(
      "/:id",
      { summary: "Remove a fault rule.", answer: FaultRuleSchema },
      (c) => c.json(store.remove(c.req.param("id"))),
    )
    .hono;
}
