/** The paging shape the task and call lists share (`pageNum`, `total`, `pages`, `list`). */

/** One page of `items`, each made into what the list shows; pages count from 1. */
export function page<T, U>(items: T[], pageNumber = 1, pageSize = 20, map: (item: T) => U) {
  return {
    pageNum: pageNumber,
    total: items.length,
    pages: Math.ceil(items.length / pageSize),
    list: items.slice((pageNumber - 1) * pageSize, pageNumber * pageSize).map(map),
  };
}
