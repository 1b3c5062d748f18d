import { Trans, useLingui } from '@lingui/react/macro';
import { useActorRef } from '@xstate/react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { fromPromise } from 'xstate';
import { wishlistMoveConnect } from '../../../../machines/wishlist/wishlist-move.connect.ts';
import { wishlistMoveMachine } from '../../../../machines/wishlist/wishlist-move.machine.ts';
import { moveTarget, type MoveFailure } from '../../../../machines/wishlist/wishlist-move.rules.ts';
import { STOCK_DATA_STATE, type StockState } from '../../../../machines/product/stock-state.rules.ts';
import type { Money } from '../../../contract/site.ts';
import type { ProductDetail } from '../../../contract/catalog.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { useBagCountStore } from '../../shared/bag/bag-count.tsx';
import { createCatalogApi } from '../../shared/api/catalog-api.ts';
import { useNotify } from '../../shared/notifications/notify.ts';
import { Price } from '../../shared/ui/price.tsx';
import { useWishlistActions } from '../../shared/wishlist/use-wishlist.ts';
import { createWishlistScreenApi } from './wishlist-api.ts';
import { useView } from '../../shared/hooks/use-view.ts';

/** One item as the list shows it, from the member's `GET wishlist` or a guest's product read. */
export interface WishlistRowData {
  productId: number;
  slug: string;
  name: string;
  brand: string;
  imageUrl: string;
  price: Money;
  salePrice: Money | null;
  /** What the product page says of it (machines/product/stock-state.rules.ts): only `inStock` can be moved to the bag. */
  stock: StockState;
  /** The shade or size liked, if any. */
  variantId: number | null;
  variantName: string | null;
  /** The product's shades and sizes when already read (a guest's row): "Move to bag" knows at once whether to ask for a choice. */
  variants: ProductDetail['variants'] | null;
}

/**
 * An item: image, name, price, stock, Remove, and "Move to bag" (or a link to choose a shade first).
 * A coming-soon product says "Not on sale yet" and offers no "Move to bag" (the bag would refuse it).
 */
export function WishlistRow({ item }: { item: WishlistRowData }) {
  const { t } = useLingui();
  const stockId = useId();
  const nameId = useId();
  const api = useApi(createWishlistScreenApi);
  const catalog = useApi(createCatalogApi);
  const notify = useNotify();
  const { removeFromWishlist } = useWishlistActions();
  const bagCount = useBagCountStore();
  const name = item.name;
  const ref = { productId: item.productId, slug: item.slug, name };
  const [machine] = useState(() =>
    wishlistMoveMachine.provide({
      actors: {
        moveToBag: fromPromise<'moved' | 'choose', undefined>(async ({ signal }) => {
          const target = moveTarget(item.variantId, item.variants ?? (item.variantId === null ? (await catalog.product(item.slug, { signal })).variants : []));
          if (target.kind === 'choose') return 'choose';
          if (target.kind === 'outOfStock') throw { moveFailure: 'outOfStock' satisfies MoveFailure };
          // Added first, whatever else: in `bagCount?.confirm(await …)` a missing count store would skip the add itself.
          const count = await api.addToBag(target.variantId);
          // The header's count follows at once (and the other tabs').
          bagCount?.confirm(count);
          return 'moved';
        }),
      },
      actions: {
        // After the machine's step: the notice and the wish list are other actors, not this step's work.
        moved: () =>
          queueMicrotask(() => {
            notify({ type: 'success', group: 'wishlist', text: t`${name} is in your bag.` });
            void removeFromWishlist(ref);
          }),
      },
    }),
  );
  const actor = useActorRef(machine);
  const view = useView(actor, wishlistMoveConnect);
  const known = item.variants ? moveTarget(item.variantId, item.variants) : null;
  const mustChoose = view.mustChoose || known?.kind === 'choose';
  const inStock = item.stock === 'inStock';
  const stockText: Record<StockState, string> = { inStock: t`In stock`, outOfStock: t`Out of stock`, comingSoon: t`Not on sale yet` };
  const failures: Record<MoveFailure, string> = {
    outOfStock: t`${name} is out of stock, so it stays on your wish list.`,
    notOnSale: t`${name} is not available yet, so it stays on your wish list.`,
    unavailable: t`${name} is no longer available.`,
    bagFull: t`Your bag is full. Remove something from it first.`,
    signedOut: t`Your session has ended. Sign in again to move it to your bag.`,
    failed: t`${name} could not be moved to your bag. Please try again.`,
  };
  return (
    <li className="wishlist-row" data-state={view.busy ? 'moving' : STOCK_DATA_STATE[item.stock]}>
      <Link href={`/products/${item.slug}`} className="wishlist-row__product">
        <img className="wishlist-row__image" src={item.imageUrl} alt="" width={96} height={96} loading="lazy" decoding="async" />
        <span className="wishlist-row__brand">{item.brand}</span>
        <span className="wishlist-row__name" id={nameId}>
          {item.name}
        </span>
        {item.variantName ? <span className="wishlist-row__variant">{item.variantName}</span> : null}
      </Link>
      <Price price={item.price} salePrice={item.salePrice} />
      <p id={stockId} className="stock" data-state={STOCK_DATA_STATE[item.stock]}>
        {stockText[item.stock]}
      </p>
      <div className="wishlist-row__actions">
        {item.stock === 'comingSoon' ? null : mustChoose ? (
          <Link href={`/products/${item.slug}`} className="button" aria-describedby={nameId}>
            <Trans>Choose a shade or size</Trans>
          </Link>
        ) : (
          <button
            type="button"
            className="button"
            disabled={!inStock || view.busy}
            aria-describedby={inStock ? nameId : `${nameId} ${stockId}`}
            aria-busy={view.busy || undefined}
            onClick={view.move}
          >
            {view.busy ? t`Moving…` : t`Move to bag`}
          </button>
        )}
        <button type="button" className="button button--secondary" aria-describedby={nameId} onClick={() => void removeFromWishlist(ref)}>
          {t`Remove`}
        </button>
      </div>
      {view.failure ? (
        <p className="wishlist-row__error" role="alert">
          {failures[view.failure]}
        </p>
      ) : null}
    </li>
  );
}


/** A row whose product is still being read: the row's size, so nothing moves when it arrives. */
export function WishlistRowSkeleton() {
  return <li className="wishlist-row wishlist-row--skeleton" aria-hidden="true" />;
}
