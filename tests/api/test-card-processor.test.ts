// @vitest-environment node
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { testCardPayments } from '../../src/server/db/schema.ts';
import { IdempotencyMismatchError, type AuthorizeRequest, type PaymentProvider } from '../../src/server/payments/provider.ts';
import { createTestCardProcessor } from '../../src/server/payments/test-card-processor.ts';
import { TEST_CARDS, TEST_CHALLENGE_PASS } from '../../src/server/payments/test-cards.ts';

let database: Database;
let processor: PaymentProvider;
const TODAY = new Date('2026-11-25T00:00:00Z');
let keys = 0;

beforeAll(async () => {
  database = await openDatabase({ kind: 'memory' }, () => undefined);
  await database.migrate();
  processor = createTestCardProcessor(database.db, { now: () => TODAY });
}, 60_000);
afterAll(() => database.close());

function request(number: string, overrides: Partial<AuthorizeRequest> = {}): AuthorizeRequest {
  return { idempotencyKey: `key-${++keys}`, amountMinor: 4_990, currency: 'SGD', source: { type: 'card', card: { number, expMonth: 12, expYear: 2030, cvc: '123' } }, ...overrides };
}

function paymentId(result: Awaited<ReturnType<PaymentProvider['authorize']>>): string {
  if (result.paymentId === null) throw new Error('no payment id');
  return result.paymentId;
}

describe('the test card processor', () => {
  test('a retry of an authorization released since answers it as voided, never as a hold', async () => {
    const first = request(TEST_CARDS.success);
    const id = paymentId(await processor.authorize(first));
    expect(await processor.void(id)).toEqual({ ok: true });
    expect(await processor.authorize(first)).toEqual({ status: 'voided', paymentId: id });
    expect(await processor.capture(id)).toEqual({ ok: false, reason: 'wrong_state' });
  });

  test('BNPL: authorized within the provider\'s amounts in the country, declined outside them', async () => {
    const bnpl = (amountMinor: number) => request(TEST_CARDS.success, { amountMinor, source: { type: 'bnpl', provider: 'atome' } });
    expect(await processor.authorize(bnpl(5_000))).toMatchObject({ status: 'authorized', card: { brand: 'atome', last4: '' } });
    expect(await processor.authorize(bnpl(500))).toMatchObject({ status: 'declined', reason: 'outside_provider_limits' });
  });

  test('authorizes a good card, captures once, and refunds up to what was captured', async () => {
    const authorized = await processor.authorize(request(TEST_CARDS.success));
    expect(authorized).toMatchObject({ status: 'authorized', card: { brand: 'visa', last4: '4242' } });
    const id = paymentId(authorized);
    expect(await processor.capture(id)).toEqual({ ok: true });
    expect(await processor.capture(id)).toEqual({ ok: false, reason: 'wrong_state' });
    expect(await processor.void(id)).toEqual({ ok: false, reason: 'wrong_state' });
    expect(await processor.refund(id, 2_000)).toEqual({ ok: true });
    expect(await processor.refund(id, 3_000)).toEqual({ ok: false, reason: 'over_refund' });
    expect(await processor.refund(id, 2_990)).toEqual({ ok: true });
    expect(await processor.refund(id, 1)).toEqual({ ok: false, reason: 'over_refund' });
    expect(await processor.capture('tcp_nothing')).toEqual({ ok: false, reason: 'unknown_payment' });
  });

  test('declines the documented numbers with their reasons, and a card whose own details are wrong', async () => {
    const reason = async (req: AuthorizeRequest) => {
      const result = await processor.authorize(req);
      return result.status === 'declined' ? result.reason : result.status;
    };
    expect(await reason(request(TEST_CARDS.declined))).toBe('card_declined');
    expect(await reason(request(TEST_CARDS.insufficientFunds))).toBe('insufficient_funds');
    expect(await reason(request(TEST_CARDS.expired))).toBe('expired_card');
    expect(await reason(request(TEST_CARDS.incorrectCvc))).toBe('incorrect_cvc');
    expect(await reason(request('4242424242424241'))).toBe('incorrect_number');
    expect(await reason(request(TEST_CARDS.success, { source: { type: 'card', card: { number: TEST_CARDS.success, expMonth: 10, expYear: 2026, cvc: '123' } } }))).toBe('expired_card');
    // November 2026 is still valid on 25 November 2026.
    expect(await reason(request(TEST_CARDS.success, { source: { type: 'card', card: { number: TEST_CARDS.success, expMonth: 11, expYear: 2026, cvc: '123' } } }))).toBe('authorized');
    expect(await reason(request(TEST_CARDS.success, { source: { type: 'card', card: { number: TEST_CARDS.success, expMonth: 12, expYear: 2030, cvc: '12' } } }))).toBe('incorrect_cvc');
    expect(await reason(request(TEST_CARDS.successMastercard))).toBe('authorized');
  });

  test('a challenge passes with the code and fails otherwise; a declined payment cannot be captured', async () => {
    const asked = await processor.authorize(request(TEST_CARDS.challenge));
    expect(asked.status).toBe('requires_challenge');
    const id = paymentId(asked);
    expect(await processor.capture(id)).toEqual({ ok: false, reason: 'wrong_state' });
    expect(await processor.completeChallenge(id, TEST_CHALLENGE_PASS)).toMatchObject({ status: 'authorized', paymentId: id });
    expect(await processor.capture(id)).toEqual({ ok: true });

    const failed = paymentId(await processor.authorize(request(TEST_CARDS.challenge)));
    expect(await processor.completeChallenge(failed, '000000')).toEqual({ status: 'declined', reason: 'challenge_failed', paymentId: failed });
    // Answering again changes nothing.
    expect(await processor.completeChallenge(failed, TEST_CHALLENGE_PASS)).toMatchObject({ status: 'declined', reason: 'challenge_failed' });
    expect(await processor.capture(failed)).toEqual({ ok: false, reason: 'wrong_state' });
  });

  test('a void releases a hold that was not captured', async () => {
    const id = paymentId(await processor.authorize(request(TEST_CARDS.success)));
    expect(await processor.void(id)).toEqual({ ok: true });
    expect(await processor.capture(id)).toEqual({ ok: false, reason: 'wrong_state' });
  });

  test('one payment per idempotency key, even for ten retries at once; the key for another request is refused', async () => {
    const req = request(TEST_CARDS.success);
    const results = await Promise.all(Array.from({ length: 10 }, () => processor.authorize(req)));
    expect(new Set(results.map(paymentId)).size).toBe(1);
    expect(await database.db.select().from(testCardPayments).where(eq(testCardPayments.idempotencyKey, req.idempotencyKey))).toHaveLength(1);
    await expect(processor.authorize({ ...req, amountMinor: req.amountMinor + 1 })).rejects.toBeInstanceOf(IdempotencyMismatchError);
    // A decline is answered again too, not retried on the card.
    const declined = request(TEST_CARDS.declined);
    const first = await processor.authorize(declined);
    expect(await processor.authorize(declined)).toEqual(first);
  });

  test('refunds at once never return more than was captured', async () => {
    const id = paymentId(await processor.authorize(request(TEST_CARDS.success, { amountMinor: 1_000 })));
    await processor.capture(id);
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => processor.refund(id, 300)));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(3);
    const [row] = await database.db.select().from(testCardPayments).where(eq(testCardPayments.id, id));
    expect(row?.refundedMinor).toBe(900);
  });
});
