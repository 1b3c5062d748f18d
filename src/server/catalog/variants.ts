import { asc, eq } from 'drizzle-orm';
import type { LanguageCode } from '../../config/countries.ts';
import type { Variant } from '../../contract/catalog.ts';
import type { Db } from '../db/client.ts';
import { products, variants } from '../db/schema.ts';
import { productImageUrl } from './products.ts';

/** A product's shades and sizes with their stock as it is now (the cached detail may be minutes old); null: no such product. */
export async function liveVariants(db: Db, language: LanguageCode, slug: string): Promise<Variant[] | null> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.slug, slug)).limit(1);
  if (!product) return null;
  const rows = await db.select().from(variants).where(eq(variants.productId, product.id)).orderBy(asc(variants.position), asc(variants.id));
  return rows.map((v) => ({
    id: v.id,
    sku: v.sku,
    name: v.name[language],
    kind: v.kind,
    colorHex: v.kind === 'shade' ? v.colorHex : null,
    stock: v.stock,
    imageUrl: productImageUrl(product.id, v.id),
  }));
}
