import { and, asc, desc, eq, gt, inArray, isNotNull, like, or, sql, type SQL } from 'drizzle-orm';
import { API_PREFIX } from '../../config/constants.ts';
import { COUNTRIES, type CountryCode, type LanguageCode } from '../../config/countries.ts';
import type { Badge, ProductDetail, ProductSort, ProductSummary } from '../../contract/catalog.ts';
import type { Db } from '../db/client.ts';
import { brands, categories, productPrices, products, variants, type Localized } from '../db/schema.ts';

export interface Site {
  country: CountryCode;
  language: LanguageCode;
}

export function productImageUrl(productId: number, variantId: number): string {
  return `${API_PREFIX}/media/products/${productId}/${variantId}.svg`;
}

/** Columns every product summary needs, joined with the brand and the country's price. */
const summaryColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  badges: products.badges,
  ratingAvg: products.ratingAvg,
  ratingCount: products.ratingCount,
  totalStock: products.totalStock,
  variantCount: products.variantCount,
  brandId: brands.id,
  brandSlug: brands.slug,
  brandName: brands.name,
  amountMinor: productPrices.amountMinor,
  saleAmountMinor: productPrices.saleAmountMinor,
  // Variants of a product are created together, so the lowest id is its first (cover) variant.
  firstVariantId: sql<number>`(select min(${variants.id}) from ${variants} where ${variants.productId} = ${products.id})`.mapWith(Number),
};

type SummaryRow = {
  id: number;
  slug: string;
  name: Localized;
  badges: string[];
  ratingAvg: number;
  ratingCount: number;
  totalStock: number;
  variantCount: number;
  brandId: number;
  brandSlug: string;
  brandName: string;
  amountMinor: number;
  saleAmountMinor: number | null;
  firstVariantId: number;
};

function money(country: CountryCode, minor: number) {
  return { currency: COUNTRIES[country].currency, amount: minor / 100 };
}

function toSummary(row: SummaryRow, site: Site): ProductSummary {
  const inStock = row.totalStock > 0;
  const badges = row.badges as Badge[];
  return {
    id: row.id,
    slug: row.slug,
    name: row.name[site.language],
    brand: { id: row.brandId, slug: row.brandSlug, name: row.brandName },
    price: money(site.country, row.amountMinor),
    salePrice: row.saleAmountMinor === null ? null : money(site.country, row.saleAmountMinor),
    rating: { average: Number(row.ratingAvg), count: row.ratingCount },
    badges: inStock ? badges : [...badges, 'out_of_stock'],
    inStock,
    imageUrl: productImageUrl(row.id, row.firstVariantId),
    variantCount: row.variantCount,
  };
}

function baseQuery(db: Db, country: CountryCode) {
  return db
    .select(summaryColumns)
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(productPrices, and(eq(productPrices.productId, products.id), eq(productPrices.countryCode, country)));
}

const ORDER: Record<ProductSort, SQL[]> = {
  featured: [asc(products.featuredRank), asc(products.id)],
  newest: [desc(products.createdAt), desc(products.id)],
  price_desc: [desc(productPrices.effectiveMinor), asc(products.id)],
  price_asc: [asc(productPrices.effectiveMinor), asc(products.id)],
  top_rated: [desc(products.ratingAvg), desc(products.ratingCount), asc(products.id)],
};

/** Ids of a category and all its descendants; empty when the path names no category. */
async function categoryIds(db: Db, path: string): Promise<number[]> {
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(or(eq(categories.path, path), like(categories.path, `${path.replace(/[\\%_]/g, '\\$&')}/%`)));
  return rows.map((r) => r.id);
}

export interface ProductFilter {
  category?: string | undefined;
  brand?: string | undefined;
  onSale?: boolean | undefined;
  inStockOnly?: boolean;
}

