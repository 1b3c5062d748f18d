import * as v from 'valibot';
import { BAG_LINE_LIMIT, LINE_QUANTITY_LIMIT } from '../config/cart.ts';
import { CartRewardSchema } from './beauty-pass.ts';
import { CartGiftCardSchema } from './gift-cards.ts';
import { IsoDateSchema, TierNameSchema } from './loyalty.ts';
import { BadgeSchema } from './catalog.ts';
import { MoneySchema } from './site.ts';

/*
 * The bag and the wish list (issue 12; spec §3 Cart and Offer, §7 cart/… and wishlist). One bag per
 * shopper and country: a guest's by an http-only cookie, a member's by the account. Everything
 * priced is read live by the server in the request's country and language; the client sends ids
 * and quantities only.
 */

const IdSchema = v.pipe(v.number('must be a number'), v.integer('must be a whole number'), v.minValue(1, 'must be a positive id'), v.maxValue(2_147_483_647, 'must be a valid id'));

/**
 * Stock of a line as the bag shows it: `reduced` when fewer units are left than the line holds;
 * `not_on_sale` when its product became coming soon after the line was added (kept, cannot be bought).
 */
export const INVENTORY_STATES = ['in_stock', 'low_stock', 'reduced', 'out_of_stock', 'not_on_sale'] as const;
export const InventoryStateSchema = v.picklist(INVENTORY_STATES);
export type InventoryState = v.InferOutput<typeof InventoryStateSchema>;

/**
 * Why the bag cannot go to checkout; the SPA's guard says it in the shopper's words.
 * `reward_without_goods`: a reward is a gift with a purchase, so a bag of a reward (and e-gift
 * cards) without a product cannot be ordered (issue 15).
 */
export const CHECKOUT_BLOCKS = ['empty', 'out_of_stock', 'reward_without_goods'] as const;
export const CheckoutBlockSchema = v.picklist(CHECKOUT_BLOCKS);
export type CheckoutBlock = v.InferOutput<typeof CheckoutBlockSchema>;

/** Machine-readable kinds of 4xx answers of the bag (with `ApiErrorBody.code`). */
export const CART_ERROR_CODES = {
  /** The variant does not exist, is discontinued, or is not sold in the request's country (400 `body.variantId`). */
  unknownVariant: 'unknown_variant',
  /** More than the stock, the line limit or the bag's line limit (409, with the most allowed in `errors`). */
  quantityUnavailable: 'quantity_unavailable',
  outOfStock: 'out_of_stock',
  /** The product is announced but not on sale yet (coming soon): nothing of it can be added (409 `body.variantId`). */
  notOnSale: 'not_on_sale',
  bagFull: 'bag_full',
  /** The line is not in this shopper's bag (404). */
  unknownLine: 'unknown_line',
  /** Offer code unknown, expired or not for this member (404, spec §8 'Offer not found'). */
  offerNotFound: 'offer_not_found',
  /** The offer's minimum spend is not reached yet (409). */
  offerMinimumSpend: 'offer_minimum_spend',
  /** The code's last day has passed (404), or its first day has not come (409). */
  offerExpired: 'offer_expired',
  offerNotStarted: 'offer_not_started',
  /** The code was used as often as it may be: by everyone (409), or by this member or email (409; checked again when the order is placed). */
  offerUsedUp: 'offer_used_up',
  offerCustomerLimit: 'offer_customer_limit',
  /** More samples than the country allows, or a sample out of stock (409). */
  sampleLimit: 'sample_limit',
  sampleUnavailable: 'sample_unavailable',
} as const;

/** The spec §8 texts the bag's answers carry (the SPA shows its own translations). */
export const CART_MESSAGES = {
  offerNotFound: 'Offer not found',
  noOffers: 'No offers found',
  outOfStock: 'Out-of-stock item must be removed to proceed',
} as const;

export const CartLineSchema = v.object({
  id: v.number(),
  quantity: v.number(),
  product: v.object({ id: v.number(), slug: v.string(), name: v.string(), brand: v.object({ slug: v.string(), name: v.string() }), imageUrl: v.string() }),
  variant: v.object({ id: v.number(), sku: v.string(), name: v.string(), kind: v.picklist(['shade', 'size']), colorHex: v.nullable(v.string()) }),
  /** Regular unit price in the country's currency, as it is now. */
  unitPrice: MoneySchema,
  /** Sale unit price when the product is on sale now. */
  unitSalePrice: v.nullable(MoneySchema),
  /** What the line costs: quantity × (sale or regular) unit price. */
  lineTotal: MoneySchema,
  /** Spec §3 `inventory`: the line's stock state and the units left (capped at the line limit). */
  inventory: v.object({ state: InventoryStateSchema, available: v.number() }),
  /** The most this line may hold now: min(stock, line limit). */
  maxQuantity: v.number(),
});
export type CartLine = v.InferOutput<typeof CartLineSchema>;

