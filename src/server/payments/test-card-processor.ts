import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/query.ts';
import { testCardPayments } from '../db/schema.ts';
import { BNPL_TERMS } from '../../config/cart.ts';
import { COUNTRIES, COUNTRY_CODES, type BnplProvider } from '../../config/countries.ts';
import { IdempotencyMismatchError, type AuthorizeRequest, type AuthorizeResult, type CardSummary, type DeclineReason, type PaymentOutcome, type PaymentSource, type SweptPayments } from './provider.ts';
import { passesLuhn, TEST_CARD_BEHAVIOUR, TEST_CHALLENGE_PASS } from './test-cards.ts';

type Row = typeof testCardPayments.$inferSelect;

/**
 * The test card processor: a `PaymentProvider` that behaves as a card processor's test mode does
 * (test-cards.ts), its records in the store's database so that every server process sees the same
 * payments. Clearly not a way to take money: docs/features/checkout.md, "Payments".
 */
export function createTestCardProcessor(db: Db, { now = () => new Date() } = {}): SweptPayments {
  return {
    name: 'test card processor',

    async authorize(request) {
      const card = summary(request.source);
      const requestHash = hashOf(request);
      const at = now();
      const decided = decide(request, card, at);
      // Raw SQL through queryRows: the builder costs more than the insert on PGlite, in every checkout.
      const status: Row['status'] = decided === 'challenge' ? 'requires_challenge' : decided === null ? 'authorized' : 'declined';
      const [raw] = await queryRows<RawRow>(
        db,
        sql`insert into test_card_payments (id, idempotency_key, request_hash, amount_minor, currency, brand, last4, status, decline_reason, authorized_at)
          values (${`tcp_${randomBytes(18).toString('base64url')}`}, ${request.idempotencyKey}, ${requestHash}, ${request.amountMinor}, ${request.currency}, ${card.brand}, ${card.last4}, ${status}, ${decided === 'challenge' ? null : decided},
            ${status === 'authorized' ? sql`${at.toISOString()}::timestamptz` : sql`null`})
          on conflict (idempotency_key) do nothing
          returning id, request_hash, brand, last4, status, decline_reason`,
      );
      const inserted = raw ? rowOf(raw) : undefined;
      // A retry: the first answer again, if it was the same request.
      const row = inserted ?? (await db.select().from(testCardPayments).where(eq(testCardPayments.idempotencyKey, request.idempotencyKey)))[0];
      if (!row) throw new Error('test card payment vanished');
      if (row.requestHash !== requestHash) throw new IdempotencyMismatchError(request.idempotencyKey);
      return resultOf(row);
    },

    async completeChallenge(paymentId, answer) {
      const passed = answer === TEST_CHALLENGE_PASS;
      const [row] = await db
        .update(testCardPayments)
        // The hold begins when the bank's challenge is passed, not when the payment was made.
        .set(passed ? { status: 'authorized', authorizedAt: now() } : { status: 'declined', declineReason: 'challenge_failed' })
        .where(and(eq(testCardPayments.id, paymentId), eq(testCardPayments.status, 'requires_challenge')))
        .returning();
      if (row) return resultOf(row);
      // Answered before (a retry), or no such payment.
      const [current] = await db.select().from(testCardPayments).where(eq(testCardPayments.id, paymentId));
      return current ? resultOf(current) : { status: 'declined', reason: 'card_declined', paymentId: null };
    },

    capture: (paymentId) => transition(db, paymentId, ['authorized'], 'captured'),
    void: (paymentId) => transition(db, paymentId, ['authorized', 'requires_challenge'], 'voided'),

    async refund(paymentId, amountMinor) {
      if (!Number.isInteger(amountMinor) || amountMinor <= 0) return { ok: false, reason: 'over_refund' };
      // One statement: two refunds at once never return more than was captured.
      const [row] = await db
        .update(testCardPayments)
        .set({ refundedMinor: sql`${testCardPayments.refundedMinor} + ${amountMinor}` })
        .where(and(eq(testCardPayments.id, paymentId), eq(testCardPayments.status, 'captured'), sql`${testCardPayments.refundedMinor} + ${amountMinor} <= ${testCardPayments.amountMinor}`))
        .returning({ id: testCardPayments.id });
      if (row) return { ok: true };
      return refusal(db, paymentId, 'refund');
    },

    async stateOf(paymentId) {
      const [row] = await queryRows<{ status: Row['status'] }>(db, sql`select status from test_card_payments where id = ${paymentId}`);
      return row?.status ?? null;
    },

    async heldBefore(before, limit) {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select id from test_card_payments where status = 'authorized' and authorized_at < ${before.toISOString()}::timestamptz order by authorized_at, id limit ${limit}`,
      );
      return rows.map((row) => row.id);
    },
  };
}

/**
 * A decline the card's own details earn (number, expiry passed, CVC length), else the test number's
 * behaviour; null: authorized. A BNPL account approves any amount within the provider's published
 * limits (the test stand-in for the shopper's approval on the provider's page).
 */
function decide({ source, amountMinor, currency }: AuthorizeRequest, { brand }: CardSummary, today: Date): DeclineReason | 'challenge' | null {
  if (source.type === 'bnpl') return withinBnplTerms(source.provider, currency, amountMinor) ? null : 'outside_provider_limits';
  const { card } = source;
  if (!passesLuhn(card.number)) return 'incorrect_number';
  const endOfExpiry = new Date(Date.UTC(card.expYear, card.expMonth, 1));
  if (!(card.expMonth >= 1 && card.expMonth <= 12) || endOfExpiry <= today) return 'expired_card';
  if (!new RegExp(`^\\d{${brand === 'amex' ? 4 : 3}}$`).test(card.cvc)) return 'incorrect_cvc';
  return TEST_CARD_BEHAVIOUR[card.number] ?? null;
}

function summary(source: PaymentSource): CardSummary {
  if (source.type === 'bnpl') return { brand: source.provider, last4: '' };
  const { number } = source.card;
  const brand = /^4/.test(number) ? 'visa' : /^(5[1-5]|2[2-7])/.test(number) ? 'mastercard' : /^3[47]/.test(number) ? 'amex' : 'card';
  return { brand, last4: number.slice(-4) };
}

function hashOf({ amountMinor, currency, source }: AuthorizeRequest): string {
  const payer = source.type === 'bnpl' ? [source.provider] : [source.card.number, source.card.expMonth, source.card.expYear, source.card.cvc];
  return createHash('sha256').update(JSON.stringify([amountMinor, currency, ...payer])).digest('hex');
}

/** The provider's limits in the country whose currency the payment is in (BNPL_TERMS, major units). */
function withinBnplTerms(provider: BnplProvider, currency: string, amountMinor: number): boolean {
  return COUNTRY_CODES.some((country) => COUNTRIES[country].currency === currency && (BNPL_TERMS[country] ?? []).some((t) => t.provider === provider && amountMinor >= t.minimum * 100 && amountMinor <= t.maximum * 100));
}

function resultOf(row: Pick<Row, 'id' | 'brand' | 'last4' | 'status' | 'declineReason'>): AuthorizeResult {
  const card: CardSummary = { brand: row.brand as CardSummary['brand'], last4: row.last4 };
  if (row.status === 'requires_challenge') return { status: 'requires_challenge', paymentId: row.id, card };
  if (row.status === 'declined') return { status: 'declined', reason: row.declineReason ?? 'card_declined', paymentId: row.id };
  if (row.status === 'voided') return { status: 'voided', paymentId: row.id };
  return { status: 'authorized', paymentId: row.id, card };
}

async function transition(db: Db, paymentId: string, from: Row['status'][], to: Row['status']): Promise<PaymentOutcome> {
  const [row] = await queryRows<{ id: string }>(db, sql`update test_card_payments set status = ${to} where id = ${paymentId} and status in (${sql.join(from.map((status) => sql`${status}`), sql`, `)}) returning id`);
  return row ? { ok: true } : refusal(db, paymentId, 'transition');
}

/** What the raw insert answers (PostgreSQL's column names), as much of a row as `resultOf` reads. */
interface RawRow {
  id: string;
  request_hash: string;
  brand: string;
  last4: string;
  status: Row['status'];
  decline_reason: Row['declineReason'];
}

const rowOf = (raw: RawRow): Pick<Row, 'id' | 'requestHash' | 'brand' | 'last4' | 'status' | 'declineReason'> => ({
  id: raw.id,
  requestHash: raw.request_hash,
  brand: raw.brand,
  last4: raw.last4,
  status: raw.status,
  declineReason: raw.decline_reason,
});

/** Why a capture, void or refund changed nothing: no such payment, a state that refuses it, or (a refund of a captured payment) more than is left. */
async function refusal(db: Db, paymentId: string, what: 'transition' | 'refund'): Promise<PaymentOutcome> {
  const [current] = await db.select({ status: testCardPayments.status }).from(testCardPayments).where(eq(testCardPayments.id, paymentId));
  if (!current) return { ok: false, reason: 'unknown_payment' };
  if (what === 'refund' && current.status === 'captured') return { ok: false, reason: 'over_refund' };
  return { ok: false, reason: 'wrong_state' };
}
