import assert from "node:assert/strict";
import { z } from "zod";
import { keysAt } from "../../emulator/core/schema-keys.ts";

const SCHEMA = z.strictObject({
  enterprises: z.array(z.strictObject({ enterpriseId: z.string(), timeZone: z.string() }))
    .default(() => []),
  sequences: z.record(z.string(), z.strictObject({ next: z.number() })),
  effect: z.union([
    z.strictObject({ type: z.literal("error"), code: z.string() }),
    z.strictObject({ type: z.literal("delay"), ms: z.number() }),
  ]).optional(),
});

Deno.test("keysAt answers the keys allowed at a path: objects, arrays, records, every union branch", () => {
  assert.deepEqual(keysAt(SCHEMA, []), ["enterprises", "sequences", "effect"]);
  assert.deepEqual(keysAt(SCHEMA, ["enterprises", 3]), ["enterpriseId", "timeZone"]);
  assert.deepEqual(keysAt(SCHEMA, ["sequences", "calls"]), ["next"]);
  assert.deepEqual(keysAt(SCHEMA, ["effect"]), ["type", "code", "ms"]);
  assert.deepEqual(keysAt(SCHEMA, ["nowhere", 1]), []);
});
