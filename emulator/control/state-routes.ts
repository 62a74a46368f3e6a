/** `/_emulator`: health, reset, snapshot export/import, access keys, published schemas. */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../core/app-env.ts";
import type { Emulator } from "../core/emulator.ts";
import type { Operation } from "../signed-api/operation.ts";
import { serializeSnapshot } from "../core/snapshot.ts";
import { type AccessKey, AccessKeySchema } from "../core/tenants.ts";
import { jsonObject } from "../core/body.ts";

import { VERSION } from "../version.ts";

/** A key as the control API shows it: everything but the secret. */
export function publicKey({ accessKeySecret: _, ...key }: AccessKey) {
  return key;
}
export type PublicKey = ReturnType<typeof publicKey>;

function jsonSchema(schema: z.ZodType) {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
}

/**
 * `published` are the areas' own schemas worth publishing beside the operations (the scenario
 * format), passed in so that the control API imports no area.
 */
export function stateRoutes(
  emulator: Emulator,
  operations: Operation[],
  published: Record<string, z.ZodType>,
) {
  const snapshotLimit = emulator.config.maxBodyBytes * 8;
  return new Hono<AppEnv>()
    .get("/health", (c) =>
      c.json({
        status: "ok",
        name: "ccemu",
        version: VERSION,
        seed: emulator.seed,
        strict: emulator.config.strict,
        clock: emulator.clock.status(),
        journal: {
          size: emulator.journal.size,
          capacity: emulator.journal.capacity,
          bytes: emulator.journal.bytes,
          maxBytes: emulator.journal.maxBytes,
        },
      }))
    .post("/reset", (c) => {
      emulator.reset();
      return c.json({ reset: true, clock: emulator.clock.status() });
    })
    .get("/snapshot", (c) => {
      c.header("content-type", "application/json; charset=UTF-8");
      return c.body(serializeSnapshot(emulator.snapshotSchema, emulator.exportSnapshot()));
    })
    .post("/snapshot", async (c) => {
      emulator.importSnapshot(await jsonObject(c, snapshotLimit));
      return c.json({ imported: true, clock: emulator.clock.status() });
    })
    .get("/keys", (c) => c.json({ keys: emulator.state.accessKeys.map(publicKey) }))
    .post("/keys", async (c) => c.json(publicKey(emulator.addKey(await jsonObject(c, 65536))), 201))
    .delete("/keys/:accessKeyId", (c) => {
      emulator.removeKey(c.req.param("accessKeyId"));
      return c.json({ deleted: c.req.param("accessKeyId") });
    })
    .get("/schemas", (c) =>
      c.json({
        snapshot: jsonSchema(emulator.snapshotSchema),
        accessKey: jsonSchema(AccessKeySchema),
        ...Object.fromEntries(
          Object.entries(published).map(([name, schema]) => [name, jsonSchema(schema)]),
        ),
        operations: Object.fromEntries(operations.map((op) => [
          `${op.method} ${op.path}`,
          {
            readOnly: op.readOnly,
            params: jsonSchema(op.params),
            ...(op.query ? { query: jsonSchema(op.query) } : {}),
          },
        ])),
      }));
}
