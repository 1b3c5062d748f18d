import { describe, expect, it } from 'vitest';
import { book, emailsTo, timeSlots, availableDays, DETAILS } from '../helpers/booking.ts';
import { happeningApp } from '../helpers/happening-app.ts';

/**
 * Issue 14: times are the store's, wherever the server and the shopper are. This file runs with the
 * process in Bangkok (UTC+7): an Auckland store's days and times must still be Auckland's — its
 * "today", the day a slot falls on (10:00 on Monday in Auckland is Sunday in UTC), and the days its
 * clocks change (NZ 2026-09-27 and 2027-04-04, Sydney and Melbourne 2026-10-04 and 2027-04-04). Every
 * time offered on a change day is checked against PostgreSQL's own conversion of the wall time.
 */

process.env.TZ = 'Asia/Bangkok';

const { target, setClock } = happeningApp(new Date('2026-09-20T00:00:00Z'));

/** PostgreSQL's instant of a wall time in a zone: an oracle independent of the server's Intl helper. */
async function postgresInstant(date: string, time: string, zone: string): Promise<string> {
  const [row] = await target.query<{ at: string }>(`select to_char(('${date} ${time}'::timestamp at time zone '${zone}') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"') as at`);
  return row?.at ?? '';
}

async function expectStoreTimes(activityId: string, storeId: string, country: string, date: string, zone: string): Promise<{ localTime: string; startsAt: string; endsAt: string }[]> {
  const slots = await timeSlots(target, activityId, storeId, date, { country });
  expect(slots.length, `${storeId} ${date}`).toBeGreaterThan(0);
  for (const slot of slots) {
    expect(slot.startsAt, `${date} ${slot.localTime}`).toBe(await postgresInstant(date, slot.localTime, zone));
    // The appointment lasts its real length, even across a change of the clocks.
    expect(Date.parse(slot.endsAt) - Date.parse(slot.startsAt)).toBe(60 * 60_000);
  }
  return slots;
}

describe('an Auckland store seen from a server in Bangkok', () => {
  it('runs in Bangkok', () => {
    expect(new Date(2026, 8, 27, 12).getTimezoneOffset()).toBe(-420);
  });

  it("starts the booking window on the store's today, not the server's nor UTC's", async () => {
    setClock(new Date('2026-09-27T12:30:00Z')); // Bangkok 19:30 on the 27th; Auckland 01:30 on the 28th
    const days = await availableDays(target, 'signature-makeup', 'nz-commercial-bay', { country: 'nz' });
    expect(days).toMatchObject({ timeZone: 'Pacific/Auckland', from: '2026-09-28', to: '2026-10-28' });
    expect(days.days[0]).toBe('2026-09-28');
  });

  it('books 10:00 on Monday in Auckland — Sunday 21:00 in UTC — as Monday 10:00, in the answer and in the email', async () => {
    setClock(new Date('2026-09-27T12:30:00Z'));
    const slots = await timeSlots(target, 'signature-makeup', 'nz-commercial-bay', '2026-09-28', { country: 'nz' });
    expect(slots[0]).toMatchObject({ localTime: '10:00', startsAt: '2026-09-27T21:00:00.000Z' });
    const booking = await book(target, 'signature-makeup', 'nz-commercial-bay', slots[0]?.startsAt ?? '', null, { country: 'nz' }, { ...DETAILS, email: 'auckland@example.com' });
    expect(booking).toMatchObject({ date: '2026-09-28', localTime: '10:00', store: { timeZone: 'Pacific/Auckland' } });
    const [mail] = await emailsTo(target, 'auckland@example.com', 'booking-confirmation');
    expect(mail?.text).toContain('Monday, 28 September 2026 at 10:00 am, New Zealand Daylight Time');
  });
});

describe('the days the clocks change', () => {
  it('New Zealand, 2026-09-27 (+12 → +13): the same wall times, an hour earlier in UTC', async () => {
    setClock(new Date('2026-09-20T00:00:00Z'));
    const saturday = await expectStoreTimes('signature-makeup', 'nz-commercial-bay', 'nz', '2026-09-26', 'Pacific/Auckland');
    const sunday = await expectStoreTimes('signature-makeup', 'nz-commercial-bay', 'nz', '2026-09-27', 'Pacific/Auckland');
    expect(saturday[0]).toMatchObject({ localTime: '10:00', startsAt: '2026-09-25T22:00:00.000Z' });
    expect(sunday[0]).toMatchObject({ localTime: '10:00', startsAt: '2026-09-26T21:00:00.000Z' });
    expect(sunday.map((slot) => slot.localTime)).toEqual(saturday.map((slot) => slot.localTime));
    // A Sunday class at the same store follows the store's clock too.
    const classes = await timeSlots(target, 'skincare-basics', 'nz-commercial-bay', '2026-09-27', { country: 'nz' });
    expect(classes).toEqual([expect.objectContaining({ localTime: '11:00', startsAt: '2026-09-26T22:00:00.000Z' })]);
  });

  it('New Zealand, 2027-04-04 (+13 → +12)', async () => {
    setClock(new Date('2027-03-30T00:00:00Z'));
    const saturday = await expectStoreTimes('signature-makeup', 'nz-commercial-bay', 'nz', '2027-04-03', 'Pacific/Auckland');
    const sunday = await expectStoreTimes('signature-makeup', 'nz-commercial-bay', 'nz', '2027-04-04', 'Pacific/Auckland');
    expect(saturday[0]?.startsAt).toBe('2027-04-02T21:00:00.000Z');
    expect(sunday[0]?.startsAt).toBe('2027-04-03T22:00:00.000Z');
  });

  it('Sydney, 2026-10-04 (+10 → +11), and Melbourne, 2027-04-04 (+11 → +10)', async () => {
    setClock(new Date('2026-09-28T00:00:00Z'));
    const saturday = await expectStoreTimes('signature-makeup', 'au-westfield-sydney', 'au', '2026-10-03', 'Australia/Sydney');
    const sunday = await expectStoreTimes('signature-makeup', 'au-westfield-sydney', 'au', '2026-10-04', 'Australia/Sydney');
    // Saturday opens 09:30, Sunday 10:00 (Australian centre hours).
    expect(saturday[0]).toMatchObject({ localTime: '09:30', startsAt: '2026-10-02T23:30:00.000Z' });
    expect(sunday[0]).toMatchObject({ localTime: '10:00', startsAt: '2026-10-03T23:00:00.000Z' });
    setClock(new Date('2027-03-30T00:00:00Z'));
    const before = await expectStoreTimes('signature-makeup', 'au-melbourne-central', 'au', '2027-04-03', 'Australia/Melbourne');
    const after = await expectStoreTimes('signature-makeup', 'au-melbourne-central', 'au', '2027-04-04', 'Australia/Melbourne');
    expect(before[0]).toMatchObject({ localTime: '10:00', startsAt: '2027-04-02T23:00:00.000Z' });
    expect(after[0]).toMatchObject({ localTime: '10:00', startsAt: '2027-04-04T00:00:00.000Z' });
  });
});
