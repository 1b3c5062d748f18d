import type { CountryCode } from './countries.ts';

/*
 * E-gift cards per country (issue 13; spec §1, §2 e-gift cards): the amounts a shopper may choose,
 * the presets the screen offers, and the limits of what is written on a card. Data, never branches
 * in code: the server checks a purchase with it (src/contract/gift-cards.ts `giftCardPurchaseIssues`)
 * and the SPA shows the same figures.
 *
 * Amounts are whole major units of the country's currency (S$20, not S$20.50). SG's S$20–S$300 is
 * the spec's example; the other ranges are our choice, close to it in value and rounded the way
 * each market prices cards.
 */

export interface GiftCardRange {
  /** Smallest card, in major units of the country's currency. */
  min: number;
  /** Largest card, in major units. */
  max: number;
  /** The amounts the screen offers as buttons (each within the range), smallest first. */
  presets: readonly number[];
}

export const GIFT_CARD_RANGES: Readonly<Record<CountryCode, GiftCardRange>> = {
  AU: { min: 25, max: 500, presets: [25, 50, 100, 200] },
  HK: { min: 100, max: 2_000, presets: [100, 200, 500, 1_000] },
  ID: { min: 200_000, max: 3_000_000, presets: [200_000, 500_000, 1_000_000, 2_000_000] },
  MY: { min: 50, max: 1_000, presets: [50, 100, 200, 500] },
  NZ: { min: 25, max: 500, presets: [25, 50, 100, 200] },
  PH: { min: 1_000, max: 15_000, presets: [1_000, 2_000, 5_000, 10_000] },
  SG: { min: 20, max: 300, presets: [20, 50, 100, 200] },
  TH: { min: 500, max: 10_000, presets: [500, 1_000, 2_000, 5_000] },
};

/** Characters of the personal message on a card. */
export const GIFT_CARD_MESSAGE_MAX = 200;

/** Characters of the recipient's and the sender's names. */
export const GIFT_CARD_NAME_MAX = 80;

/** How far ahead a send date may be: today (in the country's calendar) up to this many days later. */
export const GIFT_CARD_SEND_DAYS_AHEAD = 180;

/** E-gift cards one bag may hold (each is its own line: one recipient, one date). */
export const GIFT_CARD_BAG_LIMIT = 5;

/** Gift cards one order may be paid with. */
export const GIFT_CARDS_PER_ORDER = 2;

/** A card's code: 16 characters, shown in groups of four (`XXXX-XXXX-XXXX-XXXX`). */
export const GIFT_CARD_CODE_LENGTH = 16;

/** Digits of a card's PIN. */
export const GIFT_CARD_PIN_DIGITS = 8;
