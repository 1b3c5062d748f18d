import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useApi } from '../../shared/api/api-provider.tsx';
import { createCatalogApi } from '../../shared/api/catalog-api.ts';
import { categoryHref } from '../../shared/links.ts';
import { ProductGrid } from '../../shared/ui/product-grid.tsx';
import { ErrorPanel } from '../../shared/ui/retry.tsx';
import { ProductGridSkeleton } from '../../shared/ui/skeleton.tsx';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { useResource } from '../../shared/hooks/use-resource.ts';
import { useLayoutData } from '../../shared/hooks/layout-data.tsx';

const FEATURED_LIMIT = 12;

function FeaturedProducts() {
  const api = useApi(createCatalogApi);
  const { t } = useLingui();
  const featured = useResource((signal) => api.featured({ placement: 'home', limit: FEATURED_LIMIT }, { signal }), 'featured:home');
  switch (featured.status) {
    case 'loading':
      return <ProductGridSkeleton count={8} />;
    case 'failure':
      return <ErrorPanel title={t`Featured products could not be loaded.`} onRetry={featured.retry} />;
    case 'notFound':
      return (
        <p className="panel" data-state="empty">
          <Trans>Sorry, no products found!</Trans>
        </p>
      );
    case 'success':
      return featured.data.length === 0 ? (
        <p className="panel" data-state="empty">
          <Trans>Sorry, no products found!</Trans>
        </p>
      ) : (
        <ProductGrid products={featured.data} label={t`Featured products`} aboveFold={4} />
      );
  }
}

function TopCategories() {
  const layout = useLayoutData();
  const { t } = useLingui();
  if (layout.status !== 'loading' && (layout.status !== 'success' || layout.data.header.navigation.length === 0)) return null;
  return (
    <nav aria-label={t`Shop by category`} className="home__categories">
      <h2>
        <Trans>Shop by category</Trans>
      </h2>
      {layout.status === 'success' ? (
        <ul className="chip-list">
          {layout.data.header.navigation.map((item) => (
            <li key={item.path}>
              <Link href={categoryHref(item.path)} className="chip">
                {item.name}
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        // The row keeps its place until the layout arrives, so the featured products below do not move.
        <div className="skeleton skeleton--chips" aria-hidden="true" />
      )}
    </nav>
  );
}

export default function HomeScreen() {
  const { t } = useLingui();
  useDocumentHead({ title: t`Makeup, skincare and fragrance` });
  return (
    <div className="home">
      <section className="hero">
        <h1>
          <Trans>Beauty that fits you</Trans>
        </h1>
        <p>
          <Trans>Discover makeup, skincare and fragrance from the brands you love, and earn points on every order with Beauty Pass.</Trans>
        </p>
      </section>
      <TopCategories />
      <section aria-labelledby="featured-heading" className="home__featured">
        <h2 id="featured-heading">
          <Trans>Featured products</Trans>
        </h2>
        <FeaturedProducts />
      </section>
    </div>
  );
}
