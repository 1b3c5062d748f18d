import { sql } from 'drizzle-orm';
import { ProductFiltersResponseSchema, ProductListResponseSchema, type ProductFilters, type ProductSummary } from '../../src/contract/catalog.ts';
import { json, type TestApp } from './server.ts';

/*
 * What the listing tests compare the API with: the seeded rows read with plain SQL, independently
 * of the server's listing index, and every product of a listing or its facets through the API.
 */

export interface ListingRow {
  id: number;
  brand: string;
  path: string;
  badges: string[];
  effective: number;
  regular: number;
  onSale: boolean;
  featuredRank: number;
  createdAt: number;
  rating: number;
  ratingCount: number;
}

/** Every product with its SG or TH price, as the database has it. */
export async function seededRows(t: TestApp, country: 'SG' | 'TH' = 'SG'): Promise<ListingRow[]> {
  const result = await t.db.execute(sql`
    select p.id, b.slug as brand, c.path, p.badges, pp.effective_minor, pp.amount_minor, pp.sale_amount_minor is not null as on_sale,
      p.featured_rank, extract(epoch from p.created_at) * 1000 as created, p.rating_avg, p.rating_count
    from products p join brands b on b.id = p.brand_id join categories c on c.id = p.category_id
    join product_prices pp on pp.product_id = p.id and pp.country_code = ${country}`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
    id: Number(r['id']),
    brand: String(r['brand']),
    path: String(r['path']),
    badges: r['badges'] as string[],
    effective: Number(r['effective_minor']),
    regular: Number(r['amount_minor']),
    onSale: Boolean(r['on_sale']),
    featuredRank: Number(r['featured_rank']),
    createdAt: Number(r['created']),
    rating: Number(r['rating_avg']),
    ratingCount: Number(r['rating_count']),
  }));
}

export const under = (path: string) => (row: ListingRow) => row.path === path || row.path.startsWith(`${path}/`);
export const ids = (list: readonly { id: number }[]) => list.map((p) => p.id);
export const sortedIds = (list: readonly { id: number }[]) => ids(list).sort((a, b) => a - b);

/** Every product of a listing query, walking its pages (100 per page). */
export async function listAll(t: TestApp, query: string, country = 'sg'): Promise<{ data: ProductSummary[]; total: number }> {
  const data: ProductSummary[] = [];
  for (let page = 1; ; page++) {
    const body = await json(await t.api(`/products?${query}&per_page=100&page=${page}`, { country }), ProductListResponseSchema);
    data.push(...body.data);
    if (page >= body.meta.totalPages) return { data, total: body.meta.total };
  }
}

export async function facetsOf(t: TestApp, query: string, country = 'sg', language?: string): Promise<ProductFilters> {
  return (await json(await t.api(`/products/filters?${query}`, { country, ...(language ? { language } : {}) }), ProductFiltersResponseSchema)).data;
}

/** Values by how often they occur, most frequent first: the brands and category paths the seeded catalogue really uses. */
export function common<T>(values: T[]): T[] {
  const counts = new Map<T, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([value]) => value);
}
