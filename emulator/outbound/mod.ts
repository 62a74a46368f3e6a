/** The outbound AI-calling area: tasks, customers, lines, calls and blacklist under `/gateway`. */
import type { Area } from "../area.ts";
import type { Emulator } from "../core/emulator.ts";
import { outboundControlRoutes, recordingRoutes } from "./control-routes.ts";
import { outboundOperations } from "./routes.ts";
import { outboundSlice } from "./schemas.ts";
import { OutboundStore } from "./store.ts";

export interface OutboundArea extends Area {
  store: OutboundStore;
}

export function createOutboundArea(emulator: Emulator): OutboundArea {
  const store = new OutboundStore(emulator);
  return {
    name: "outbound",
    store,
    slice: outboundSlice,
    signed: { prefix: "/gateway", operations: outboundOperations(store) },
    control: outboundControlRoutes(store),
    storage: recordingRoutes(store),
    load: () => store.load(),
    close: () => store.callbacks.close(),
  };
}
