import { useCallback, useState } from 'react';
import type { QueueItem, QueueResponse } from '@unban/contract/admin';
import { useResource } from '../../lib/resource/use-resource';
import { fetchQueue } from './api/get-queue';
import type { QueueFilters } from './queue-filters';
import { filtersFromSearch, filtersToQuery, filtersToSearch } from './queue-filters';

export interface QueueResult {
  /** The rows on show: these filters' answer, or while it loads, the previous filters' rows. */
  items: QueueItem[];
  /** True until the first page for these filters has arrived. */
  loading: boolean;
  /** True while `items` are the previous filters' rows, shown until the new ones arrive. */
  stale: boolean;
  loadingMore: boolean;
  failed: boolean;
  hasMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

/** The queue for `filters`, page by page: "Load more" appends the next page. */
export function useQueue(filters: QueueFilters): QueueResult {
  const key = filtersToSearch(filters).toString();
  // Rebuilt from the key: `filters` is a new object on every render.
  const queryFor = (cursor?: string) =>
    filtersToQuery(filtersFromSearch(new URLSearchParams(key)), cursor);
  const firstPage = useResource({ key, load: (signal) => fetchQueue(queryFor(), signal) });
  const { data, replace, refresh } = firstPage;
  const [loadingMore, setLoadingMore] = useState(false);
  // The answer whose next page could not be loaded; any newer answer clears the failure.
  const [moreFailedAfter, setMoreFailedAfter] = useState<QueueResponse | null>(null);
  const cursor = data?.nextCursor ?? null;

  const loadMore = () => {
    if (data === undefined || cursor === null) return;
    setLoadingMore(true);
    fetchQueue(queryFor(cursor))
      .then(
        (page) => replace({ items: [...data.items, ...page.items], nextCursor: page.nextCursor }),
        () => setMoreFailedAfter(data),
      )
      .finally(() => setLoadingMore(false));
  };

  const retry = useCallback(() => void refresh(), [refresh]);

  const failed = firstPage.error !== undefined || (data !== undefined && moreFailedAfter === data);
  const loading = data === undefined && firstPage.error === undefined;
  // Keeping the earlier rows while the new filters load means a row never vanishes between an
  // operator's aim and click (a click on it still opens that case).
  const stale = loading && firstPage.previousData !== undefined;
  let items: QueueItem[] = [];
  if (data !== undefined) items = data.items;
  else if (stale) items = firstPage.previousData?.items ?? [];
  return {
    // A first page that failed shows no rows, even those of an earlier answer.
    items: firstPage.error !== undefined ? [] : items,
    loading,
    stale,
    loadingMore,
    failed,
    hasMore: cursor !== null,
    loadMore,
    retry,
  };
}
