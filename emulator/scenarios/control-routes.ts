/**
 * `/_emulator/scenarios`: the shipped scenarios, replaying one (shipped, or sent in the body), and
 * `/_emulator/gateway/sessions/:sessionId/scenario`: a live session recorded as a scenario.
 */
import { Hono } from "hono";
import type { AppEnv } from "../core/app-env.ts";
import { jsonObject } from "../core/body.ts";
import { parseParameters } from "../core/validation.ts";
import type { GatewayStore } from "../gateway/store.ts";
import { recordSession } from "./record.ts";
import { runScenario } from "./runner.ts";
import { ReplayRequest, ScenarioSchema } from "./schemas.ts";
import type { ScenarioLibrary } from "./store.ts";

export function scenarioControlRoutes(library: ScenarioLibrary, gateway: GatewayStore) {
  return new Hono<AppEnv>()
    .get("/scenarios", (c) =>
      c.json({
        scenarios: library.files.map(({ file, scenario }) => ({
          name: scenario.name,
          description: scenario.description ?? "",
          steps: scenario.steps.length,
          file,
        })),
      }))
    .get("/scenarios/:name", (c) => c.json(library.find(c.req.param("name"))))
    .post("/scenarios/replay", async (c) => {
      const body = parseParameters(ReplayRequest, await jsonObject(c, 16 * 1024 * 1024));
      const scenario = "name" in body
        ? library.find(body.name)
        : parseParameters(ScenarioSchema, body.scenario);
      return c.json(await runScenario(gateway, scenario));
    })
    .get(
      "/gateway/sessions/:sessionId/scenario",
      (c) => c.json(recordSession(gateway, c.req.param("sessionId"), c.req.query("name"))),
    );
}
