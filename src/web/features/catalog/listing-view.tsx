import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { fromPromise } from 'xstate';
import { hasFilters, type ListingQuery } from '../../../contract/listing-query.ts';
import { productListingMachine, type FetchPageInput, type ListingPage } from '../../../../machines/catalog/product-listing.machine.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { createListingApi, decodeListingQuery, fetchListing, listingKey, type ListingScope } from './listing.tsx';
import { useScreenActor } from '../../shared/ssr/screen-state.tsx';
import { useView, viewNow } from '../../shared/hooks/use-view.ts';
import { listingHref, withoutFilters } from './listing-url.ts';
import { ProductGrid } from '../../shared/ui/product-grid.tsx';
import { ErrorPanel } from '../../shared/ui/retry.tsx';
import { ProductGridSkeleton } from '../../shared/ui/skeleton.tsx';
import { formatNumber } from '../../shared/site/format-date-number.ts';
import { useSite } from '../../shared/site/site-provider.tsx';
import { productListingConnect } from '../../../../machines/catalog/product-listing.connect.ts';

// Filters and sort come after the products: their code and messages load in a chunk of their own.
const controls = () => import('./listing-controls.tsx');
const FilterPanel = lazy(() => controls().then((module) => ({ default: module.FilterPanel })));
const SortControl = lazy(() => controls().then((module) => ({ default: module.SortControl })));

export interface ListingViewProps {
  /** What the page fixes; give the view a `key` that changes with it. */
  scope: ListingScope;
  /** The empty list (spec §8): by default "Sorry, no products found!". `clear` is null without filters. */
  renderEmpty?: (clear: (() => void) | null) => ReactNode;
  /** Above the products once they are shown (search: "Showing results for …"). */
  renderNotice?: (corrected: string | null) => ReactNode;
}

/**
 * The listing screens load this module lazily (it is most of a listing's code), after starting
 * its first request with prefetchListing (../catalog/source.ts), so the two load side by side.
 *
 * A product listing whose filters, sort and page live in the URL: the URL is read into the
 * listing machine, a filter or sort change is a new history entry, and Show More replaces the
 * entry, so Back leaves the listing rather than taking back one Show More.
 */
export default function ListingView({ scope, renderEmpty, renderNotice }: ListingViewProps) {
  const api = useApi(createListingApi);
  const site = useSite();
  const { t } = useLingui();
  const search = useSearch();
  const [path, navigate] = useLocation();
  const query = useMemo(() => decodeListingQuery(search), [search]);
  // The machine's actions outlive a render: they read the current URL from here.
  const current = useRef({ path, search, navigate });
  useEffect(() => {
    current.current = { path, search, navigate };
  }, [path, search, navigate]);
  const [machine] = useState(() =>
    productListingMachine.provide({
      actors: { fetchPage: fromPromise<ListingPage, FetchPageInput>(({ input, signal }) => fetchListing(api, scope, input, signal)) },
      actions: {
        pageShown: (_, shown) => {
          const { path: at, search: from, navigate: go } = current.current;
          go(listingHref(at, shown, from), { replace: true });
        },
      },
    }),
  );
  const actor = useScreenActor(listingKey(scope), machine, { input: { query } });
  const view = useView(actor, productListingConnect);
  useEffect(() => {
    viewNow(actor, productListingConnect).requery(query);
  }, [query, actor]);

  const change = (next: ListingQuery) => navigate(listingHref(path, next, search));
  const { products, total, firstNewIndex, corrected, showsProducts, loadingMore } = view;
  const filtered = hasFilters(query.filters);
  const clear = filtered ? () => change(withoutFilters(query)) : null;
  const visible = formatNumber(products.length, site);
  const all = formatNumber(total, site);

  return (
    <div className="listing-layout" data-state={view.status}>
      <Suspense fallback={<div className="filters filters--pending" />}>
        {/* The phone's filter sheet says how many products its filters show: the listing's total once it has them. */}
        <FilterPanel scope={scope} query={query} onChange={change} results={showsProducts || view.empty ? total : null} />
      </Suspense>
      <div className="listing listing-layout__main">
        <div className="listing-toolbar">
          <Suspense fallback={null}>
            <SortControl query={query} onChange={change} />
          </Suspense>
        </div>
        {showsProducts && renderNotice ? renderNotice(corrected) : null}
        {view.loading ? <ProductGridSkeleton /> : null}
        {view.failed ? <ErrorPanel title={t`The products could not be loaded.`} onRetry={view.retry} /> : null}
        {showsProducts ? <ProductGrid products={products} focusIndex={firstNewIndex} label={t`Products`} aboveFold={4} /> : null}
        {/* Always in the page, so the range after a filter change (or the empty list) is announced. */}
        <div className="listing__status" aria-live="polite">
          {showsProducts ? (
            <p className="listing__range">
              <Trans>
                1 to {visible} of {all}
              </Trans>
            </p>
          ) : null}
          {view.empty ? (renderEmpty?.(clear) ?? <EmptyListing clear={clear} />) : null}
        </div>
        {view.moreFailed ? (
          <div className="panel panel--error panel--inline" role="alert">
            <p>
              <Trans>More products could not be loaded. Check your connection and try again.</Trans>
            </p>
            <button type="button" className="button" onClick={view.retry}>
              <Trans>Retry</Trans>
            </button>
          </div>
        ) : null}
        {view.showsMore ? (
          // Disabled only while the next page loads, which its label says.
          <button
            type="button"
            className="button button--secondary listing__more"
            onClick={view.showMore}
            disabled={view.showMoreDisabledReason !== null}
            aria-busy={loadingMore}
            data-state={loadingMore ? 'loading' : 'idle'}
          >
            {loadingMore ? t`Loading more products…` : t`Show More`}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** "Sorry, no products found!" with a way out: clear the filters, or browse the home page. */
export function EmptyListing({ clear }: { clear: (() => void) | null }) {
  return (
    <div className="panel" data-state="empty">
      <p className="panel__title">
        <Trans>Sorry, no products found!</Trans>
      </p>
      {clear ? (
        <button type="button" className="button" onClick={clear}>
          <Trans>Clear all filters</Trans>
        </button>
      ) : (
        <Link href="/">
          <Trans>Browse our featured products</Trans>
        </Link>
      )}
    </div>
  );
}
