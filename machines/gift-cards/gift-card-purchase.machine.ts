import { assign, fromPromise, setup, type ErrorActorEvent } from 'xstate';
import type { Cart } from '../../src/contract/cart.ts';
import type { GiftCardPurchase } from '../../src/contract/gift-cards.ts';
import type { CountryCode } from '../../src/config/countries.ts';
import { GIFT_CARD_RANGES } from '../../src/config/gift-cards.ts';
import { purchaseFailureOf, type PurchaseFailure } from './gift-card-purchase.failure.ts';
import { emptyDraft, validPurchase, type PurchaseDraft, type PurchaseField, type PurchaseTextField } from './gift-card-purchase.rules.ts';

/** `POST cart/gift-cards`: the card into the bag; answers the bag. Throws until the app provides it. */
export const addGiftCardToBag = fromPromise<Cart, GiftCardPurchase>(async () => {
  throw new Error('giftCardPurchase: provide the `addToBag` actor');
});

export interface GiftCardPurchaseInput {
  country: CountryCode;
  /** Today in the country's calendar: the first send date, and the default one. */
  today: string;
}

export interface GiftCardPurchaseContext {
  country: CountryCode;
  today: string;
  draft: PurchaseDraft;
  /** A submit was refused: the fields show what is wrong, and follow each change. */
  checked: boolean;
  /** Refused and failed submits so far: the view moves the focus to the summary on each. */
  attempts: number;
  failure: PurchaseFailure | null;
  /** The purchase on its way (what the shopper asked for), then the one added. */
  purchase: GiftCardPurchase | null;
  /** The bag as the server answered the add. */
  bag: Cart | null;
}

export type GiftCardPurchaseEvent =
  | { type: 'purchase.preset'; amount: number }
  /** The custom amount (the text typed in `customAmount`) is the amount. */
  | { type: 'purchase.custom' }
  | { type: 'purchase.field'; field: PurchaseTextField; value: string }
  | { type: 'purchase.submit' }
  /** After an add: a new card from an empty form (the sender's name kept). */
  | { type: 'purchase.another' };

/** The server's refusal of a field no longer describes it once the field changed; other failures stay until the next submit. */
function withoutField(failure: PurchaseFailure | null, field: PurchaseField): PurchaseFailure | null {
  if (failure?.kind !== 'invalid') return failure;
  const issues = Object.fromEntries(Object.entries(failure.issues).filter(([name]) => name !== field));
  return Object.keys(issues).length === 0 ? null : { kind: 'invalid', issues };
}

const fieldOf = ({ event }: { event: Extract<GiftCardPurchaseEvent, { type: 'purchase.field' }> }) => ({ field: event.field, value: event.value });

/** What the form accepts while it is open (editing, and after a failure). */
const editable = {
  'purchase.preset': { guard: { type: 'presetOffered', params: ({ event }: { event: { amount: number } }) => event.amount }, actions: { type: 'choosePreset', params: ({ event }: { event: { amount: number } }) => event.amount } },
  'purchase.custom': { actions: 'chooseCustom' },
  'purchase.field': { actions: { type: 'setField', params: fieldOf } },
  'purchase.submit': [{ guard: 'valid', target: 'adding', actions: 'startAdd' }, { actions: 'refuse' }],
} as const;

/**
 * Buying an e-gift card (issue 13): the amount (a preset of the country or a custom amount within
 * its range), recipient, sender, message and send date, checked with the contract's rules (the
 * server's own) before anything is sent; then `POST cart/gift-cards`, and the app tells the header's
 * count (`added`). A refusal keeps every value and says why, under the field when it is one.
 */
export const giftCardPurchaseMachine = setup({
  types: {
    context: {} as GiftCardPurchaseContext,
    events: {} as GiftCardPurchaseEvent,
    input: {} as GiftCardPurchaseInput,
    tags: {} as 'form' | 'busy' | 'added',
  },
  actors: { addToBag: addGiftCardToBag },
  guards: {
    presetOffered: ({ context }, amount: number) => GIFT_CARD_RANGES[context.country].presets.includes(amount),
    valid: ({ context }) => validPurchase(context.country, context.today, context.draft) !== null,
  },
  actions: {
    choosePreset: assign(({ context }, amount: number) => ({ draft: { ...context.draft, preset: amount }, failure: withoutField(context.failure, 'amount') })),
    chooseCustom: assign(({ context }) => ({ draft: { ...context.draft, preset: null }, failure: withoutField(context.failure, 'amount') })),
    setField: assign(({ context }, { field, value }: { field: PurchaseTextField; value: string }) => ({
      // Typing an amount chooses it.
      draft: { ...context.draft, [field]: value, ...(field === 'customAmount' ? { preset: null } : {}) },
      failure: withoutField(context.failure, field === 'customAmount' ? 'amount' : field),
    })),
    refuse: assign(({ context }) => ({ checked: true, attempts: context.attempts + 1, failure: null })),
    startAdd: assign(({ context }) => ({ purchase: validPurchase(context.country, context.today, context.draft), failure: null })),
    fail: assign(({ context }, error: unknown) => ({ failure: purchaseFailureOf(error), attempts: context.attempts + 1, purchase: null })),
    take: assign((_, bag: Cart) => ({ bag })),
    again: assign(({ context }) => ({ draft: emptyDraft(context.country, context.today, context.draft.senderName), checked: false, failure: null, purchase: null, bag: null })),
    /** The app confirms the header's count (and other tabs') with the bag the server answered. */
    added: (_, _bag: Cart) => undefined,
  },
}).createMachine({
  id: 'giftCardPurchase',
  context: ({ input }) => ({
    country: input.country,
    today: input.today,
    draft: emptyDraft(input.country, input.today),
    checked: false,
    attempts: 0,
    failure: null,
    purchase: null,
    bag: null,
  }),
  initial: 'editing',
  states: {
    editing: { tags: ['form'], on: editable },
    adding: {
      tags: ['form', 'busy'],
      invoke: {
        id: 'addToBag',
        src: 'addToBag',
        input: ({ context }) => context.purchase as GiftCardPurchase,
        onDone: { target: 'added', actions: [{ type: 'take', params: ({ event }) => event.output }, { type: 'added', params: ({ event }) => event.output }] },
        onError: { target: 'editing', actions: { type: 'fail', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    added: { tags: ['added'], on: { 'purchase.another': { target: 'editing', actions: 'again' } } },
  },
});
