import { sql } from 'drizzle-orm';
import { COUNTRY_CODES, type CountryCode } from '../../../config/countries.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { catalogueVersion } from '../summaries.ts';
import type { ProductAttributes } from './attributes.ts';
import { ranksOf } from './sort-orders.ts';

/*
 * Every country's prices by position (regular, paid, on sale) and its price order. Each country is
 * read on its first use, or in the background once the index is built (`ListingIndex.warm`), so
 * the index serves before all eight countries are read.
 *
 * Prices change between two builds (a price written in SQL, a staff tool): every price write stamps
 * its products with the catalogue version (migration 0015), and a request that reads a newer
 * version than the prices were read at first catches up (`catchUp`): it re-reads the prices of the
 * products stamped since, in every country loaded, and moves only those in the price order. So a
 * listing, its price filter and sort, and a card's price are as current as the bag's, on every
 * process, without reading 800,000 prices again.
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

/** More products changed than this since the prices were read: the countries are read again whole. */
const MAX_CHANGED_PRODUCTS = 20_000;

/** A country's prices and the catalogue version they are current at. */
interface Loaded {
  prices: CountryPrices;
  readAt: number;
}

/** One price row: product id, country, price paid, on sale (0/1), regular price. */
type PriceEntry = [id: number, country: CountryCode | '', effective: number, sale: number, amount: number];

function parseEntries(list: string | null | undefined): PriceEntry[] {
  const entries: PriceEntry[] = [];
  for (const entry of (list ?? '').split(';')) {
    if (!entry) continue;
    const [id = '', country = '', effective = '', sale = '', amount = ''] = entry.split(',');
    entries.push([Number(id), country as CountryCode | '', Number(effective), Number(sale), Number(amount)]);
  }
  return entries;
}


export class Prices {
  private readonly byCountry = new Map<CountryCode, Promise<CountryPrices>>();
  /** Countries read (or restored), with the version each is current at. */
  private readonly loaded = new Map<CountryCode, Loaded>();
  /** Catching up runs one at a time (each starts from the versions the previous one reached). */
  private catchingUp: Promise<boolean> = Promise.resolve(false);

  constructor(private readonly products: ProductAttributes) {}

