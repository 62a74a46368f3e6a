/**
 * The outbound AI-calling area: tasks, customers, lines, calls and blacklist under `/gateway`.
 * The area is its runtime: the store, and the dialer and callback sender built here from it.
 */
import type { Area } from "../area.ts";
import type { Emulator } from "../core/emulator.ts";
import { CallbackSender } from "./callbacks.ts";
import { outboundControlRoutes, recordingRoutes } from "./control-routes.ts";
import { Dialer } from "./dialer.ts";
import { outboundOperations } from "./routes.ts";
import { outboundOverview } from "./overview.ts";
import type { OutboundRuntime } from "./runtime.ts";
import { outboundSlice } from "./schemas.ts";
import { OutboundStore } from "./store.ts";

export interface OutboundArea extends Area, OutboundRuntime {}

export function createOutboundArea(emulator: Emulator): OutboundArea {
  const store = new OutboundStore(emulator);
  const callbacks = new CallbackSender(store);
  // A record finished for good goes to the enterprise's callback URL, when it has one.
  const dialer = new Dialer(store, (task, record) => callbacks.finished(task, record));
  const outbound: OutboundRuntime = { store, dialer, callbacks };
  return {
    name: "outbound",
    ...outbound,
    slice: outboundSlice,
    signed: { prefix: "/gateway", operations: outboundOperations(outbound) },
    control: outboundControlRoutes(outbound),
    storage: recordingRoutes(store),
    load: () => {
      callbacks.rebuild();
      dialer.rebuild();
    },
    close: () => callbacks.close(),
    overview: () => outboundOverview(store),
  };
}
