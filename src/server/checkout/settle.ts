import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query.ts';
import type { PaymentProvider } from '../payments/provider.ts';

/*
 * A held payment is settled once: captured when an order was written on it, voided when none was.
 * The decision is a row of `payment_settlements` (its primary key is the payment): the order's
 * transaction writes `capture` with the order, the payment sweeper writes `void` for a hold whose
 * request died before any order. Whoever writes first decides; the other finds the row and gives
 * way (commit.ts refuses the order, the sweeper captures instead). Capturing and voiding are then
 * safe to repeat: a provider that refuses a capture because it is done already (`stateOf`) counts
 * as done, and the order is marked paid by a conditional update, so two settlers at once write one
 * `paid` and one event.
 */

/** A request older than this is taken for dead: its hold's settlement passes to the sweeper. */
export const SETTLE_AFTER_MS = 60_000;

export type SettledAs = 'captured' | 'voided' | 'failed';

/**
 * The tail of a statement that moves an order to paid with its history event, when it is still
 * `placed` (a `paid` CTE and the event's insert): callers put what else they record in front of it.
 */
const paidOrder = (orderId: number, at: Date) =>
  sql`paid as (
        update orders set status = 'paid' where id = ${orderId} and status = 'placed' returning id
      )
      insert into order_events (order_id, status, at) select id, 'paid', ${at.toISOString()}::timestamptz from paid returning order_id`;

/** Records an order paid without a payment to capture (gift cards paid it all); false when it was not `placed`. */
export async function recordPaid(db: Db, orderId: number, at: Date): Promise<boolean> {
  return (await queryRows<{ order_id: number }>(db, sql`with ${paidOrder(orderId, at)}`)).length > 0;
}

/**
 * Records a captured payment: its settlement ended and its order paid (with its history event), in
 * one statement. Answers whether this call moved the order to paid (false: it was already, by
 * another settler, or it is no longer `placed`).
 */
export async function recordCaptured(db: Db, orderId: number, paymentId: string, at: Date): Promise<boolean> {
  const rows = await queryRows<{ order_id: number }>(
    db,
    sql`with settled as (
        update payment_settlements set outcome = 'captured', settled_at = ${at.toISOString()}::timestamptz where payment_id = ${paymentId} and settled_at is null returning payment_id
      ), ${paidOrder(orderId, at)}`,
  );
  return rows.length > 0;
}

/** Records how a settlement ended without a capture (voided, or refused for staff to look at). */
export async function recordSettled(db: Db, paymentId: string, outcome: Exclude<SettledAs, 'captured'>, at: Date): Promise<void> {
  await queryRows(db, sql`update payment_settlements set outcome = ${outcome}, settled_at = ${at.toISOString()}::timestamptz where payment_id = ${paymentId} and settled_at is null`);
}

/**
 * Captures the payment of an order and records it. A capture refused as `wrong_state` is looked up:
 * captured already (by another settler, or a request whose answer was lost) is done; voided (the
 * order was cancelled meanwhile) is recorded as such; anything else is left for staff (logged).
 */
export async function captureOrderPayment(
  deps: { db: Db; payments: PaymentProvider; log?: (line: string) => void },
  order: { id: number; paymentId: string },
  at: () => Date,
): Promise<{ settled: SettledAs; /** When this call recorded the order paid; null when it did not (another settler did, or it failed). */ paidAt: Date | null }> {
  const outcome = await deps.payments.capture(order.paymentId);
  const state = outcome.ok ? 'captured' : await deps.payments.stateOf?.(order.paymentId);
  if (state === 'captured') {
    const paidAt = at();
    return { settled: 'captured', paidAt: (await recordCaptured(deps.db, order.id, order.paymentId, paidAt)) ? paidAt : null };
  }
  if (state === 'voided') {
    await recordSettled(deps.db, order.paymentId, 'voided', at());
    return { settled: 'voided', paidAt: null };
  }
  deps.log?.(`order ${order.id}: capture of ${order.paymentId} failed (${outcome.ok ? 'unknown' : outcome.reason}, payment ${state ?? 'not found'})`);
  // Nothing a later attempt could change: staff settle it by hand. (A hold still authorized is tried again.)
  if (state === null || state === 'declined') await recordSettled(deps.db, order.paymentId, 'failed', at());
  return { settled: 'failed', paidAt: null };
}

/** Voids a hold and records it; a refusal because it is voided already counts as done. */
export async function voidPayment(deps: { db: Db; payments: PaymentProvider; log?: (line: string) => void }, paymentId: string, at: () => Date): Promise<SettledAs> {
  const outcome = await deps.payments.void(paymentId);
  const state = outcome.ok ? 'voided' : await deps.payments.stateOf?.(paymentId);
  if (state === 'voided') {
    await recordSettled(deps.db, paymentId, 'voided', at());
    return 'voided';
  }
  deps.log?.(`void of ${paymentId} failed (${outcome.ok ? 'unknown' : outcome.reason}, payment ${state ?? 'not found'})`);
  if (state === 'captured' || state === 'declined' || state === null) await recordSettled(deps.db, paymentId, 'failed', at());
  return 'failed';
}
