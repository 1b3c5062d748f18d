import { useLingui } from '@lingui/react/macro';
import { Suspense, useContext, useState } from 'react';
import type { AddTarget } from './add-target.ts';
import { AddToBagLiveContext, shiftBagCount } from './add-to-bag-slot.ts';

export interface AddToBagButtonProps {
  target: AddTarget;
  /** For the notice and the failure message. */
  productName: string;
}

/**
 * "Add to bag" on the product page and the cards (spec §4 adding → added). Until the first click it
 * is a plain button; the click loads the button's machine, which adds at once (the header's count
 * moves before the answer) and shows Adding…, Added, or why it failed with a retry.
 */
export function AddToBagButton({ target, productName }: AddToBagButtonProps) {
  const { t } = useLingui();
  // The machine, the bag's API and their messages: a lazy chunk fetched at the first click, never on a first screen.
  const AddToBagLive = useContext(AddToBagLiveContext);
  // Pressed: whether the header's count took the press already (add-to-bag-slot.ts), so the live part does not count it again.
  const [pressed, setPressed] = useState<{ precounted: boolean } | null>(null);
  const plain = (
    <div className="add-to-bag" data-state={pressed ? 'adding' : 'idle'}>
      <button
        type="button"
        className="button add-to-bag__button"
        aria-busy={pressed !== null}
        onClick={() => {
          // The header's count moves with the press, not once the live part has loaded (≤ 100 ms at 4× slowdown, bench:web).
          if (!pressed) setPressed({ precounted: AddToBagLive ? shiftBagCount(1) : false });
        }}
      >
        {t`Add to bag`}
      </button>
    </div>
  );
  if (!pressed || !AddToBagLive) return plain;
  return (
    <Suspense fallback={plain}>
      <AddToBagLive target={target} productName={productName} precounted={pressed.precounted} />
    </Suspense>
  );
}
