import { and, eq, sql } from 'drizzle-orm';
import { BAG_LINE_LIMIT, LINE_QUANTITY_LIMIT } from '../../config/cart.ts';
import type { CountryCode } from '../../config/countries.ts';
import { CART_ERROR_CODES } from '../../contract/cart.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { cartLines, variants } from '../db/schema.ts';
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

interface AddState {
  /** Null: the variant is not sold in the country. */
  stock: number | null;
  held: number | null;
  lines: number;
}

/**
 * What an add decides on, in one statement after the bag's lock (a statement of its own, so under
 * READ COMMITTED it sees every write committed before the lock was granted): the variant's stock
 * where it is priced in the country, the line's quantity, the bag's line count.
 */
async function addState(tx: Db, cartId: number, variantId: number, country: CountryCode): Promise<AddState> {
  const [row] = rowsOf<{ stock: number | null; held: number | null; lines: number }>(
    await tx.execute(sql`select
      (select v.stock from variants v join product_prices pp on pp.product_id = v.product_id and pp.country_code = ${country} where v.id = ${variantId}) as stock,
      (select l.quantity from cart_lines l where l.cart_id = ${cartId} and l.variant_id = ${variantId}) as held,
      (select count(*)::int from cart_lines l where l.cart_id = ${cartId}) as lines`),
  );
  return { stock: row?.stock ?? null, held: row?.held ?? null, lines: Number(row?.lines ?? 0) };
}

/**
 * `POST cart/line-items`: adds `quantity` units, to the line that has the variant already if there
 * is one. Three statements in one transaction: lock the bag (created on a guest's or member's first
 * write), read the state, then write the line and move the version on together.
 */
export async function addLine(db: Db, owner: CartOwner, country: CountryCode, variantId: number, quantity: number): Promise<WriteResult & { lineId: number }> {
  return db.transaction(async (tx) => {
    // A refused add throws: the transaction rolls back, and a bag created by it with it.
    const { cart, newToken } = await lockCart(tx, owner, country);
    const { stock, held, lines } = await addState(tx, cart.id, variantId, country);
    if (stock === null) throw unknownVariant();
    const most = Math.min(stock, LINE_QUANTITY_LIMIT);
    if ((held ?? 0) + quantity > most) throw unavailable(Math.max(0, most - (held ?? 0)), stock);
    if (held === null && lines >= BAG_LINE_LIMIT) {
      throw new ApiError(409, `A bag holds at most ${BAG_LINE_LIMIT} different items`, [{ field: 'body.variantId', message: 'the bag is full' }], { code: CART_ERROR_CODES.bagFull });
    }
    // The lock already serialises the bag's writers; the upsert keeps the (cart, variant) pair unique all the same.
    const [written] = rowsOf<{ version: number; line_id: number }>(
      await tx.execute(sql`with line as (
          insert into cart_lines (cart_id, variant_id, quantity) values (${cart.id}, ${variantId}, ${quantity})
          on conflict (cart_id, variant_id) do update set quantity = cart_lines.quantity + excluded.quantity returning id)
        update carts set version = version + 1, updated_at = now() where id = ${cart.id} returning version, (select id from line) as line_id`),
    );
    if (!written) throw new Error('the bag disappeared inside its own transaction');
    return { version: Number(written.version), newToken, lineId: Number(written.line_id) };
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
