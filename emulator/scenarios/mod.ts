/**
 * The scenarios area: scripted conversations replayed against a robot, recording, and the
 * conformance check. It keeps no slice of the state and no signed operations: its store is the
 * library of shipped scenarios, and its domain drives the gateway's sessions.
 */
import { Hono } from "npm:hono@4.13.19";
import type { Area } from "../area.ts";
import type { AppEnv } from "../core/app-env.ts";
import { loadControlRoutes } from "../agent-load/control-routes.ts";
import { LoadRegistry } from "../agent-load/registry.ts";
import type { GatewayStore } from "../gateway/store.ts";
import { scenarioControlRoutes } from "./control-routes.ts";
import { type ScenarioFile, ScenarioLibrary } from "./store.ts";

export interface ScenarioArea extends Area {
  library: ScenarioLibrary;
  gateway: GatewayStore;
}

export function createScenarioArea(gateway: GatewayStore, files: ScenarioFile[]): ScenarioArea {
  const library = new ScenarioLibrary(files);
  // Loads and comparisons (agent-load/) drive the same runner: their routes sit beside replay's.
  const loads = new LoadRegistry();
  return {
    name: "scenarios",
    library,
    gateway,
    control: new Hono<AppEnv>()
      .route("/", scenarioControlRoutes(library, gateway))
      .route("/", loadControlRoutes(library, gateway, loads)),
    // A reset or an imported snapshot starts a new history: old reports name sessions now gone,
    // and a load under way has lost its sessions.
    load: () => {
      library.clearRuns();
      loads.stopAll();
    },
  };
}
