/**
 * `/_emulator/scenarios`: the shipped scenarios, replaying one (shipped, or sent in the body), the
 * history of runs, and
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
import { runSummaries, scenarioSummaries } from "./summaries.ts";

export function scenarioControlRoutes(library: ScenarioLibrary, gateway: GatewayStore) {
  return new Hono<AppEnv>()
    .get("/scenarios", (c) => c.json({ scenarios: scenarioSummaries(library) }))
    // Before `/scenarios/:name`: the run history (newest last), each run's summary, then one run.
    .get("/scenarios/runs", (c) => c.json({ runs: runSummaries(library) }))
    .get("/scenarios/runs/:run", (c) => c.json(library.findRun(c.req.param("run"))))
    .get("/scenarios/:name", (c) => c.json(library.find(c.req.param("name"))))
    .post("/scenarios/replay", async (c) => {
      const body = parseParameters(ReplayRequest, await jsonObject(c, 16 * 1024 * 1024));
      const scenario = "name" in body
        ? library.find(body.name)
        : parseParameters(ScenarioSchema, body.scenario);
      const report = await runScenario(gateway, scenario);
      const { run } = library.addRun(gateway.now, report);
      gateway.emulator.events.publish({ type: "state", change: "scenario-run", detail: { run } });
      return c.json({ ...report, run });
    })
    .get(
      "/gateway/sessions/:sessionId/scenario",
      (c) => c.json(recordSession(gateway, c.req.param("sessionId"), c.req.query("name"))),
    );
}
