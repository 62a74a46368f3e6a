/**
 * `/_emulator/kb`: read views of the knowledge base for the UI (which holds no access key), seen as
 * the demo tenant's first full-permission key sees them.
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../app-env.ts";
import { jsonObject } from "../control/http.ts";
import type { Emulator } from "../emulator.ts";
import { ApiError } from "../signed-api/errors.ts";
import { parseParameters } from "../signed-api/validation.ts";
import { fileView } from "./files.ts";
import { hitOf, search } from "./search.ts";
import { type Caller, callerOf, directoryTree, faqView } from "./store.ts";

const Search = z.strictObject({
  keyword: z.string().optional(),
  knowledgeType: z.enum(["FAQ", "FILE"]).optional(),
  repositoryIds: z.array(z.number().int()).optional(),
  limit: z.number().int().min(1).max(100).default(20),
});

export function kbControlRoutes(emulator: Emulator) {
  const caller = (): Caller => {
    const key = emulator.state.accessKeys.find((k) => k.permissions.includes("*"));
    if (!key) {
      throw new ApiError(
        "ResourceNotFound",
        "No access key with every permission to view the knowledge base as.",
      );
    }
    return callerOf(
      emulator,
      key,
      emulator.findEnterprise(key.enterpriseId)?.timeZone ?? "Asia/Shanghai",
    );
  };
  const repositoryId = (text: string | undefined) => {
    if (!text || !/^\d+$/.test(text)) {
      throw new ApiError("MissingParameter", "repositoryId is required.", "repositoryId");
    }
    return Number(text);
  };
  return new Hono<AppEnv>()
    .get("/repositories", (c) => {
      const { kb } = emulator.state, me = caller();
      const mine = (r: { enterpriseId: string }) => r.enterpriseId === me.enterpriseId;
      return c.json({
        repositories: [
          ...kb.publicRepositories.filter(mine).map((r) => ({
            id: r.id,
            name: r.name,
            kind: "public",
          })),
          ...kb.personalRepositories.filter((r) => mine(r) && r.owner === me.key.username).map((
            r,
          ) => ({ id: r.id, name: r.name, kind: "personal" })),
          ...kb.botRepositories.filter(mine).map((r) => ({
            id: r.id,
            name: r.name,
            kind: "robot",
          })),
        ],
      });
    })
    .get("/tree", (c) => {
      const type = c.req.query("type") === "FILE" ? "FILE" : "FAQ";
      return c.json({
        tree: directoryTree(caller(), repositoryId(c.req.query("repositoryId")), type),
      });
    })
    .get("/items", (c) => {
      const id = repositoryId(c.req.query("repositoryId")), me = caller();
      return c.json({
        faqs: emulator.state.kb.faqs.filter((f) =>
          f.repositoryId === id && f.enterpriseId === me.enterpriseId
        ).map(faqView),
        files: emulator.state.kb.files.filter((f) =>
          f.repositoryId === id && f.enterpriseId === me.enterpriseId
        ).map((f) => fileView(f, me.now)),
      });
    })
    .post("/search", async (c) => {
      const q = parseParameters(Search, await jsonObject(c, 65536));
      const me = caller();
      const { candidates, terms } = search(me, q);
      return c.json({
        total: candidates.length,
        hits: candidates.slice(0, q.limit).map((candidate) => hitOf(me, candidate, terms)),
      });
    });
}
