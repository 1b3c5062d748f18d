import { FREE_SHIPPING_THRESHOLDS, LINE_QUANTITY_LIMIT, LOW_STOCK_THRESHOLD, POINTS_PER_UNIT, SAMPLE_LIMITS, TAX_RULES } from '../../config/cart.ts';
import { instalmentPlans, roundMinor } from '../../config/instalments.ts';
import { COUNTRIES, type CountryCode, type LanguageCode } from '../../config/countries.ts';
import type { Cart, CartLine, InventoryState, Offer } from '../../contract/cart.ts';
import type { CartReward } from '../../contract/beauty-pass.ts';
import type { CartGiftCard } from '../../contract/gift-cards.ts';
import type { TierName } from '../../contract/loyalty.ts';
import type { Money } from '../../contract/site.ts';

/*
 * The bag as the shopper sees it, computed from the rows read for this request (never from anything
 * the client sent): pure, so every figure has a unit test. Amounts are minor units (1/100) until the
 * answer is written; prices include the country's tax.
 */

export interface LineRow {
  id: number;
  quantity: number;
  productId: number;
  slug: string;
  productName: string;
  brandSlug: string;
  brandName: string;
  variantId: number;
  sku: string;
  variantName: string;
  kind: 'shade' | 'size';
  colorHex: string | null;
  stock: number;
  /** Null: the product has no price in this country (any more): the line cannot be bought. */
  amountMinor: number | null;
  saleAmountMinor: number | null;
  /** False: its product is coming soon (switched after the line was added): the line stays, marked, and cannot be bought. */
  onSale?: boolean;
  imageUrl: string;
}

export interface OfferRow {
  id: number;
  code: string;
  title: Record<LanguageCode, string>;
  description: Record<LanguageCode, string>;
  kind: 'percent' | 'amount';
  value: number;
  minimumSpendMinor: number | null;
  /** YYYY-MM-DD, the last day in the country's calendar. */
  validTill: string;
  tiers: string[] | null;
}

/** An e-gift card line as `cart_bag_json` answers it (migration 0011). */
export interface GiftCardLineRow {
  id: number;
  amountMinor: number;
  recipientName: string;
  recipientEmail: string;
  senderName: string;
  message: string;
  sendOn: string;
}

export interface BagInput {
  country: CountryCode;
  language: LanguageCode;
  version: number;
  lines: LineRow[];
  /** E-gift cards in the bag (none when absent). */
  giftCards?: GiftCardLineRow[];
  chosenSamples: number[];
  /** The applied offer, when it is still valid today (an expired one is dropped by the reader). */
  appliedOffer: OfferRow | null;
  /** Null for a guest. */
  member: { validPoints: number; expiresOn: string | null } | null;
  /** The member's reward in the bag (issue 15); none when absent. */
  reward?: CartReward | null;
  mergeNotice: Cart['mergeNotice'];
  /** A guest bag of this browser waits for a merge that failed (CartOwner `guestBagLeft`). */
  mergePending: boolean;
}

export function money(country: CountryCode, minor: number): Money {
  return { currency: COUNTRIES[country].currency, amount: minor / 100 };
}

// The rounding rule lives with the country's figures (the SPA's checkout uses it too).
export { roundMinor };

export function inventoryOf(stock: number, quantity: number, priced: boolean): { state: InventoryState; available: number } {
  const available = priced ? Math.max(0, Math.min(stock, LINE_QUANTITY_LIMIT)) : 0;
  if (available === 0) return { state: 'out_of_stock', available: 0 };
  if (stock < quantity) return { state: 'reduced', available };
  if (stock <= LOW_STOCK_THRESHOLD) return { state: 'low_stock', available };
  return { state: 'in_stock', available };
}

const NOT_ON_SALE = { state: 'not_on_sale', available: 0 } as const;

function lineOf(country: CountryCode, row: LineRow): { line: CartLine; totalMinor: number } {
  const priced = row.amountMinor !== null;
  const unitMinor = row.saleAmountMinor ?? row.amountMinor ?? 0;
  const inventory = row.onSale === false ? NOT_ON_SALE : inventoryOf(row.stock, row.quantity, priced);
  const totalMinor = unitMinor * row.quantity;
  return {
    totalMinor,
    line: {
      id: row.id,
      quantity: row.quantity,
      product: { id: row.productId, slug: row.slug, name: row.productName, brand: { slug: row.brandSlug, name: row.brandName }, imageUrl: row.imageUrl },
      variant: { id: row.variantId, sku: row.sku, name: row.variantName, kind: row.kind, colorHex: row.kind === 'shade' ? row.colorHex : null },
      unitPrice: money(country, row.amountMinor ?? 0),
      unitSalePrice: row.saleAmountMinor === null ? null : money(country, row.saleAmountMinor),
      lineTotal: money(country, totalMinor),
      inventory,
      maxQuantity: inventory.available,
    },
  };
}

/** The discount an offer gives on `subtotalMinor` (0 when its minimum spend is not reached). */
export function discountOf(country: CountryCode, offer: OfferRow, subtotalMinor: number): number {
  if (offer.minimumSpendMinor !== null && subtotalMinor < offer.minimumSpendMinor) return 0;
  const raw = offer.kind === 'percent' ? roundMinor(country, (subtotalMinor * offer.value) / 100) : offer.value;
  return Math.min(raw, subtotalMinor);
}

