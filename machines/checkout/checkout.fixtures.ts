import type { Cart } from '../../src/contract/cart.ts';
import type { Address, CheckoutOptions, GiftCardCheckResult, Order } from '../../src/contract/checkout.ts';
import { cartLine, cartOf, GIFT_CARD_LINE, LIPSTICK, withGiftCards } from '../bag/bag.fixtures.ts';
import type { CheckoutInput } from './checkout.machine.ts';
import { CHECKOUT_PERSIST_VERSION, type PersistedCheckout } from './checkout.persist.ts';
import type { CardDraft, ChallengeRequired, CheckoutStep, GiftCardDraft } from './checkout.types.ts';

/**
 * Example checkout for the machine's model, its tests, the visualizer and the view tests: a
 * member's Singapore bag (a lipstick and a serum, S$65), options with card and Atome, two
 * collection stores and one saved address.
 */

const sgd = (amount: number) => ({ currency: 'SGD', amount });

export const CHECKOUT_BAG: Cart = cartOf([LIPSTICK, cartLine(3, 31, 1)], 7);

/** The same bag after another tab's change: one version on. */
export const NEWER_BAG: Cart = { ...CHECKOUT_BAG, version: 8 };

export const SAVED_ADDRESS: Address = { fullName: 'Tan Mei Ling', phone: '9123 4567', line1: '10 Orchard Road', line2: '#05-01', city: '', state: '', postcode: '238826' };

export const MEMBER_EMAIL = 'mei@example.com';
export const OWNER = 'member:42';

export const CHECKOUT_OPTIONS: CheckoutOptions = {
  delivery: [
    { method: 'standard', fee: sgd(0), free: true, days: '2–4' },
    { method: 'express', fee: sgd(10), free: false, days: '1' },
    { method: 'click_collect', fee: sgd(0), free: true, days: '1–2' },
  ],
  stores: [
    { id: 'sg-ion-orchard', name: 'ION Orchard', city: 'Singapore' },
    { id: 'sg-vivocity', name: 'VivoCity', city: 'Singapore' },
  ],
  payment: [
    { method: 'card', available: true, reason: null, minimum: null, maximum: null },
    { method: 'atome', available: true, reason: null, minimum: sgd(10), maximum: sgd(1500) },
  ],
  date: '2030-01-15',
  savedAddresses: [SAVED_ADDRESS],
  memberEmail: MEMBER_EMAIL,
  emailOnly: false,
};

export const CHECKOUT_INPUT: CheckoutInput = { country: 'SG', owner: OWNER, bag: CHECKOUT_BAG, options: CHECKOUT_OPTIONS };

export { GIFT_CARD_LINE };

/** The same member's bag after the goods went: the S$50 e-gift card only (sent on the options' day), one version on (as another tab's change brings it). */
export const EMAIL_ONLY_BAG: Cart = withGiftCards(cartOf([], 8), [GIFT_CARD_LINE]);

/** Checkout's options for it: delivered by email, free standard only. */
export const EMAIL_ONLY_OPTIONS: CheckoutOptions = { ...CHECKOUT_OPTIONS, delivery: [{ method: 'standard', fee: sgd(0), free: true, days: '0' }], emailOnly: true };

/** A gift card as the recipient's email gives it: code (grouped, as printed) and PIN. */
export const GIFT_CARD: GiftCardDraft = { code: 'ABCD-EFGH-JKLM-NPQR', pin: '12345678' };

/** `checkout/gift-cards` answers for `GIFT_CARD`: S$100 left (pays the whole S$65 bag), or S$20 (Atome or a card pays the rest). */
export const GIFT_CARD_PAYS_ALL: GiftCardCheckResult = { cards: [{ code: '••••-••••-••••-NPQR', balance: sgd(100) }] };
export const GIFT_CARD_PAYS_PART: GiftCardCheckResult = { cards: [{ code: '••••-••••-••••-NPQR', balance: sgd(20) }] };

/** The order as placed when the gift card paid it all: nothing charged. */
export const ORDER_PAID_BY_GIFT_CARD: Order = {
  ...orderBase(),
  giftCards: { currency: 'SGD', amount: 65 },
  giftCardPayments: [{ code: '••••-••••-••••-NPQR', amount: { currency: 'SGD', amount: 65 } }],
  payment: { method: 'gift_cards', brand: null, last4: null, amount: { currency: 'SGD', amount: 0 } },
};

