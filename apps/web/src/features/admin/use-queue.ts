import { useCallback, useEffect, useState } from 'react';
import type { QueueItem } from '@unban/contract/admin';
import { fetchQueue } from './api/get-queue';
import type { QueueFilters } from './queue-filters';
import { filtersFromSearch, filtersToQuery, filtersToSearch } from './queue-filters';

interface QueueState {
  key: string;
  items: QueueItem[];
  nextCursor: string | null;
  loading: boolean;
  failed: boolean;
}

export interface QueueResult {
  items: QueueItem[];
  /** True until the first page for these filters has arrived. */
  loading: boolean;
  loadingMore: boolean;
  failed: boolean;
  hasMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

/** The queue for `filters`, page by page: "Load more" appends the next page. */
export function useQueue(filters: QueueFilters): QueueResult {
  const key = filtersToSearch(filters).toString();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<QueueState | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    // Rebuilt from the key: `filters` is a new object on every render.
    fetchQueue(filtersToQuery(filtersFromSearch(new URLSearchParams(key))), controller.signal).then(
      (page) =>
        setState({
          key,
          items: page.items,
          nextCursor: page.nextCursor,
          loading: false,
          failed: false,
        }),
      () => {
        if (controller.signal.aborted) return;
        setState({ key, items: [], nextCursor: null, loading: false, failed: true });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const current = state?.key === key ? state : null;
  const cursor = current?.nextCursor ?? null;

  const loadMore = useCallback(() => {
    if (cursor === null) return;
    setLoadingMore(true);
    fetchQueue(filtersToQuery(filtersFromSearch(new URLSearchParams(key)), cursor))
      .then(
        (page) =>
          setState((previous) =>
            previous?.key === key
              ? {
                  ...previous,
                  items: [...previous.items, ...page.items],
                  nextCursor: page.nextCursor,
                }
              : previous,
          ),
        () =>
          setState((previous) =>
            previous?.key === key ? { ...previous, failed: true } : previous,
          ),
      )
      .finally(() => setLoadingMore(false));
  }, [key, cursor]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);

  return {
    items: current?.items ?? [],
    loading: current === null,
    loadingMore,
    failed: current?.failed ?? false,
    hasMore: cursor !== null,
    loadMore,
    retry,
  };
}
