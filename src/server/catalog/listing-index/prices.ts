import { sql } from 'drizzle-orm';
import { COUNTRY_CODES, type CountryCode } from '../../../config/countries.ts';
import type { Db } from '../../db/client.ts';
import { readRows } from '../../db/rows.ts';
import type { ProductAttributes } from './attributes.ts';
import { ranksOf } from './sort-orders.ts';

/*
 * Every country's prices by position (regular, paid, on sale) and its price order. Each country is
 * read on its first use, or in the background once the index is built (`ListingIndex.warm`), so
 * the index serves before all eight countries are read.
 */

export interface CountryPrices {
  /** Regular price in minor units by position; -1: not sold in the country. */
  amount: Int32Array;
  /** Price paid (sale price when there is one) in minor units by position; -1: not sold in the country. */
  effective: Int32Array;
  /** 1 when on sale in the country. */
  sale: Uint8Array;
  /** Positions by (price paid, id); read backwards for high to low. */
  byPrice: Int32Array;
  /** Index of each position in `byPrice`; -1 when not sold in the country. */
  rankPrice: Int32Array;
}

/** The arrays of one country a snapshot keeps (`rankPrice` is derived again). */
export type StoredPrices = Omit<CountryPrices, 'rankPrice'>;

export class Prices {
  private readonly byCountry = new Map<CountryCode, Promise<CountryPrices>>();

  constructor(private readonly products: ProductAttributes) {}

  /** The country's prices, loaded on first use; a failed load is tried again by the next use. */
  of(db: Db, country: CountryCode): Promise<CountryPrices> {
    let prices = this.byCountry.get(country);
    if (!prices) {
      const loading = this.load(db, country);
      this.byCountry.set(country, loading);
      loading.catch(() => {
        if (this.byCountry.get(country) === loading) this.byCountry.delete(country);
      });
      prices = loading;
    }
    return prices;
  }

  /** Every country's prices, loading those not loaded yet one after another. */
  async all(db: Db): Promise<Map<CountryCode, CountryPrices>> {
    const all = new Map<CountryCode, CountryPrices>();
    for (const country of COUNTRY_CODES) all.set(country, await this.of(db, country));
    return all;
  }

  /** Takes a country's prices as a snapshot kept them. */
  restore(country: CountryCode, stored: StoredPrices): void {
    this.byCountry.set(country, Promise.resolve({ ...stored, rankPrice: ranksOf(stored.byPrice, this.products.size) }));
  }

  private async load(db: Db, country: CountryCode): Promise<CountryPrices> {
    const [row] = await readRows<{ list: string | null }>(db, sql`
        select string_agg(concat_ws(',', product_id, effective_minor, (sale_amount_minor is not null)::int, amount_minor), ';' order by effective_minor, product_id) as list
        from product_prices where country_code = ${country}`);
    const { size } = this.products;
    const amount = new Int32Array(size).fill(-1);
    const effective = new Int32Array(size).fill(-1);
    const sale = new Uint8Array(size);
    const byPrice = new Int32Array(size);
    let n = 0;
    for (const entry of (row?.list ?? '').split(';')) {
      if (!entry) continue;
      const [id, price, onSale, regular] = entry.split(',').map(Number);
      const position = this.products.positionOf(id ?? -1);
      if (position < 0) continue;
      amount[position] = regular ?? -1;
      effective[position] = price ?? -1;
      sale[position] = onSale ?? 0;
      byPrice[n++] = position;
    }
    const order = n === size ? byPrice : byPrice.slice(0, n);
    return { amount, effective, sale, byPrice: order, rankPrice: ranksOf(order, size) };
  }
}
