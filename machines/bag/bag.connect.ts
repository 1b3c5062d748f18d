import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { Cart, CartLine, Offer, SampleChoice } from '../../src/contract/cart.ts';
import type { CartReward } from '../../src/contract/beauty-pass.ts';
import type { CartGiftCard } from '../../src/contract/gift-cards.ts';
import type { BagFailure, OfferFailure } from './bag.failure.ts';
import type { bagMachine } from './bag.machine.ts';
import {
  blockingLines,
  checkoutRefusal,
  deliveredByEmail,
  giftCardsTotal,
  increaseRefusal,
  lineKey,
  sampleRefusal,
  shownLines,
  type CheckoutRefusal,
  type IncreaseRefusal,
  type SampleRefusal,
} from './bag.rules.ts';

type Snapshot = SnapshotFrom<typeof bagMachine>;
type Send = (event: EventFromLogic<typeof bagMachine>) => void;

/** `data-state` of the bag screen. */
export type BagStatus = 'loading' | 'failure' | 'empty' | 'ready';

export interface BagLineView {
  /** Stable per variant (a line keeps its key while its first add is on its way). */
  key: string;
  line: CartLine;
  /** What the stepper shows: the latest wish, not yet confirmed when `pending`. */
  quantity: number;
  pending: boolean;
  outOfStock: boolean;
  increaseDisabledReason: IncreaseRefusal | null;
  /** At 1 the stepper goes no lower: removing is its own button. */
  decreaseDisabledReason: 'minimum' | null;
  increase(): void;
  decrease(): void;
  remove(): void;
}

/** An e-gift card in the bag: amount, recipient and send date, and Remove. */
export interface BagGiftCardView {
  key: string;
  card: CartGiftCard;
  /** Being taken out: shown until the answer drops it. */
  removing: boolean;
  /** Another card is being taken out (one at a time). */
  removeDisabled: boolean;
  remove(): void;
}

/** The Beauty Pass reward in the bag (issue 15): its name, picture and points cost, and Remove. */
export interface BagRewardView {
  reward: CartReward;
  /** Its hold has lapsed: the order takes it only if a unit is still there (the server's `heldUntil` null). */
  holdLapsed: boolean;
  /** Being taken out: shown until the answer drops it. */
  removing: boolean;
  /** Another change of the bag's extras is on its way (the guard's word). */
  removeDisabled: boolean;
  remove(): void;
}

export interface SampleView extends SampleChoice {
  picked: boolean;
  disabledReason: SampleRefusal | null;
}

export interface OfferView extends Offer {
  /** From the bag (the offer list is read with the screen; the bag says which one is applied now). */
  applied: boolean;
}

export interface BagApi {
  status: BagStatus;
  /** The bag as the server last confirmed it: the summary's figures (they follow each answer). */
  bag: Cart | null;
  lines: BagLineView[];
  giftCards: BagGiftCardView[];
  /** The reward in the bag, null without one. */
  reward: BagRewardView | null;
  /** The e-gift cards together (part of the total), null without any. */
  giftCardsTotal: Cart['total'] | null;
  /** E-gift cards only: emailed, so no shipping line. */
  deliveredByEmail: boolean;
  /** Changes are on their way: the summary's figures are the last confirmed ones until they return. */
  saving: boolean;
  /** A shown line blocks checkout: one not on sale yet (to remove), or one out of stock ('Out-of-stock item must be removed to proceed'). */
  stockWarning: 'not_on_sale' | 'out_of_stock' | null;
  checkoutDisabledReason: CheckoutRefusal | null;
  samples: { limit: number; picked: number; limitReached: boolean; saving: boolean; choices: SampleView[] };
  offers: OfferView[];
  beautyPassOffers: OfferView[];
  offerBusy: boolean;
  offerFailure: OfferFailure | null;
  lastFailure: BagFailure | null;
  retry(): void;
  /** Another tab changed the bag: read it again. */
  refresh(): void;
  checkout(): void;
  toggleSample(sampleId: number): void;
  applyOffer(code: string): void;
  /** A guest bag of this browser waits to be added (its merge at sign-in failed): the shopper can try again. */
  mergePending: boolean;
  /** Being added now. */
  merging: boolean;
  mergeBag(): void;
  removeOffer(): void;
}

