/**
 * `/_emulator/kb`: read views of the knowledge base for the UI (which holds no access key), seen as
 * the demo tenant's first full-permission key sees them.
 */
import { controlRoutes } from "../control/documented.ts";
import { consoleViewer, repositoryIdOf } from "./console-viewer.ts";
import { repositoryItems, repositoryRows } from "./console-views.ts";
import { ControlSearchRequest } from "./schemas.ts";
import { hitOf, search } from "./search.ts";
import { directoryTree } from "./directories.ts";
import { faqView, findFaq } from "./faqs.ts";
import type { KbStore } from "./store.ts";

export function kbControlRoutes(store: KbStore) {
  return controlRoutes("/kb")
    .get(
      "/repositories",
      { summary: "Repositories, as the first full key sees them." },
      (c) => c.json({ repositories: repositoryRows(store, consoleViewer(store)) }),
    )
    .get("/tree", { summary: "A repository's directory tree." }, (c) => {
      const type = c.req.query("type") === "FILE" ? "FILE" : "FAQ";
      const me = consoleViewer(store);
      const repositoryId = repositoryIdOf(c.req.query("repositoryId"));
      return c.json({ tree: directoryTree(store, me, repositoryId, type) });
    })
    .get(
      "/items",
      { summary: "A repository's entries, documents and recycle bin (with days left)." },
      (c) => {
        const id = repositoryIdOf(c.req.query("repositoryId"));
        return c.json(repositoryItems(store, consoleViewer(store), id));
      },
    )
    // The UI's own lookup of an entry by id (an address such as #kb/101/faq/2001): read here,
    // not through describe_faq, so a mistyped address is no client's error in the journal.
    .get("/faqs/:id", { summary: "One FAQ entry, by id, as the console shows it." }, (c) => {
      const id = repositoryIdOf(c.req.param("id"));
      return c.json(faqView(findFaq(store, consoleViewer(store), id)));
    })
    .post("/search", {
      summary: "Search the knowledge base.",
      body: ControlSearchRequest,
      limit: 65536,
    }, async (c, input) => {
      const q = await input.body();
      const { candidates, terms } = search(store, consoleViewer(store), q);
      return c.json({
        total: candidates.length,
        hits: candidates.slice(0, q.limit).map((candidate) => hitOf(store, candidate, terms)),
      });
    })
    .hono;
}
