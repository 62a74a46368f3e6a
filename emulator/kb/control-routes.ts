/**
 * `/_emulator/kb`: read views of the knowledge base for the UI (which holds no access key), seen as
 * the demo tenant's first full-permission key sees them.
 */
import { Hono } from "hono";
import type { AppEnv } from "../core/app-env.ts";
import { jsonObject } from "../core/body.ts";
import { ApiError } from "../core/errors.ts";
import { parseParameters } from "../core/validation.ts";
import { repositoryItems, repositoryRows } from "./console-views.ts";
import { ControlSearchRequest } from "./schemas.ts";
import { hitOf, search } from "./search.ts";
import { directoryTree } from "./directories.ts";
import type { KbStore } from "./store.ts";
import type { Tenant } from "../core/tenants.ts";

export function kbControlRoutes(store: KbStore) {
  /** The UI sees the knowledge base as the first key with every permission sees it. */
  const viewer = (): Tenant => {
    const key = store.emulator.state.accessKeys.find((k) => k.permissions.includes("*"));
    if (!key) {
      throw new ApiError(
        "ResourceNotFound",
        "No access key with every permission to view the knowledge base as.",
      );
    }
    return {
      enterpriseId: key.enterpriseId,
      timeZone: store.emulator.findEnterprise(key.enterpriseId)?.timeZone ?? "Asia/Shanghai",
      key,
    };
  };
  const repositoryId = (text: string | undefined) => {
    if (!text) throw new ApiError("MissingParameter", "repositoryId is required.", "repositoryId");
    if (!/^\d+$/.test(text)) {
      throw new ApiError(
        "InvalidParameter",
        `repositoryId: expected a repository id (digits), got ${JSON.stringify(text)}.`,
        "repositoryId",
      );
    }
    return Number(text);
  };
  return new Hono<AppEnv>().basePath("/kb")
    .get("/repositories", (c) => c.json({ repositories: repositoryRows(store, viewer()) }))
    .get("/tree", (c) => {
      const type = c.req.query("type") === "FILE" ? "FILE" : "FAQ";
      return c.json({
        tree: directoryTree(store, viewer(), repositoryId(c.req.query("repositoryId")), type),
      });
    })
    .get("/items", (c) => {
      const id = repositoryId(c.req.query("repositoryId"));
      return c.json(repositoryItems(store, viewer(), id));
    })
    .post("/search", async (c) => {
      const q = parseParameters(ControlSearchRequest, await jsonObject(c, 65536));
      const me = viewer();
      const { candidates, terms } = search(store, me, q);
      return c.json({
        total: candidates.length,
        hits: candidates.slice(0, q.limit).map((candidate) => hitOf(store, candidate, terms)),
      });
    });
}
