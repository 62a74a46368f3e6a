/** `/_emulator`: health, reset, snapshot export/import, access keys, published schemas. */
import { z } from "npm:zod@4.6.7";
import type { Emulator } from "../core/emulator.ts";
import type { Operation } from "../signed-api/operation.ts";
import { serializeSnapshot } from "../core/snapshot.ts";
import { type AccessKey, AccessKeySchema } from "../core/tenants.ts";
import { VERSION } from "../version.ts";
import { controlRoutes } from "./documented.ts";
import { ClockReadingSchema } from "./clock-routes.ts";

/** A snapshot as export answers it: its state typed by `GET /_emulator/schemas` (`snapshot`). */
const SnapshotAnswer = z.object({
  format: z.literal("ccemu-snapshot"),
  version: z.number().int(),
  clock: z.object({ now: z.number().int() }),
  random: z.object({ state: z.number().int() }),
  state: z.record(z.string(), z.unknown()).describe(
    "The whole state: tenants, keys and each area's slice (GET /_emulator/schemas: snapshot).",
  ),
  media: z.record(
    z.string(),
    z.object({
      contentType: z.string(),
      fileName: z.string(),
      area: z.enum(["gateway", "kb"]).optional(),
      base64: z.string(),
    }),
  ).optional().describe("Stored bytes by key."),
}).meta({ id: "Snapshot" });

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
  return controlRoutes()
    .get("/health", { summary: "Status, version, seed, clock." }, (c) => c.json(health(emulator)))
    .post("/reset", {
      summary: "Back to the fixtures.",
      answer: z.object({ reset: z.literal(true), clock: ClockReadingSchema }),
    }, (c) => {
      emulator.reset();
      return c.json({ reset: true, clock: emulator.clock.status() });
    })
    .get("/snapshot", { summary: "The whole state as JSON.", answer: SnapshotAnswer }, (c) => {
      c.header("content-type", "application/json; charset=UTF-8");
      return c.body(serializeSnapshot(emulator.snapshotSchema, emulator.exportSnapshot()));
    })
    .post(
      "/snapshot",
      {
        summary: "Import a snapshot.",
        limit: snapshotLimit,
        answer: z.object({ imported: z.literal(true), clock: ClockReadingSchema }),
      },
      async (c, input) => {
        emulator.importSnapshot(await input.json());
        return c.json({ imported: true, clock: emulator.clock.status() });
      },
    )
    .get(
      "/keys",
      { summary: "Access keys, without secrets." },
      (c) => c.json({ keys: emulator.state.accessKeys.map(publicKey) }),
    )
    .post(
      "/keys",
      { summary: "Add an access key.", body: AccessKeySchema, limit: 65536 },
      // The emulator checks the key itself (its enterprise must exist).
      async (c, input) => c.json(publicKey(emulator.addKey(await input.json())), 201),
    )
    .delete("/keys/:accessKeyId", { summary: "Remove an access key." }, (c) => {
      emulator.removeKey(c.req.param("accessKeyId"));
      return c.json({ deleted: c.req.param("accessKeyId") });
    })
    .get(
      "/schemas",
      { summary: "JSON Schemas: snapshot, key, scenario, every operation's parameters." },
      (c) => c.json(publishedSchemas(emulator, operations, published)),
    )
    .hono;
}

function health(emulator: Emulator) {
  return {
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
  };
}

/** `/_emulator/schemas`: the snapshot, the key, the published ones, each operation's parameters. */
function publishedSchemas(
  emulator: Emulator,
  operations: Operation[],
  published: Record<string, z.ZodType>,
) {
  return {
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
  };
}
