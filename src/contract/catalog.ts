import * as v from 'valibot';
import { OTHER_FILTERS, PRODUCT_SORTS, SLUG_MAX, SLUG_PATTERN } from './patterns.ts';
import { MoneySchema, PageMetaSchema } from './site.ts';

export const SlugSchema = v.pipe(v.string(), v.regex(SLUG_PATTERN, 'must be a lower-case slug'), v.maxLength(SLUG_MAX));

/** Badge codes (spec §3). `out_of_stock` is derived from stock; `waitlisted` arrives with the waitlist. */
export const BADGES = ['new', 'exclusive', 'coming_soon', 'priority_access', 'app_exclusive', 'out_of_stock', 'waitlisted'] as const;
export const BadgeSchema = v.picklist(BADGES);
export type Badge = v.InferOutput<typeof BadgeSchema>;

export const ProductSortSchema = v.picklist(PRODUCT_SORTS, 'must be one of featured, newest, price_desc, price_asc, top_rated');

export const BrandSchema = v.object({
  id: v.number(),
  slug: v.string(),
  name: v.string(),
});
export type Brand = v.InferOutput<typeof BrandSchema>;

export const BrandListSchema = v.object({ data: v.array(BrandSchema) });

/** One node of the category tree: top category (level 1) → category (2) → sub-category (3). */
export interface CategoryNode {
  id: number;
  slug: string;
  /** Slugs from the top category down, joined by `/`: `makeup/face/foundation`. */
  path: string;
  /** Name in the request's language. */
  name: string;
  level: number;
  children: CategoryNode[];
}
export const CategoryNodeSchema: v.GenericSchema<CategoryNode> = v.object({
  id: v.number(),
  slug: v.string(),
  path: v.string(),
  name: v.string(),
  level: v.number(),
  children: v.array(v.lazy(() => CategoryNodeSchema)),
});
export const CategoryTreeSchema = v.object({ data: v.array(CategoryNodeSchema) });

/** A shade (colour) or size of a product. */
export const VariantSchema = v.object({
  id: v.number(),
  sku: v.string(),
  /** Shade or size name in the request's language. */
  name: v.string(),
  kind: v.picklist(['shade', 'size']),
  /** Swatch colour for shades (`#c8906e`), null for sizes. */
  colorHex: v.nullable(v.string()),
  /** Units in stock; 0 is out of stock. */
  stock: v.number(),
  imageUrl: v.string(),
});
export type Variant = v.InferOutput<typeof VariantSchema>;

export const ProductSummarySchema = v.object({
  id: v.number(),
  slug: v.string(),
  name: v.string(),
  brand: BrandSchema,
  /** Regular price in the request country's currency. */
  price: MoneySchema,
  /** Sale price, when the product is on sale in that country. */
  salePrice: v.nullable(MoneySchema),
  rating: v.object({ average: v.number(), count: v.number() }),
  badges: v.array(BadgeSchema),
  inStock: v.boolean(),
  imageUrl: v.string(),
  variantCount: v.number(),
});
export type ProductSummary = v.InferOutput<typeof ProductSummarySchema>;

export const ProductDetailSchema = v.object({
  ...ProductSummarySchema.entries,
  description: v.string(),
  ingredients: v.string(),
  howToUse: v.string(),
  variants: v.array(VariantSchema),
  /** Breadcrumb from the top category down. */
  categories: v.array(v.object({ slug: v.string(), path: v.string(), name: v.string() })),
});
export type ProductDetail = v.InferOutput<typeof ProductDetailSchema>;

export const ProductDetailResponseSchema = v.object({ data: ProductDetailSchema });

/** The "others" filter (spec §3): stored badges a shopper can narrow a listing to. */
export const OtherFilterSchema = v.picklist(OTHER_FILTERS, 'must be one of new, exclusive, coming_soon, priority_access, app_exclusive');


const CountSchema = v.pipe(v.number(), v.integer(), v.minValue(0));

/**
 * `GET products/filters`: the choices of each filter with the number of products each would show.
 * A filter's counts apply every *other* active filter, so choosing a second brand is never a dead end.
 */
export const ProductFiltersSchema = v.object({
  brands: v.array(v.object({ slug: v.string(), name: v.string(), count: CountSchema })),
  /** Children of the scope category (top categories without one), with their counts. */
  categories: v.array(v.object({ path: v.string(), name: v.string(), count: CountSchema })),
  /** Lowest and highest price among the products the other filters leave; null when none. */
  price: v.object({ currency: v.pipe(v.string(), v.length(3)), min: v.nullable(v.number()), max: v.nullable(v.number()) }),
  others: v.array(v.object({ code: OtherFilterSchema, count: CountSchema })),
  onSale: v.object({ count: CountSchema }),
  /** Products every active filter leaves. */
  total: CountSchema,
});
export type ProductFilters = v.InferOutput<typeof ProductFiltersSchema>;
export const ProductFiltersResponseSchema = v.object({ data: ProductFiltersSchema });

export const ProductListResponseSchema = v.object({
  data: v.array(ProductSummarySchema),
  meta: PageMetaSchema,
});
export type ProductListResponse = v.InferOutput<typeof ProductListResponseSchema>;

export const FeaturedProductsResponseSchema = v.object({ data: v.array(ProductSummarySchema) });
