/** The robot gateway area: agent registration under `/livechat`, visitor sessions, pushes. */
import type { Area } from "../area.ts";
import type { Emulator } from "../core/emulator.ts";
import { gatewayControlRoutes, mediaRoutes } from "./control-routes.ts";
import { gatewayOperations } from "./routes.ts";
import { gatewaySlice } from "./schemas.ts";
import { GatewayStore } from "./store.ts";
import { gatewayOverview } from "./overview.ts";

export interface GatewayArea extends Area {
  store: GatewayStore;
}

export function createGatewayArea(emulator: Emulator): GatewayArea {
  const store = new GatewayStore(emulator);
  return {
    name: "gateway",
    store,
    slice: gatewaySlice,
    signed: { prefix: "/livechat", operations: gatewayOperations(store) },
    control: gatewayControlRoutes(store),
    storage: mediaRoutes(store),
    load: () => store.load(),
    close: () => store.shutdown(),
    overview: () => gatewayOverview(store),
  };
}
