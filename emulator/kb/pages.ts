/** `result`, `pageNumber`, `pageSize`, `totalCount`: the knowledge base's paging shape. */
export function pageOf<T, U>(items: T[], offset = 0, limit = 10, map: (item: T) => U) {
  return {
    result: items.slice(offset, offset + limit).map(map),
    pageNumber: Math.floor(offset / limit) + 1,
    pageSize: limit,
    totalCount: items.length,
  };
}
