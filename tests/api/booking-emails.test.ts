import { describe, expect, it } from 'vitest';
import { activityById } from '../../src/config/activities.ts';
import type { CountryCode, LanguageCode } from '../../src/config/countries.ts';
import { STORES } from '../../src/config/stores.ts';
import { bookingEmail, type BookingEmailKind } from '../../src/server/happening/email.ts';
import { BOOKING } from '../../src/server/mail/booking-messages.ts';
import en from '../../i18n/mail/en.json' with { type: 'json' };
import id from '../../i18n/mail/id.json' with { type: 'json' };
import th from '../../i18n/mail/th.json' with { type: 'json' };
import zhHant from '../../i18n/mail/zh-Hant.json' with { type: 'json' };

/**
 * Issue 14: the booking emails (confirmed, rescheduled, cancelled) in each of the four languages:
 * translated (no English text of a message the language translates), every placeholder filled, the
 * store-local day, time and zone in the language's words, the store's address, the number, and the
 * links a guest (with the key) or a member (the account) needs.
 */

const SITES: readonly { language: LanguageCode; country: CountryCode; store: string; expect: { subject: string; opening: string; date: string } }[] = [
  { language: 'en', country: 'NZ', store: 'nz-commercial-bay', expect: { subject: 'Beauty Pass New Zealand: booking BK-7KQ2M9XA', opening: 'Your booking BK-7KQ2M9XA', date: 'Monday, 28 September 2026' } },
  { language: 'zh', country: 'HK', store: 'hk-times-square', expect: { subject: 'Beauty Pass 香港：預約 BK-7KQ2M9XA', opening: '您的預約 BK-7KQ2M9XA', date: '2026年9月28日星期一' } },
  { language: 'id', country: 'ID', store: 'id-grand-indonesia', expect: { subject: 'Beauty Pass Indonesia: pemesanan BK-7KQ2M9XA', opening: 'Pemesanan Anda BK-7KQ2M9XA', date: 'Senin, 28 September 2026' } },
  // Thai dates are in the Buddhist era (2026 + 543).
  { language: 'th', country: 'TH', store: 'th-siam-paragon', expect: { subject: 'Beauty Pass ประเทศไทย: การจอง BK-7KQ2M9XA', opening: 'การจอง BK-7KQ2M9XA ของคุณ', date: '28 กันยายน 2569' } },
];
const KINDS: readonly BookingEmailKind[] = ['booking-confirmation', 'booking-rescheduled', 'booking-cancelled'];
const COMPILED: Readonly<Record<LanguageCode, Record<string, unknown>>> = { en: en.messages, zh: zhHant.messages, id: id.messages, th: th.messages };

/** The English text of the booking messages outside their placeholders, in pieces long enough to tell. */
function englishPieces(language: LanguageCode): string[] {
  return Object.values(BOOKING)
    .filter((message) => JSON.stringify(COMPILED[language][message.id]) !== JSON.stringify(COMPILED.en[message.id]))
    .flatMap((message) => message.id.split(/\{[^}]*\}/))
    .map((piece) => piece.trim())
    .filter((piece) => piece.length >= 8);
}

function render(kind: BookingEmailKind, site: (typeof SITES)[number], activityId: string, manageKey: string | null) {
  const activity = activityById(activityId);
  const store = STORES.find((candidate) => candidate.id === site.store);
  if (!activity || !store) throw new Error('test data');
  return bookingEmail({
    kind,
    to: 'mei.ling@example.com',
    site: { language: site.language, country: site.country },
    number: 'BK-7KQ2M9XA',
    activity,
    store,
    artistName: activity.kind === 'service' ? 'Kelly Ho' : null,
    // 10:00 on Monday 28 September 2026 in Auckland; the same instant elsewhere is another wall time.
    startsAt: Date.parse('2026-09-27T21:00:00Z'),
    priceMinor: activity.prices ? activity.prices[site.country] : null,
    manageKey,
    origin: 'https://store.example/',
  });
}

describe('each booking email in each language', () => {
  for (const kind of KINDS) {
    for (const site of SITES) {
      it(`${kind} in ${site.language}: translated, every placeholder filled, the store's local time`, () => {
        const email = render(kind, site, 'signature-makeup', 'k3y');
        const all = `${email.subject}\n${email.text}`;
        expect(email.kind).toBe(kind);
        expect(email.subject).toContain(site.expect.subject);
        expect(email.text).toContain(site.expect.opening);
        expect(all).not.toMatch(/[{}]|undefined|null|NaN|\[object/);
        expect(englishPieces(site.language).filter((piece) => all.includes(piece))).toEqual([]);
        if (site.store === 'nz-commercial-bay') expect(email.text).toContain(site.expect.date);
        expect(email.text).toContain(STORES.find((store) => store.id === site.store)?.line1);
      });
    }
  }

  it('gives a guest the reschedule and cancel links with the key, a member the account, a class no reschedule link', () => {
    const [site] = SITES;
    if (!site) throw new Error('test data');
    const guest = render('booking-confirmation', site, 'signature-makeup', 'k3y');
    expect(guest.text).toContain('https://store.example/happening/services/reschedule/BK-7KQ2M9XA?key=k3y');
    expect(guest.text).toContain('https://store.example/happening/services/cancel/BK-7KQ2M9XA?key=k3y');
    // 24 hours before, on the store's clock.
    expect(guest.text).toContain('You can reschedule or cancel it until 27 September 2026 at 10:00 am.');
    const member = render('booking-confirmation', site, 'signature-makeup', null);
    expect(member.text).toContain('https://store.example/account/bookings');
    expect(member.text).not.toContain('?key=');
    const event = render('booking-confirmation', site, 'new-season-launch', 'k3y');
    expect(event.text).toContain('/happening/events/cancel/BK-7KQ2M9XA?key=k3y');
    expect(event.text).not.toContain('reschedule');
    expect(event.text).toContain('Price: free');
    expect(event.text).toContain('New Zealand Daylight Time');
    const cancelled = render('booking-cancelled', site, 'makeup-masterclass', 'k3y');
    expect(cancelled.text).toContain('https://store.example/happening/classes/makeup-masterclass');
    expect(cancelled.text).not.toContain('?key=');
  });
});
