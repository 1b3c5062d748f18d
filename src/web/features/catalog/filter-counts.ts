import { useEffect, useState } from 'react';
import type { ProductFilters } from '../../../contract/catalog.ts';
import type { ListingFilters } from '../../../contract/listing-query.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { useResource } from '../../shared/hooks/use-resource.ts';
import { createFilterCountsApi } from './filter-counts-api.ts';
import { filterParams, type ListingScope } from './listing.tsx';

export type CountsView = { data: ProductFilters | null; failed: boolean; loading: boolean; retry: () => void };

/**
 * `GET products/filters` for the scope and filters. The counts shown stay until the next answer
 * arrives; an answer for filters no longer chosen is dropped (its request is aborted). The first
 * answer is a screen machine's: a server-rendered page carries it, so the panel is whole without
 * scripts and the browser does not ask again.
 */
export function useFilterCounts(scope: ListingScope, filters: ListingFilters): CountsView {
  const api = useApi(createFilterCountsApi);
  const key = JSON.stringify(filterParams(scope, filters));
  const [firstKey] = useState(key);
  const first = useResource((signal) => api.filters(JSON.parse(firstKey) as ReturnType<typeof filterParams>, { signal }), `filters:${firstKey}`);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string | null; data: ProductFilters | null; failed: boolean }>({ key: null, data: null, failed: false });
  useEffect(() => {
    if (key === firstKey) return;
    const controller = new AbortController();
    api.filters(JSON.parse(key) as ReturnType<typeof filterParams>, { signal: controller.signal }).then(
      (data) => setState({ key, data, failed: false }),
      () => {
        if (!controller.signal.aborted) setState((previous) => ({ ...previous, key, failed: true }));
      },
    );
    return () => controller.abort();
  }, [api, key, firstKey, attempt]);
  if (key === firstKey) {
    const data = first.status === 'success' ? first.data : null;
    return { data: data ?? state.data, failed: first.status === 'failure', loading: first.status === 'loading', retry: first.status === 'failure' ? first.retry : () => undefined };
  }
  return { data: state.data ?? (first.status === 'success' ? first.data : null), failed: state.failed && state.key === key, loading: state.key !== key, retry: () => setAttempt((n) => n + 1) };
}
