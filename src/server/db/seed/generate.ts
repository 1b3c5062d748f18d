import { bnplProvidersOf, FREE_SHIPPING_THRESHOLDS } from '../../../config/cart.ts';
import { COUNTRIES, COUNTRY_CODES } from '../../../config/countries.ts';
import type { Localized, ProductShape } from '../schema.ts';
import { flattenCategories, type FlatCategory, type LeafTraits } from './categories.ts';
import { localPriceMinor, salePriceMinor } from './prices.ts';
import { createRng, type Rng } from './prng.ts';
import { makeReviews, ratingOf, type ReviewRow } from './reviews.ts';
import { DAY_MS } from '../../../contract/calendar-day.ts';
import {
  ADJECTIVES,
  BENEFITS,
  BRAND_NAMES,
  description,
  HOW_TO_USE,
  INGREDIENTS,
  ingredientList,
  productName,
  SHADES,
  SIZE_AMOUNTS,
  sizeName,
} from './words.ts';

/** Changing it changes the whole catalogue: tests and bookmarks rely on it staying put. */
export const SEED = 20_240_601;
/** "Now" of the catalogue: creation dates are spread before it, so no run depends on the clock. */
const CATALOGUE_EPOCH = Date.UTC(2025, 5, 1);

export interface CountryRow {
  code: string;
  currency: string;
  languages: string[];
  defaultLanguage: string;
  freeShippingThresholdMinor: number;
  thresholdAssumed: boolean;
  bnplProviders: string[];
}
export interface BrandRow {
  id: number;
  slug: string;
  name: string;
}
export interface ProductRow {
  id: number;
  slug: string;
  brandId: number;
  categoryId: number;
  name: Localized;
  description: Localized;
  ingredients: Localized;
  howToUse: Localized;
  shape: ProductShape;
  badges: string[];
  ratingAvg: number;
  ratingCount: number;
  createdAt: Date;
  featuredRank: number;
  totalStock: number;
  variantCount: number;
}
export interface VariantRow {
  id: number;
  productId: number;
  sku: string;
  kind: 'shade' | 'size';
  name: Localized;
  colorHex: string | null;
  stock: number;
  position: number;
}
export interface PriceRow {
  productId: number;
  countryCode: string;
  amountMinor: number;
  saleAmountMinor: number | null;
  effectiveMinor: number;
}
export interface ProductBundle {
  product: ProductRow;
  variants: VariantRow[];
  prices: PriceRow[];
  /** The product's rating is the aggregate of these, as after every review written later. */
  reviews: ReviewRow[];
}

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function countryRows(): CountryRow[] {
  // HK's threshold is not in the spec: COUNTRIES.HK (HK$250) is our own choice, hence threshold_assumed.
  return COUNTRY_CODES.map((code) => {
    const c = COUNTRIES[code];
    return {
      code,
      currency: c.currency,
      languages: [...c.languages],
      defaultLanguage: c.languages[0],
      freeShippingThresholdMinor: Math.round(FREE_SHIPPING_THRESHOLDS[c.code].amount * 100),
      thresholdAssumed: FREE_SHIPPING_THRESHOLDS[c.code].assumed,
      bnplProviders: bnplProvidersOf(c.code),
    };
  });
}

export function brandRows(): BrandRow[] {
  return BRAND_NAMES.map((name, index) => ({ id: index + 1, slug: slugify(name), name }));
}

export function categoryRows(): FlatCategory[] {
  return flattenCategories();
}

/** Badges every seed has on its first products, so even a small catalogue shows each of them. */
const STORED_BADGES = ['new', 'exclusive', 'coming_soon', 'priority_access', 'app_exclusive'] as const;
const BADGE_ODDS: Record<(typeof STORED_BADGES)[number], number> = { new: 0.12, exclusive: 0.1, coming_soon: 0.04, priority_access: 0.04, app_exclusive: 0.05 };

/**
 * Yields `count` products with their variants and prices, always the same for the same count
 * (and the first N products of a bigger catalogue equal a smaller one's). A generator keeps
 * memory flat when seeding 100,000 products.
 */
