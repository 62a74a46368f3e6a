/**
 * `/_emulator/scenarios`: the shipped scenarios, replaying one (shipped, or sent in the body), and
 * `/_emulator/gateway/sessions/:sessionId/scenario`: a live session recorded as a scenario.
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env.ts";
import { jsonObject } from "../control/http.ts";
import type { Emulator } from "../emulator.ts";
import { ApiError } from "../signed-api/errors.ts";
import { parseParameters } from "../signed-api/validation.ts";
import { recordSession } from "./record.ts";
import { runScenario } from "./runner.ts";
import { ScenarioSchema } from "./schema.ts";

const Replay = z.union([
  z.strictObject({ name: z.string().min(1) }),
  z.strictObject({ scenario: z.unknown() }),
], {
  error: 'send {"name": "<a shipped scenario>"} or {"scenario": {…}}',
});

export function scenarioRoutes(emulator: Emulator) {
  const shipped = (name: string) => {
    const found = emulator.scenarios.find((s) => s.scenario.name === name);
    if (!found) {
      throw new ApiError(
        "ResourceNotFound",
        `No shipped scenario "${name}". Shipped: ${
          emulator.scenarios.map((s) => s.scenario.name).join(", ") || "none"
        }.`,
      );
    }
    return found.scenario;
  };
  return new Hono<AppEnv>()
    .get("/scenarios", (c) =>
      c.json({
        scenarios: emulator.scenarios.map(({ file, scenario }) => ({
          name: scenario.name,
          description: scenario.description ?? "",
          steps: scenario.steps.length,
          file,
        })),
      }))
    .get("/scenarios/:name", (c) => c.json(shipped(c.req.param("name"))))
    .post("/scenarios/replay", async (c) => {
      const body = parseParameters(Replay, await jsonObject(c, 16 * 1024 * 1024));
      const scenario = "name" in body
        ? shipped(body.name)
        : parseParameters(ScenarioSchema, body.scenario);
      return c.json(await runScenario(emulator, scenario));
    })
    .get(
      "/gateway/sessions/:sessionId/scenario",
      (c) => c.json(recordSession(emulator, c.req.param("sessionId"), c.req.query("name"))),
    );
}
