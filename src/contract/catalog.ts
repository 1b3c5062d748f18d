import * as v from 'valibot';
import { PRODUCT_PAGE_SIZE_MAX } from '../config/constants.ts';
import { booleanFromQuery, intFromQuery, MoneySchema, PageMetaSchema } from './site.ts';

export const SlugSchema = v.pipe(v.string(), v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be a lower-case slug'), v.maxLength(120));

/** Badge codes (spec §3). `out_of_stock` is derived from stock; `waitlisted` arrives with the waitlist. */
export const BADGES = ['new', 'exclusive', 'coming_soon', 'priority_access', 'app_exclusive', 'out_of_stock', 'waitlisted'] as const;
export const BadgeSchema = v.picklist(BADGES);
export type Badge = v.InferOutput<typeof BadgeSchema>;

export const PRODUCT_SORTS = ['featured', 'newest', 'price_desc', 'price_asc', 'top_rated'] as const;
export const ProductSortSchema = v.picklist(PRODUCT_SORTS, 'must be one of featured, newest, price_desc, price_asc, top_rated');
export type ProductSort = v.InferOutput<typeof ProductSortSchema>;

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

/** Query of `GET products` (all values arrive as strings). */
export const ProductListQuerySchema = v.object({
  /** Category path, `makeup` or `makeup/face/foundation`. */
  category: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9-]+(?:\/[a-z0-9-]+){0,2}$/, 'must be a category path'))),
  /** Brand slug. */
  brand: v.optional(SlugSchema),
  on_sale: v.optional(booleanFromQuery),
  sort: v.optional(ProductSortSchema),
  page: v.optional(intFromQuery(1, 100_000)),
  per_page: v.optional(intFromQuery(1, PRODUCT_PAGE_SIZE_MAX)),
});
export type ProductListQueryInput = v.InferInput<typeof ProductListQuerySchema>;
export type ProductListQuery = v.InferOutput<typeof ProductListQuerySchema>;

export const ProductListResponseSchema = v.object({
  data: v.array(ProductSummarySchema),
  meta: PageMetaSchema,
});
export type ProductListResponse = v.InferOutput<typeof ProductListResponseSchema>;

/** `POST featured-products`: products picked for a placement on a page. */
export const FeaturedProductsBodySchema = v.object({
  placement: v.picklist(['home', 'category', 'product'], 'must be one of home, category, product'),
  /** For `category` placements: the category path. */
  category: v.optional(v.pipe(v.string(), v.maxLength(200))),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(48)), 12),
});
export type FeaturedProductsBody = v.InferInput<typeof FeaturedProductsBodySchema>;
export const FeaturedProductsResponseSchema = v.object({ data: v.array(ProductSummarySchema) });
