import { and, count, eq, sql } from 'drizzle-orm';
import { BAG_LINE_LIMIT, LINE_QUANTITY_LIMIT } from '../../config/cart.ts';
import type { CountryCode } from '../../config/countries.ts';
import { CART_ERROR_CODES } from '../../contract/cart.ts';
import type { Db } from '../db/client.ts';
import { cartLines, productPrices, variants } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { bumpVersion, lockCart, type CartOwner } from './owner.ts';

/*
 * Writes of bag lines. Each runs in one transaction that first locks the bag's row (`lockCart`:
 * SELECT … FOR UPDATE), so writes of one bag — ten parallel adds, two tabs — run one after the
 * other, each reading the quantity the previous one committed: the database decides, no update is
 * lost, and no quantity ever passes the stock or the line limit. The last statement moves the
 * bag's version on.
 */

export interface WriteResult {
  version: number;
  /** A new guest token to set as the cookie (the guest's first write). */
  newToken: string | null;
}

function unknownVariant(): ApiError {
  return new ApiError(400, 'Unknown variant', [{ field: 'body.variantId', message: 'is not sold in this country' }], { code: CART_ERROR_CODES.unknownVariant });
}

/** 409 with the most the line may still take (`maxQuantity`) in the field's message and the body. */
function unavailable(allowed: number, stock: number): ApiError {
  const code = stock === 0 ? CART_ERROR_CODES.outOfStock : CART_ERROR_CODES.quantityUnavailable;
  const message = stock === 0 ? 'Out of stock' : `Only ${allowed} more can be added`;
  return new ApiError(409, message, [{ field: 'body.quantity', message: `must be at most ${allowed}` }], { code, maxQuantity: allowed });
}

/** The variant's stock when it is sold in `country` (a price there), else null. */
async function sellableStock(tx: Db, variantId: number, country: CountryCode): Promise<number | null> {
  const [row] = await tx
    .select({ stock: variants.stock })
    .from(variants)
    .innerJoin(productPrices, and(eq(productPrices.productId, variants.productId), eq(productPrices.countryCode, country)))
    .where(eq(variants.id, variantId));
  return row ? row.stock : null;
}

/** `POST cart/line-items`: adds `quantity` units, to the line that has the variant already if there is one. */
export async function addLine(db: Db, owner: CartOwner, country: CountryCode, variantId: number, quantity: number): Promise<WriteResult & { lineId: number }> {
  return db.transaction(async (tx) => {
    // Checked before the bag is created: a refused first add leaves no empty bag behind.
    const stock = await sellableStock(tx, variantId, country);
    if (stock === null) throw unknownVariant();
    const { cart, newToken } = await lockCart(tx, owner, country);
    const [existing] = await tx
      .select({ id: cartLines.id, quantity: cartLines.quantity })
      .from(cartLines)
      .where(and(eq(cartLines.cartId, cart.id), eq(cartLines.variantId, variantId)));
    const held = existing?.quantity ?? 0;
    const most = Math.min(stock, LINE_QUANTITY_LIMIT);
    if (held + quantity > most) throw unavailable(Math.max(0, most - held), stock);
    if (!existing) {
      const [lines] = await tx.select({ n: count() }).from(cartLines).where(eq(cartLines.cartId, cart.id));
      if ((lines?.n ?? 0) >= BAG_LINE_LIMIT) {
        throw new ApiError(409, `A bag holds at most ${BAG_LINE_LIMIT} different items`, [{ field: 'body.variantId', message: 'the bag is full' }], { code: CART_ERROR_CODES.bagFull });
      }
    }
    // The row lock already serialises writers; the upsert keeps the (cart, variant) pair unique all the same.
    const [line] = await tx
      .insert(cartLines)
      .values({ cartId: cart.id, variantId, quantity })
      .onConflictDoUpdate({ target: [cartLines.cartId, cartLines.variantId], set: { quantity: sql`${cartLines.quantity} + excluded.quantity` } })
      .returning({ id: cartLines.id });
    if (!line) throw new Error('the line upsert returned no row');
    return { version: await bumpVersion(tx, cart.id), newToken, lineId: line.id };
  });
}

function unknownLine(): ApiError {
  return new ApiError(404, 'Line not found', undefined, { code: CART_ERROR_CODES.unknownLine });
}

/**
 * `PATCH cart/line-items/{id}`: sets the quantity. Lowering is always allowed (it is how a
 * reduced-stock line is fixed); raising only up to the stock and the line limit.
 */
export async function updateLine(db: Db, owner: CartOwner, country: CountryCode, lineId: number, quantity: number): Promise<WriteResult> {
  return db.transaction(async (tx) => {
    const locked = await lockExisting(tx, owner, country);
    const [line] = await tx
      .select({ quantity: cartLines.quantity, stock: variants.stock })
      .from(cartLines)
      .innerJoin(variants, eq(variants.id, cartLines.variantId))
      .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, locked)));
    if (!line) throw unknownLine();
    const most = Math.min(line.stock, LINE_QUANTITY_LIMIT);
    if (quantity > line.quantity && quantity > most) throw unavailable(most, line.stock);
    await tx.update(cartLines).set({ quantity }).where(eq(cartLines.id, lineId));
    return { version: await bumpVersion(tx, locked), newToken: null };
  });
}

/** `DELETE cart/line-items/{id}`. */
export async function deleteLine(db: Db, owner: CartOwner, country: CountryCode, lineId: number): Promise<WriteResult> {
  return db.transaction(async (tx) => {
    const locked = await lockExisting(tx, owner, country);
    const removed = await tx
      .delete(cartLines)
      .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, locked)))
      .returning({ id: cartLines.id });
    if (removed.length === 0) throw unknownLine();
    return { version: await bumpVersion(tx, locked), newToken: null };
  });
}

/** The owner's existing bag, locked; a shopper without a bag has no line to change (404). */
async function lockExisting(tx: Db, owner: CartOwner, country: CountryCode): Promise<number> {
  if (owner.kind === 'guest' && owner.token === null) throw unknownLine();
  const { cart } = await lockCart(tx, owner, country);
  return cart.id;
}
