import { lazy, Suspense } from 'react';
import type { ProductActionState } from '../../ui/product-actions.ts';

/** What an "Add to bag" button adds: a variant (the product page's choice), or a card's single-variant product by slug. */
export type AddTarget = { variantId: number } | { slug: string };

export interface AddToBagLiveProps {
  target: AddTarget;
  productName: string;
  /** The press that loaded it already moved the header's count (count-event.ts): its first add does not again. */
  precounted?: boolean;
}

/** The live part: the `addToBag` machine, the bag's API and the messages, a chunk of its own loaded at the first press. */
const AddToBagLive = lazy(() => import('./add-to-bag-live.tsx'));

export interface BagActionProps {
  target: AddTarget;
  /** For the notice and the failure message. */
  productName: string;
  /** Whose button it is, for its container's handler (product-actions.ts). */
  productId: number;
  actions: ProductActionState;
  /** "Add to bag", translated by the caller (a card translates its words once). */
  label: string;
}

/**
 * "Add to bag" on the product page and the cards (spec §4 adding → added). Until the first press
 * it is a plain button with no state of its own, pressed through its container's one delegated
 * handler (shared/ui/product-actions.ts), which moves the header's count at once (count-event.ts);
 * the press loads the button's live part (add-to-bag-live.tsx, never on a first screen), which
 * adds and shows Adding…, Added, or why it failed with a retry.
 */
export function BagAction({ target, productName, productId, actions, label }: BagActionProps) {
  const plain = (
    <div className="add-to-bag" data-state={actions.bag ? 'adding' : 'idle'}>
      <button type="button" className="button add-to-bag__button" aria-busy={actions.bag !== null} data-product-action="bag" data-product-id={productId}>
        {label}
      </button>
    </div>
  );
  if (!actions.bag) return plain;
  return (
    <Suspense fallback={plain}>
      <AddToBagLive target={target} productName={productName} precounted={actions.bag.precounted} />
    </Suspense>
  );
}
