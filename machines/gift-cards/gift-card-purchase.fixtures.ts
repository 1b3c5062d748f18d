import type { Cart } from '../../src/contract/cart.ts';
import { cartOf, withGiftCards } from '../bag/bag.fixtures.ts';
import type { GiftCardPurchaseInput } from './gift-card-purchase.machine.ts';
import type { PurchaseDraft } from './gift-card-purchase.rules.ts';

/**
 * Example purchase for the machine's model, its tests, the visualizer and the view tests: a
 * Singapore shopper (S$20 to S$300, presets S$20, 50, 100, 200) on 15 January 2030.
 */

export const PURCHASE_INPUT: GiftCardPurchaseInput = { country: 'SG', today: '2030-01-15' };

/** What the shopper types (the amount is a preset or typed separately). */
export const GOOD_PURCHASE: Pick<PurchaseDraft, 'recipientName' | 'recipientEmail' | 'senderName' | 'message'> = {
  recipientName: 'Aisha Rahman',
  recipientEmail: 'aisha@example.com',
  senderName: 'Mei',
  message: 'Happy birthday!',
};

/** The bag after the add: the S$50 card alone. */
export const BAG_WITH_CARD: Cart = withGiftCards(cartOf([], 2), [{ id: 9, amount: { currency: 'SGD', amount: 50 }, ...GOOD_PURCHASE, sendOn: PURCHASE_INPUT.today }]);

const httpError = (status: number, code: string, extra: Record<string, unknown> = {}) => ({ kind: 'http', status, body: { code, message: code, status, ...extra } });
/** The bag holds five e-gift cards already. */
export const BAG_LIMIT = httpError(409, 'gift_card_bag_limit');
/** The server's calendar moved on meanwhile (a form left open over midnight): the date is refused. */
export const SEND_DATE_REFUSED = httpError(400, 'invalid_request', { errors: [{ field: 'body.sendOn', message: 'must be today or later' }] });
export const NETWORK = { kind: 'network' };