  /** The country's prices, loaded on first use; a failed load is tried again by the next use. */
  of(db: Db, country: CountryCode): Promise<CountryPrices> {
    let prices = this.byCountry.get(country);
    if (!prices) {
      const loading = this.load(db, country).then(({ prices: read, readAt }) => {
        this.loaded.set(country, { prices: read, readAt });
        return read;
      });
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

  /** Takes a country's prices as a snapshot kept them, current at catalogue version `readAt`. */
  restore(country: CountryCode, stored: StoredPrices, readAt: number): void {
    const prices = { ...stored, rankPrice: ranksOf(stored.byPrice, this.products.size) };
    this.byCountry.set(country, Promise.resolve(prices));
    this.loaded.set(country, { prices, readAt });
  }

  /**
   * Brings every loaded country's prices up to catalogue version `version` (read by the caller for
   * this request): true when a price or the price order changed (answers kept from the old
   * prices are then out of date). Nothing is read while no country is behind.
   */
  catchUp(db: Db, version: number): Promise<boolean> {
    if (![...this.loaded.values()].some((loaded) => loaded.readAt !== version)) return Promise.resolve(false);
    const run = this.catchingUp.then(() => this.catchUpNow(db, version));
    this.catchingUp = run.catch(() => false);
    return run;
  }

  private async catchUpNow(db: Db, version: number): Promise<boolean> {
    const held = [...this.loaded.entries()];
    // Held prices newer than the request's version: a request that read it before another caught
    // up, or a version that went back (a restored database), where nothing held can be trusted.
    const newest = Math.max(...held.map(([, loaded]) => loaded.readAt));
    if (newest > version && (await catalogueVersion(db)) < newest) {
      await this.reload(db, held);
      return true;
    }
    const behind = held.filter(([, loaded]) => loaded.readAt < version);
    if (behind.length === 0) return false;
    const since = Math.min(...behind.map(([, loaded]) => loaded.readAt));
    const [changed] = await queryRows<{ n: number; list: string | null }>(
      db,
      sql`with changed as (select id from products where change_version > ${since} limit ${MAX_CHANGED_PRODUCTS + 1})
          select (select count(*)::int from changed) as n,
            (select string_agg(concat_ws(',', c.id, p.country_code, p.effective_minor, (p.sale_amount_minor is not null)::int, p.amount_minor), ';')
              from changed c left join product_prices p on p.product_id = c.id) as list`,
    );
    if ((changed?.n ?? 0) > MAX_CHANGED_PRODUCTS) {
      await this.reload(db, behind);
      return true;
    }
    const entries = parseEntries(changed?.list);
    let moved = false;
    for (const [country, loaded] of behind) {
      if (this.apply(loaded.prices, country, entries)) moved = true;
      // Another request may have caught up further meanwhile: the version only moves forward.
      loaded.readAt = Math.max(loaded.readAt, version);
    }
    return moved;
  }

  /** Reads the countries again whole, in place (a holder of their prices sees the new ones). */
  private async reload(db: Db, countries: readonly (readonly [CountryCode, Loaded])[]): Promise<void> {
    for (const [country, loaded] of countries) {
      const fresh = await this.load(db, country);
      Object.assign(loaded.prices, fresh.prices);
      loaded.readAt = fresh.readAt;
    }
  }

  /**
   * Writes the entries of `country` (every price row of each changed product: a product without
   * one there is no longer sold there) into its prices; moves the changed positions in the price
   * order. True when anything changed.
   */
  private apply(prices: CountryPrices, country: CountryCode, entries: readonly PriceEntry[]): boolean {
    const { amount, effective, sale } = prices;
    const touched = new Map<number, { effective: number; amount: number; sale: number }>();
    for (const [id, entryCountry, paid, onSale, regular] of entries) {
      const position = this.products.positionOf(id);
      // A product the index does not hold yet is listed once the index is built again.
      if (position < 0) continue;
      if (!touched.has(position)) touched.set(position, { effective: -1, amount: -1, sale: 0 });
      if (entryCountry === country) touched.set(position, { effective: paid, amount: regular, sale: onSale });
    }
    const moved: number[] = [];
    let changed = false;
    for (const [position, next] of touched) {
      if (amount[position] === next.amount && effective[position] === next.effective && sale[position] === next.sale) continue;
      changed = true;
      if (effective[position] !== next.effective) moved.push(position);
      amount[position] = next.amount;
      effective[position] = next.effective;
      sale[position] = next.sale;
    }
    if (moved.length > 0) this.reorder(prices, moved);
    return changed;
  }

  /**
   * The price order with `moved` taken out and put back at their new prices: one merge, no full
   * sort (plain loops: at 100,000 products a closure per element cost ten times as much).
   */
  private reorder(prices: CountryPrices, moved: readonly number[]): void {
    const { effective, byPrice, rankPrice } = prices;
    const isMoved = new Uint8Array(this.products.size);
    let removed = 0;
    for (const position of moved) {
      isMoved[position] = 1;
      if ((rankPrice[position] ?? -1) >= 0) removed++;
    }
    const inserted = moved.filter((position) => (effective[position] ?? -1) >= 0).sort((a, b) => (effective[a] ?? 0) - (effective[b] ?? 0) || a - b);
    const order = new Int32Array(byPrice.length - removed + inserted.length);
    let at = 0;
    let next = 0;
    let nextPosition = inserted[0] ?? -1;
    let nextPrice = nextPosition < 0 ? 0 : (effective[nextPosition] ?? 0);
    for (let i = 0; i < byPrice.length; i++) {
      const position = byPrice[i] ?? 0;
      if (isMoved[position] === 1) continue;
      const price = effective[position] ?? 0;
      while (nextPosition >= 0 && (nextPrice < price || (nextPrice === price && nextPosition < position))) {
        order[at++] = nextPosition;
        nextPosition = inserted[++next] ?? -1;
        nextPrice = nextPosition < 0 ? 0 : (effective[nextPosition] ?? 0);
      }
      order[at++] = position;
    }
    for (; next < inserted.length; next++) order[at++] = inserted[next] ?? 0;
    prices.byPrice = order;
    prices.rankPrice = ranksOf(order, this.products.size);
  }

  /** A country's prices, read at the version read just before them. */
  private async load(db: Db, country: CountryCode): Promise<Loaded> {
    const readAt = await catalogueVersion(db);
    const [row] = await queryRows<{ list: string | null }>(db, sql`
        select string_agg(concat_ws(',', product_id, country_code, effective_minor, (sale_amount_minor is not null)::int, amount_minor), ';' order by effective_minor, product_id) as list
        from product_prices where country_code = ${country}`);
    const { size } = this.products;
    const amount = new Int32Array(size).fill(-1);
    const effective = new Int32Array(size).fill(-1);
    const sale = new Uint8Array(size);
    const byPrice = new Int32Array(size);
    let n = 0;
    for (const [id, , price, onSale, regular] of parseEntries(row?.list)) {
      const position = this.products.positionOf(id);
      if (position < 0) continue;
      amount[position] = regular;
      effective[position] = price;
      sale[position] = onSale;
      byPrice[n++] = position;
    }
    const order = n === size ? byPrice : byPrice.slice(0, n);
    return { prices: { amount, effective, sale, byPrice: order, rankPrice: ranksOf(order, size) }, readAt };
  }
}
