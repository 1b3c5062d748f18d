import type { BnplProvider, CountryCode } from './countries.ts';

/*
 * The bag's business figures per country (issue 12; spec §9 gives the free-shipping thresholds and
 * the buy-now-pay-later providers). Data, never branches in code: the server
 * computes the bag from it and serves what the SPA shows.
 */

/**
 * Free standard shipping from this order amount (spec §9), in major units of the country's
 * currency; `assumed` where the spec gives no figure and the number is our own choice (HK$250,
 * close to the SG threshold in value).
 */
export const FREE_SHIPPING_THRESHOLDS: Readonly<Record<CountryCode, { amount: number; assumed: boolean }>> = {
  AU: { amount: 25, assumed: false },
  HK: { amount: 250, assumed: true },
  ID: { amount: 500000, assumed: false },
  MY: { amount: 80, assumed: false },
  NZ: { amount: 25, assumed: false },
  PH: { amount: 3000, assumed: false },
  SG: { amount: 35, assumed: false },
  TH: { amount: 500, assumed: false },
};

/** Most units of one variant in one bag line (the server refuses more with 400 `body.quantity`). */
export const LINE_QUANTITY_LIMIT = 10;

/** Most distinct lines in one bag: a bound on the work one request can cause. */
export const BAG_LINE_LIMIT = 50;

/** At or below this many units left, a line is marked as low in stock. */
export const LOW_STOCK_THRESHOLD = 5;

/**
 * The tax every price of the country includes (prices are tax-inclusive in these markets): the bag
 * shows the part of the total that is tax. `label` is the tax's own name, not translated (GST is GST
 * in every language of the store). HK has no sales tax.
 */
export interface TaxRule {
  label: 'GST' | 'SST' | 'PPN' | 'VAT';
  /** Percent of the pre-tax price. */
  percent: number;
}

export const TAX_RULES: Readonly<Record<CountryCode, TaxRule | null>> = {
  AU: { label: 'GST', percent: 10 },
  HK: null,
  // PPN: 12% nominal since 2025, charged on 11/12 of the price for goods other than luxury goods: 11% in effect.
  ID: { label: 'PPN', percent: 11 },
  // SST: the sales tax on cosmetics and toiletries is 10%.
  MY: { label: 'SST', percent: 10 },
  NZ: { label: 'GST', percent: 15 },
  PH: { label: 'VAT', percent: 12 },
  SG: { label: 'GST', percent: 9 },
  TH: { label: 'VAT', percent: 7 },
};

/** Samples a shopper may pick per purchase (spec §5: "choose 1 or several"). */
export const SAMPLE_LIMITS: Readonly<Record<CountryCode, number>> = { AU: 3, HK: 2, ID: 2, MY: 2, NZ: 3, PH: 2, SG: 3, TH: 2 };

/**
 * A buy-now-pay-later provider in one country: the order amounts it accepts (major units of the
 * country's currency) and the number of instalments. Figures as the providers publish them for
 * merchants of this size; the business confirms them with each contract.
 */
export interface BnplTerms {
  provider: BnplProvider;
  instalments: number;
  minimum: number;
  maximum: number;
}

/** The providers a country offers: those it has terms with, in the order listed. */
export const bnplProvidersOf = (country: CountryCode): BnplProvider[] => (BNPL_TERMS[country] ?? []).map((terms) => terms.provider);

export const BNPL_TERMS: Readonly<Partial<Record<CountryCode, readonly BnplTerms[]>>> = {
  AU: [
    { provider: 'afterpay', instalments: 4, minimum: 1, maximum: 2000 },
    { provider: 'klarna', instalments: 4, minimum: 1, maximum: 2000 },
  ],
  NZ: [{ provider: 'afterpay', instalments: 4, minimum: 1, maximum: 1500 }],
  MY: [{ provider: 'atome', instalments: 3, minimum: 50, maximum: 3000 }],
  SG: [{ provider: 'atome', instalments: 3, minimum: 10, maximum: 2000 }],
};

/**
 * Beauty Pass points a purchase earns: points per one major unit of the currency spent, after
 * discounts. Roughly one point per Singapore dollar's worth everywhere; ours until the programme
 * sets real rates (issue 15 serves them with the ledger).
 */
export const POINTS_PER_UNIT: Readonly<Record<CountryCode, number>> = {
  AU: 1,
  HK: 0.2,
  ID: 0.0001,
  MY: 0.3,
  NZ: 1,
  PH: 0.025,
  SG: 1,
  TH: 0.04,
};

/**
 * Smallest amount the bag shows in each country, in minor units (1/100): a computed amount (the tax
 * part, a percent discount, an instalment) is rounded to it. Rupiah have no cents in practice, as
 * the SPA's money format shows them (`src/web/shared/site/format.ts`).
 */
export const ROUNDING_MINOR: Readonly<Record<CountryCode, number>> = { AU: 1, HK: 1, ID: 100, MY: 1, NZ: 1, PH: 1, SG: 1, TH: 1 };
