import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useId, useState } from 'react';
import { useLocation } from 'wouter';
import type { ProductDetail } from '../../../contract/catalog.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { createCatalogApi } from '../../shared/api/catalog-api.ts';
import { BagAction } from '../../shared/bag/add-to-bag/add-to-bag-button.tsx';
import { Badges } from '../../shared/ui/badges.tsx';
import { Breadcrumb } from '../../shared/ui/breadcrumb.tsx';
import { Price } from '../../shared/ui/price.tsx';
import { ErrorPanel } from '../../shared/ui/retry.tsx';
import { PageSkeleton } from '../../shared/ui/skeleton.tsx';
import { ShadePicker } from '../../shared/ui/shade-picker.tsx';
import { useProductActions } from '../../shared/ui/product-actions.ts';
import { HeartAction } from '../../shared/ui/wishlist-heart.tsx';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { useResource } from '../../shared/hooks/use-resource.ts';
import type { ScreenProps } from '../../shared/screen.ts';
import type { LiveState } from './product-live.tsx';
import { NotFoundScreen } from '../../shared/ui/not-found-screen.tsx';
import { STOCK_DATA_STATE, stockState } from '../../../../machines/product/stock-state.rules.ts';

// After the first paint, in chunks of their own: live stock with the sold-out actions, and the reviews below the fold.
const features = () => import('./after-first-paint.ts');
const ProductLive = lazy(() => features().then((m) => ({ default: m.ProductLive })));
const ReviewsSection = lazy(() => features().then((m) => ({ default: m.ReviewsSection })));


function ProductView({ product: cached }: { product: ProductDetail }) {
  const { t } = useLingui();
  const pickerLabelId = useId();
  // What the lazy part learns after the first paint: the stock as it is now (overriding the cached detail's) and the member's waitlist.
  const [live, setLive] = useState<LiveState>({});
  // The heart and "Add to bag" are plain buttons pressed through this one handler, like a grid's cards.
  const { actionsOf, onClick } = useProductActions();
  const actions = actionsOf(cached.id);
  const name = cached.name;
  // `name`, as the live heart and the cards say it: one message in the catalogs.
  const heartLabel = t`Add ${name} to wish list`;
  const variants = live.variants;
  const product = variants?.length ? { ...cached, variants, inStock: variants.some((variant) => variant.stock > 0) } : cached;
  const [selectedId, setSelectedId] = useState<number | null>(product.variants[0]?.id ?? null);
  const selected = product.variants.find((variant) => variant.id === selectedId) ?? null;
  // Coming soon is neither in nor out of stock: it is not on sale yet (the bag's add refuses it too).
  const state = stockState(product, selected);
  const inStock = state === 'inStock';
  const imageUrl = selected?.imageUrl ?? product.imageUrl;
  const shadeName = selected?.name ?? '';
  const kind = selected?.kind ?? 'shade';
  const productName = product.name;
  const badges = product.badges.filter((badge) => badge !== 'out_of_stock' || state === 'outOfStock');
  const withOutOfStock = state === 'outOfStock' && !badges.includes('out_of_stock') ? [...badges, 'out_of_stock' as const] : badges;
  const shown = live.waitlisted ? [...withOutOfStock, 'waitlisted' as const] : withOutOfStock;
  const stateName = STOCK_DATA_STATE[state];

  return (
    <article className="product" data-state={stateName}>
      <Breadcrumb trail={product.categories} lastIsCurrent={false} />
      <div className="product__layout">
        {/* The page's largest paint: fetched first, and sized so nothing moves when it arrives. */}
        <img
          className="product__image"
          src={imageUrl}
          alt={selected ? t`${productName} in ${shadeName}` : productName}
          width={600}
          height={600}
          loading="eager"
          fetchPriority="high"
        />
        <div className="product__info" onClick={onClick}>
          <p className="product__brand">{product.brand.name}</p>
          <h1 className="product__name">{product.name}</h1>
          <HeartAction product={product} variantId={selected?.id ?? null} placement="page" actions={actions} label={heartLabel} />
          <Price price={product.price} salePrice={product.salePrice} />
          <Badges badges={shown} />
          <p className="stock" data-state={stateName} role="status">
            {state === 'inStock' ? t`In stock` : state === 'outOfStock' ? t`Out of stock` : t`Not on sale yet`}
          </p>
          {product.variants.length > 0 && selected ? (
            <div className="product__variants">
              <p id={pickerLabelId} className="product__variant-label">
                {kind === 'shade' ? t`Shade: ${shadeName}` : t`Size: ${shadeName}`}
              </p>
              <ShadePicker variants={product.variants} selectedId={selected.id} onSelect={(variant) => setSelectedId(variant.id)} labelId={pickerLabelId} />
            </div>
          ) : null}
          {inStock && selected ? (
            <BagAction
              target={{ variantId: selected.id }}
              productName={selected.name ? `${productName} (${shadeName})` : productName}
              productId={product.id}
              actions={actions}
              label={t`Add to bag`}
            />
          ) : null}
          <Suspense fallback={null}>
            <ProductLive product={product} variant={selected} onLive={setLive} />
          </Suspense>
        </div>
      </div>
      <section className="product__section">
        <h2>
          <Trans>Description</Trans>
        </h2>
        <p>{product.description}</p>
      </section>
      <section className="product__section">
        <h2>
          <Trans>Ingredients</Trans>
        </h2>
        <p>{product.ingredients}</p>
      </section>
      <section className="product__section">
        <h2>
          <Trans>How to use</Trans>
        </h2>
        <p>{product.howToUse}</p>
      </section>
      <Suspense fallback={null}>
        <ReviewsSection slug={product.slug} />
      </Suspense>
    </article>
  );
}

export default function ProductScreen({ params }: ScreenProps) {
  const api = useApi(createCatalogApi);
  const { t } = useLingui();
  const [location] = useLocation();
  const slug = params.slug ?? '';
  const product = useResource((signal) => api.product(slug, { signal }), `product:${slug}`);
  // One head per screen: a child's effect would run first and be overwritten by this one.
  useDocumentHead(
    product.status === 'success'
      ? { title: `${product.data.brand.name} ${product.data.name}`, description: product.data.description.slice(0, 160) }
      : { title: product.status === 'notFound' ? t`Page not found` : product.status === 'failure' ? t`Products` : null },
  );
  if (product.status === 'notFound') return <NotFoundScreen path={location} reason="invalid" />;
  if (product.status === 'failure') return <ErrorPanel title={t`This product could not be loaded.`} onRetry={product.retry} />;
  if (product.status === 'loading') return <PageSkeleton />;
  // Keyed: another product starts with its own shade choice and live stock.
  return <ProductView key={product.data.slug} product={product.data} />;
}