/**
 * A bag of e-gift cards only (e-gift cards, no goods) is not a parcel order: it is emailed, so it
 * gets no samples, no offers (they discount goods) and earns no points. One rule for the bag's
 * figures, its screen (`GET cart/`), the sample picks and checkout (`checkout/options` emailOnly).
 */
export const isGiftCardsOnly = (bag: { lines: readonly unknown[]; giftCards?: readonly unknown[] | undefined }): boolean => bag.lines.length === 0 && (bag.giftCards ?? []).length > 0;

/** An offer as the bag lists it: whether it applies to this subtotal, and what is still to spend. */
export function offerView(country: CountryCode, language: LanguageCode, offer: OfferRow, subtotalMinor: number, appliedId: number | null): Offer {
  const remaining = offer.minimumSpendMinor === null ? 0 : Math.max(0, offer.minimumSpendMinor - subtotalMinor);
  return {
    code: offer.code,
    title: offer.title[language],
    description: offer.description[language],
    amount: offer.kind === 'amount' ? money(country, offer.value) : null,
    minimumSpend: offer.minimumSpendMinor === null ? null : money(country, offer.minimumSpendMinor),
    validTill: offer.validTill,
    remaining: money(country, remaining),
    applies: remaining === 0 && subtotalMinor > 0,
    applied: offer.id === appliedId,
    tiers: offer.tiers === null ? null : (offer.tiers as TierName[]),
  };
}

/** The tax part of a tax-inclusive amount: amount × p / (100 + p), rounded to the shown unit. */
export function taxPart(country: CountryCode, totalMinor: number, percent: number): number {
  return roundMinor(country, (totalMinor * percent) / (100 + percent));
}

/** Points a purchase earns: whole points per major unit spent after discounts (floored). */
export function pointsFor(country: CountryCode, totalMinor: number): number {
  // The small epsilon keeps 12.3 × 10 from flooring to 122 through binary fractions.
  return Math.floor((totalMinor * POINTS_PER_UNIT[country]) / 100 + 1e-9);
}

export function computeBag(input: BagInput): Cart {
  const { country, language } = input;
  const computed = input.lines.map((row) => lineOf(country, row));
  const subtotalMinor = computed.reduce((sum, l) => sum + l.totalMinor, 0);
  const offer = input.appliedOffer;
  const discountMinor = offer ? discountOf(country, offer, subtotalMinor) : 0;
  // The goods: tax, free shipping and points follow them. E-gift cards add to the total only.
  const goodsMinor = subtotalMinor - discountMinor;
  const giftCardRows = input.giftCards ?? [];
  const totalMinor = goodsMinor + giftCardRows.reduce((sum, g) => sum + g.amountMinor, 0);
  const tax = TAX_RULES[country];
  const thresholdMinor = FREE_SHIPPING_THRESHOLDS[country].amount * 100;
  const shippingRemaining = Math.max(0, thresholdMinor - goodsMinor);
  const lines = computed.map((l) => l.line);
  const giftCards: CartGiftCard[] = giftCardRows.map((g) => ({ id: g.id, amount: money(country, g.amountMinor), recipientName: g.recipientName, recipientEmail: g.recipientEmail, senderName: g.senderName, message: g.message, sendOn: g.sendOn }));
  // A line not on sale blocks as an out-of-stock one does (`blockedBy` out_of_stock: a line to remove).
  const unavailable = lines.some((l) => l.inventory.state === 'out_of_stock' || l.inventory.state === 'reduced' || l.inventory.state === 'not_on_sale');
  const reward = input.reward ?? null;
  // A reward comes with a purchase: on its own (or with e-gift cards only) it cannot be ordered.
  const blockedBy = lines.length === 0 && giftCards.length === 0 && reward === null ? 'empty' : unavailable ? 'out_of_stock' : reward !== null && lines.length === 0 ? 'reward_without_goods' : null;
  return {
    country,
    version: input.version,
    lines,
    giftCards,
    reward,
    count: lines.reduce((sum, l) => sum + l.quantity, 0) + giftCards.length,
    subtotal: money(country, subtotalMinor),
    discount: money(country, discountMinor),
    appliedOffer: offer
      ? { code: offer.code, title: offer.title[language], amount: offer.kind === 'amount' ? money(country, offer.value) : null, minimumSpend: offer.minimumSpendMinor === null ? null : money(country, offer.minimumSpendMinor) }
      : null,
    tax: tax ? { label: tax.label, percent: tax.percent, amount: money(country, taxPart(country, goodsMinor, tax.percent)) } : null,
    shipping: { threshold: money(country, thresholdMinor), remaining: money(country, shippingRemaining), free: shippingRemaining === 0 },
    total: money(country, totalMinor),
    points: {
      earn: pointsFor(country, goodsMinor),
      valid: input.member ? { amount: input.member.validPoints, expiresOn: input.member.expiresOn } : null,
      spend: reward?.pointsCost ?? 0,
    },
    // Samples come with a parcel: picks kept from goods since removed are not the order's.
    samples: !isGiftCardsOnly(input) ? { chosen: input.chosenSamples, limit: SAMPLE_LIMITS[country] } : { chosen: [], limit: 0 },
    // Before a delivery is chosen the shopper would pay the bag's total: checkout applies the same rule to the order's.
    bnpl: instalmentPlans(country, totalMinor).map((plan) => ({
      provider: plan.provider,
      instalments: plan.instalments,
      instalment: money(country, plan.instalmentMinor),
      available: plan.refusal === null,
    })),
    checkout: { allowed: blockedBy === null, blockedBy },
    mergeNotice: input.mergeNotice,
    mergePending: input.mergePending,
  };
}
