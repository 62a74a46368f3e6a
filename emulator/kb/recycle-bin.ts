/** The recycle bin (spec 4.5): deleted FAQ entries and documents, listed for 30 virtual days. */
import type { Tenant } from "../core/tenants.ts";
import { localText } from "../core/zoned-time.ts";
import { pageOf } from "./pages.ts";
import type { Recycled, RecycledQuery } from "./schemas.ts";
import { findRepository, type KbStore } from "./store.ts";

/** The recycle bin keeps a deleted item listed for 30 days (spec 3). */
export const RECYCLE_WINDOW_MS = 30 * 86_400_000;

/** The repository's items still in the bin that match the query, newest deletion first. */
function inBin(store: KbStore, t: Tenant, q: RecycledQuery): Recycled[] {
  findRepository(store, t, q.repositoryId);
  return store.state.recycled
    .filter((r) =>
      r.enterpriseId === t.enterpriseId && r.repositoryId === q.repositoryId &&
      store.now < r.deleteTime + RECYCLE_WINDOW_MS &&
      (q.deleteUser === undefined || r.deleteUser === q.deleteUser) &&
      (q.keyword === undefined || r.name.includes(q.keyword)) &&
      (q.type === undefined || q.type === "ALL" || r.type === q.type)
    )
    .sort((a, b) => b.deleteTime - a.deleteTime);
}

const recycledView = (r: Recycled, t: Tenant) => ({
  ...r,
  enterpriseId: Number(r.enterpriseId),
  deleteTime: localText(r.deleteTime, t.timeZone),
});

/** `list_recycled_items`: newest deletion first, paged. */
export function listRecycled(store: KbStore, t: Tenant, q: RecycledQuery) {
  return pageOf(inBin(store, t, q), q.offset, q.limit, (r) => recycledView(r, t));
}

/**
 * The repository's recycle bin as the UI shows it: each item with the whole virtual days it has
 * left before it leaves the list (a part of a day counts as a day).
 */
export function recycledWithDaysLeft(store: KbStore, t: Tenant, repositoryId: number) {
  return inBin(store, t, { repositoryId }).map((r) => ({
    ...recycledView(r, t),
    daysLeft: Math.ceil((r.deleteTime + RECYCLE_WINDOW_MS - store.now) / 86_400_000),
  }));
}
