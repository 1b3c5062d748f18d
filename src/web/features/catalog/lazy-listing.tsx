import { lazy, Suspense, useState } from 'react';
import { useSearch } from 'wouter';
import { useApi } from '../../shared/api/api-provider.tsx';
import { createCatalogApi } from '../../shared/api/catalog-api.ts';
import { ProductGridSkeleton } from '../../shared/ui/skeleton.tsx';
import type { ListingViewProps } from './listing-view.tsx';
import { prefetchListing } from './listing-source.ts';

// Most of a listing's code (machine, grid, Show More, URL writing) is a chunk of its own...
const ListingView = lazy(() => import('./listing-view.tsx'));

/**
 * ...that loads side by side with the listing's first request: the request starts here, and the
 * listing finds it in the API cache. So the listing screens' first-screen code is their heading.
 */
export function LazyListing(props: ListingViewProps) {
  const api = useApi(createCatalogApi);
  const search = useSearch();
  // Once per listing (a new scope comes with a new `key`), and during the first render rather than
  // in an effect: the listing's own effects (its first fetch) run before this component's.
  useState(() => prefetchListing(api, props.scope, search));
  return (
    <Suspense fallback={<ProductGridSkeleton />}>
      <ListingView {...props} />
    </Suspense>
  );
}
