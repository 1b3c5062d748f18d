import { useLingui } from '@lingui/react/macro';
import { forwardRef } from 'react';
import { Link } from 'wouter';
import { STOCK_DATA_STATE, stockState } from '../../../../machines/product/stock-state.rules.ts';
import type { ProductSummary } from '../../../contract/catalog.ts';
import { BagAction } from '../bag/add-to-bag/add-to-bag-button.tsx';
import { Badges } from './badges.tsx';
import type { ProductActionState } from './product-actions.ts';
import { Price } from './price.tsx';
import { HeartAction } from './wishlist-heart.tsx';


/** How a card's image loads: `high` and `eager` are for cards in the first screen (ProductGrid decides). */
export type ImagePriority = 'high' | 'eager' | 'lazy';

interface ProductCardProps {
  product: ProductSummary;
  /** The signed-in member is on the product's waitlist (their own data, never in the cached summary). */
  waitlisted?: boolean;
  /** `lazy` by default: most cards are below the fold. */
  imagePriority?: ImagePriority;
  /** What its heart and "Add to bag" do now: kept by the grid, whose one click handler presses them (product-actions.ts); a card outside a ProductGrid would have dead buttons. */
  actions: ProductActionState;
}

export const ProductCard = forwardRef<HTMLAnchorElement, ProductCardProps>(function ProductCard({ product, waitlisted = false, imagePriority = 'lazy', actions }, ref) {
  const { t } = useLingui();
  const name = product.name;
  const average = product.rating.average.toFixed(1);
  const count = product.rating.count;
  // The product page's rule (in stock, out of stock, coming soon): only a product in stock and on sale has "Add to bag".
  const state = stockState(product, null);
  return (
    <article className="product-card" data-state={STOCK_DATA_STATE[state]}>
      <Link href={`/products/${product.slug}`} className="product-card__link" ref={ref}>
        {/* Sized (and aspect-ratio in CSS) so the card's height is known before the image arrives. */}
        <img
          className="product-card__image"
          src={product.imageUrl}
          alt=""
          width={300}
          height={300}
          loading={imagePriority === 'lazy' ? 'lazy' : 'eager'}
          decoding={imagePriority === 'lazy' ? 'async' : undefined}
          fetchPriority={imagePriority === 'high' ? 'high' : undefined}
        />
        <span className="product-card__brand">{product.brand.name}</span>
        <span className="product-card__name">{product.name}</span>
      </Link>
      <HeartAction product={product} actions={actions} label={t`Add ${name} to wish list`} />
      <Price price={product.price} salePrice={product.salePrice} />
      {count > 0 ? (
        <p className="rating">
          <span className="visually-hidden">{t`Rated ${average} out of 5 by ${count} reviewers`}</span>
          <span aria-hidden="true">★ {average}</span> <span aria-hidden="true">({count})</span>
        </p>
      ) : null}
      <Badges badges={waitlisted ? [...product.badges, 'waitlisted'] : product.badges} />
      {/* A product of several shades or sizes is chosen on its page: the card's link leads there. A coming-soon one is not sold yet. */}
      {state === 'inStock' && product.variantCount === 1 ? <BagAction target={{ slug: product.slug }} productName={name} productId={product.id} actions={actions} label={t`Add to bag`} /> : null}
    </article>
  );
});
