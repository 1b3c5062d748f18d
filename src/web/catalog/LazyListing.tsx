import { lazy, Suspense, useState } from 'react';
import { useSearch } from 'wouter';
import { useCatalogApi } from '../api/CatalogApiProvider.tsx';
import { ProductGridSkeleton } from '../components/Skeleton.tsx';
import type { ListingViewProps } from '../screens/ListingView.tsx';
import { prefetchListing } from './source.ts';

// Most of a listing's code (machine, grid, Show More, URL writing) is a chunk of its own...
const ListingView = lazy(() => import('../screens/ListingView.tsx'));

/**
 * ...that loads side by side with the listing's first request: the request starts here, and the
 * listing finds it in the API cache. So the listing screens' first-screen code is their heading.
 */
export function LazyListing(props: ListingViewProps) {
  const api = useCatalogApi();
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
