import type { Cart, CartLine, CartScreen, Offer } from '../../src/contract/cart.ts';
import type { CartReward } from '../../src/contract/beauty-pass.ts';
import type { CartGiftCard } from '../../src/contract/gift-cards.ts';

/**
 * Example bags for the bag machine's model, its tests, the visualizer and the view tests: a
 * Singapore bag of a lipstick (in stock) and a palette (sold out since it was added).
 */

const sgd = (amount: number) => ({ currency: 'SGD', amount });

export function cartLine(id: number, variantId: number, quantity: number, overrides: Partial<CartLine> = {}): CartLine {
  return {
    id,
    quantity,
    product: { id: id * 10, slug: `product-${id}`, name: `Product ${id}`, brand: { slug: 'glow-lab', name: 'Glow Lab' }, imageUrl: `/api/web/v1/media/products/${id}/1.svg` },
    variant: { id: variantId, sku: `SKU-${variantId}`, name: `Shade ${variantId}`, kind: 'shade', colorHex: '#c8906e' },
    unitPrice: sgd(25),
    unitSalePrice: null,
    lineTotal: sgd(25 * quantity),
    inventory: { state: 'in_stock', available: 10 },
    maxQuantity: 10,
    ...overrides,
  };
}

export const LIPSTICK = cartLine(1, 11, 2, { unitSalePrice: sgd(20), lineTotal: sgd(40), inventory: { state: 'low_stock', available: 4 }, maxQuantity: 4 });
export const PALETTE = cartLine(2, 21, 1, { inventory: { state: 'out_of_stock', available: 0 }, maxQuantity: 0 });

/** A whole bag as the server would answer it for these lines (figures are examples, not computed rules). */
export function cartOf(lines: CartLine[], version: number, overrides: Partial<Cart> = {}): Cart {
  const count = lines.reduce((sum, line) => sum + line.quantity, 0);
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotal.amount, 0);
  const blockedBy = count === 0 ? 'empty' : lines.some((line) => line.inventory.state === 'out_of_stock' || line.inventory.state === 'not_on_sale') ? 'out_of_stock' : null;
  return {
    country: 'SG',
    version,
    lines,
    giftCards: [],
    reward: null,
    count,
    subtotal: sgd(subtotal),
    discount: sgd(0),
    appliedOffer: null,
    tax: { label: 'GST', percent: 9, amount: sgd(Math.round((subtotal * 9) / 109 * 100) / 100) },
    shipping: { threshold: sgd(60), remaining: sgd(Math.max(0, 60 - subtotal)), free: subtotal >= 60 },
    total: sgd(subtotal),
    points: { earn: Math.floor(subtotal), valid: null, spend: 0 },
    samples: { chosen: [], limit: 2 },
    bnpl: subtotal >= 10 ? [{ provider: 'atome', instalments: 3, instalment: sgd(Math.round((subtotal / 3) * 100) / 100), available: true }] : [],
    checkout: { allowed: blockedBy === null, blockedBy },
    mergeNotice: null,
    mergePending: false,
    ...overrides,
  };
}

export const OFFERS: Offer[] = [
  { code: 'GLOW10', title: '10% off Glow Lab', description: 'On every Glow Lab product.', amount: null, minimumSpend: sgd(50), validTill: '2030-12-31', remaining: sgd(10), applies: false, applied: false, tiers: null },
  { code: 'WELCOME', title: 'Welcome gift', description: 'A travel-size cleanser.', amount: null, minimumSpend: null, validTill: '2030-06-30', remaining: sgd(0), applies: true, applied: false, tiers: null },
];

/** The bag screen's one read (`GET cart/`): the bag, four samples (the third sold out), offers. */
export function screenOf(bag: Cart, offers: Offer[] = OFFERS): CartScreen {
  return {
    bag,
    samples: {
      limit: bag.samples.limit,
      choices: [1, 2, 3, 4].map((id) => ({ id, name: `Sample ${id}`, imageUrl: `/api/web/v1/media/samples/${id}.svg`, inStock: id !== 3, chosen: bag.samples.chosen.includes(id) })),
    },
    offers,
    beautyPassOffers: [],
  };
}

export const BAG_SCREEN = screenOf(cartOf([LIPSTICK, PALETTE], 1));

/** An S$50 e-gift card in the bag, to be emailed on 15 January 2030. */
export const GIFT_CARD_LINE: CartGiftCard = { id: 5, amount: sgd(50), recipientName: 'Aisha Rahman', recipientEmail: 'aisha@example.com', senderName: 'Mei', message: 'Happy birthday!', sendOn: '2030-01-15' };

/** A bag (as the server answers it) with e-gift cards: part of the count and the total, not of the subtotal. */
export function withGiftCards(bag: Cart, giftCards: CartGiftCard[]): Cart {
  const minor = (amount: number) => Math.round(amount * 100);
  const extra = giftCards.reduce((sum, card) => sum + minor(card.amount.amount), 0);
  const blockedBy = bag.lines.length === 0 && giftCards.length === 0 ? 'empty' : bag.checkout.blockedBy === 'empty' ? null : bag.checkout.blockedBy;
  return { ...bag, giftCards, count: bag.count + giftCards.length, total: sgd((minor(bag.total.amount) + extra) / 100), checkout: { allowed: blockedBy === null, blockedBy } };
}

/** The bag of the lipstick, the sold-out palette and the e-gift card. */
export const GIFT_CARD_BAG_SCREEN = screenOf(withGiftCards(cartOf([LIPSTICK, PALETTE], 1), [GIFT_CARD_LINE]));
export const EMPTY_SCREEN = screenOf(cartOf([], 1), []);

/** A Beauty Pass reward held for the bag (issue 15): a line that costs 250 points. */
export const REWARD_LINE: CartReward = { id: 12, name: 'Mini lip trio', imageUrl: 'data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E', pointsCost: 250, heldUntil: '2030-01-15T04:30:00.000Z' };

/** A bag (as the server answers it) with the reward in it: it costs points, not money, and is not counted. */
export function withReward(bag: Cart, reward: CartReward | null = REWARD_LINE): Cart {
  const valid = bag.points.valid ?? { amount: 1_000, expiresOn: '2031-06-30' };
  return { ...bag, reward, points: { ...bag.points, valid, spend: reward?.pointsCost ?? 0 } };
}

/** The bag of the lipstick, the sold-out palette, the e-gift card and the reward: every kind of line. */
export const REWARD_BAG_SCREEN = screenOf(withReward(withGiftCards(cartOf([LIPSTICK, PALETTE], 1), [GIFT_CARD_LINE])));

/** A new line, for a variant added from elsewhere. */
export const SERUM = cartLine(3, 31, 1);

/**
 * The bag the server would answer after one line's write: `quantity` units of the variant (0:
 * removed; a variant not in the bag gets the serum's line), one version on.
 */
export function afterWrite(bag: Cart, variantId: number, quantity: number): Cart {
  const known = bag.lines.some((line) => line.variant.id === variantId);
  const lines = known
    ? bag.lines.flatMap((line) => (line.variant.id !== variantId ? [line] : quantity === 0 ? [] : [{ ...line, quantity, lineTotal: { ...line.lineTotal, amount: (line.unitSalePrice ?? line.unitPrice).amount * quantity } }]))
    : [...bag.lines, cartLine(3, variantId, quantity)];
  return cartOf(lines, bag.version + 1, { samples: bag.samples, appliedOffer: bag.appliedOffer });
}
