/**
 * The scenarios area: scripted conversations replayed against a robot, recording, and the
 * conformance check. It keeps no slice of the state and no signed operations: its store is the
 * library of shipped scenarios, and its domain drives the gateway's sessions.
 */
import type { Area } from "../area.ts";
import type { GatewayStore } from "../gateway/store.ts";
import { scenarioControlRoutes } from "./control-routes.ts";
import { type ScenarioFile, ScenarioLibrary } from "./store.ts";

export interface ScenarioArea extends Area {
  library: ScenarioLibrary;
  gateway: GatewayStore;
}

export function createScenarioArea(gateway: GatewayStore, files: ScenarioFile[]): ScenarioArea {
  const library = new ScenarioLibrary(files);
  return {
    name: "scenarios",
    library,
    gateway,
    control: scenarioControlRoutes(library, gateway),
    // A reset or an imported snapshot starts a new history: old reports name sessions now gone.
    load: () => library.clearRuns(),
  };
}
