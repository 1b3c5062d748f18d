import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { COUNTRY_CODES, type CountryCode } from '../../config/countries.ts';
import { todayIn } from '../../contract/calendar-day.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/query.ts';
import { startPeriodicJob, type PeriodicJob } from './periodic.ts';
import { giftCards } from '../db/schema.ts';
import { hashGiftCardPin, newGiftCardPin } from '../gift-cards/codes.ts';
import { giftCardEmail } from '../mail/gift-card-email.ts';
import { enqueueEmail } from '../mail/outbox.ts';

/*
 * The e-gift card sender: emails every card whose send date has come in its country's calendar and
 * that was not sent yet, through the outbox. Each card is claimed and its email written in one
 * transaction (`UPDATE … SET sent_at, pin_hash … WHERE sent_at IS NULL RETURNING`, then the outbox
 * row): a crash rolls both back and the next run sends it, a committed claim is never sent again.
 * Cards are picked `FOR UPDATE SKIP LOCKED`, so two processes (several servers on one PostgreSQL)
 * never send a card twice (what one holds the other skips); a day the server was down is caught up on the next
 * run, since every card due up to today is sent. The PIN is drawn here and only its hash stored.
 */

/** How often the server runs it (and once at start). */
export const GIFT_CARD_SENDER_INTERVAL_MS = 60_000;
/** Cards per transaction: the PINs' scrypt runs happen before it opens, so it stays short. */
const BATCH = 10;

/** Cards due on `now`: not sent, send date today or earlier in their country. */
function due(now: Date) {
  const byCountry = COUNTRY_CODES.map((country: CountryCode) => sql`(${giftCards.countryCode} = ${country} and ${giftCards.sendOn} <= ${todayIn(country, now.getTime())}::date)`);
  return sql`${giftCards.sentAt} is null and (${sql.join(byCountry, sql` or `)})`;
}

async function drawPin(): Promise<{ pin: string; pinHash: string }> {
  const pin = newGiftCardPin();
  return { pin, pinHash: await hashGiftCardPin(pin) };
}

/** One run: sends every card due on `now`; answers how many this run sent (another process may have sent others). */
export async function runGiftCardSender(db: Db, now: Date = new Date()): Promise<{ sent: number }> {
  let sent = 0;
  const skipped = new Set<number>();
  for (;;) {
    const candidates = (await db.select({ id: giftCards.id }).from(giftCards).where(due(now)).orderBy(giftCards.sendOn, giftCards.id).limit(BATCH + skipped.size))
      .map((row) => row.id)
      .filter((id) => !skipped.has(id))
      .slice(0, BATCH);
    if (candidates.length === 0) return { sent };
    // Drawn and hashed before the transaction: scrypt takes milliseconds a card, and PGlite runs one transaction at a time.
    const pins = await Promise.all(candidates.map(() => drawPin()));
    const claimedNow = await db.transaction(async (tx) => {
      // Another process holds or has sent some of them: those are its own.
      const free = rowsOf<{ id: number }>(await tx.execute(sql`select id from gift_cards where id in (${sql.join(candidates.map((id) => sql`${id}`), sql`, `)}) and sent_at is null order by id for update skip locked`)).map((r) => Number(r.id));
      let count = 0;
      for (const [i, id] of candidates.entries()) {
        const secret = pins[i];
        if (!free.includes(id) || !secret) continue;
        const [card] = await tx.update(giftCards).set({ sentAt: now, pinHash: secret.pinHash }).where(and(eq(giftCards.id, id), isNull(giftCards.sentAt))).returning();
        if (!card) continue;
        await enqueueEmail(
          tx,
          giftCardEmail({ to: card.recipientEmail, recipientName: card.recipientName, senderName: card.senderName, message: card.message, code: card.code, pin: secret.pin, amountMinor: card.initialMinor, country: card.countryCode as CountryCode, language: card.language }),
          now,
        );
        count += 1;
      }
      return count;
    });
    sent += claimedNow;
    // What another process held stays out of this run's next rounds (it sends them, or the next run does).
    const left = await db.select({ id: giftCards.id }).from(giftCards).where(and(inArray(giftCards.id, candidates), isNull(giftCards.sentAt)));
    for (const { id } of left) skipped.add(id);
  }
}

export type GiftCardSender = PeriodicJob<unknown>;

/** Runs the sender at once (catching up what came due while the server was down), then every `intervalMs`; one run at a time. */
export function startGiftCardSender(db: Db, { intervalMs = GIFT_CARD_SENDER_INTERVAL_MS, log = console.error }: { intervalMs?: number; log?: (line: string) => void } = {}): GiftCardSender {
  return startPeriodicJob({ name: 'gift_card_sender', intervalMs, log }, () => runGiftCardSender(db));
}
