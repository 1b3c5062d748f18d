import { Suspense, useEffect, type Dispatch, type SetStateAction } from 'react';
import type { ProductDetail, Variant } from '../../../contract/catalog.ts';
import { useOptionalApi } from '../../shared/api/api-provider.tsx';
import { createProductApi } from './product-api.ts';
import StockActions from './stock-actions.tsx';
import { useSignedIn } from '../../shared/session/session-store.ts';
import { useWaitlist } from '../../shared/session/waitlist-store.ts';
import { returnOffer } from '../../../../machines/product/return-offer.rules.ts';

/** What the product page learns from its live part after the first paint. */
export interface LiveState {
  /** Stock as it is now: overrides the cached detail's. */
  variants?: Variant[];
  /** The signed-in member is on the product's waitlist: the page shows the badge. */
  waitlisted?: boolean;
}

export interface ProductLiveProps {
  /** With the live stock once it arrived. */
  product: ProductDetail;
  /** The shade or size chosen, if any. */
  variant: Variant | null;
  /** The page's state of what is learnt here (the page is keyed by product). */
  onLive: Dispatch<SetStateAction<LiveState>>;
}

/**
 * The product page's live part, loaded after the first paint: the stock as it is now (`GET
 * variants`, never cached) and the member's waitlist for the page, and the waitlist and "Notify
 * me" by their rules (beside their machines), one of them at a time (`returnOffer`): a member's
 * waitlist when nothing can be bought (sold out, or coming soon) or the member is on it, "Notify me"
 * when the chosen shade is out of stock (a guest's email form when the whole product is).
 */
export default function ProductLive({ product, variant, onLive }: ProductLiveProps) {
  const api = useOptionalApi(createProductApi);
  const slug = product.slug;
  useEffect(() => {
    if (!api) return;
    const controller = new AbortController();
    api
      .variants(slug, { signal: controller.signal })
      // A failure keeps the cached stock: it is minutes old at most.
      .then((variants) => onLive((live) => ({ ...live, variants })), () => undefined);
    return () => controller.abort();
  }, [api, slug, onLive]);
  const waitlisted = useWaitlist()?.has(slug) ?? false;
  const signedIn = useSignedIn();
  useEffect(() => onLive((live) => ({ ...live, waitlisted })), [onLive, waitlisted]);
  if (!api) return null;
  const offer = returnOffer(product, variant, { signedIn, waitlisted });
  if (offer === null) return null;
  // Its own boundary: waiting for the feature messages must not hide (and refetch) the live stock above.
  return (
    <Suspense fallback={null}>
      <StockActions product={product} variant={variant} offer={offer} />
    </Suspense>
  );
}
