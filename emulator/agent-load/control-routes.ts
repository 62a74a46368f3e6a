/**
 * `/_emulator/load`: a load against a registered robot from the UI or any client, polled for its
 * report while it runs; and `/_emulator/compare`: the same scenarios against two robots.
 * Scenarios are shipped ones by name or sent whole; a load with none says hello in a loop.
 */
import process from "node:process";
import { z } from "npm:zod@4.6.7";
import { controlRoutes } from "../control/documented.ts";
import { parseParameters } from "../core/validation.ts";
import { agentUrl } from "../gateway/push.ts";
import type { Robot } from "../gateway/schemas.ts";
import type { GatewayStore } from "../gateway/store.ts";
import { type Scenario, ScenarioSchema } from "../scenarios/schemas.ts";
import type { ScenarioLibrary } from "../scenarios/store.ts";
import { checkPlan, LOAD_CAPS, type LoadTarget } from "./plan.ts";
import type { LoadRegistry } from "./registry.ts";

const { visitors: V, durationMs: D, budgetMs: B } = LOAD_CAPS;

/** Which scenarios: shipped ones by name, or whole ones sent. */
const suite = {
  /** Shipped scenarios by name (GET /_emulator/scenarios). */
  names: z.array(z.string().min(1)).optional(),
  /** Whole scenarios, as files hold them. */
  scenarios: z.array(z.unknown()).optional(),
};

export const LoadRequest = z.strictObject({
  /** The robot of this ccemu the load pushes to (its agent, and no other). */
  robotId: z.string().min(1),
  visitors: z.number().int().min(V.min).max(V.max),
  durationMs: z.number().int().min(D.min).max(D.max),
  rampMs: z.number().int().min(0).max(D.max).default(0),
  budgetP95Ms: z.number().int().min(B.min).max(B.max).optional(),
  ...suite,
});

export const CompareRequest = z.strictObject({
  /** Agent A's robot: B's failures where A passes are regressions. */
  robotIdA: z.string().min(1),
  robotIdB: z.string().min(1),
  ...suite,
});

/** What runs under load when no scenario is named or sent. */
const HELLO = {
  name: "hello",
  robot: { name: "load" },
  steps: [{ name: "say hello", send: { text: "你好" } }],
};

function scenariosOf(
  library: ScenarioLibrary,
  body: { names?: string[]; scenarios?: unknown[] },
  fallback: "hello" | "all",
): Scenario[] {
  const named = (body.names ?? []).map((name) => library.find(name));
  const sent = (body.scenarios ?? []).map((s) => parseParameters(ScenarioSchema, s));
  if (named.length || sent.length) return [...named, ...sent];
  return fallback === "hello"
    ? [parseParameters(ScenarioSchema, HELLO)]
    : library.files.map((f) => f.scenario);
}

/** The agent a robot pushes to, as a load reports it. */
function targetOf(gateway: GatewayStore, robot: Robot): LoadTarget {
  const self = gateway.emulator.selfOrigin;
  const open = agentUrl(self, robot, "Open");
  return {
    url: agentUrl(self, robot, "Message")!,
    platform: robot.platform,
    ...(open ? { openUrl: open } : {}),
  };
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

export function loadControlRoutes(
  library: ScenarioLibrary,
  gateway: GatewayStore,
  loads: LoadRegistry,
) {
  return controlRoutes()
    .post("/load", {
      summary:
        "Start a load against a robot: N visitors loop the scenarios for durationMs (202, then poll GET /load/{id}).",
      body: LoadRequest,
      limit: 16 * 1024 * 1024,
    }, async (c, input) => {
      const body = await input.body();
      const robot = gateway.findRobot(body.robotId);
      const plan = checkPlan({
        visitors: body.visitors,
        durationMs: body.durationMs,
        rampMs: body.rampMs,
        budgetP95Ms: body.budgetP95Ms ?? null,
        timeoutMs: null,
      });
      const scenarios = scenariosOf(library, body, "hello");
      const { id, run } = await loads.start({
        gateway,
        scenarios,
        plan,
        robotId: robot.robotId,
        target: targetOf(gateway, robot),
        cpuMs,
      });
      gateway.emulator.events.publish({ type: "state", change: "load-started", detail: { id } });
      return c.json({ id, ...run.report() }, 202);
    })
    .get(
      "/load",
      { summary: "The loads kept (the newest 10): id, state, robot URL, pushes." },
      (c) =>
        c.json({
          loads: loads.list().map(({ id, run }) => {
            const { state, target, pushes, elapsedMs } = run.report();
            return { id, state, url: target.url, pushes, elapsedMs };
          }),
        }),
    )
    .get(
      "/load/:id",
      { summary: "A load's report: so far while it runs, final once it has finished." },
      (c) => c.json({ id: Number(c.req.param("id")), ...loads.find(c.req.param("id")).report() }),
    )
    .post(
      "/load/:id/stop",
      { summary: "Stop a load: no new loop starts, and the loops under way are cut off." },
      (c) => {
        const run = loads.find(c.req.param("id"));
        run.stop();
        return c.json({ id: Number(c.req.param("id")), ...run.report() });
      },
    )
    .post("/compare", {
      summary:
        "Run the same scenarios (shipped by name, sent whole, or every shipped one) against two robots: the matrix.",
      body: CompareRequest,
      limit: 16 * 1024 * 1024,
    }, async (c, input) => {
      const body = await input.body();
      const a = gateway.findRobot(body.robotIdA), b = gateway.findRobot(body.robotIdB);
      const scenarios = scenariosOf(library, body, "all");
      const label = (r: Robot) => `${r.name} (robot ${r.robotId})`;
      // Loaded on the first comparison: a plain `ccemu start` never needs it.
      const { runComparison } = await import("../scenarios/compare.ts");
      return c.json(
        await runComparison(
          gateway,
          scenarios,
          { a: a.robotId, b: b.robotId },
          { a: label(a), b: label(b) },
        ),
      );
    })
    .hono;
}
