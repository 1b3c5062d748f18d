import { msg } from '@lingui/core/macro';
import type { SnapshotFrom } from 'xstate';
import { GIFT_CARD_RANGES } from '../../src/config/gift-cards.ts';
import { defineModel, type ModelEvent } from '../model/types.ts';
import { BAG_LIMIT, BAG_WITH_CARD, GOOD_PURCHASE, NETWORK, PURCHASE_INPUT, SEND_DATE_REFUSED } from './gift-card-purchase.fixtures.ts';
import { giftCardPurchaseMachine } from './gift-card-purchase.machine.ts';
import { purchaseIssues } from './gift-card-purchase.rules.ts';

type PurchaseModelEvent = ModelEvent<typeof giftCardPurchaseMachine>;
type Snapshot = SnapshotFrom<typeof giftCardPurchaseMachine>;

const TYPED = ['recipientName', 'recipientEmail', 'senderName', 'message'] as const;
const [SMALLEST = 0] = GIFT_CARD_RANGES[PURCHASE_INPUT.country].presets;

/**
 * The form filled one field after the other (Add to bag tried at each), then the amount changed:
 * a typed one too small, one in range, a preset again.
 */
function editingEvents({ context }: Snapshot): PurchaseModelEvent[] {
  const { draft } = context;
  const empty = TYPED.find((field) => draft[field] === '');
  const events: PurchaseModelEvent[] = [{ type: 'purchase.submit' }];
  // After a refusal, the same card is tried again.
  if (context.failure !== null) return events;
  if (empty) return [...events, { type: 'purchase.field', field: empty, value: GOOD_PURCHASE[empty] }];
  if (draft.preset === null) {
    events.push({ type: 'purchase.preset', amount: SMALLEST });
    if (draft.customAmount === '') events.push({ type: 'purchase.field', field: 'customAmount', value: '5' });
    else if (draft.customAmount === '5') events.push({ type: 'purchase.field', field: 'customAmount', value: '75' });
  } else {
    events.push({ type: 'purchase.custom' });
  }
  return events;
}

/**
 * A Singapore shopper buying an S$20–S$300 card: the form refused until every rule passes (the
 * contract's, as the server checks them), then added to the bag, refused by the server (the bag's
 * limit, a send date its calendar has left behind) or not answered; another card after it.
 */
export const giftCardPurchaseModel = defineModel({
  id: 'giftCardPurchase',
  title: msg`E-gift card purchase`,
  description: msg`Amount (a preset or a custom amount within the country's range), recipient, sender, message and send date, checked with the server's own rules before anything is sent; added to the bag, or refused with every value kept: the fields the server named, the bag's limit, no answer; then another card.`,
  machine: giftCardPurchaseMachine,
  input: PURCHASE_INPUT,
  events: (snapshot): PurchaseModelEvent[] => {
    if (snapshot.matches('adding')) {
      return [
        { type: 'xstate.done.actor.addToBag', output: BAG_WITH_CARD },
        { type: 'xstate.error.actor.addToBag', error: BAG_LIMIT },
        { type: 'xstate.error.actor.addToBag', error: SEND_DATE_REFUSED },
        { type: 'xstate.error.actor.addToBag', error: NETWORK },
      ];
    }
    if (snapshot.matches('added')) return [{ type: 'purchase.another' }];
    return editingEvents(snapshot);
  },
  // What can happen next depends on the state, what the rules refuse, whether they are shown, the
  // failure, and how the amount is given: not on the values typed themselves.
  serializeState: (snapshot) => {
    const { context } = snapshot;
    return JSON.stringify([
      snapshot.value,
      Object.keys(purchaseIssues(context.country, context.today, context.draft)).sort(),
      context.checked,
      context.failure?.kind ?? null,
      context.draft.preset === null ? context.draft.customAmount : 'preset',
      TYPED.filter((field) => context.draft[field] !== '').length,
    ]);
  },
});