export const SampleChoiceSchema = v.object({ id: v.number(), name: v.string(), imageUrl: v.string(), inStock: v.boolean(), chosen: v.boolean() });
export type SampleChoice = v.InferOutput<typeof SampleChoiceSchema>;

export const OfferSchema = v.object({
  code: v.string(),
  /** May hold `{amount}` and `{minimum}`: shown through `offerText` (offer-text.ts). */
  title: v.string(),
  description: v.string(),
  /** An amount offer's amount off (`{amount}` in its texts); null for a percent offer. */
  amount: v.nullable(MoneySchema),
  /** Minimum spend in the country's currency; null: 'No minimum spend'. */
  minimumSpend: v.nullable(MoneySchema),
  /** Last day the offer can be used, in the country's calendar. */
  validTill: IsoDateSchema,
  /** Spend still missing for the offer to apply (0 when it applies). */
  remaining: MoneySchema,
  applies: v.boolean(),
  applied: v.boolean(),
  /** Beauty Pass offers: the tiers it is for; null for everyone's offers. */
  tiers: v.nullable(v.array(TierNameSchema)),
});
export type Offer = v.InferOutput<typeof OfferSchema>;

/** `GET cart/bag` (and `cart/`): the whole bag, computed live. */
export const CartSchema = v.object({
  country: v.string(),
  /** Changes with every write: a client holding an older one knows its copy is stale. */
  version: v.number(),
  lines: v.array(CartLineSchema),
  /**
   * E-gift cards in the bag (`POST cart/gift-cards`), oldest first: part of `total` and `count`, but
   * not of `subtotal` (the goods), the tax, the discount, free shipping or points.
   */
  giftCards: v.array(CartGiftCardSchema),
  /**
   * A Beauty Pass reward (`POST cart/rewards`, issue 15): a line that costs points, not money, and is
   * not counted in `count`. At most one (spec §5: one per customer per transaction); null for guests.
   */
  reward: v.nullable(CartRewardSchema),
  /** Spec §3 `count`: units in the bag, each e-gift card one (samples not counted). */
  count: v.number(),
  /** The goods' lines (e-gift cards not included). */
  subtotal: MoneySchema,
  /** The applied offer's discount (0 without one). */
  discount: MoneySchema,
  /** The applied offer: its title (through `offerText`, with its `amount` and `minimumSpend`). */
  appliedOffer: v.nullable(v.object({ code: v.string(), title: v.string(), amount: v.nullable(MoneySchema), minimumSpend: v.nullable(MoneySchema) })),
  /** The tax included in the total (spec §3 `percent`, e.g. GST 9%); null where there is none (HK). */
  tax: v.nullable(v.object({ label: v.string(), percent: v.number(), amount: MoneySchema })),
  shipping: v.object({
    /** Free shipping from this order amount (spec §9). */
    threshold: MoneySchema,
    /** Spend still missing for free shipping; 0 when reached. */
    remaining: MoneySchema,
    free: v.boolean(),
  }),
  /** What the bag costs: goods after the discount, plus the e-gift cards (shipping is chosen at checkout). */
  total: MoneySchema,
  points: v.object({
    /** Points this bag would earn a member. */
    earn: v.number(),
    /** Spec §3 `validPoints` and `date`: the member's usable points and when they expire; null for guests. */
    valid: v.nullable(v.object({ amount: v.number(), expiresOn: v.nullable(IsoDateSchema) })),
    /** Points the bag costs: its reward's (0 without one); taken when the order is placed. */
    spend: v.number(),
  }),
  samples: v.object({ chosen: v.array(v.number()), limit: v.number() }),
  /** Buy now, pay later offers for this total (spec §9), within each provider's limits. */
  bnpl: v.array(v.object({ provider: v.picklist(['afterpay', 'klarna', 'atome']), instalments: v.number(), instalment: MoneySchema, available: v.boolean() })),
  checkout: v.object({ allowed: v.boolean(), blockedBy: v.nullable(CheckoutBlockSchema) }),
  /** What the last guest-bag merge could not keep as it was (capped by stock or the line limit); shown once. */
  mergeNotice: v.nullable(v.array(v.object({ productName: v.string(), variantName: v.string(), requested: v.number(), kept: v.number() }))),
  /**
   * A member's request still carries a guest bag of this browser: its merge at sign-in failed and
   * kept both (`Bag-Merge: failed`). `POST cart/merge` tries again. Always false for a guest.
   */
  mergePending: v.boolean(),
});
export type Cart = v.InferOutput<typeof CartSchema>;
/**
 * The answer of `GET cart/bag` and of every bag write (`POST`/`PATCH`/`DELETE cart/line-items`,
 * `PUT cart/samples`, `POST`/`DELETE cart/offers`): the whole bag after it, so the SPA confirms its
 * optimistic copy from one answer and never computes a figure itself.
 */
