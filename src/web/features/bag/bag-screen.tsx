import { useLingui } from '@lingui/react/macro';
import { useEffect, useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import { fromPromise, type ActorRefFrom } from 'xstate';
import type { Cart } from '../../../contract/cart.ts';
import { bagConnect, type BagLineView } from '../../../../machines/bag/bag.connect.ts';
import type { BagAction, BagFailure, BagFailureReason } from '../../../../machines/bag/bag.failure.ts';
import { bagMachine, type LineWriteInput } from '../../../../machines/bag/bag.machine.ts';
import { useApi } from '../../shared/api/api-provider.tsx';
import { createCartApi, type CartApi } from '../../shared/api/cart-api.ts';
import { useBagCountStore } from '../../shared/bag/bag-count.tsx';
import { useDocumentHead } from '../../shared/head/use-document-head.ts';
import { useFeatureCatalog } from '../../shared/i18n/use-feature-catalog.ts';
import { useNotify } from '../../shared/notifications/notify.ts';
import { useWishlistActions } from '../../shared/wishlist/use-wishlist.ts';
import { useView } from '../../shared/hooks/use-view.ts';
import { useScreenActor } from '../../shared/ssr/screen-state.tsx';
import { useResponsePersonal } from '../../shared/ssr/server-render.tsx';
import { ErrorPanel } from '../../shared/ui/retry.tsx';
import { PageSkeleton } from '../../shared/ui/skeleton.tsx';
import { BagGiftCards } from './bag-gift-cards.tsx';
import { BagReward } from './bag-reward.tsx';
import { createBagRewardsApi } from './bag-rewards-api.ts';
import { BagLines } from './bag-lines.tsx';
import { BagOffers } from './bag-offers.tsx';
import { BagSamples } from './bag-samples.tsx';
import { BagSummary } from './bag-summary.tsx';
import { bagMessages } from './messages.ts';
import './bag.css';

/** One line's write as the API has it: add (no line yet), set, or remove. */
function writeLine(api: CartApi, { variantId, lineId, quantity }: LineWriteInput): Promise<Cart> {
  if (lineId === null) return api.addLine(variantId, quantity);
  return quantity === 0 ? api.removeLine(lineId) : api.setLine(lineId, quantity);
}

function useFailureText(): (failure: BagFailure) => { title: string; text: string } {
  const { t } = useLingui();
  return ({ action, productName, reason }) => {
    const name = productName ?? t`An item`;
    const titles: Record<BagAction, string> = {
      quantity: t`The quantity of ${name} could not be changed.`,
      remove: t`${name} could not be removed.`,
      add: t`${name} could not be added to your bag.`,
      samples: t`Your samples could not be saved.`,
      merge: t`Your earlier bag could not be added to this one.`,
      removeGiftCard: productName ? t`The e-gift card for ${name} could not be removed.` : t`The e-gift card could not be removed.`,
      removeReward: productName ? t`The reward ${name} could not be removed.` : t`The reward could not be removed.`,
    };
    const texts: Record<BagFailureReason, string> = {
      unavailable: t`There is not enough left in stock.`,
      notOnSale: t`It is not available yet.`,
      bagFull: t`Your bag is full.`,
      gone: t`It is no longer available.`,
      sampleLimit: t`You have chosen the most samples you can.`,
      signedOut: t`Your session has ended. Sign in again.`,
      failed: t`Your bag is as it was. Please try again.`,
    };
    return { title: titles[action], text: texts[reason] };
  };
}

/** What the guest bag's merge at sign-in could not keep as it was (capped by stock or the line limit). */
function MergeNotice({ notice }: { notice: NonNullable<Cart['mergeNotice']> }) {
  const { t } = useLingui();
  return (
    <div className="panel bag__merge" role="status">
      <p className="panel__title">{t`We added your earlier bag to this one. Some quantities changed:`}</p>
      <ul>
        {notice.map(({ productName, variantName, requested, kept }) => (
          <li key={`${productName}-${variantName}`}>{t`${productName} (${variantName}): ${kept} of ${requested} kept`}</li>
        ))}
      </ul>
    </div>
  );
}

type BagActor = ActorRefFrom<typeof bagMachine>;

/* The bag's sections, each reading its own part of the view-model. */

function Lines({ actor, onMoveToWishlist }: { actor: BagActor; onMoveToWishlist: (line: BagLineView) => void }) {
  const lines = useView(actor, bagConnect, (bag) => bag.lines);
  return lines.length > 0 ? <BagLines lines={lines} onMoveToWishlist={onMoveToWishlist} /> : null;
}

function GiftCards({ actor }: { actor: BagActor }) {
  return <BagGiftCards giftCards={useView(actor, bagConnect, (bag) => bag.giftCards)} />;
}

function Reward({ actor }: { actor: BagActor }) {
  return <BagReward view={useView(actor, bagConnect, (bag) => bag.reward)} />;
}

function Samples({ actor }: { actor: BagActor }) {
  const { samples, toggleSample } = useView(actor, bagConnect, (bag) => ({ samples: bag.samples, toggleSample: bag.toggleSample }));
  return <BagSamples samples={samples} onToggle={toggleSample} />;
}

function Offers({ actor }: { actor: BagActor }) {
  const view = useView(actor, bagConnect, ({ offers, beautyPassOffers, offerBusy, offerFailure, applyOffer, removeOffer }) => ({ offers, beautyPassOffers, offerBusy, offerFailure, applyOffer, removeOffer }));
  return <BagOffers view={view} />;
}

function Summary({ actor }: { actor: BagActor }) {
  const view = useView(actor, bagConnect, ({ bag, giftCardsTotal, deliveredByEmail, saving, checkoutDisabledReason, checkout }) => ({ bag, giftCardsTotal, deliveredByEmail, saving, checkoutDisabledReason, checkout }));
  if (!view.bag) return null;
  return (
    <BagSummary
      bag={view.bag}
      giftCardsTotal={view.giftCardsTotal}
      deliveredByEmail={view.deliveredByEmail}
      saving={view.saving}
      checkoutDisabledReason={view.checkoutDisabledReason}
      onCheckout={view.checkout}
    />
  );
}

/**
 * `/cart` (spec §2): the bag, server-rendered from its screen machine (`GET cart/` in one read) and
 * restored from the page's snapshot in the browser; changes are the bag machine's (optimistic,
 * rolled back with a notification on failure), and checkout waits for the guard's yes.
 */
export default function BagScreen() {
  useFeatureCatalog(bagMessages);
  const { t } = useLingui();
  const api = useApi(createCartApi);
  const rewardsApi = useApi(createBagRewardsApi);
  const count = useBagCountStore();
  const notify = useNotify();
  const failureText = useFailureText();
  const { addToWishlist } = useWishlistActions();
  const [, navigate] = useLocation();
  useDocumentHead({ title: t`Bag` });
  // A guest's bag is theirs (by cookie): the page is never shared from the server's cache.
  useResponsePersonal();
  // The effects reach the latest `notify`/`navigate` through the provided actions, made once per API.
  const machine = useMemo(
    () =>
      bagMachine.provide({
        actors: {
          loadBag: fromPromise(({ signal }) => api.screen({ signal })),
          writeLine: fromPromise<Cart, LineWriteInput>(({ input }) => writeLine(api, input)),
          saveSamples: fromPromise<Cart, { sampleIds: number[] }>(({ input }) => api.saveSamples(input.sampleIds)),
          setOffer: fromPromise<Cart, { code: string | null }>(({ input }) => (input.code === null ? api.removeOffer() : api.applyOffer(input.code))),
          mergeBag: fromPromise<Cart>(() => api.mergeGuestBag()),
          removeGiftCard: fromPromise<Cart, { id: number }>(({ input }) => api.removeGiftCard(input.id)),
          removeReward: fromPromise<Cart, { id: number }>(({ input }) => rewardsApi.removeReward(input.id)),
        },
        actions: {
          changed: (_, bag: Cart) => count?.confirm(bag.count),
          // After the machine's step: the toast queue is another actor, and starting it inside this step's action is not this step's work.
          failed: (_, failure: BagFailure | null) => {
            if (failure) queueMicrotask(() => notify({ ...failureText(failure), type: 'error', group: 'bag' }));
          },
          // Checkout is the next issue's screen; the guard has said yes.
          checkout: () => navigate('/checkout'),
        },
      }),
    // Made once per API: the machine must not restart when the language or the notifier change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [api, rewardsApi],
  );
  const actor = useScreenActor('cart', machine);
  // Only what the page's frame shows: each section below selects its own part, so a change of one
  // (a sample picked, an offer applying) renders that section and not the lines or the summary.
  const view = useView(actor, bagConnect, (bag) => ({
    status: bag.status,
    loadedCount: bag.bag?.count ?? null,
    mergeNotice: bag.bag?.mergeNotice ?? null,
    mergePending: bag.mergePending,
    merging: bag.merging,
    mergeBag: bag.mergeBag,
    stockWarning: bag.stockWarning,
    deliveredByEmail: bag.deliveredByEmail,
    retry: bag.retry,
    refresh: bag.refresh,
  }));
  const { loadedCount, refresh } = view;
  // The wish list's own store: a guest's list is on the device, a member's on the server; either way
  // the line leaves the bag only once the list holds it (the store says what failed otherwise).
  const moveToWishlist = (line: BagLineView) => {
    const { product, variant } = line.line;
    void addToWishlist({ productId: product.id, slug: product.slug, name: product.name }, variant.id).then((kept) => {
      if (kept) line.remove();
    });
  };
  // Another tab changed the bag: read it again (the machine waits until this tab's own changes are back).
  useEffect(() => count?.onOtherTab(refresh), [count, refresh]);
  // The bag read here is the newest count this tab knows: the header (and other tabs) follow it.
  useEffect(() => {
    if (loadedCount !== null) count?.confirm(loadedCount);
  }, [count, loadedCount]);

  return (
    <div className="bag" data-state={view.status}>
      <h1>{t`Bag`}</h1>
      {view.status === 'loading' ? <PageSkeleton /> : null}
      {view.status === 'failure' ? <ErrorPanel title={t`Your bag could not be loaded.`} onRetry={view.retry} /> : null}
      {view.status === 'empty' ? (
        <div className="bag__empty" data-state="empty-cart">
          <p>{t`Your bag is empty.`}</p>
          <Link href="/" className="button">
            {t`Continue shopping`}
          </Link>
        </div>
      ) : null}
      {view.status === 'ready' ? (
        <div className="bag__layout">
          <div className="bag__main">
            {view.mergePending ? (
              <div className="panel bag__merge" data-state={view.merging ? 'merging' : 'pending'}>
                <p className="panel__title">{t`The bag you filled before signing in could not be added to this one.`}</p>
                <button type="button" className="button" onClick={view.mergeBag} disabled={view.merging} aria-busy={view.merging}>
                  {view.merging ? t`Adding your earlier bag…` : t`Add it now`}
                </button>
              </div>
            ) : null}
            {view.mergeNotice && view.mergeNotice.length > 0 ? <MergeNotice notice={view.mergeNotice} /> : null}
            {view.stockWarning ? (
              <p className="bag__warning" role="alert">
                {view.stockWarning === 'not_on_sale' ? t`Remove the item that is not on sale yet to check out.` : t`Out-of-stock item must be removed to proceed`}
              </p>
            ) : null}
            <Lines actor={actor} onMoveToWishlist={moveToWishlist} />
            <GiftCards actor={actor} />
            <Reward actor={actor} />
            {/* E-gift cards only: emailed, not a parcel: no samples to pick, no offers to spend towards. */}
            {view.deliveredByEmail ? null : <Samples actor={actor} />}
            {view.deliveredByEmail ? null : <Offers actor={actor} />}
          </div>
          <Summary actor={actor} />
        </div>
      ) : null}
    </div>
  );
}
