/** The recycle bin (spec 4.5): deleted FAQ entries and documents, listed for 30 virtual days. */
import type { Tenant } from "../core/tenants.ts";
import { localText } from "../core/zoned-time.ts";
import { pageOf } from "./pages.ts";
import type { Recycled, RecycledQuery } from "./schemas.ts";
import { findRepository, type KbStore } from "./store.ts";

/** The recycle bin keeps a deleted item listed for 30 days (spec 3). */
export const RECYCLE_WINDOW_MS = 30 * 86_400_000;

/** `list_recycled_items`: newest deletion first, paged. */
export function listRecycled(store: KbStore, t: Tenant, q: RecycledQuery) {
  findRepository(store, t, q.repositoryId);
  const items = store.state.recycled
    .filter((r) =>
      r.enterpriseId === t.enterpriseId && r.repositoryId === q.repositoryId &&
      store.now < r.deleteTime + RECYCLE_WINDOW_MS &&
      (q.deleteUser === undefined || r.deleteUser === q.deleteUser) &&
      (q.keyword === undefined || r.name.includes(q.keyword)) &&
      (q.type === undefined || q.type === "ALL" || r.type === q.type)
    )
    .sort((a, b) => b.deleteTime - a.deleteTime)
    .map((r: Recycled) => ({
      ...r,
      enterpriseId: Number(r.enterpriseId),
      deleteTime: localText(r.deleteTime, t.timeZone),
    }));
  return pageOf(items, q.offset, q.limit, (item) => item);
}
