import { sql } from 'drizzle-orm';
import type { CountryCode } from '../../config/countries.ts';
import { ORDER_CANCEL_ERROR_CODES, type Order, type OrderStatus } from '../../contract/checkout.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/query.ts';
import { refundOrderToGiftCards } from '../gift-cards/redeem.ts';
import { ApiError, notFound } from '../http/errors.ts';
import { reverseOrderLoyalty } from '../loyalty/order-effects.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { isCancellable, readOrderById } from './orders.ts';
import { recordSettled } from './settle.ts';

/*
 * A member cancels their own order while nothing has shipped (issue 15; issue 13 left it out). One
 * transaction under the order's row lock undoes everything the order's transaction did: the status
 * (and its history), the units back to their variants, the reward's unit back, the member's points
 * (the reward's returned, the earned ones reversed as far as the balance holds them) and spend, and
 * what gift cards paid back onto them. Locks follow the order's own (variants, reward, gift cards,
 * member: commit.ts), so a cancel and an order never wait on each other crosswise. Only after the
 * commit is the payment given back: refunded when it was captured (paid), voided when only held
 * (placed), refunded after all when a settler captured it meanwhile. A second cancel finds the order cancelled under the same lock: 409, never a second refund.
 */

export interface CancelDeps {
  db: Db;
  payments: PaymentProvider;
  now?: () => Date;
  log?: (line: string) => void;
}

interface OrderRow {
  id: number;
  number: string;
  status: OrderStatus;
  country_code: CountryCode;
  user_id: number | null;
  subtotal_minor: number;
  discount_minor: number;
  points_used: number;
  points_earned: number;
  reward_id: number | null;
  payment_id: string | null;
  paid_minor: number;
  placed_at: string | Date;
  bought: number;
}

function notCancellable(status: OrderStatus, reason: 'status' | 'gift_cards'): ApiError {
  const message = reason === 'gift_cards' ? 'An order that bought e-gift cards cannot be cancelled here: contact us' : 'This order can no longer be cancelled';
  return new ApiError(409, message, undefined, { code: ORDER_CANCEL_ERROR_CODES.notCancellable, orderStatus: status, reason });
}

/**
 * `POST orders/{number}/cancel` for the member `userId`. Another member's number (or a guest's
 * order) is a 404, like `GET orders/{number}`; an order past cancelling a 409 with its status.
 */
export async function cancelOrder(deps: CancelDeps, userId: number, number: string): Promise<Order> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  const order = await db.transaction(async (tx) => {
    const [row] = rowsOf<OrderRow>(
      await tx.execute(sql`select o.id, o.number, o.status, o.country_code, o.user_id, o.subtotal_minor, o.discount_minor, o.points_used, o.points_earned, o.reward_id,
          o.payment_id, o.paid_minor, o.placed_at, (select count(*)::int from gift_cards g where g.order_id = o.id) as bought
        from orders o where o.number = ${number.toUpperCase()} and o.user_id = ${userId} for update of o`),
    );
    if (!row) throw notFound();
    const giftCardsBought = Number(row.bought);
    if (!isCancellable({ status: row.status, userId: row.user_id, giftCardsBought })) throw notCancellable(row.status, giftCardsBought > 0 ? 'gift_cards' : 'status');
    const orderId = Number(row.id);
    const at = now.toISOString();
    await tx.execute(sql`update orders set status = 'cancelled' where id = ${orderId}`);
    await tx.execute(sql`insert into order_events (order_id, status, at) values (${orderId}, 'cancelled', ${at}::timestamptz)`);
    // The units go back to the shelf, the variants' rows locked in id order as an order locks them.
    const lines = rowsOf<{ variant_id: number; quantity: number }>(
      await tx.execute(sql`select l.variant_id, sum(l.quantity)::int as quantity from order_lines l where l.order_id = ${orderId} and l.variant_id is not null group by l.variant_id order by l.variant_id`),
    );
    if (lines.length > 0) {
      const variantIds = sql.join(lines.map((l) => sql`${Number(l.variant_id)}`), sql`, `);
      await tx.execute(sql`select id from variants where id in (${variantIds}) order by id for update`);
      await tx.execute(sql`update variants set stock = stock + x.q from (values ${sql.join(
        lines.map((l) => sql`(${Number(l.variant_id)}::integer, ${Number(l.quantity)}::integer)`),
        sql`, `,
      )}) as x(id, q) where variants.id = x.id`);
    }
    // The reward's unit back (a reward withdrawn since has no row to return it to).
    if (row.reward_id !== null) await tx.execute(sql`update rewards set stock = stock + 1 where id = ${Number(row.reward_id)}`);
    // What gift cards paid goes back onto them (once per card and order: a replay returns nothing more).
    await refundOrderToGiftCards(tx, orderId);
    // The member's points and spend, as the ledger holds them for this order (a savepoint-free call in this transaction).
    await reverseOrderLoyalty(tx, {
      userId,
      orderId,
      number: row.number,
      country: row.country_code,
      spendMinor: Number(row.subtotal_minor) - Number(row.discount_minor),
      placedAt: new Date(row.placed_at),
      pointsUsed: Number(row.points_used),
      pointsEarned: Number(row.points_earned),
      now,
    });
    return { id: orderId, number: row.number, status: row.status, paymentId: row.payment_id, paidMinor: Number(row.paid_minor) };
  });
  await givePaymentBack(deps, order);
  const cancelled = await readOrderById(db, order.id);
  if (!cancelled) throw new Error(`order ${order.number} vanished after it was cancelled`);
  return cancelled;
}

/**
 * The card's (or BNPL provider's) part back after the commit: refunded when captured, voided when
 * only held. A failure leaves the order cancelled and is logged for staff to settle by hand, as a
 * failed capture is (checkout/place.ts): the shopper's cancellation stands either way.
 */
async function givePaymentBack(deps: CancelDeps, order: { number: string; status: OrderStatus; paymentId: string | null; paidMinor: number }): Promise<void> {
  const { paymentId } = order;
  if (paymentId === null || order.paidMinor <= 0) return;
  let refund = order.status === 'paid';
  if (!refund) {
    const voided = await deps.payments.void(paymentId);
    if (voided.ok) {
      // The hold's settlement ends here; the sweeper has nothing left to do for it.
      await recordSettled(deps.db, paymentId, 'voided', deps.now?.() ?? new Date());
      return;
    }
    // Captured meanwhile by a settler of the held payment (a repeat of the order's intent, the sweeper): refunded instead.
    refund = (await deps.payments.stateOf?.(paymentId)) === 'captured';
    if (!refund) {
      deps.log?.(`order ${order.number} cancelled: void of ${paymentId} failed (${voided.reason})`);
      return;
    }
  }
  const outcome = await deps.payments.refund(paymentId, order.paidMinor);
  if (!outcome.ok) deps.log?.(`order ${order.number} cancelled: refund of ${paymentId} failed (${outcome.reason})`);
}
