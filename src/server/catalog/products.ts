import { sql } from 'drizzle-orm';
import { API_PREFIX } from '../../config/constants.ts';
import { COUNTRIES, type CountryCode, type LanguageCode, type Site } from '../../config/countries.ts';
import { type Badge, type ProductDetail, type ProductFilters, type ProductSummary } from '../../contract/catalog.ts';
import { OTHER_FILTERS, type ProductSort } from '../../contract/patterns.ts';
import type { Db } from '../db/client.ts';
import { integerArray, queryRows } from '../db/query.ts';
import { keyedFilter, type ProductFilter } from './filters.ts';
import { listingIndex, type CountryPrices, type ListingIndex } from './listing-index/index.ts';
import { catalogueRefs, type CatalogueRefs } from './refs.ts';
import { catalogueVersion, SUMMARY_COLUMNS, summaryCache, type SummaryRow } from './summaries.ts';

/*
 * Product listings, summaries and the product page: the one module the catalogue routes call. It
 * asks the listing index (./listing-index/) which products, and ./summaries.ts what their cards say.
 *
 * - `listProducts(db, site, { ...ProductFilter, sort, page, perPage })`: a page of summaries with
 *   `meta` (page, perPage, total, totalPages); `GET search` passes `searchTerms` in the filter.
 * - `productFacets(db, site, filter)`: `GET products/filters`.
 * - `productDetail(db, site, slug)`: `GET products/{slug}`.
 * - `summariesByIds(db, site, ids)`: summaries in the order of `ids`; `featuredProducts` picks some.
 */

export function productImageUrl(productId: number, variantId: number): string {
  return `${API_PREFIX}/media/products/${productId}/${variantId}.svg`;
}

function money(country: CountryCode, minor: number) {
  return { currency: COUNTRIES[country].currency, amount: minor / 100 };
}

/** A summary; null when the product is not priced in the country (or newer than the listing index). */
function toSummary(row: SummaryRow, index: ListingIndex, prices: CountryPrices, refs: CatalogueRefs, site: Site): ProductSummary | null {
  const [id, slug, names, storedBadges, ratingAvg, ratingCount, totalStock, variantCount, brandId] = row;
  const position = index.positionOf(id);
  const amount = position < 0 ? -1 : (prices.amount[position] ?? -1);
  if (amount < 0) return null;
  const inStock = totalStock > 0;
  const badges = storedBadges as Badge[];
  const brand = refs.brandsById.get(brandId) ?? { id: brandId, slug: '', name: '' };
  return {
    id,
    slug,
    name: names[site.language] ?? names.en ?? '',
    brand: { id: brand.id, slug: brand.slug, name: brand.name },
    price: money(site.country, amount),
    salePrice: prices.sale[position] === 1 ? money(site.country, prices.effective[position] ?? amount) : null,
    rating: { average: Number(ratingAvg), count: ratingCount },
    badges: inStock ? badges : [...badges, 'out_of_stock'],
    inStock,
    imageUrl: productImageUrl(id, index.cover[position] ?? 0),
    variantCount,
  };
}

/**
 * Summaries of `ids` in that order, as they are at catalogue version `version` (./summaries.ts:
 * from memory, unless the rows changed since they were read).
 */
async function readSummaries(db: Db, site: Site, index: ListingIndex, ids: readonly number[], version: number): Promise<ProductSummary[]> {
  const [refs, prices, rows] = await Promise.all([catalogueRefs(db), index.pricesOf(db, site.country), summaryCache(db).read(db, ids, version)]);
  return ids.flatMap((id) => {
    const found = rows.get(id);
    const summary = found ? toSummary(found, index, prices, refs, site) : null;
    return summary ? [summary] : [];
  });
}

/**
 * The listing index with its prices brought up to the catalogue version this request reads (a
 * price written on any process since shows now), and that version.
 */
async function currentIndex(db: Db): Promise<{ index: ListingIndex; version: number }> {
  const [index, version] = await Promise.all([listingIndex(db), catalogueVersion(db)]);
  await index.catchUp(db, version);
  return { index, version };
}

/** Summaries of `ids` in that order (products not priced in the country are left out). */
export async function summariesByIds(db: Db, site: Site, ids: readonly number[]): Promise<ProductSummary[]> {
  if (ids.length === 0) return [];
  const { index, version } = await currentIndex(db);
  return readSummaries(db, site, index, ids, version);
}

/** `GET products` and `GET search`: a filter, a sort and a page. */
export interface ListOptions extends ProductFilter {
  sort: ProductSort;
  /** From 1. */
  page: number;
  perPage: number;
}

export interface ProductPage {
  data: ProductSummary[];
  meta: { page: number; perPage: number; total: number; totalPages: number };
}

/**
 * A page of products under a filter and sort, with the total the filter leaves. The page is found
 * in the listing index (./listing-index/), its prices current to the request's catalogue version,
 * and its rows are read through ./summaries.ts, so stock, ratings and names are current. A page past the end is empty, with the real total.
 */
export async function listProducts(db: Db, site: Site, options: ListOptions): Promise<ProductPage> {
  const { sort, page, perPage, ...filter } = options;
  const [{ index, version }, refs] = await Promise.all([currentIndex(db), catalogueRefs(db)]);
  // Ordered by the ratings as they are now (a review may have moved one since the index read them).
  if (sort === 'top_rated') await index.catchUpRatings(db, version);
  const offset = (page - 1) * perPage;
  const { ids, total } = await index.pageOfIds(db, site.country, keyedFilter(refs, filter), sort, offset, perPage);
  const data = await readSummaries(db, site, index, ids, version);
  return { data, meta: { page, perPage, total, totalPages: Math.ceil(total / perPage) } };
}

