import { and, eq, sql } from 'drizzle-orm';
import { BAG_LINE_LIMIT, LINE_QUANTITY_LIMIT } from '../../config/cart.ts';
import type { CountryCode, Site } from '../../config/countries.ts';
import { CART_ERROR_CODES } from '../../contract/cart.ts';
import { isOnSale } from '../../contract/patterns.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query.ts';
import { cartLines, products, variants } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import { unauthorized } from '../auth/middleware.ts';
import { bumpVersion, lockCart, newGuestToken, type CartOwner } from './owner.ts';
import { todayIn } from '../../contract/calendar-day.ts';
import { bagOf, ownerArgs, parsed, type BagRow, type ServerBag } from './read.ts';

/*
 * Writes of bag lines. Each runs in one transaction that first locks the bag's row (`lockCart`:
 * SELECT … FOR UPDATE), so writes of one bag — ten parallel adds, two tabs — run one after the
 * other, each reading the quantity the previous one committed: the database decides, no update is
 * lost, and no quantity ever passes the stock or the line limit. The last statement moves the
 * bag's version on. The add, the hot path, does the same in one PL/pgSQL statement (`cart_add`).
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

/** A refusal raised by `cart_add` (src/server/db/functions/cart.sql: SQLSTATEs of class BP) as the answer it means; null for any other error. */
function refusal(error: unknown): Error | null {
  // drizzle wraps the driver's error (node-postgres) in its own, with the original as the cause.
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, detail } = e as { code?: unknown; detail?: unknown };
    if (code === 'BP400') return unknownVariant();
    if (code === 'BP401') return unauthorized();
    if (code === 'BP410') return bagFull();
    if (code === 'BP411') return notOnSale();
    if (code === 'BP409' && typeof detail === 'string') {
      const { allowed, stock } = JSON.parse(detail) as { allowed: number; stock: number };
      return unavailable(Number(allowed), Number(stock));
    }
  }
  return null;
}

/** 409: the product is coming soon, announced but not sold yet (migration 0017); its page offers the waitlist instead. */
function notOnSale(): ApiError {
  return new ApiError(409, 'Not on sale yet', [{ field: 'body.variantId', message: 'is not on sale yet' }], { code: CART_ERROR_CODES.notOnSale });
}

function bagFull(): ApiError {
  return new ApiError(409, `A bag holds at most ${BAG_LINE_LIMIT} different items`, [{ field: 'body.variantId', message: 'the bag is full' }], { code: CART_ERROR_CODES.bagFull });
}

/**
 * `POST cart/line-items`: adds `quantity` units, to the line that has the variant already if there
 * is one, and answers the bag as it is after the add. One statement, `cart_add` (src/server/db/functions/cart.sql),
 * so one round trip and one transaction: it locks the bag's row (creating the bag on a guest's or
 * member's first write), reads the stock, the line and the bag's line count, refuses past the
 * stock and the limits (the statement rolls back, and a bag it created with it), upserts the line,
 * moves the version on and reads the bag.
 */
export async function addLine(db: Db, owner: CartOwner, site: Site, variantId: number, quantity: number, now?: number): Promise<WriteResult & { lineId: number; bag: ServerBag }> {
  const { country, language } = site;
  // A guest without a token gets a new one, set as the cookie once the add has succeeded.
  const newToken = owner.kind === 'guest' && owner.token === null ? newGuestToken() : null;
  const args = ownerArgs(owner, newToken ?? (owner.kind === 'guest' ? owner.token : null));
  if (!args) throw new Error('a guest add without a token');
  let rows: { r: AddRow | string }[];
  try {
    rows = await queryRows<{ r: AddRow | string }>(
      db,
      sql`select cart_add(${args}, ${country}::text, ${variantId}::integer, ${quantity}::integer, ${LINE_QUANTITY_LIMIT}::integer, ${BAG_LINE_LIMIT}::integer, ${language}::text, ${todayIn(country, now)}::date) as r`,
    );
  } catch (error) {
    throw refusal(error) ?? error;
  }
  const added = rows[0] ? parsed(rows[0].r) : null;
  if (!added) throw new Error('cart_add answered nothing');
  const reader: CartOwner = newToken === null ? owner : { kind: 'guest', token: newToken };
  return { version: Number(added.version), newToken, lineId: Number(added.lineId), bag: await bagOf(db, reader, site, added.bag) };
}

/** What `cart_add` answers. */
interface AddRow {
  version: number;
  lineId: number;
  bag: BagRow;
}

function unknownLine(): ApiError {
  return new ApiError(404, 'Line not found', undefined, { code: CART_ERROR_CODES.unknownLine });
}

/**
 * `PATCH cart/line-items/{id}`: sets the quantity. Lowering is always allowed (it is how a
 * reduced-stock line is fixed); raising only up to the stock and the line limit, and never for a
 * product that became coming soon after it was added (409 `not_on_sale`, as the add answers; the
 * line stays, marked `not_on_sale`, until the shopper removes it).
 */
export async function updateLine(db: Db, owner: CartOwner, country: CountryCode, lineId: number, quantity: number): Promise<WriteResult> {
  return db.transaction(async (tx) => {
    const locked = await lockExisting(tx, owner, country);
    const [line] = await tx
      .select({ quantity: cartLines.quantity, stock: variants.stock, badges: products.badges })
      .from(cartLines)
      .innerJoin(variants, eq(variants.id, cartLines.variantId))
      .innerJoin(products, eq(products.id, variants.productId))
      .where(and(eq(cartLines.id, lineId), eq(cartLines.cartId, locked)));
    if (!line) throw unknownLine();
    if (quantity > line.quantity && !isOnSale(line)) throw notOnSale();
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
