import { sql } from 'drizzle-orm';
import { COUNTRY_CODES } from '../../../config/countries.ts';
import { OTHER_FILTERS } from '../../../contract/patterns.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query.ts';
import { ProductAttributes } from './attributes.ts';
import { Prices } from './prices.ts';
import { Ratings } from './ratings.ts';
import { SearchPostings } from './search-postings.ts';
import type { SnapshotArray } from './snapshot.ts';
import { sortOrder, type FixedOrders } from './sort-orders.ts';

/*
 * The parts of a listing index, built from the database or restored from the typed arrays of a
 * snapshot (./snapshot.ts). At 100,000 products a build takes about two seconds (seven with every
 * country's prices and the search postings) and some 30 MB.
 */

/** Everything an index holds, by the positions of `products`. */
export interface IndexParts {
  products: ProductAttributes;
  orders: FixedOrders;
  prices: Prices;
  ratings: Ratings;
  search: SearchPostings;
}

function partsOf(products: ProductAttributes, orders: FixedOrders): IndexParts {
  return { products, orders, prices: new Prices(products), ratings: new Ratings(products), search: new SearchPostings(products) };
}

function parseIds(list: string | null | undefined): Int32Array {
  if (!list) return new Int32Array(0);
  return Int32Array.from(list.split(','), Number);
}

/** Reads products, orders, covers and ratings; prices and search postings load on first use. */
export async function buildParts(db: Db): Promise<IndexParts> {
  const badgeMask = sql.join(
    OTHER_FILTERS.map((code, i) => sql`((${code}::text = any(badges))::int << ${i}::integer)`),
    sql` | `,
  );
  // Each list in one row: a few long strings cross from PGlite far faster than 100,000 rows.
  const [attributes] = await queryRows<{ list: string | null }>(db, sql`select string_agg(concat_ws(',', id, category_id, brand_id, ${badgeMask}), ';' order by featured_rank, id) as list from products`);
  const rows = (attributes?.list ?? '').split(';').filter(Boolean).map((row) => row.split(',').map(Number));
  const byFeaturedIds = Int32Array.from(rows, (row) => row[0] ?? 0);
  rows.sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
  const products = new ProductAttributes(
    Int32Array.from(rows, (row) => row[0] ?? 0),
    Int32Array.from(rows, (row) => row[1] ?? 0),
    Int32Array.from(rows, (row) => row[2] ?? 0),
    Uint8Array.from(rows, (row) => row[3] ?? 0),
  );
  const featured = sortOrder(products.positionsOf(byFeaturedIds), products.size);
  const [newest] = await queryRows<{ list: string | null }>(db, sql`select string_agg(id::text, ',' order by created_at desc, id desc) as list from products`);
  const parts = partsOf(products, { featured, newest: sortOrder(products.positionsOf(parseIds(newest?.list)), products.size) });
  const [covers] = await queryRows<{ list: string | null }>(db, sql`
      select string_agg(concat(product_id, ',', id), ';') as list
      from (select distinct on (product_id) product_id, id from variants order by product_id, position, id) first_variants`);
  for (const entry of (covers?.list ?? '').split(';')) {
    const [id, variant] = entry.split(',').map(Number);
    const position = products.positionOf(id ?? -1);
    if (position >= 0) products.cover[position] = variant ?? 0;
  }
  await parts.ratings.load(db);
  return parts;
}

/**
 * Everything the index read from the database, as typed arrays, once every country's prices and
 * the search postings are loaded. Derived lookups are not included: `restoreParts` computes them again.
 */
export async function snapshotArrays(db: Db, { products, orders, prices, ratings, search }: IndexParts): Promise<{ ratingsVersion: number; arrays: Record<string, SnapshotArray> }> {
  const rated = ratings.stored();
  const arrays: Record<string, SnapshotArray> = {
    ids: products.ids,
    category: products.category,
    brand: products.brand,
    badges: products.badges,
    cover: products.cover,
    featured: orders.featured.order,
    newest: orders.newest.order,
    // Sorted by the ratings saved with it.
    rated: rated.rated,
    ratingTenths: rated.tenths,
    ratingCount: rated.count,
  };
  for (const [country, { amount, effective, sale, byPrice }] of await prices.all(db)) {
    arrays[`${country}.amount`] = amount;
    arrays[`${country}.effective`] = effective;
    arrays[`${country}.sale`] = sale;
    arrays[`${country}.byPrice`] = byPrice;
  }
  const postings = await search.load(db);
  arrays['search.offsets'] = postings.offsets;
  arrays['search.positions'] = postings.positions;
  return { ratingsVersion: ratings.version, arrays };
}

/**
 * The parts from `snapshotArrays`; null when an array is missing or the wrong size. The prices are
 * taken as current at catalogue version `pricesVersion` (-1: unknown, every product is read again
 * on the first catch-up).
 */
export function restoreParts(ratingsVersion: number, arrays: ReadonlyMap<string, SnapshotArray>, pricesVersion = -1): IndexParts | null {
  const int32 = (name: string, length?: number) => {
    const array = arrays.get(name);
    return array instanceof Int32Array && (length === undefined || array.length === length) ? array : null;
  };
  const bytes = (name: string, length: number) => {
    const array = arrays.get(name);
    return array instanceof Uint8Array && array.length === length ? array : null;
  };
  const ids = int32('ids');
  if (!ids) return null;
  const n = ids.length;
  const [category, brand, cover, featured, newest, rated, ratingCount] = [int32('category', n), int32('brand', n), int32('cover', n), int32('featured'), int32('newest'), int32('rated'), int32('ratingCount', n)];
  const badges = bytes('badges', n);
  const ratingTenths = arrays.get('ratingTenths');
  const offsets = int32('search.offsets');
  const positions = int32('search.positions');
  if (!category || !brand || !cover || !featured || !newest || !rated || !ratingCount || !badges || !(ratingTenths instanceof Int16Array) || ratingTenths.length !== n || !offsets || !positions) return null;
  const products = new ProductAttributes(ids, category, brand, badges);
  products.cover.set(cover);
  const parts = partsOf(products, { featured: sortOrder(featured, n), newest: sortOrder(newest, n) });
  parts.ratings.restore({ tenths: ratingTenths, count: ratingCount, rated }, ratingsVersion);
  for (const country of COUNTRY_CODES) {
    const [amount, effective, byPrice] = [int32(`${country}.amount`, n), int32(`${country}.effective`, n), int32(`${country}.byPrice`)];
    const sale = bytes(`${country}.sale`, n);
    if (!amount || !effective || !byPrice || !sale) return null;
    parts.prices.restore(country, { amount, effective, sale, byPrice }, pricesVersion);
  }
  parts.search.restore({ offsets, positions });
  return parts;
}

/**
 * What the index depends on: `count:max product id:max variant id:structure version:search index
 * build`. `catalogue_structure_version` moves with every write of prices, of products and variants
 * added or removed, and of what listings filter and sort on (migration 0005).
 */
export async function catalogueFingerprint(db: Db): Promise<string> {
  const [row] = await queryRows<{ n: number; p: number | null; v: number | null; s: number | string | null; b: string | null }>(
    db,
    sql`select (select count(*)::int from products) as n, (select max(id) from products) as p, (select max(id) from variants) as v,
      (select version from catalogue_structure_version) as s, (select built_at::text from search_index_state where id = 1) as b`,
  );
  return `${row?.n ?? 0}:${row?.p ?? 0}:${row?.v ?? 0}:${row?.s ?? 0}:${row?.b ?? ''}`;
}
