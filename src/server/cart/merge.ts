import { eq, inArray, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { BAG_LINE_LIMIT, LINE_QUANTITY_LIMIT } from '../../config/cart.ts';
import type { CountryCode } from '../../config/countries.ts';
import { isOnSale } from '../../contract/patterns.ts';
import type { Db } from '../db/client.ts';
import { cartLines, cartSamples, carts, products, variants, type MergeNoticeEntry } from '../db/schema.ts';
import { bumpVersion, clearGuestCookie, guestToken, hashToken, lockCart } from './owner.ts';

/*
 * Guest → member: at sign-in and registration every guest bag of the browser's cookie (one per
 * country) merges into the member's bag of that country in one transaction. Quantities are summed
 * and capped by the stock and the line limit (and new lines by the bag's line limit); what was
 * capped is written to the member's bag as `merge_notice`, which the next read of the bag shows once
 * and clears. A line of a product that is coming soon adds no units (as the add refuses them): it
 * comes along as it was when the member has none of it, to be shown marked `not_on_sale`, and
 * leaves a member's line of it as it is. The guest bags are then deleted and the cookie cleared. A merge that fails changes
 * nothing (the transaction rolls back), keeps the cookie, and `POST cart/merge` tries again.
 */

export type MergeOutcome = 'none' | 'merged' | 'failed';

/** Merges the guest bags of `token` into the member's; false when there was none. */
export async function mergeGuestBags(db: Db, token: string, userId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const guests = await tx
      .select({ id: carts.id, country: carts.countryCode, appliedOfferId: carts.appliedOfferId })
      .from(carts)
      .where(eq(carts.guestTokenHash, hashToken(token)))
      .orderBy(carts.id)
      .for('update');
    if (guests.length === 0) return false;
    for (const guest of guests) {
      const { cart: member } = await lockCart(tx, { kind: 'member', userId }, guest.country as CountryCode);
      const guestLines = await tx
        .select({ variantId: cartLines.variantId, quantity: cartLines.quantity, stock: variants.stock, badges: products.badges })
        .from(cartLines)
        .innerJoin(variants, eq(variants.id, cartLines.variantId))
        .innerJoin(products, eq(products.id, variants.productId))
        .where(eq(cartLines.cartId, guest.id))
        .orderBy(cartLines.id);
      const memberLines = await tx.select({ variantId: cartLines.variantId, quantity: cartLines.quantity }).from(cartLines).where(eq(cartLines.cartId, member.id));
      const held = new Map(memberLines.map((l) => [l.variantId, l.quantity]));
      let lineCount = memberLines.length;
      const notice: MergeNoticeEntry[] = [];
      for (const line of guestLines) {
        const before = held.get(line.variantId);
        const requested = (before ?? 0) + line.quantity;
        const room = before !== undefined || lineCount < BAG_LINE_LIMIT;
        // Never below what the member's line already holds: merging only adds.
        const most = isOnSale(line) ? Math.min(requested, line.stock, LINE_QUANTITY_LIMIT) : (before ?? line.quantity);
        const kept = room ? Math.max(before ?? 0, most) : (before ?? 0);
        if (kept < requested) notice.push({ variantId: line.variantId, requested, kept });
        if (kept === (before ?? 0)) continue;
        if (before === undefined) lineCount += 1;
        await tx
          .insert(cartLines)
          .values({ cartId: member.id, variantId: line.variantId, quantity: kept })
          .onConflictDoUpdate({ target: [cartLines.cartId, cartLines.variantId], set: { quantity: kept } });
      }
      // Picks and the offer come along only where the member's bag has none of its own.
      const [memberPick] = await tx.select({ id: cartSamples.sampleId }).from(cartSamples).where(eq(cartSamples.cartId, member.id)).limit(1);
      if (!memberPick) {
        await tx.execute(sql`insert into cart_samples (cart_id, sample_id) select ${member.id}, sample_id from cart_samples where cart_id = ${guest.id} on conflict do nothing`);
      }
      // E-gift cards come along as they are: each is its own line (one recipient, one date).
      await tx.execute(sql`update cart_gift_cards set cart_id = ${member.id} where cart_id = ${guest.id}`);
      const takeOffer = member.appliedOfferId === null && guest.appliedOfferId !== null;
      if (takeOffer || notice.length > 0) {
        await tx
          .update(carts)
          .set({ ...(takeOffer ? { appliedOfferId: guest.appliedOfferId } : {}), ...(notice.length > 0 ? { mergeNotice: notice } : {}) })
          .where(eq(carts.id, member.id));
      }
      await bumpVersion(tx, member.id);
    }
    await tx.delete(carts).where(inArray(carts.id, guests.map((g) => g.id)));
    return true;
  });
}

/**
 * The sign-in hook (password, Google, registration): merges the request's guest bags into the
 * member's. Never fails the sign-in: a failed merge is logged, leaves both bags and the cookie, and
 * says so in the `Bag-Merge: failed` header so the SPA can offer to try again (`POST cart/merge`).
 */
export async function mergeAtSignIn(c: Context, db: Db, userId: number, log: (line: string) => void = console.error): Promise<MergeOutcome> {
  const token = guestToken(c);
  if (token === null) return 'none';
  try {
    const merged = await mergeGuestBags(db, token, userId);
    clearGuestCookie(c);
    return merged ? 'merged' : 'none';
  } catch (error) {
    // Drizzle wraps the database's error: its cause names the constraint or the lock that failed.
    const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
    log(`guest bag merge for user ${userId} failed${cause}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    c.header('Bag-Merge', 'failed');
    return 'failed';
  }
}
