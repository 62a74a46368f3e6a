/** The knowledge-base area: the `/aikb` operations, their storage host routes and UI read views. */
import type { Area } from "../area.ts";
import type { Emulator } from "../core/emulator.ts";
import { kbControlRoutes } from "./control-routes.ts";
import { kbOperations } from "./routes.ts";
import { kbSlice } from "./schemas.ts";
import { kbStorageRoutes } from "./storage-routes.ts";
import { seedDocumentBytes } from "./seed.ts";
import { KbStore } from "./store.ts";
import { kbOverview } from "./overview.ts";

export interface KbArea extends Area {
  store: KbStore;
}

export function createKbArea(emulator: Emulator): KbArea {
  const store = new KbStore(emulator);
  return {
    name: "kb",
    store,
    slice: kbSlice,
    signed: { prefix: "/aikb", operations: kbOperations(store) },
    control: kbControlRoutes(store),
    storage: kbStorageRoutes(store),
    load: () => {
      store.load();
      // Fixture documents carry their text: their bytes are seeded whenever the state is loaded.
      seedDocumentBytes(store);
    },
    overview: () => kbOverview(store),
  };
}