/** The WHERE clause of a filter, or null when it can match nothing (unknown category or brand). */
async function filterCondition(db: Db, filter: ProductFilter): Promise<SQL | undefined | null> {
  const conditions: SQL[] = [];
  if (filter.category !== undefined) {
    const ids = await categoryIds(db, filter.category);
    if (ids.length === 0) return null;
    conditions.push(inArray(products.categoryId, ids));
  }
  if (filter.brand !== undefined) {
    const [brand] = await db.select({ id: brands.id }).from(brands).where(eq(brands.slug, filter.brand));
    if (!brand) return null;
    conditions.push(eq(products.brandId, brand.id));
  }
  if (filter.onSale) conditions.push(isNotNull(productPrices.saleAmountMinor));
  if (filter.inStockOnly) conditions.push(gt(products.totalStock, 0));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export interface ListOptions extends ProductFilter {
  sort: ProductSort;
  page: number;
  perPage: number;
}

/**
 * Totals per filter and country, kept 5 minutes (the catalogue's own freshness): counting 100k
 * rows on every page turn costs more than the page itself.
 */
const TOTALS_TTL_MS = 300_000;
const TOTALS_MAX = 500;
const totalsCache = new WeakMap<Db, Map<string, { total: number; at: number }>>();

async function countProducts(db: Db, country: CountryCode, filter: ProductFilter, where: SQL | undefined): Promise<number> {
  let cache = totalsCache.get(db);
  if (!cache) totalsCache.set(db, (cache = new Map()));
  const key = JSON.stringify([country, filter.category, filter.brand, filter.onSale ?? false, filter.inStockOnly ?? false]);
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TOTALS_TTL_MS) return hit.total;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(products)
    .innerJoin(productPrices, and(eq(productPrices.productId, products.id), eq(productPrices.countryCode, country)))
    .where(where);
  const total = row?.n ?? 0;
  if (cache.size >= TOTALS_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(key, { total, at: Date.now() });
  return total;
}

/** Summaries of `ids`, in that order. */
async function summariesByIds(db: Db, site: Site, ids: number[]): Promise<ProductSummary[]> {
  if (ids.length === 0) return [];
  const rows = await baseQuery(db, site.country).where(inArray(products.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toSummary(row, site)] : [];
  });
}

export async function listProducts(db: Db, site: Site, options: ListOptions) {
  const where = await filterCondition(db, options);
  const meta = (total: number) => ({ page: options.page, perPage: options.perPage, total, totalPages: Math.ceil(total / options.perPage) });
  if (where === null) return { data: [], meta: meta(0) };

  const total = await countProducts(db, site.country, options, where);
  const offset = (options.page - 1) * options.perPage;
  if (offset >= total) return { data: [], meta: meta(total) };
  // Page through narrow rows first (index-friendly even at a deep offset), then load only the page.
  const page = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(productPrices, and(eq(productPrices.productId, products.id), eq(productPrices.countryCode, site.country)))
    .where(where)
    .orderBy(...ORDER[options.sort])
    .limit(options.perPage)
    .offset(offset);
  return { data: await summariesByIds(db, site, page.map((r) => r.id)), meta: meta(total) };
}

/** Deterministic picks for a placement: best-ranked products in stock. */
export async function featuredProducts(db: Db, site: Site, options: { placement: 'home' | 'category' | 'product'; category?: string | undefined; limit: number }) {
  const where = await filterCondition(db, { category: options.category, inStockOnly: true });
  if (where === null) return [];
  const order = options.placement === 'product' ? ORDER.top_rated : ORDER.featured;
  const picks = await db
    .select({ id: products.id })
    .from(products)
    .innerJoin(productPrices, and(eq(productPrices.productId, products.id), eq(productPrices.countryCode, site.country)))
    .where(where)
    .orderBy(...order)
    .limit(options.limit);
  return summariesByIds(db, site, picks.map((r) => r.id));
}

export async function productDetail(db: Db, site: Site, slug: string): Promise<ProductDetail | null> {
  const [row] = await baseQuery(db, site.country)
    .where(eq(products.slug, slug))
    .limit(1);
  if (!row) return null;
  const [extra] = await db
    .select({ description: products.description, ingredients: products.ingredients, howToUse: products.howToUse, categoryPath: categories.path })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(eq(products.id, row.id));
  if (!extra) return null;
  const variantRows = await db.select().from(variants).where(eq(variants.productId, row.id)).orderBy(asc(variants.position), asc(variants.id));
  const segments = extra.categoryPath.split('/');
  const prefixes = segments.map((_, i) => segments.slice(0, i + 1).join('/'));
  const crumbs = await db.select({ slug: categories.slug, path: categories.path, name: categories.name }).from(categories).where(inArray(categories.path, prefixes)).orderBy(asc(categories.level));
  const { language } = site;
  return {
    ...toSummary(row, site),
    description: extra.description[language],
    ingredients: extra.ingredients[language],
    howToUse: extra.howToUse[language],
    variants: variantRows.map((v) => ({
      id: v.id,
      sku: v.sku,
      name: v.name[language],
      kind: v.kind,
      colorHex: v.kind === 'shade' ? v.colorHex : null,
      stock: v.stock,
      imageUrl: productImageUrl(row.id, v.id),
    })),
    categories: crumbs.map((c) => ({ slug: c.slug, path: c.path, name: c.name[language] })),
  };
}
