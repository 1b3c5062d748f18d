import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import type { Db } from '../../src/server/db/client.ts';
import { rowsOf } from '../../src/server/db/query.ts';
import { runPaymentSweeper, startPaymentSweeper, type PaymentSweeper } from '../../src/server/jobs/payment-sweeper.ts';
import type { SweptPayments } from '../../src/server/payments/provider.ts';
import { createTestCardProcessor } from '../../src/server/payments/test-card-processor.ts';
import { TEST_CARDS } from '../../src/server/payments/test-cards.ts';
import { guestBag, variantsWithStock, type CartTarget } from './cart.ts';
import { bagVersion, orderBody, postOrder } from './checkout.ts';

/**
 * Money never left half-way: an order whose request died between its commit and its capture is
 * captured by a repeat of its intent or by the payment sweeper; a hold whose request died before any
 * order is voided by the sweeper (and one still young is not); a request slower than the sweeper's
 * minute never ends in a wrong state; two sweepers at once settle each payment once. Registered once
 * and run on PGlite (tests/api/payment-sweeper.test.ts) and PostgreSQL (tests/pg/payment-sweeper.test.ts).
 */

export interface SweeperWorld {
  /** The database the app (one server process) uses. */
  db: Db;
  /** A second process's pool on the same database (the same `db` on PGlite, which has one connection). */
  second: Db;
}

/** A gate a test opens: `reached` resolves when the code under test arrives at it (`arrivals` times). */
interface Gate {
  reached: Promise<void>;
  open(): void;
  wait(): Promise<void>;
}

function gate(arrivals = 1): Gate {
  let arrive: () => void = () => undefined;
  let release: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  const opened = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    reached,
    open: () => release(),
    wait: () => {
      arrivals -= 1;
      if (arrivals <= 0) arrive();
      return opened;
    },
  };
}

/** Calls a provider took, per payment. */
type Calls = Map<string, { capture: number; void: number }>;

/** The test card processor over `db` on the test's clock, with hooks before capture and after authorize, counting its captures and voids. */
function instrumented(db: Db, now: () => Date, calls: Calls) {
  const processor = createTestCardProcessor(db, { now });
  const hooks: { beforeCapture: (() => Promise<void>) | null; afterAuthorize: (() => Promise<void>) | null } = { beforeCapture: null, afterAuthorize: null };
  const count = (id: string, what: 'capture' | 'void') => {
    const entry = calls.get(id) ?? { capture: 0, void: 0 };
    entry[what] += 1;
    calls.set(id, entry);
  };
  const payments: SweptPayments = {
    ...processor,
    async authorize(request) {
      const result = await processor.authorize(request);
      const hook = hooks.afterAuthorize;
      if (hook) await hook();
      return result;
    },
    async capture(id) {
      const hook = hooks.beforeCapture;
      if (hook) await hook();
      count(id, 'capture');
      return processor.capture(id);
    },
    async void(id) {
      count(id, 'void');
      return processor.void(id);
    },
  };
  return { payments, hooks, processor };
}

