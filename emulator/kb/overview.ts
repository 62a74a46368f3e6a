/**
 * What the Overview shows of the knowledge base: FAQ entries and documents counted, in all and
 * per repository (each with its kind, for the link to it), and what waits in the recycle bin.
 */
import { RECYCLE_WINDOW_MS } from "./recycle-bin.ts";
import type { KbStore } from "./store.ts";

export function kbOverview(store: KbStore) {
  const kb = store.state;
  const repositories = [
    ...kb.publicRepositories.map((r) => ({ ...r, kind: "public" })),
    ...kb.personalRepositories.map((r) => ({ ...r, kind: "personal" })),
    ...kb.botRepositories.map((r) => ({ ...r, kind: "robot" })),
  ].map(({ id, name, kind, enterpriseId }) => ({
    id,
    name,
    kind,
    enterpriseId,
    faqs: kb.faqs.filter((f) => f.repositoryId === id).length,
    documents: kb.files.filter((f) => f.repositoryId === id).length,
  }));
  return {
    faqs: kb.faqs.length,
    documents: kb.files.length,
    /** Deleted entries still listed in a recycle bin (30 virtual days). */
    recycled: kb.recycled.filter((r) => store.now < r.deleteTime + RECYCLE_WINDOW_MS).length,
    /** Repositories holding anything, in the order the KB view lists them. */
    repositories: repositories.filter((r) => r.faqs + r.documents > 0),
  };
}

/** `GET /_emulator/overview`'s `areas.kb`. */
export type KbOverview = ReturnType<typeof kbOverview>;
