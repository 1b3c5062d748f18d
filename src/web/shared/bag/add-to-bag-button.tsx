import { useLingui } from '@lingui/react/macro';
import { Suspense, useContext, useState } from 'react';
import type { AddTarget } from './add-target.ts';
import { AddToBagLiveContext, shiftBagCount } from './add-to-bag-slot.ts';

export interface AddToBagButtonProps {
  target: AddTarget;
  /** For the notice and the failure message. */
  productName: string;
}

interface PlainAddToBagProps {
  /** "Add to bag", translated by the caller (a card translates its words once). */
  label: string;
  busy: boolean;
  /** A card's button: the grid's one click handler finds it by these (ui/card-actions.ts); the page's button has its own. */
  cardProductId?: number;
  onClick?: () => void;
}

/** "Add to bag" before its live part: what the server renders and the browser hydrates, with no state of its own. */
export function PlainAddToBag({ label, busy, cardProductId, onClick }: PlainAddToBagProps) {
  return (
    <div className="add-to-bag" data-state={busy ? 'adding' : 'idle'}>
      <button
        type="button"
        className="button add-to-bag__button"
        aria-busy={busy}
        {...(cardProductId !== undefined ? { 'data-card-action': 'bag', 'data-product-id': cardProductId } : {})}
        onClick={onClick}
      >
        {label}
      </button>
    </div>
  );
}

/**
 * "Add to bag" on the product page (spec §4 adding → added; the cards' buttons are kept by their
 * grid, ui/card-actions.ts). Until the first click it is a plain button; the click loads the
 * button's machine, which adds at once (the header's count moves before the answer) and shows
 * Adding…, Added, or why it failed with a retry.
 */
export function AddToBagButton({ target, productName }: AddToBagButtonProps) {
  const { t } = useLingui();
  // The machine, the bag's API and their messages: a lazy chunk fetched at the first click, never on a first screen.
  const AddToBagLive = useContext(AddToBagLiveContext);
  // Pressed: whether the header's count took the press already (add-to-bag-slot.ts), so the live part does not count it again.
  const [pressed, setPressed] = useState<{ precounted: boolean } | null>(null);
  const plain = (
    <PlainAddToBag
      label={t`Add to bag`}
      busy={pressed !== null}
      onClick={() => {
        // The header's count moves with the press, not once the live part has loaded (≤ 100 ms at 4× slowdown, bench:web).
        if (!pressed) setPressed({ precounted: AddToBagLive ? shiftBagCount(1) : false });
      }}
    />
  );
  if (!pressed || !AddToBagLive) return plain;
  return (
    <Suspense fallback={plain}>
      <AddToBagLive target={target} productName={productName} precounted={pressed.precounted} />
    </Suspense>
  );
}