export function* generateProducts(count: number): Generator<ProductBundle> {
  const rng = createRng(SEED);
  // Reviews draw from a stream of their own, so their texts never shift the catalogue's values.
  const reviewRng = createRng(SEED ^ 0x5eed);
  const categories = categoryRows();
  const leaves = categories.filter((c): c is FlatCategory & { leaf: LeafTraits } => c.leaf !== undefined);
  const topSlugById = new Map<number, string>();
  for (const c of categories) topSlugById.set(c.id, c.path.split('/')[0] ?? c.slug);
  const brands = brandRows();
  const slugCounts = new Map<string, number>();
  let variantId = 0;

  for (let index = 0; index < count; index++) {
    const id = index + 1;
    const leaf = rng.pick(leaves);
    const brand = rng.pick(brands);
    const adjective = rng.pick(ADJECTIVES);
    const name = productName(adjective, leaf.name);
    const baseSlug = slugify(`${brand.name} ${adjective.en} ${leaf.name.en}`);
    const seen = slugCounts.get(baseSlug) ?? 0;
    slugCounts.set(baseSlug, seen + 1);
    const slug = seen === 0 ? baseSlug : `${baseSlug}-${seen + 1}`;

    const soldOut = rng.chance(0.07);
    const variants = makeVariants(rng, leaf.leaf, id, () => ++variantId, soldOut);
    const badges = STORED_BADGES.filter((badge, i) => i === index || rng.chance(BADGE_ODDS[badge]));
    const ageDays = badges.includes('new') ? rng.int(0, 29) : rng.int(30, 720);
    // The same three draws (two when unreviewed) as the invented ratings they replace: every
    // later slug, price and stock of the catalogue stays what bookmarks and tests know.
    const reviewCount = rng.chance(0.1) ? 0 : rng.int(1, 8);
    const tendency = reviewCount === 0 ? 0 : rng.next();
    const topSlug = topSlugById.get(leaf.id) ?? 'makeup';

    const product: ProductRow = {
      id,
      slug,
      brandId: brand.id,
      categoryId: leaf.id,
      name,
      description: description(name, brand.name, rng.pick(BENEFITS)),
      ingredients: ingredientList(rng.sample(INGREDIENTS, rng.int(4, 7))),
      howToUse: HOW_TO_USE[topSlug] ?? HOW_TO_USE['makeup'] as Localized,
      shape: leaf.leaf.shape,
      badges,
      ratingAvg: 0,
      ratingCount: 0,
      createdAt: new Date(CATALOGUE_EPOCH - ageDays * DAY_MS - rng.int(0, DAY_MS / 1000 - 1) * 1000),
      featuredRank: rng.int(1, 1_000_000),
      totalStock: variants.reduce((sum, v) => sum + v.stock, 0),
      variantCount: variants.length,
    };
    const prices = makePrices(rng, id, leaf.leaf.priceSgd);
    const reviews = makeReviews(reviewRng, id, reviewCount, tendency, product.createdAt, CATALOGUE_EPOCH);
    yield { product: { ...product, ...ratingOf(reviews) }, variants, prices, reviews };
  }
}

function makeVariants(rng: Rng, leaf: LeafTraits, productId: number, nextId: () => number, soldOut: boolean): VariantRow[] {
  const sku = (position: number) => `BP${String(productId).padStart(6, '0')}-${String(position + 1).padStart(2, '0')}`;
  const stock = () => (soldOut || rng.chance(0.12) ? 0 : rng.int(1, 150));
  if (leaf.kind === 'shade') {
    const shades = rng.sample(SHADES[leaf.palette ?? 'skin'], rng.int(1, 8));
    return shades.map((shade, position) => ({ id: nextId(), productId, sku: sku(position), kind: 'shade', name: shade.name, colorHex: shade.hex, stock: stock(), position }));
  }
  const unit = leaf.unit ?? 'ml';
  const howMany = rng.int(1, 3);
  const amounts = unit === 'piece' ? [0, 1, 2] : SIZE_AMOUNTS[unit];
  const picked = rng.sample(amounts.map((_, i) => i), howMany).sort((a, b) => a - b);
  return picked.map((amountIndex, position) => ({
    id: nextId(),
    productId,
    sku: sku(position),
    kind: 'size',
    name: sizeName(unit, unit === 'piece' && howMany === 1 ? 1 : amountIndex, amounts[amountIndex] ?? 0),
    colorHex: null,
    stock: stock(),
    position,
  }));
}

function makePrices(rng: Rng, productId: number, range: readonly [number, number]): PriceRow[] {
  const sgd = rng.int(range[0], range[1]);
  const onSale = rng.chance(0.25);
  return COUNTRY_CODES.map((country) => {
    const amountMinor = localPriceMinor(country, sgd);
    const sale = onSale && rng.chance(0.7) ? salePriceMinor(country, amountMinor, rng.pick([10, 15, 20, 25, 30, 40])) : null;
    return { productId, countryCode: country, amountMinor, saleAmountMinor: sale, effectiveMinor: sale ?? amountMinor };
  });
}
