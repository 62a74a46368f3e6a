/**
 * `/_emulator/scenarios`: the shipped scenarios, replaying one (shipped, or sent in the body), the
 * history of runs, and
 * `/_emulator/gateway/sessions/:sessionId/scenario`: a live session recorded as a scenario.
 */
import type { z } from "npm:zod@4.6.7";
import { controlRoutes } from "../control/documented.ts";
import { parseParameters } from "../core/validation.ts";
import type { GatewayStore } from "../gateway/store.ts";
import { ReplayRequest, ScenarioSchema } from "./schemas.ts";
import { expandOrRefuse } from "./include.ts";
import type { ScenarioLibrary } from "./store.ts";
import { runSummaries, scenarioSummaries } from "./summaries.ts";

// The runner and the recorder load on the first run or recording: a plain `ccemu start` answers its
// first request without them.
const runner = () => import("./runner.ts");
const recorder = () => import("./record.ts");

export function scenarioControlRoutes(library: ScenarioLibrary, gateway: GatewayStore) {
  return controlRoutes()
    .get(
      "/scenarios",
      { summary: "The shipped scenarios." },
      (c) => c.json({ scenarios: scenarioSummaries(library) }),
    )
    // Before `/scenarios/:name`: the run history (newest last), each run's summary, then one run.
    .get(
      "/scenarios/runs",
      { summary: "The newest 50 runs, newest last." },
      (c) => c.json({ runs: runSummaries(library) }),
    )
    .get(
      "/scenarios/runs/:run",
      { summary: "One run's report." },
      (c) => c.json(library.findRun(c.req.param("run"))),
    )
    .get(
      "/scenarios/:name",
      { summary: "One scenario.", answer: ScenarioSchema },
      (c) => c.json(library.find(c.req.param("name"))),
    )
    // What the UI asks when a file is loaded: refused at once, naming the field, not at its run.
    .post("/scenarios/check", {
      summary: "Check a scenario without running it: its name, description and step count.",
      body: ScenarioSchema,
      limit: 16 * 1024 * 1024,
    }, async (c, input) => {
      const { name, description = "", steps, robot } = await expandOrRefuse(
        await input.body(),
        library.known,
      );
      const robotId = "robotId" in robot ? robot.robotId : null;
      return c.json({ name, description, steps: steps.length, robotId });
    })
    .post("/scenarios/replay", {
      summary: "Replay a scenario, shipped or sent.",
      body: ReplayRequest,
      limit: 16 * 1024 * 1024,
    }, async (c, input) => c.json(await replay(library, gateway, await input.body())))
    .get(
      "/gateway/sessions/:sessionId/scenario",
      { summary: "The session recorded as a scenario." },
      async (c) => {
        const { recordSession } = await recorder();
        return c.json(recordSession(gateway, c.req.param("sessionId"), c.req.query("name")));
      },
    )
    .hono;
}

/** Runs the scenario named or sent, keeps the run in the history and tells the UI. */
async function replay(
  library: ScenarioLibrary,
  gateway: GatewayStore,
  body: z.output<typeof ReplayRequest>,
) {
  const scenario = "name" in body
    ? library.find(body.name)
    : await expandOrRefuse(parseParameters(ScenarioSchema, body.scenario), library.known);
  const { runScenario } = await runner();
  const report = await runScenario(gateway, scenario, body.robotId);
  const { run } = library.addRun(gateway.now, report);
  gateway.emulator.events.publish({ type: "state", change: "scenario-run", detail: { run } });
  return { ...report, run };
}