export const CartResponseSchema = v.object({ data: CartSchema });

/** `GET cart/items-count`: the header's number, cheap (no prices). */
export const CartCountResponseSchema = v.object({ data: v.object({ count: v.number(), version: v.number() }) });

const QuantitySchema = v.pipe(
  v.number('must be a number'),
  v.integer('must be a whole number'),
  v.minValue(1, 'must be at least 1'),
  v.maxValue(LINE_QUANTITY_LIMIT, `must be at most ${LINE_QUANTITY_LIMIT}`),
);

/** `POST cart/line-items`: add units of a variant (added to a line that has it already). */
export const LineItemCreateSchema = v.object({ variantId: IdSchema, quantity: QuantitySchema });
export type LineItemCreate = v.InferOutput<typeof LineItemCreateSchema>;

/** `PATCH cart/line-items/{id}`: set the line's quantity. */
export const LineItemUpdateSchema = v.object({ quantity: QuantitySchema });
export type LineItemUpdate = v.InferOutput<typeof LineItemUpdateSchema>;

/** `GET cart/samples`: the country's sample choices with stock and the shopper's picks. */
export const SamplesResponseSchema = v.object({ data: v.object({ limit: v.number(), choices: v.array(SampleChoiceSchema) }) });

/** `PUT cart/samples`: the shopper's picks (replaces them). */
export const SamplesBodySchema = v.object({ sampleIds: v.pipe(v.array(IdSchema, 'must be a list of ids'), v.maxLength(BAG_LINE_LIMIT, 'too many samples')) });

/** `GET cart/offers` and `cart/beauty-pass-offers`: the offers that apply and those that would after spending more. */
export const OffersResponseSchema = v.object({ data: v.array(OfferSchema) });

/** `POST cart/offers`: apply an offer by code (`DELETE cart/offers` removes it). */
export const ApplyOfferSchema = v.object({ code: v.pipe(v.string('must be text'), v.trim(), v.nonEmpty('must not be empty'), v.maxLength(40, 'must be at most 40 characters')) });

/**
 * A wish-list entry: a product (optionally the shade or size the shopper liked), with its live stock
 * and its stored badges, from which the list says what the product page says (in stock, out of
 * stock or not on sale yet: machines/product/stock-state.rules.ts).
 */
export const WishlistItemSchema = v.object({
  productId: v.number(),
  slug: v.string(),
  variantId: v.nullable(v.number()),
  name: v.string(),
  brand: v.string(),
  imageUrl: v.string(),
  price: MoneySchema,
  salePrice: v.nullable(MoneySchema),
  inStock: v.boolean(),
  badges: v.array(BadgeSchema),
  addedAt: v.string(),
});
export type WishlistItem = v.InferOutput<typeof WishlistItemSchema>;
export const WishlistResponseSchema = v.object({ data: v.array(WishlistItemSchema) });

/** `PATCH wishlist`: add and remove products (a guest's device list is sent with `add` at sign-in). */
export const WishlistPatchSchema = v.object({
  add: v.optional(v.pipe(v.array(v.object({ productId: IdSchema, variantId: v.optional(v.nullable(IdSchema)) })), v.maxLength(200, 'at most 200 at a time'))),
  remove: v.optional(v.pipe(v.array(IdSchema), v.maxLength(200, 'at most 200 at a time'))),
});
export type WishlistPatch = v.InferOutput<typeof WishlistPatchSchema>;

/** `GET cart/`: everything the bag screen shows in one answer (the bag, samples, offers, Beauty Pass offers): one read renders `/cart`. */
export const CartScreenResponseSchema = v.object({
  data: v.object({
    bag: CartSchema,
    samples: SamplesResponseSchema.entries.data,
    offers: v.array(OfferSchema),
    beautyPassOffers: v.array(OfferSchema),
  }),
});
export type CartScreen = v.InferOutput<typeof CartScreenResponseSchema>['data'];