export function paymentSweeperTests(world: () => SweeperWorld): void {
  // One clock for the file, only ever moved on: what a test leaves settled stays behind it.
  let clock = new Date('2027-03-01T02:00:00Z');
  const now = () => clock;
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  let variantOffset = 0;

  function rig() {
    const { db, second } = world();
    const calls: Calls = new Map();
    const logs: string[] = [];
    const app = instrumented(db, now, calls);
    const server = createApp({ db, log: (line) => logs.push(line), payments: app.payments, now });
    const target: CartTarget = { request: (url, init) => Promise.resolve(server.request(url, init)), query: async <T,>(text: string) => rowsOf<T>(await db.execute(sql.raw(text))) };
    const sweepers: PaymentSweeper[] = [];
    /** A sweeper of its own process (pool), started as the server starts it. */
    const sweeper = (on: Db = db) => {
      const started = startPaymentSweeper(on, { payments: instrumented(on, now, calls).payments, log: (line) => logs.push(line), now, intervalMs: 3_600_000 });
      sweepers.push(started);
      return started;
    };
    return { db, second, calls, logs, app, target, sweeper, stopAll: () => Promise.all(sweepers.map((s) => s.stop())) };
  }
  type Rig = ReturnType<typeof rig>;

  async function bag(r: Rig) {
    const [variant] = await variantsWithStock(r.target, 1, 50, (variantOffset += 1) - 1);
    const cookie = await guestBag(r.target, variant ?? 0);
    return { variant: variant ?? 0, cookie, body: orderBody(await bagVersion(r.target, cookie)), key: randomUUID() };
  }

  const paymentOf = async (r: Rig, key: string) => {
    const [row] = await r.target.query<{ id: string; status: string }>(`select id, status from test_card_payments where idempotency_key = 'order:${key}'`);
    return row;
  };
  const orderOf = async (r: Rig, key: string) => {
    const [row] = await r.target.query<{ id: number; status: string; paid_events: number; payment_id: string | null }>(
      `select o.id, o.status, o.payment_id, (select count(*)::int from order_events e where e.order_id = o.id and e.status = 'paid') as paid_events from orders o where o.intent_key = '${key}'`,
    );
    return row ? { ...row, paid_events: Number(row.paid_events) } : undefined;
  };
  /** An order written whose request died before its capture (the capture threw: a 500, the key released). */
  async function abandonedOrder(r: Rig) {
    const placed = await bag(r);
    r.app.hooks.beforeCapture = () => Promise.reject(new Error('connection lost'));
    const response = await postOrder(r.target, placed.cookie, placed.body, placed.key);
    r.app.hooks.beforeCapture = null;
    expect(response.status).toBe(500);
    expect(await orderOf(r, placed.key)).toMatchObject({ status: 'placed', paid_events: 0 });
    expect(await paymentOf(r, placed.key)).toMatchObject({ status: 'authorized' });
    return placed;
  }
  /** A hold whose request died before any order (authorized at the test's clock). */
  async function orphanHold(r: Rig): Promise<string> {
    const held = await r.app.processor.authorize({
      idempotencyKey: `order:${randomUUID()}`,
      amountMinor: 2_500,
      currency: 'SGD',
      source: { type: 'card', card: { number: TEST_CARDS.success, expMonth: 12, expYear: 2031, cvc: '123' } },
    });
    if (held.status !== 'authorized') throw new Error(`not authorized: ${held.status}`);
    return held.paymentId;
  }
  const statusOf = async (r: Rig, paymentId: string) => (await r.target.query<{ status: string }>(`select status from test_card_payments where id = '${paymentId}'`))[0]?.status;

  it('a repeat of the intent captures an order its first request wrote and never captured, and answers it paid', async () => {
    const r = rig();
    const placed = await abandonedOrder(r);
    const repeat = await postOrder(r.target, placed.cookie, placed.body, placed.key);
    expect(repeat.status).toBe(200);
    expect(((await repeat.json()) as { data: { status: string } }).data.status).toBe('paid');
    expect(await paymentOf(r, placed.key)).toMatchObject({ status: 'captured' });
    expect(await orderOf(r, placed.key)).toMatchObject({ status: 'paid', paid_events: 1 });
    // Asked again: answered from the order, nothing captured twice.
    const again = await postOrder(r.target, placed.cookie, placed.body, placed.key);
    expect(again.status).toBe(200);
    const payment = await paymentOf(r, placed.key);
    // One capture reached the processor: the first request's threw before it.
    expect(r.calls.get(payment?.id ?? '')).toEqual({ capture: 1, void: 0 });
    expect(await orderOf(r, placed.key)).toMatchObject({ paid_events: 1 });
  });

  it('a repeat while the first request hangs in its capture: both answer paid, one capture taken, one paid event', async () => {
    const r = rig();
    const placed = await bag(r);
    const hang = gate();
    r.app.hooks.beforeCapture = hang.wait;
    const first = postOrder(r.target, placed.cookie, placed.body, placed.key);
    await hang.reached;
    r.app.hooks.beforeCapture = null;
    const repeat = await postOrder(r.target, placed.cookie, placed.body, placed.key);
    expect(repeat.status).toBe(200);
    expect(((await repeat.json()) as { data: { status: string } }).data.status).toBe('paid');
    hang.open();
    const answered = await first;
    expect(answered.status).toBe(201);
    expect(((await answered.json()) as { data: { status: string } }).data.status).toBe('paid');
    expect(await orderOf(r, placed.key)).toMatchObject({ status: 'paid', paid_events: 1 });
    expect(await paymentOf(r, placed.key)).toMatchObject({ status: 'captured' });
    expect(r.logs.filter((line) => line.includes('capture'))).toEqual([]);
  });

  it('the sweeper captures an abandoned order once its request is a minute old, not before', async () => {
    const r = rig();
    // Started before the order, as a server is: its first run finds nothing due.
    const sweeper = r.sweeper();
    const placed = await abandonedOrder(r);
    advance(30_000);
    expect(await sweeper.runOnce()).toEqual({ captured: 0, voided: 0, failed: 0 });
    expect(await orderOf(r, placed.key)).toMatchObject({ status: 'placed' });
    advance(31_000);
    expect(await sweeper.runOnce()).toEqual({ captured: 1, voided: 0, failed: 0 });
    expect(await orderOf(r, placed.key)).toMatchObject({ status: 'paid', paid_events: 1 });
    expect(await paymentOf(r, placed.key)).toMatchObject({ status: 'captured' });
    advance(120_000);
    expect(await sweeper.runOnce()).toEqual({ captured: 0, voided: 0, failed: 0 });
    await r.stopAll();
  });

  it('the sweeper voids a hold with no order older than a minute and leaves a younger one alone', async () => {
    const r = rig();
    const sweeper = r.sweeper();
    const old = await orphanHold(r);
    advance(30_000);
    const young = await orphanHold(r);
    advance(31_000);
    expect(await sweeper.runOnce()).toEqual({ captured: 0, voided: 1, failed: 0 });
    expect([await statusOf(r, old), await statusOf(r, young)]).toEqual(['voided', 'authorized']);
    advance(30_000);
    expect(await sweeper.runOnce()).toEqual({ captured: 0, voided: 1, failed: 0 });
    expect(await statusOf(r, young)).toBe('voided');
    expect([r.calls.get(old), r.calls.get(young)]).toEqual([
      { capture: 0, void: 1 },
      { capture: 0, void: 1 },
    ]);
    await r.stopAll();
  });

  it('a request stalled over a minute after its authorization: the sweeper voids the hold, the order is refused (nothing taken), and its retry places it anew', async () => {
    const r = rig();
    const sweeper = r.sweeper();
    const placed = await bag(r);
    const [before] = await r.target.query<{ stock: number }>(`select stock from variants where id = ${placed.variant}`);
    const stall = gate();
    r.app.hooks.afterAuthorize = stall.wait;
    const first = postOrder(r.target, placed.cookie, placed.body, placed.key);
    await stall.reached;
    r.app.hooks.afterAuthorize = null;
    advance(61_000);
    expect(await sweeper.runOnce()).toEqual({ captured: 0, voided: 1, failed: 0 });
    stall.open();
    expect((await first).status).toBe(409);
    expect(await orderOf(r, placed.key)).toBeUndefined();
    expect(await paymentOf(r, placed.key)).toMatchObject({ status: 'voided' });
    const [after] = await r.target.query<{ stock: number }>(`select stock from variants where id = ${placed.variant}`);
    expect(Number(after?.stock)).toBe(Number(before?.stock));
    const retried = await postOrder(r.target, placed.cookie, placed.body, placed.key);
    expect(retried.status).toBe(201);
    expect(((await retried.json()) as { data: { status: string } }).data.status).toBe('paid');
    const order = await orderOf(r, placed.key);
    expect(order).toMatchObject({ status: 'paid', paid_events: 1 });
    expect(await statusOf(r, order?.payment_id ?? '')).toBe('captured');
    await r.stopAll();
  });

  it('a request stalled over a minute after its order: the sweeper captures it, the request then finds it captured and answers paid; stop() waits for the capture in progress', async () => {
    const r = rig();
    const placed = await bag(r);
    const stall = gate();
    r.app.hooks.beforeCapture = stall.wait;
    const first = postOrder(r.target, placed.cookie, placed.body, placed.key);
    await stall.reached;
    r.app.hooks.beforeCapture = null;
    advance(61_000);
    // The sweeper's own capture hangs until the test lets it go: stop() must wait for it.
    const sweeping = instrumented(r.db, now, r.calls);
    const held = gate();
    sweeping.hooks.beforeCapture = held.wait;
    const sweeper = startPaymentSweeper(r.db, { payments: sweeping.payments, log: (line) => r.logs.push(line), now });
    await held.reached;
    let stopped = false;
    const stopping = sweeper.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    held.open();
    await stopping;
    expect(await orderOf(r, placed.key)).toMatchObject({ status: 'paid', paid_events: 1 });
    stall.open();
    const answered = await first;
    expect(answered.status).toBe(201);
    expect(((await answered.json()) as { data: { status: string } }).data.status).toBe('paid');
    expect(await orderOf(r, placed.key)).toMatchObject({ status: 'paid', paid_events: 1 });
    expect(await paymentOf(r, placed.key)).toMatchObject({ status: 'captured' });
  });

  it('two sweepers at once (two processes starting after a crash) settle each payment exactly once', async () => {
    const r = rig();
    const orders = [];
    for (let i = 0; i < 4; i += 1) orders.push(await abandonedOrder(r));
    const holds = [];
    for (let i = 0; i < 4; i += 1) holds.push(await orphanHold(r));
    advance(61_000);
    // Both run at start, at the same time, each on its own pool; then once more each, which finds nothing left.
    const both = [r.sweeper(r.db), r.sweeper(r.second)];
    const again = await Promise.all(both.map((one) => one.runOnce()));
    expect(again).toEqual([
      { captured: 0, voided: 0, failed: 0 },
      { captured: 0, voided: 0, failed: 0 },
    ]);
    for (const placed of orders) {
      const payment = await paymentOf(r, placed.key);
      expect(payment?.status).toBe('captured');
      // The request's own capture threw before reaching the processor: one capture, by one sweeper.
      expect(r.calls.get(payment?.id ?? '')).toEqual({ capture: 1, void: 0 });
      expect(await orderOf(r, placed.key)).toMatchObject({ status: 'paid', paid_events: 1 });
    }
    for (const id of holds) {
      expect(await statusOf(r, id)).toBe('voided');
      expect(r.calls.get(id)).toEqual({ capture: 0, void: 1 });
    }
    const [open] = await r.target.query<{ n: number }>(`select count(*)::int as n from payment_settlements where settled_at is null`);
    expect(Number(open?.n)).toBe(0);
    await r.stopAll();
  }, 60_000);

  it('two sweeper runs at once over many payments: every one settled by exactly one of them', async () => {
    const r = rig();
    const holds = [];
    for (let i = 0; i < 30; i += 1) holds.push(await orphanHold(r));
    advance(61_000);
    const options = (on: Db) => ({ payments: instrumented(on, now, r.calls).payments, log: (line: string) => r.logs.push(line), now });
    const results = await Promise.all([runPaymentSweeper(r.db, options(r.db)), runPaymentSweeper(r.second, options(r.second))]);
    expect(results.reduce((sum, one) => sum + one.voided, 0)).toBe(30);
    expect(results.every((one) => one.captured === 0 && one.failed === 0)).toBe(true);
    for (const id of holds) expect(r.calls.get(id)).toEqual({ capture: 0, void: 1 });
    console.info(`two sweeper runs at once over 30 holds: ${results.map((one) => one.voided).join(' + ')} voided`);
  }, 60_000);

  it('ten requests stalled past the minute race a sweeper: each ends paid with its order, or refused with its hold voided, never between', async () => {
    const r = rig();
    const placed = [];
    for (let i = 0; i < 10; i += 1) placed.push(await bag(r));
    const stall = gate(placed.length);
    r.app.hooks.afterAuthorize = stall.wait;
    const responses = placed.map((one) => postOrder(r.target, one.cookie, one.body, one.key));
    await stall.reached;
    r.app.hooks.afterAuthorize = null;
    advance(61_000);
    // Another process's sweeper starts as the stalled requests go on.
    const sweeper = r.sweeper(r.second);
    stall.open();
    const statuses = await Promise.all(responses.map(async (response) => (await response).status));
    await sweeper.runOnce();
    let paid = 0;
    for (const [i, one] of placed.entries()) {
      const order = await orderOf(r, one.key);
      if (order) {
        expect(statuses[i]).toBe(201);
        expect(order).toMatchObject({ status: 'paid', paid_events: 1 });
        expect(await statusOf(r, order.payment_id ?? '')).toBe('captured');
        paid += 1;
      } else {
        expect(statuses[i]).toBe(409);
        expect(await paymentOf(r, one.key)).toMatchObject({ status: 'voided' });
      }
    }
    const keys = placed.map((one) => `'order:${one.key}'`).join(',');
    const [held] = await r.target.query<{ n: number }>(`select count(*)::int as n from test_card_payments where idempotency_key in (${keys}) and status = 'authorized'`);
    expect(Number(held?.n)).toBe(0);
    console.info(`ten stalled requests against a sweeper: ${paid} paid, ${placed.length - paid} refused with the hold voided`);
    await r.stopAll();
  }, 60_000);
}
