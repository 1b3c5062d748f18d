import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useSyncExternalStore } from 'react';
import { Link } from 'wouter';
import { stockState } from '../../../../machines/product/stock-state.rules.ts';
import type { WishlistItem } from '../../../contract/cart.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { createCatalogApi } from '../../shared/api/catalog-api.ts';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { useResource } from '../../shared/hooks/use-resource.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { useSignedIn } from '../../shared/session/session-store.ts';
import { ErrorPanel } from '../../shared/ui/retry.tsx';
import type { DeviceEntry } from '../../shared/wishlist/device-list.ts';
import type { WishlistStore } from '../../shared/wishlist-store.ts';
import { useWishlistActions, useWishlistEngine } from '../../shared/wishlist/use-wishlist.ts';
import { wishlistMessages } from './messages.ts';
import { createWishlistScreenApi } from './wishlist-api.ts';
import { WishlistRow, WishlistRowSkeleton, type WishlistRowData } from './wishlist-row.tsx';
import './wishlist.css';

const NO_SUBSCRIPTION = () => () => undefined;

/** The ids of `items` the list still holds (a Remove or a move to the bag takes them off at once). */
function useListed(engine: WishlistStore | null, ids: readonly number[]): ReadonlySet<number> {
  const key = useSyncExternalStore(
    engine ? engine.subscribe : NO_SUBSCRIPTION,
    () => ids.filter((id) => engine?.state(id) !== false).join(','),
    () => ids.join(','),
  );
  return new Set(key === '' ? [] : key.split(',').map(Number));
}

function EmptyWishlist() {
  return (
    <div className="wishlist__empty" data-state="empty">
      <p>
        <Trans>Your wish list is empty.</Trans>
      </p>
      <p>
        <Trans>Select the heart on any product to keep it here for later.</Trans>
      </p>
      <Link href="/" className="button">
        <Trans>Continue shopping</Trans>
      </Link>
    </div>
  );
}

function memberRow(item: WishlistItem): WishlistRowData {
  const { inStock, badges, ...rest } = item;
  // `inStock` already follows the liked shade, when there is one.
  return { ...rest, stock: stockState({ inStock, badges }, null), variantName: null, variants: null };
}

/** A member's list: `GET wishlist` as a screen resource, rendered by the server and restored in the browser. */
function MemberWishlist({ labelId }: { labelId: string }) {
  const { t } = useLingui();
  const api = useApi(createWishlistScreenApi);
  const items = useResource((signal) => api.items({ signal }), 'wishlist');
  const engine = useWishlistEngine();
  const data = items.status === 'success' ? items.data : null;
  // The hearts elsewhere learn the list from this read rather than asking again.
  useEffect(() => {
    if (engine && data) engine.seed(data.map((item) => item.productId));
  }, [engine, data]);
  const listed = useListed(engine, data?.map((item) => item.productId) ?? []);
  if (items.status === 'failure' || items.status === 'notFound') return <ErrorPanel title={t`Your wish list could not be loaded.`} {...(items.status === 'failure' ? { onRetry: items.retry } : {})} />;
  if (!data) return <ul className="wishlist__items" aria-busy="true">{[0, 1, 2].map((index) => <WishlistRowSkeleton key={index} />)}</ul>;
  const shown = data.filter((item) => listed.has(item.productId));
  if (shown.length === 0) return <EmptyWishlist />;
  return (
    <ul className="wishlist__items" aria-labelledby={labelId}>
      {shown.map((item) => (
        <WishlistRow key={item.productId} item={memberRow(item)} />
      ))}
    </ul>
  );
}

/** One entry of a guest's list: the product read by its slug (cached), shown in its row's size meanwhile. */
function GuestRow({ entry }: { entry: DeviceEntry }) {
  const { t } = useLingui();
  const catalog = useApi(createCatalogApi);
  const { removeFromWishlist } = useWishlistActions();
  const product = useResource((signal) => catalog.product(entry.slug, { signal }));
  if (product.status === 'loading') return <WishlistRowSkeleton />;
  if (product.status === 'failure') {
    return (
      <li className="wishlist-row" data-state="failed">
        <p className="wishlist-row__error">{t`This item could not be loaded.`}</p>
        <div className="wishlist-row__actions">
          <button type="button" className="button button--secondary" onClick={product.retry}>
            {t`Retry`}
          </button>
        </div>
      </li>
    );
  }
  if (product.status === 'notFound') {
    // Not sold here (another country's catalogue) or discontinued: it can still be taken off the list.
    return (
      <li className="wishlist-row" data-state="unavailable">
        <p className="wishlist-row__error">{t`This product is no longer available.`}</p>
        <div className="wishlist-row__actions">
          <button type="button" className="button button--secondary" onClick={() => void removeFromWishlist({ productId: entry.productId, slug: entry.slug, name: entry.slug })}>
            {t`Remove`}
          </button>
        </div>
      </li>
    );
  }
  const detail = product.data;
  const variant = detail.variants.find((item) => item.id === entry.variantId) ?? null;
  const item: WishlistRowData = {
    productId: detail.id,
    slug: detail.slug,
    name: detail.name,
    brand: detail.brand.name,
    imageUrl: variant?.imageUrl ?? detail.imageUrl,
    price: detail.price,
    salePrice: detail.salePrice,
    stock: stockState(detail, variant),
    variantId: variant?.id ?? null,
    variantName: variant?.name ?? null,
    variants: detail.variants,
  };
  return <WishlistRow item={item} />;
}

/**
 * A guest's list lives on the device: the server cannot know it, so the server and the hydrating
 * browser render the heading alone (no spinner), and the list fills in once the device is read.
 */
function GuestWishlist({ labelId }: { labelId: string }) {
  const engine = useWishlistEngine();
  const entries = useSyncExternalStore(
    engine ? engine.subscribe : NO_SUBSCRIPTION,
    () => (engine?.known() ? engine.deviceEntries() : null),
    () => null,
  );
  if (entries === null) return null;
  const newestFirst = [...entries].reverse().filter((entry) => engine?.state(entry.productId) !== false);
  if (newestFirst.length === 0) return <EmptyWishlist />;
  return (
    <ul className="wishlist__items" aria-labelledby={labelId}>
      {newestFirst.map((entry) => (
        <GuestRow key={entry.productId} entry={entry} />
      ))}
    </ul>
  );
}

/** `/wishlist` (issue 12): a member's list from the server, a guest's from the device, with Move to bag and Remove. */
export default function WishlistScreen() {
  useFeatureCatalog(wishlistMessages);
  const { t } = useLingui();
  const signedIn = useSignedIn();
  const headingId = useId();
  useDocumentHead({ title: t`Your wish list` });
  return (
    <section className="wishlist">
      <h1 id={headingId}>{t`Your wish list`}</h1>
      {/* Above the list: the guest's list fills in after hydration, and nothing shown may move when it does. */}
      {signedIn ? null : (
        <p className="wishlist__note">
          <Trans>Your wish list is kept on this device. Sign in to keep it in your account.</Trans>
        </p>
      )}
      {signedIn ? <MemberWishlist labelId={headingId} /> : <GuestWishlist labelId={headingId} />}
    </section>
  );
}
