import { Trans, useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { productListingMachine, type ListingPage } from '../../../machines/productListing.machine.ts';
import { PRODUCT_PAGE_SIZE } from '../../config/constants.ts';
import type { CategoryNode } from '../../contract/catalog.ts';
import { useCatalogApi } from '../api/CatalogApiProvider.tsx';
import { Breadcrumb } from '../components/Breadcrumb.tsx';
import { categoryHref } from '../components/Header.tsx';
import { ProductGrid } from '../components/ProductGrid.tsx';
import { ErrorPanel } from '../components/Retry.tsx';
import { ProductGridSkeleton } from '../components/Skeleton.tsx';
import { useDocumentHead } from '../head/useDocumentHead.ts';
import { useResource } from '../hooks/useResource.ts';
import type { ScreenProps } from '../routes.tsx';
import { formatNumber } from '../site/format.ts';
import { useSite } from '../site/SiteProvider.tsx';
import { NotFoundScreen } from './NotFoundScreen.tsx';

/** The nodes from the top category down to `path`, or null when the tree has no such category. */
export function findCategoryTrail(tree: readonly CategoryNode[], path: string): CategoryNode[] | null {
  for (const node of tree) {
    if (node.path === path) return [node];
    if (path.startsWith(`${node.path}/`)) {
      const rest = findCategoryTrail(node.children, path);
      if (rest) return [node, ...rest];
    }
  }
  return null;
}

function ProductListing({ categoryPath }: { categoryPath: string }) {
  const api = useCatalogApi();
  const site = useSite();
  const { t } = useLingui();
  const machine = useMemo(
    () =>
      productListingMachine.provide({
        actors: {
          fetchPage: fromPromise<ListingPage, { page: number }>(({ input, signal }) =>
            api.products({ category: categoryPath, page: String(input.page), per_page: String(PRODUCT_PAGE_SIZE) }, { signal }),
          ),
        },
      }),
    [api, categoryPath],
  );
  const [snapshot, send] = useMachine(machine);
  const { products, total, firstNewIndex } = snapshot.context;

  if (snapshot.matches('loading')) return <ProductGridSkeleton />;
  if (snapshot.matches('failure')) {
    return <ErrorPanel title={t`The products could not be loaded.`} onRetry={() => send({ type: 'listing.retry' })} />;
  }
  if (snapshot.matches('empty')) {
    return (
      <div className="panel" data-state="empty">
        <p className="panel__title">
          <Trans>Sorry, no products found!</Trans>
        </p>
        <Link href="/">
          <Trans>Browse our featured products</Trans>
        </Link>
      </div>
    );
  }

  const visible = formatNumber(products.length, site);
  const all = formatNumber(total, site);
  const loadingMore = snapshot.matches('loadingMore');
  const canShowMore = snapshot.can({ type: 'listing.showMore' });
  return (
    <div className="listing" data-state={String(snapshot.value)}>
      <ProductGrid products={products} focusIndex={firstNewIndex} label={t`Products`} />
      <p className="listing__range" aria-live="polite">
        <Trans>
          1 to {visible} of {all}
        </Trans>
      </p>
      {snapshot.matches('moreFailure') ? (
        <div className="panel panel--error panel--inline" role="alert">
          <p>
            <Trans>More products could not be loaded. Check your connection and try again.</Trans>
          </p>
          <button type="button" className="button" onClick={() => send({ type: 'listing.retry' })}>
            <Trans>Retry</Trans>
          </button>
        </div>
      ) : null}
      {(canShowMore || loadingMore) && !snapshot.matches('moreFailure') ? (
        <button
          type="button"
          className="button button--secondary listing__more"
          onClick={() => send({ type: 'listing.showMore' })}
          disabled={loadingMore}
          aria-busy={loadingMore}
          data-state={loadingMore ? 'loading' : 'idle'}
        >
          {loadingMore ? t`Loading more products…` : t`Show More`}
        </button>
      ) : null}
    </div>
  );
}

export default function CategoryScreen({ params }: ScreenProps) {
  const api = useCatalogApi();
  const { t } = useLingui();
  const categoryPath = [params.top, params.category, params.sub].filter(Boolean).join('/');
  const tree = useResource((signal) => api.categories({ signal }));
  const trail = tree.status === 'success' ? findCategoryTrail(tree.data, categoryPath) : null;
  const current = trail?.at(-1) ?? null;
  const missing = tree.status === 'success' && !current;
  useDocumentHead({ title: missing ? t`Page not found` : (current?.name ?? (tree.status === 'loading' ? null : t`Products`)) });

  if (missing) return <NotFoundScreen path={`/categories/${categoryPath}`} reason="invalid" />;

  return (
    <div className="category">
      <Breadcrumb trail={trail ?? []} lastIsCurrent />
      {current ? <h1>{current.name}</h1> : tree.status === 'loading' ? <div className="skeleton skeleton--title" aria-hidden="true" /> : <h1>{t`Products`}</h1>}
      {current && current.children.length > 0 ? (
        <ul className="chip-list" aria-label={t`Subcategories`}>
          {current.children.map((child) => (
            <li key={child.path}>
              <Link href={categoryHref(child.path)} className="chip">
                {child.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {tree.status === 'failure' ? <ErrorPanel title={t`The categories could not be loaded.`} onRetry={tree.retry} /> : null}
      <ProductListing key={categoryPath} categoryPath={categoryPath} />
    </div>
  );
}
