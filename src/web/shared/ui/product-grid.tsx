import { useEffect, useRef } from 'react';
import type { ProductSummary } from '../../../contract/catalog.ts';
import { useWaitlist } from '../session/waitlist-store.ts';
import { ProductCard } from './product-card.tsx';

/** A responsive grid of cards; `focusIndex` moves focus to that card (the first new one after Show More). */
export function ProductGrid({ products, focusIndex = null, label }: { products: readonly ProductSummary[]; focusIndex?: number | null; label?: string }) {
  const links = useRef(new Map<number, HTMLAnchorElement>());
  const waitlist = useWaitlist();
  useEffect(() => {
    if (focusIndex !== null) links.current.get(focusIndex)?.focus();
  }, [focusIndex]);
  return (
    <ul className="product-grid" aria-label={label} data-state="loaded">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            waitlisted={waitlist?.has(product.slug) ?? false}
            ref={(element) => {
              if (element) links.current.set(index, element);
              else links.current.delete(index);
            }}
          />
        </li>
      ))}
    </ul>
  );
}
