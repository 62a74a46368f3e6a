/**
 * Faults on demand: rules that make the signed API or the storage host fail the way the real
 * service does on a bad day. The rules are this area's slice; the signed-API dispatcher and the
 * storage middleware ask its store which rule fires (emulator/app.ts wires both).
 */
import type { Context, Next } from "npm:hono@4.13.19";
import type { Area } from "../area.ts";
import type { AppEnv } from "../core/app-env.ts";
import type { Emulator } from "../core/emulator.ts";
import { faultControlRoutes } from "./control-routes.ts";
import { applyFault, type FaultSubject } from "./effects.ts";
import { faultsSlice } from "./schemas.ts";
import { FaultStore, type KnownOperation } from "./store.ts";
import { faultsOverview } from "./overview.ts";

export interface FaultArea extends Area {
  store: FaultStore;
}

export function createFaultArea(emulator: Emulator, operations: KnownOperation[]): FaultArea {
  const store = new FaultStore(emulator, operations);
  return {
    name: "faults",
    store,
    slice: faultsSlice,
    control: faultControlRoutes(store),
    load: () => {},
    overview: () => faultsOverview(store),
  };
}

/** The storage host's faults: matched by path, acted out around the storage routes. */
export function storageFaults(store: FaultStore) {
  return async (c: Context<AppEnv>, next: Next): Promise<void> => {
    const rule = store.pick({ area: "storage", path: c.req.path });
    if (!rule) return next();
    const subject: FaultSubject = {
      get responseText() {
        return c.get("responseText");
      },
      set responseText(text) {
        c.set("responseText", text);
      },
      get fault() {
        return c.get("fault");
      },
      set fault(mark) {
        c.set("fault", mark);
      },
    };
    const response = await applyFault(subject, rule, async () => {
      await next();
      return c.res;
    });
    if (response === c.res) return;
    c.res = undefined; // replaced, not merged: the old answer's length would lie about the new body
    c.res = response;
  };
}