/**
 * `GET products/filters`: each filter's choices with the products they would show under all the
 * *other* active filters (a filter's own selection never narrows its own counts), the price range
 * the other filters leave, and the total under every filter. One pass over the listing index; the
 * counts are kept with it per filter and country.
 */
export async function productFacets(db: Db, site: Site, filter: ProductFilter): Promise<ProductFilters> {
  const [{ index }, refs] = await Promise.all([currentIndex(db), catalogueRefs(db)]);
  const counts = await index.facetCounts(db, site.country, keyedFilter(refs, filter));

  const selectedBrands = new Set(filter.brands ?? []);
  const brands = refs.brandList
    .map((brand) => ({ slug: brand.slug, name: brand.name, count: counts.brands.get(brand.id) ?? 0 }))
    // A selected brand stays listed at 0, so the shopper can take it off again.
    .filter((brand) => brand.count > 0 || selectedBrands.has(brand.slug));

  const scope = filter.category === undefined ? undefined : refs.categoriesByPath.get(filter.category);
  const children = filter.category !== undefined && !scope ? [] : (refs.childrenOf.get(scope ? scope.id : null) ?? []);
  const categories = children.map((child) => ({
    path: child.path,
    name: child.name[site.language],
    count: refs.idsUnder(child.path).reduce((sum, id) => sum + (counts.categories.get(id) ?? 0), 0),
  }));

  return {
    brands,
    categories,
    price: {
      currency: COUNTRIES[site.country].currency,
      min: counts.priceMin === null ? null : counts.priceMin / 100,
      max: counts.priceMax === null ? null : counts.priceMax / 100,
    },
    others: OTHER_FILTERS.map((code) => ({ code, count: counts.others.get(code) ?? 0 })),
    onSale: { count: counts.onSale },
    total: counts.total,
  };
}

/**
 * Deterministic picks for a placement: best-ranked products a shopper can buy now — in stock (read
 * live, so in SQL) and on sale (not coming soon: `isOnSale`, which the bag's add enforces).
 */
export async function featuredProducts(db: Db, site: Site, options: { placement: 'home' | 'category' | 'product'; category?: string | undefined; limit: number }) {
  const refs = await catalogueRefs(db);
  const categoryIds = options.category === undefined ? null : refs.idsUnder(options.category);
  if (categoryIds?.length === 0) return [];
  const order = options.placement === 'product' ? sql`rating_avg desc, rating_count desc, id` : sql`featured_rank, id`;
  const picks = await queryRows<{ id: number }>(db, sql`
      select id from products
      where total_stock > 0 and not ('coming_soon' = any(badges)) ${categoryIds ? sql`and category_id = any(${integerArray(categoryIds)})` : sql``}
      order by ${order} limit ${options.limit}`);
  return summariesByIds(db, site, picks.map((row) => Number(row.id)));
}

interface DetailJson {
  row: SummaryRow;
  description: string;
  ingredients: string;
  howToUse: string;
  categoryId: number;
  variants: { id: number; sku: string; name: string; kind: 'shade' | 'size'; colorHex: string | null; stock: number }[];
}

/** One product with its variants in one language, in one query (one JSON text); null when there is no such slug. */
async function readDetail(db: Db, language: LanguageCode, slug: string): Promise<DetailJson | null> {
  const [row] = await queryRows<{ detail: string | null }>(db, sql`
      select json_build_object(
        'row', ${SUMMARY_COLUMNS},
        'description', p.description ->> ${language},
        'ingredients', p.ingredients ->> ${language},
        'howToUse', p.how_to_use ->> ${language},
        'categoryId', p.category_id,
        'variants', (select coalesce(json_agg(json_build_object('id', v.id, 'sku', v.sku, 'name', v.name ->> ${language}, 'kind', v.kind, 'colorHex', v.color_hex, 'stock', v.stock) order by v.position, v.id), '[]')
          from variants v where v.product_id = p.id)
      )::text as detail
      from products p where p.slug = ${slug} limit 1`);
  return row?.detail ? (JSON.parse(row.detail) as DetailJson) : null;
}

/** One product with its variants and breadcrumb: from memory while neither it nor its variants changed (./summaries.ts). */
export async function productDetail(db: Db, site: Site, slug: string): Promise<ProductDetail | null> {
  const [{ index, version }, refs] = await Promise.all([currentIndex(db), catalogueRefs(db)]);
  const { language } = site;
  const detail = await summaryCache(db).detail(db, `${slug}\u0000${language}`, version, () => readDetail(db, language, slug));
  if (!detail) return null;
  const summary = toSummary(detail.row, index, await index.pricesOf(db, site.country), refs, site);
  if (!summary) return null;
  const crumbs = [];
  for (let category = refs.categoriesById.get(detail.categoryId); category; category = category.parentId === null ? undefined : refs.categoriesById.get(category.parentId)) {
    crumbs.unshift({ slug: category.slug, path: category.path, name: category.name[language] });
  }
  return {
    ...summary,
    description: detail.description,
    ingredients: detail.ingredients,
    howToUse: detail.howToUse,
    variants: detail.variants.map((v) => ({
      id: v.id,
      sku: v.sku,
      name: v.name,
      kind: v.kind,
      colorHex: v.kind === 'shade' ? v.colorHex : null,
      stock: v.stock,
      imageUrl: productImageUrl(summary.id, v.id),
    })),
    categories: crumbs,
  };
}
