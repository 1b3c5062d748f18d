import { useEffect, useRef } from 'react';
import type { ProductSummary } from '../../../contract/catalog.ts';
import { useWaitlist } from '../session/waitlist-store.ts';
import { useProductActions } from './product-actions.ts';
import { ProductCard, type ImagePriority } from './product-card.tsx';

/**
 * Cards whose images the browser fetches first (`fetchpriority="high"`): the first row of the
 * phone's two columns, where the largest paint of a listing is. The rest of the first screen
 * (`aboveFold`) loads eagerly at the normal priority, so it does not compete with them.
 */
const HIGH_PRIORITY_CARDS = 2;

function imagePriority(index: number, aboveFold: number): ImagePriority {
  if (index >= aboveFold) return 'lazy';
  return index < HIGH_PRIORITY_CARDS ? 'high' : 'eager';
}

interface ProductGridProps {
  products: readonly ProductSummary[];
  /** Moves focus to that card (the first new one after Show More). */
  focusIndex?: number | null;
  label?: string;
  /**
   * How many cards start in the first screen (4: a desktop's first row, a phone's first two rows):
   * their images load at once, the first ones with high priority; the others wait until scrolled
   * near (`loading="lazy"`). 0 by default, for a grid further down a page.
   */
  aboveFold?: number;
}

/** A responsive grid of cards. */
export function ProductGrid({ products, focusIndex = null, label, aboveFold = 0 }: ProductGridProps) {
  const links = useRef(new Map<number, HTMLAnchorElement>());
  const waitlist = useWaitlist();
  const { actionsOf, onClick } = useProductActions();
  useEffect(() => {
    if (focusIndex !== null) links.current.get(focusIndex)?.focus();
  }, [focusIndex]);
  return (
    // The cards' hearts and "Add to bag" buttons are pressed through this one handler (product-actions.ts); the buttons are the keyboard's targets.
    <ul className="product-grid" aria-label={label} data-state="loaded" onClick={onClick}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard
            product={product}
            waitlisted={waitlist?.has(product.slug) ?? false}
            imagePriority={imagePriority(index, aboveFold)}
            actions={actionsOf(product.id)}
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
