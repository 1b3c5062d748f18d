import type { Context } from 'hono';
import type { Site } from '../../config/countries.ts';
import type { Cart } from '../../contract/cart.ts';
import type { Db } from '../db/client.ts';
import type { WriteResult } from './lines.ts';
import { setGuestCookie, type CartOwner } from './owner.ts';
import { readBag } from './read.ts';

/** The bag after a write: the guest's new cookie set when the write created the bag, the bag read as it is now. */
export async function bagAfterWrite(c: Context, db: Db, owner: CartOwner, site: Site, result: Pick<WriteResult, 'newToken'>): Promise<Cart> {
  let reader = owner;
  if (result.newToken !== null) {
    setGuestCookie(c, result.newToken);
    reader = { kind: 'guest', token: result.newToken };
  }
  const { cartId: _cartId, ...bag } = await readBag(db, reader, site);
  return bag;
}

/** The bag as the contract shapes it (without the server's row id). */
export function publicBag({ cartId: _cartId, ...bag }: Cart & { cartId: number | null }): Cart {
  return bag;
}
