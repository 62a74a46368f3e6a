/**
 * `/_emulator/instances`: create, list and close further emulators in this process (registry.ts).
 * Only the process's own emulator has these routes; an instance's `/_emulator` is its control API.
 */
import { z } from "npm:zod@4.6.7";
import { parseJsonObject, readBody } from "../core/body.ts";
import { ConfigError, MANUAL_CLOCK_START, parseConfig } from "../core/config.ts";
import { ConfigFileError, parseConfigFile } from "../config-file/read.ts";
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
  /**
   * A config file (ccemu.json, docs/config.md) as its client read it: `path` names it in
   * messages and anchors its relative paths; `text` is what it holds. The request's own fields win.
   */
  config: z.strictObject({ path: z.string().min(1), text: z.string() }).optional(),
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
      try {
        return c.json(await instances.create(await instanceOptions(body)), 201);
      } catch (error) {
        // A section the emulator refuses (a key for an enterprise it lacks) is the file's fault.
        if (error instanceof ConfigFileError) {
          throw new ApiError("InvalidParameter", `config: ${error.message}`, "config");
        }
        throw error;
      }
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
  const file = body.config && configOf(body.config);
  const clock = body.clock ?? file?.config.clock ?? "real";
  const clockStart = body.clockStart === "now" ? undefined : body.clockStart ??
    (file && body.clock === undefined
      ? file.config.clockStart
      : clock === "manual"
      ? MANUAL_CLOCK_START
      : undefined);
  const fixtures = await fixturesOf(body.fixtures ?? file?.config.fixtures);
  if (!file) return { fixtures, clock, clockStart, seed: body.seed };
  // The process's own settings stay the process's: an instance has its own port and no files.
  const {
    port: _port,
    host: _host,
    ui: _ui,
    snapshot: _snapshot,
    upstream: _upstream,
    instancePorts: _instancePorts,
    allowHosts: _allowHosts,
    untilStdinCloses: _untilStdinCloses,
    ...settings
  } = file.config;
  return {
    fixtures,
    clock,
    clockStart,
    seed: body.seed ?? file.config.seed,
    settings,
    configFile: file.parsed,
  };
}

/** The config file given: checked, and the settings it says over ccemu's defaults. */
function configOf({ path, text }: { path: string; text: string }) {
  try {
    const parsed = parseConfigFile(path, text);
    const config = parseConfig([], {}, parsed.flags);
    if (config === "help") throw new ConfigError("no help here");
    return { parsed, config };
  } catch (error) {
    if (error instanceof ConfigFileError || error instanceof ConfigError) {
      throw new ApiError("InvalidParameter", `config: ${error.message}`, "config");
    }
    throw error;
  }
}
