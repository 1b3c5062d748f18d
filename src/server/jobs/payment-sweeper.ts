import { sql } from 'drizzle-orm';
import { captureOrderPayment, SETTLE_AFTER_MS, voidPayment, type SettledAs } from '../checkout/settle.ts';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query.ts';
import type { SweptPayments } from '../payments/provider.ts';
import { startPeriodicJob, type PeriodicJob } from './periodic.ts';

/*
 * The payment sweeper: settles every hold whose request died (kill -9, a lost connection) between
 * the authorization and the capture. A hold older than a minute with an order written on it is
 * captured (the order paid); one without is voided (the shopper's card released). It looks at the
 * provider's holds that began more than a minute ago and at the store's own settlements whose
 * settler's lease ran out (one that died after the provider answered and before it was recorded).
 *
 * The database decides who settles what (settle.ts): a payment is claimed by one statement, an
 * insert of its settlement or the take-over of a lease that ran out, so of several sweepers (one per
 * server process on one PostgreSQL) exactly one gets it, and a request still writing its order
 * either wrote the `capture` row first (the sweeper captures; the request's own capture then finds it
 * done) or finds the sweeper's `void` row and refuses its order (nothing charged). Provider calls
 * happen outside any transaction: a claim is a lease of a minute, not a lock held over the network.
 */

/** How often the server runs it (and once at start). */
export const PAYMENT_SWEEPER_INTERVAL_MS = 30_000;
/** Payments claimed per round; a run goes on until none is left. */
const BATCH = 50;

export interface SweepResult {
  captured: number;
  voided: number;
  /** Refused by the provider in a way staff settle by hand (logged). */
  failed: number;
}

export interface PaymentSweeperOptions {
  payments: SweptPayments;
  log?: (line: string) => void;
  intervalMs?: number;
  now?: () => Date;
}

/** `stop()` waits for the payment in progress; `runOnce()` runs after the run in progress. */
export type PaymentSweeper = PeriodicJob<SweepResult>;

interface Claim {
  decision: 'capture' | 'void';
  order_id: number | null;
}

/**
 * Claims a payment for this sweeper: a hold without a settlement gets one (`capture` when an order
 * was written on it, `void` otherwise); a settlement left unsettled takes a new lease once its own
 * ran out. Null: another settler holds it, or it is settled. The decision of an existing row is
 * never changed: only the order's transaction writes `capture`, and an order never follows `void`.
 */
async function claim(db: Db, provider: string, paymentId: string, now: Date): Promise<Claim | null> {
  const [row] = await queryRows<Claim>(
    db,
    sql`insert into payment_settlements as s (payment_id, provider, decision, order_id, lease_until, created_at)
      select ${paymentId}, ${provider}, case when x.order_id is null then 'void' else 'capture' end, x.order_id,
        ${new Date(now.getTime() + SETTLE_AFTER_MS).toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from (select (select id from orders where payment_id = ${paymentId} order by id limit 1) as order_id) as x
      on conflict (payment_id) do update set lease_until = excluded.lease_until
        where s.settled_at is null and s.lease_until <= ${now.toISOString()}::timestamptz
      returning s.decision, s.order_id`,
  );
  return row ?? null;
}

/** Settles one claimed payment: captures it for its order (voided instead when the order was cancelled meanwhile), or voids it. */
async function settle(db: Db, payments: SweptPayments, paymentId: string, claimed: Claim, clock: () => Date, log: (line: string) => void): Promise<SettledAs> {
  const deps = { db, payments, log };
  if (claimed.decision === 'void' || claimed.order_id === null) return voidPayment(deps, paymentId, clock);
  const orderId = Number(claimed.order_id);
  const [order] = await queryRows<{ status: string }>(db, sql`select status from orders where id = ${orderId}`);
  // A cancelled order gives its hold back (cancel.ts voids it too; a second void is found done).
  if (!order || order.status === 'cancelled') return voidPayment(deps, paymentId, clock);
  const { settled } = await captureOrderPayment(deps, { id: orderId, paymentId }, clock);
  return settled;
}

/** One run: every hold and settlement due at `now()` claimed and settled; answers what this run did (another process may have done others). */
export async function runPaymentSweeper(db: Db, { payments, log = console.error, now = () => new Date() }: Omit<PaymentSweeperOptions, 'intervalMs'>, shouldStop: () => boolean = () => false): Promise<SweepResult> {
  const result: SweepResult = { captured: 0, voided: 0, failed: 0 };
  const tried = new Set<string>();
  while (!shouldStop()) {
    const at = now();
    const cutoff = new Date(at.getTime() - SETTLE_AFTER_MS);
    const stale = await queryRows<{ payment_id: string }>(
      db,
      sql`select payment_id from payment_settlements where settled_at is null and provider = ${payments.name} and lease_until <= ${at.toISOString()}::timestamptz
        order by lease_until limit ${BATCH + tried.size}`,
    );
    const held = await payments.heldBefore(cutoff, BATCH + tried.size);
    // What this run tried already (claimed by another, or refused) waits for the next run.
    const due = [...new Set([...stale.map((row) => row.payment_id), ...held])].filter((id) => !tried.has(id)).slice(0, BATCH);
    if (due.length === 0) break;
    for (const paymentId of due) {
      // A safe point: between payments, never between a claim and its settlement.
      if (shouldStop()) break;
      tried.add(paymentId);
      const claimed = await claim(db, payments.name, paymentId, now());
      if (!claimed) continue;
      try {
        const settled = await settle(db, payments, paymentId, claimed, now, log);
        result[settled] += 1;
      } catch (error) {
        // The lease runs out and a later run tries again.
        log(`payment sweeper: ${paymentId}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        result.failed += 1;
      }
    }
  }
  return result;
}

/** Runs the sweeper at once (settling what a crash left), then every `intervalMs`; one run at a time. */
export function startPaymentSweeper(db: Db, { payments, log = console.error, intervalMs = PAYMENT_SWEEPER_INTERVAL_MS, now = () => new Date() }: PaymentSweeperOptions): PaymentSweeper {
  return startPeriodicJob({ name: 'payment_sweeper', intervalMs, log }, (stopping) => runPaymentSweeper(db, { payments, log, now }, stopping));
}