/** The test processor's card that succeeds (src/server/payments/test-cards.ts), as typed. */
export const GOOD_CARD: CardDraft = { number: '4242 4242 4242 4242', cvc: '123', name: 'Tan Mei Ling', expMonth: '12', expYear: '2031' };

export const CHALLENGE: ChallengeRequired = { status: 'requires_challenge', attempt: 'att_3220', expiresAt: '2030-01-15T04:10:00.000Z' };

export const ORDER: Order = orderBase();

function orderBase(): Order {
  return {
    number: 'SG-100042',
    country: 'SG',
    status: 'paid',
    history: [{ status: 'paid', at: '2030-01-15T04:00:00.000Z' }],
    placedAt: '2030-01-15T04:00:00.000Z',
    email: MEMBER_EMAIL,
    lines: CHECKOUT_BAG.lines.map((line) => ({
      productSlug: line.product.slug,
      productName: line.product.name,
      brandName: line.product.brand.name,
      variantName: line.variant.name,
      variantKind: line.variant.kind,
      colorHex: line.variant.colorHex,
      sku: line.variant.sku,
      quantity: line.quantity,
      unitPrice: line.unitSalePrice ?? line.unitPrice,
      lineTotal: line.lineTotal,
      imageUrl: line.product.imageUrl,
    })),
    samples: [],
    subtotal: CHECKOUT_BAG.subtotal,
    discount: sgd(0),
    promoCode: null,
    tax: CHECKOUT_BAG.tax,
    shipping: { method: 'standard', fee: sgd(0), storeName: null },
    giftCards: sgd(0),
    giftCardPayments: [],
    giftCardsBought: [],
    total: CHECKOUT_BAG.total,
    payment: { method: 'card', brand: 'visa', last4: '4242', amount: CHECKOUT_BAG.total },
    address: SAVED_ADDRESS,
    pointsEarned: 65,
    pointsUsed: 0,
    reward: null,
    cancellable: true,
  };
}

/** The API client's errors as the actors see them (`ApiError`: kind, status, body, and the body as it arrived). */
const httpError = (status: number, code: string, extra: Record<string, unknown> = {}) => {
  const body = { code, message: code, status };
  return { kind: 'http', status, body, data: { ...body, ...extra } };
};
export const DECLINED = httpError(402, 'payment_declined', { reason: 'insufficient_funds' });
export const CHALLENGE_FAILED = httpError(402, 'payment_declined', { reason: 'challenge_failed' });
export const SOLD_OUT = httpError(409, 'sold_out', { lines: [{ variantId: 11, productName: 'Product 1', variantName: 'Shade 11', available: 0 }] });
export const BAG_CHANGED = httpError(409, 'bag_changed');
export const DELIVERY_UNAVAILABLE = httpError(400, 'delivery_unavailable');
export const CHALLENGE_GONE = httpError(409, 'challenge_gone');
/** The server's refusals of the order's first gift card (`body.giftCards.0`). */
export const GIFT_CARD_NOT_FOUND = httpError(404, 'gift_card_not_found', { errors: [{ field: 'body.giftCards.0', message: 'no gift card with this code and PIN' }] });
export const GIFT_CARD_BALANCE_CHANGED = httpError(409, 'gift_card_balance_changed', { errors: [{ field: 'body.giftCards.0', message: 'has less left than this order counted on' }] });
export const NETWORK = { kind: 'network' };

/** A kept checkout of this bag at `step`, filled in up to it (a card's name and expiry only). */
export function persistedAt(step: CheckoutStep, overrides: Partial<PersistedCheckout> = {}): PersistedCheckout {
  return {
    version: CHECKOUT_PERSIST_VERSION,
    bag: { owner: OWNER, country: 'SG', version: CHECKOUT_BAG.version },
    step,
    inputs: {
      email: MEMBER_EMAIL,
      address: SAVED_ADDRESS,
      delivery: { method: 'standard', storeId: null },
      payment: { method: 'card', card: { name: GOOD_CARD.name, expMonth: GOOD_CARD.expMonth, expYear: GOOD_CARD.expYear } },
      giftCards: [],
    },
    idempotencyKey: null,
    ...overrides,
  };
}
