import { Suspense } from 'react';
import type { ProductActionState } from '../ui/product-actions.ts';
import type { AddTarget } from './add-target.ts';

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
 * it is a plain button with no state of its own, pressed through its container's handler, which
 * moves the header's count at once (product-actions.ts); the press loads the button's live part
 * (the bag feature's machine, API and messages, a lazy chunk never on a first screen), which adds
 * and shows Adding…, Added, or why it failed with a retry.
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
  const { Live, precounted } = actions.bag;
  return (
    <Suspense fallback={plain}>
      <Live target={target} productName={productName} precounted={precounted} />
    </Suspense>
  );
}
