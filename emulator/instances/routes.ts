/**
 * `/_emulator/instances`: create, list and close further emulators in this process (registry.ts).
 * Only the process's own emulator has these routes; an instance's `/_emulator` is its control API.
 */
import { z } from "npm:zod@4.6.7";
import { parseJsonObject, readBody } from "../core/body.ts";
import { MANUAL_CLOCK_START } from "../core/config.ts";
import { ApiError } from "../core/errors.ts";
import { FixtureError, fixturesFrom } from "../core/fixtures.ts";
import { parseParameters, timeValue } from "../core/validation.ts";
import { loadFixtures, STATE } from "../state.ts";
import { controlRoutes } from "../control/documented.ts";
import type { Instances } from "./registry.ts";

export const CreateInstanceRequest = z.strictObject({
  /** A fixture file or folder on ccemu's machine, or a fixture document itself. */
  fixtures: z.union([z.string().min(1), z.record(z.string(), z.unknown())], {
    error: "expected a fixture path (text) or a fixture document (an object)",
  }).optional(),
  clock: z.enum(["real", "manual"]).optional(),
  clockStart: z.union([z.literal("now"), timeValue()]).optional(),
  seed: z.number().int().min(0).max(2 ** 32 - 1).optional(),
});

/** What a fixture document given in the body is called in its messages. */
const GIVEN = "(the fixtures given)";

async function fixturesOf(fixtures: string | Record<string, unknown> | undefined) {
  try {
    if (fixtures === undefined) return undefined;
    return typeof fixtures === "string"
      ? await loadFixtures(fixtures)
      : fixturesFrom(STATE, [{ file: GIVEN, json: fixtures }]);
  } catch (error) {
    if (error instanceof FixtureError) {
      throw new ApiError("InvalidParameter", error.message, "fixtures");
    }
    throw error;
  }
}

export function instanceRoutes(instances: Instances, maxBodyBytes: number) {
  return controlRoutes()
    .post("/instances", {
      summary:
        "Start a further emulator in this process, on a port of its own (the process's own emulator only).",
      body: CreateInstanceRequest,
    }, async (c) => {
      // No body at all is the defaults, as `{}` is.
      const read = await readBody(c.req.raw, maxBodyBytes);
      const body = parseParameters(
        CreateInstanceRequest,
        read.bytes.length === 0 ? {} : parseJsonObject(read, maxBodyBytes),
      );
      return c.json(await instances.create(await instanceOptions(body)), 201);
    })
    .get(
      "/instances",
      { summary: "The instances open, with their keys." },
      (c) => c.json({ instances: instances.list() }),
    )
    .delete("/instances/:id", { summary: "Close an instance and its port." }, async (c) => {
      const id = c.req.param("id");
      if (!(await instances.delete(id))) {
        throw new ApiError(
          "ResourceNotFound",
          `No instance ${id}: GET /_emulator/instances lists the ones open.`,
        );
      }
      return c.json({ id, deleted: true });
    })
    .hono;
}

/** The request as the registry takes it: the clock's start by its mode, the fixtures loaded. */
async function instanceOptions(body: z.output<typeof CreateInstanceRequest>) {
  const clock = body.clock ?? "real";
  const clockStart = body.clockStart === "now"
    ? undefined
    : body.clockStart ?? (clock === "manual" ? MANUAL_CLOCK_START : undefined);
  const fixtures = await fixturesOf(body.fixtures);
  return { fixtures, clock, clockStart, seed: body.seed };
}
