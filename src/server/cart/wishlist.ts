import { and, eq, inArray, sql } from 'drizzle-orm';
import { COUNTRIES, type Site } from '../../config/countries.ts';
import type { WishlistItem, WishlistPatch } from '../../contract/cart.ts';
import type { Badge } from '../../contract/catalog.ts';
import { unauthorized } from '../auth/middleware.ts';
import { productImageUrl } from '../catalog/products.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/query.ts';
import { products, users, variants, wishlistItems } from '../db/schema.ts';
import { invalidRequest, type FieldError } from '../http/errors.ts';

/*
 * A member's wish list: products (with the shade or size liked, optionally), shown with the live
 * price and stock of the request's country. Products not sold there are left out of the answer but
 * kept on the list (the member may shop in another country too).
 */

interface WishlistRow {
  product_id: number;
  slug: string;
  variant_id: number | null;
  name: string;
  brand: string;
  image_variant: number | null;
  amount_minor: number;
  sale_amount_minor: number | null;
  in_stock: boolean;
  badges: string[];
  added_at: Date | string;
}

export async function listWishlist(db: Db, userId: number, { country, language }: Site): Promise<WishlistItem[]> {
  const { currency } = COUNTRIES[country];
  const rows = rowsOf<WishlistRow>(
    await db.execute(sql`select w.product_id, p.slug, w.variant_id, p.name ->> ${language} as name, b.name as brand,
        coalesce(w.variant_id, (select v.id from variants v where v.product_id = p.id order by v.position, v.id limit 1)) as image_variant,
        pp.amount_minor, pp.sale_amount_minor,
        case when w.variant_id is null then p.total_stock > 0 else coalesce((select v.stock > 0 from variants v where v.id = w.variant_id), false) end as in_stock,
        p.badges, w.created_at as added_at
      from wishlist_items w join products p on p.id = w.product_id join brands b on b.id = p.brand_id
      join product_prices pp on pp.product_id = p.id and pp.country_code = ${country}
      where w.user_id = ${userId}
      order by w.created_at desc, w.product_id`),
  );
  return rows.map((r) => ({
    productId: Number(r.product_id),
    slug: r.slug,
    variantId: r.variant_id === null ? null : Number(r.variant_id),
    name: r.name,
    brand: r.brand,
    imageUrl: r.image_variant === null ? '' : productImageUrl(Number(r.product_id), Number(r.image_variant)),
    price: { currency, amount: Number(r.amount_minor) / 100 },
    salePrice: r.sale_amount_minor === null ? null : { currency, amount: Number(r.sale_amount_minor) / 100 },
    inStock: Boolean(r.in_stock),
    // Stored badges as the product page gets them: "coming soon" is shown, and not sold.
    badges: r.badges as Badge[],
    addedAt: new Date(r.added_at).toISOString(),
  }));
}

/**
 * `PATCH wishlist`: adds (a repeat keeps one entry, taking the newer shade when one is given) and
 * removes (a product not on the list is already removed): idempotent both ways. An unknown product,
 * or a variant of another product, is a 400 naming the entry.
 */
export async function patchWishlist(db: Db, userId: number, patch: WishlistPatch): Promise<void> {
  const add = patch.add ?? [];
  const remove = patch.remove ?? [];
  const productIds = [...new Set(add.map((a) => a.productId))];
  const variantIds = [...new Set(add.flatMap((a) => (a.variantId ? [a.variantId] : [])))];
  const known = new Set(productIds.length === 0 ? [] : (await db.select({ id: products.id }).from(products).where(inArray(products.id, productIds))).map((r) => r.id));
  const variantOwner = new Map(
    variantIds.length === 0 ? [] : (await db.select({ id: variants.id, productId: variants.productId }).from(variants).where(inArray(variants.id, variantIds))).map((r) => [r.id, r.productId]),
  );
  const errors: FieldError[] = [];
  add.forEach((entry, i) => {
    if (!known.has(entry.productId)) errors.push({ field: `body.add.${i}.productId`, message: 'is not a product of the catalogue' });
    else if (entry.variantId && variantOwner.get(entry.variantId) !== entry.productId) errors.push({ field: `body.add.${i}.variantId`, message: 'is not a variant of this product' });
  });
  if (errors.length > 0) throw invalidRequest(errors);
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw unauthorized();
  // The last entry for a product wins within one request, as it would over several.
  const byProduct = new Map(add.map((a) => [a.productId, a.variantId ?? null]));
  await db.transaction(async (tx) => {
    if (remove.length > 0) await tx.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), inArray(wishlistItems.productId, remove)));
    if (byProduct.size > 0) {
      await tx
        .insert(wishlistItems)
        .values([...byProduct].map(([productId, variantId]) => ({ userId, productId, variantId })))
        .onConflictDoUpdate({ target: [wishlistItems.userId, wishlistItems.productId], set: { variantId: sql`coalesce(excluded.variant_id, ${wishlistItems.variantId})` } });
    }
  });
}
