import { and, count, eq } from 'drizzle-orm';
import type { Site } from '../../config/countries.ts';
import { GIFT_CARD_BAG_LIMIT } from '../../config/gift-cards.ts';
import { GIFT_CARD_ERROR_CODES, GIFT_CARD_ISSUE_MESSAGES, giftCardPurchaseIssues, type GiftCardPurchase } from '../../contract/gift-cards.ts';
import { bumpVersion, lockCart, type CartOwner } from '../cart/owner.ts';
import type { WriteResult } from '../cart/lines.ts';
import { todayIn } from '../../contract/calendar-day.ts';
import type { Db } from '../db/client.ts';
import { cartGiftCards } from '../db/schema.ts';
import { ApiError, invalidRequest } from '../http/errors.ts';

/*
 * E-gift cards in the bag: `POST cart/gift-cards` adds one (its amount within the country's range,
 * its send date today or later in the country's calendar), `DELETE cart/gift-cards/{id}` removes
 * one. Each write locks the bag's row and moves its version on, like every bag write
 * (src/server/cart/owner.ts), so the bag a checkout reviewed is the bag it pays.
 */

export async function addGiftCardToBag(db: Db, owner: CartOwner, site: Site, purchase: GiftCardPurchase, now = Date.now()): Promise<WriteResult & { id: number }> {
  const issues = giftCardPurchaseIssues(site.country, purchase, todayIn(site.country, now));
  if (issues.length > 0) throw invalidRequest(issues.map((issue) => ({ field: `body.${issue.field}`, message: GIFT_CARD_ISSUE_MESSAGES[issue.code] })));
  return db.transaction(async (tx) => {
    const { cart, newToken } = await lockCart(tx, owner, site.country);
    const [held] = await tx.select({ n: count() }).from(cartGiftCards).where(eq(cartGiftCards.cartId, cart.id));
    if ((held?.n ?? 0) >= GIFT_CARD_BAG_LIMIT) {
      throw new ApiError(409, `A bag holds at most ${GIFT_CARD_BAG_LIMIT} e-gift cards`, [{ field: 'body.amount', message: 'the bag holds as many e-gift cards as it may' }], {
        code: GIFT_CARD_ERROR_CODES.bagLimit,
        limit: GIFT_CARD_BAG_LIMIT,
      });
    }
    const [row] = await tx
      .insert(cartGiftCards)
      .values({
        cartId: cart.id,
        amountMinor: purchase.amount * 100,
        recipientName: purchase.recipientName,
        recipientEmail: purchase.recipientEmail,
        senderName: purchase.senderName,
        message: purchase.message,
        sendOn: purchase.sendOn,
      })
      .returning({ id: cartGiftCards.id });
    if (!row) throw new Error('the e-gift card line was not written');
    return { id: row.id, version: await bumpVersion(tx, cart.id), newToken };
  });
}

function unknownGiftCardLine(): ApiError {
  return new ApiError(404, 'E-gift card not found in the bag', undefined, { code: GIFT_CARD_ERROR_CODES.unknownLine });
}

export async function removeGiftCardFromBag(db: Db, owner: CartOwner, site: Site, id: number): Promise<WriteResult> {
  if (owner.kind === 'guest' && owner.token === null) throw unknownGiftCardLine();
  return db.transaction(async (tx) => {
    const { cart } = await lockCart(tx, owner, site.country);
    const removed = await tx
      .delete(cartGiftCards)
      .where(and(eq(cartGiftCards.id, id), eq(cartGiftCards.cartId, cart.id)))
      .returning({ id: cartGiftCards.id });
    if (removed.length === 0) throw unknownGiftCardLine();
    return { version: await bumpVersion(tx, cart.id), newToken: null };
  });
}
