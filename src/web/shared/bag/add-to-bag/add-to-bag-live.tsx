import { useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import { useView, viewNow } from '../../hooks/use-view.ts';
import { useEffect, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { Cart } from '../../../../contract/cart.ts';
import { addToBagConnect } from '../../../../../machines/bag/add-to-bag.connect.ts';
import { addToBagMachine } from '../../../../../machines/bag/add-to-bag.machine.ts';
import type { BagFailureReason } from '../../../../../machines/bag/bag.failure.ts';
import { useApi } from '../../api/api-provider.tsx';
import { createCartApi, type CartApi } from '../../api/cart-api.ts';
import { ApiError } from '../../api/errors.ts';
import { useFeatureCatalog } from '../../i18n/use-feature-catalog.ts';
import { useBagCountStore } from '../bag-count.tsx';
import type { AddTarget, AddToBagLiveProps } from './add-to-bag-button.tsx';
import { addToBagMessages } from './messages.ts';

/** A card's product by slug: its one variant, read live (a card carries no variant id). */
async function variantOf(api: CartApi, target: AddTarget): Promise<number> {
  if ('variantId' in target) return target.variantId;
  const ids = await api.variantIds(target.slug);
  const [only] = ids;
  if (ids.length !== 1 || only === undefined) throw new ApiError('http', 'choose a shade first', { status: 409 });
  return only;
}

/**
 * The "Add to bag" button once pressed (add-to-bag-button.tsx loads it): the `addToBag` machine
 * with the bag's API (`POST cart/line-items`, shared/api/cart-api.ts), the header's count store,
 * the first add sent as it mounts.
 */
export default function AddToBagLive({ target, productName, precounted = false }: AddToBagLiveProps) {
  useFeatureCatalog(addToBagMessages);
  const { t } = useLingui();
  const api = useApi(createCartApi);
  const count = useBagCountStore();
  // The product page may change the shade after the first click: each add reads the current one.
  const targetRef = useRef(target);
  const precountedRef = useRef(precounted);
  useEffect(() => {
    targetRef.current = target;
  }, [target]);
  const [machine] = useState(() =>
    addToBagMachine.provide({
      actors: { addToBag: fromPromise<Cart, { quantity: number }>(async ({ input }) => api.addLine(await variantOf(api, targetRef.current), input.quantity)) },
      actions: {
        counted: (_, delta: number) => {
          // The loading press moved the count already (count-event.ts); its answer or failure moves it back as usual.
          if (precountedRef.current && delta > 0) {
            precountedRef.current = false;
            return;
          }
          count?.shift(delta);
        },
        changed: (_, bag: Cart) => count?.confirm(bag.count),
      },
    }),
  );
  const actor = useActorRef(machine);
  const view = useView(actor, addToBagConnect);
  // The click that loaded this chunk is the first add.
  useEffect(() => {
    viewNow(actor, addToBagConnect).add();
  }, [actor]);
  // This button took the place of the plain one that was pressed, and the focus went with that one
  // to the page's body: a keyboard user would start again from the top. Given back to the button
  // unless the shopper has moved on meanwhile.
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) button.current?.focus();
  }, []);
  const failures: Record<BagFailureReason, string> = {
    unavailable: t`Sorry, ${productName} is not available in that quantity.`,
    notOnSale: t`Sorry, ${productName} is not available yet.`,
    bagFull: t`Your bag is full. Remove something to add more.`,
    gone: t`Sorry, ${productName} is no longer available.`,
    sampleLimit: t`${productName} could not be added to your bag. Please try again.`,
    signedOut: t`Your session has ended. Sign in again to add to your bag.`,
    failed: t`${productName} could not be added to your bag. Please try again.`,
  };
  const { status, failure } = view;
  return (
    <div className="add-to-bag" data-state={status}>
      <button ref={button} type="button" className="button add-to-bag__button" aria-busy={view.busy} onClick={() => (status === 'failure' ? view.retry() : view.add())}>
        {status === 'adding' ? t`Adding…` : status === 'added' ? t`Added` : status === 'failure' ? t`Try again` : t`Add to bag`}
      </button>
      <p className="add-to-bag__status" role="status">
        {status === 'added' ? t`${productName} was added to your bag.` : ''}
      </p>
      {failure ? (
        <p className="add-to-bag__error" role="alert">
          {failures[failure]}
        </p>
      ) : null}
    </div>
  );
}
