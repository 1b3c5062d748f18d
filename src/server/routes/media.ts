import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { Db } from '../db/client.ts';
import { brands, products, variants } from '../db/schema.ts';
import { IMMUTABLE } from '../http/cache.ts';
import { notFound } from '../http/errors.ts';
import type { AppEnv } from '../http/site.ts';
import { PathNumberSchema } from '../http/validate.ts';
import { productSvg } from '../media/product-svg.ts';
import { endpoint, params } from '../openapi/declare.ts';

const ImageParamsSchema = v.object({
  productId: PathNumberSchema,
  file: v.pipe(v.string(), v.regex(/^\d{1,9}\.svg$/, 'must be {variantId}.svg'), v.transform((f) => Number(f.slice(0, -4)))),
});

/** Offline product pictures: `media/products/{productId}/{variantId}.svg`. */
export function mediaRoutes(db: Db) {
  return new Hono<AppEnv>().get(
    '/products/:productId/:file',
    endpoint({ id: 'media.productImage', operation: 'show', description: 'Offline product picture of one variant, as SVG (cached forever: the URL changes with the picture); `{file}` is `{variantId}.svg`.', status: 200, contentType: 'image/svg+xml', errors: { 404: 'No such product picture.' } }),
    params(ImageParamsSchema),
    async (c) => {
    const { productId, file: variantId } = c.req.valid('param');
    const [row] = await db
      .select({ shape: products.shape, brandName: brands.name, colorHex: variants.colorHex })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(and(eq(variants.id, variantId), eq(variants.productId, productId)));
    if (!row) throw notFound();
    return c.body(productSvg({ productId, ...row }), 200, {
      'Content-Type': 'image/svg+xml; charset=utf-8',
      'Cache-Control': IMMUTABLE,
      'X-Content-Type-Options': 'nosniff',
    });
  },
  );
}