export function bagConnect(snapshot: Snapshot, send: Send): BagApi {
  const { screen, writes, picksSent, picksWanted, offerFailure, lastFailure } = snapshot.context;
  const lines = shownLines(screen, writes);
  // Read again after another tab's change: shown as it was, but nothing is sent until it is back.
  const refreshing = snapshot.matches('refreshing');
  const saving = snapshot.hasTag('saving') || refreshing;
  const { giftCardRemoving, rewardRemoving } = snapshot.context;
  const lineSaving = Object.keys(writes).length > 0 || picksSent !== null || giftCardRemoving !== null || rewardRemoving !== null || refreshing;
  const bag = screen?.bag ?? null;
  const giftCards = bag?.giftCards ?? [];
  const reward = bag?.reward ?? null;
  const status: BagStatus = snapshot.hasTag('failure') ? 'failure' : snapshot.hasTag('busy') || screen === null ? 'loading' : lines.length === 0 && giftCards.length === 0 && reward === null ? 'empty' : 'ready';
  const picks = picksWanted ?? picksSent ?? bag?.samples.chosen ?? [];
  const limit = screen?.samples.limit ?? 0;
  const appliedCode = bag?.appliedOffer?.code ?? null;
  const offerView = (offer: Offer): OfferView => ({ ...offer, applied: offer.code === appliedCode });
  return {
    status,
    bag,
    lines: lines.map((line) => {
      const key = lineKey(line.variant.id);
      const variantId = line.variant.id;
      return {
        key,
        line,
        quantity: line.quantity,
        pending: writes[key] !== undefined,
        // Nothing of it can be bought now (sold out, or its product is coming soon): no stepper, only Remove.
        outOfStock: line.inventory.state === 'out_of_stock' || line.inventory.state === 'not_on_sale',
        increaseDisabledReason: increaseRefusal(line, line.quantity),
        decreaseDisabledReason: line.quantity <= 1 ? 'minimum' : null,
        increase: () => send({ type: 'bag.quantity', variantId, quantity: line.quantity + 1 }),
        decrease: () => send({ type: 'bag.quantity', variantId, quantity: line.quantity - 1 }),
        remove: () => send({ type: 'bag.remove', variantId }),
      };
    }),
    giftCards: giftCards.map((card) => ({
      key: `gift-card-${card.id}`,
      card,
      removing: giftCardRemoving === card.id,
      removeDisabled: !snapshot.can({ type: 'bag.giftCard.remove', id: card.id }),
      remove: () => send({ type: 'bag.giftCard.remove', id: card.id }),
    })),
    reward:
      reward === null
        ? null
        : {
            reward,
            holdLapsed: reward.heldUntil === null,
            removing: rewardRemoving === reward.id,
            removeDisabled: !snapshot.can({ type: 'bag.reward.remove', id: reward.id }),
            remove: () => send({ type: 'bag.reward.remove', id: reward.id }),
          },
    giftCardsTotal: bag ? giftCardsTotal(bag) : null,
    deliveredByEmail: bag ? deliveredByEmail(bag, lines) : false,
    saving,
    stockWarning: blockingLines(lines),
    checkoutDisabledReason: status === 'ready' || status === 'empty' ? checkoutRefusal(bag, lines, lineSaving) : 'empty',
    samples: {
      limit,
      picked: picks.length,
      limitReached: picks.length >= limit,
      saving: picksSent !== null,
      choices: (screen?.samples.choices ?? []).map((choice) => ({ ...choice, picked: picks.includes(choice.id), disabledReason: sampleRefusal(picks, limit, choice) })),
    },
    offers: (screen?.offers ?? []).map(offerView),
    beautyPassOffers: (screen?.beautyPassOffers ?? []).map(offerView),
    offerBusy: snapshot.matches({ ready: { offer: 'applying' } }) || snapshot.matches({ ready: { offer: 'removing' } }),
    offerFailure,
    lastFailure,
    retry: () => send({ type: 'bag.retry' }),
    refresh: () => send({ type: 'bag.refresh' }),
    checkout: () => send({ type: 'bag.checkout' }),
    toggleSample: (sampleId) => send({ type: 'bag.sample.toggle', sampleId }),
    applyOffer: (code) => send({ type: 'bag.offer.apply', code }),
    removeOffer: () => send({ type: 'bag.offer.remove' }),
    mergePending: bag?.mergePending === true,
    merging: snapshot.matches({ ready: { merge: 'merging' } }),
    mergeBag: () => send({ type: 'bag.merge' }),
  };
}
