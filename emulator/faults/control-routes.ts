/**
 * `/_emulator/faults`: list, add and remove fault rules. Every rule shows how often it matched and
 * fired, so a test can tell that its client met the fault it meant to.
 */
import { Hono } from "hono";
import type { AppEnv } from "../core/app-env.ts";
import { jsonObject } from "../core/body.ts";
import type { FaultStore } from "./store.ts";

export function faultControlRoutes(store: FaultStore) {
  return new Hono<AppEnv>().basePath("/faults")
    .get("/", (c) => c.json({ rules: store.rules }))
    .post("/", async (c) => c.json(store.add(await jsonObject(c, 16_384)), 201))
    .delete("/", (c) => c.json({ removed: store.clear() }))
    .get("/:id", (c) => c.json(store.rule(c.req.param("id"))))
    .delete("/:id", (c) => c.json(store.remove(c.req.param("id"))));
}
