import { expect, it } from 'vitest';
import type { TimeSlot } from '../../src/contract/happening.ts';
import { availableDays, book, bookingCall, DETAILS, findSlots, holdRequest, postConfirm, postHold, timeSlots } from './booking.ts';
import type { CartTarget } from './cart.ts';

/**
 * Bookings' races (issue 14: "the database decides"), registered once and run on PGlite
 * (tests/api/booking-races.test.ts: one connection, transactions queue) and PostgreSQL
 * (tests/pg/booking-races.test.ts: a pool of 10, so they really run at once). The server's real
 * clock: every time is searched from the free times the API answers now.
 */
export function bookingRaceTests(target: () => CartTarget): void {
  const HOUR = 3_600_000;
  const codeOf = async (response: Response) => ((await response.json()) as { code?: string }).code;

  it('50 concurrent bookings of the last seat of a class: exactly 1 confirmed, 49 told it is sold out', async () => {
    const [{ slot }] = await findSlots(target(), 'makeup-masterclass', 'sg-ion-orchard', 1, (s) => s.seatsLeft === 8);
    for (let seat = 0; seat < 7; seat += 1) await book(target(), 'makeup-masterclass', 'sg-ion-orchard', slot.startsAt);
    const started = performance.now();
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const held = await postHold(target(), holdRequest('makeup-masterclass', 'sg-ion-orchard', slot.startsAt));
        if (held.status !== 201) return (await codeOf(held)) ?? String(held.status);
        const { data } = (await held.json()) as { data: { id: string; token: string; activityId: string } };
        const confirmed = await postConfirm(target(), data, {}, { ...DETAILS, email: `seat${i}@example.com` });
        return confirmed.status === 201 ? 'confirmed' : ((await codeOf(confirmed)) ?? String(confirmed.status));
      }),
    );
    const elapsed = performance.now() - started;
    const confirmed = outcomes.filter((o) => o === 'confirmed').length;
    const soldOut = outcomes.filter((o) => o === 'sold_out').length;
    console.log(`50 concurrent bookings of the last seat: ${confirmed} confirmed, ${soldOut} sold out, in ${elapsed.toFixed(0)} ms`);
    expect(confirmed).toBe(1);
    expect(soldOut).toBe(49);
    const [seats] = await target().query<{ n: number }>(
      `select count(*)::int as n from reservations r join activity_sessions s on s.id = r.session_id
        where s.activity_id = 'makeup-masterclass' and s.store_id = 'sg-ion-orchard' and s.starts_at = '${slot.startsAt}' and r.status in ('confirmed', 'rescheduled')`,
    );
    expect(Number(seats?.n)).toBe(8);
  }, 120_000);

  it("50 concurrent holds of one artist's overlapping times: exactly 1 held, 49 told the time is taken", async () => {
    // Two starts 30 minutes apart of a one-hour service, both with the same artist free: they overlap.
    let pair: [TimeSlot, TimeSlot, string] | undefined;
    for (const date of (await availableDays(target(), 'signature-makeup', 'sg-vivocity')).days) {
      const slots = await timeSlots(target(), 'signature-makeup', 'sg-vivocity', date);
      for (const [i, first] of slots.entries()) {
        const second = slots[i + 1];
        const artist = first.artists.find((a) => second?.artists.some((b) => b.id === a.id));
        if (second && artist && Date.parse(second.startsAt) - Date.parse(first.startsAt) === 30 * 60_000) {
          pair = [first, second, artist.id];
          break;
        }
      }
      if (pair) break;
    }
    if (!pair) throw new Error('no two overlapping times of one artist');
    const [first, second, artistId] = pair;
    const started = performance.now();
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => postHold(target(), holdRequest('signature-makeup', 'sg-vivocity', (i % 2 ? second : first).startsAt, artistId))));
    const elapsed = performance.now() - started;
    const codes = await Promise.all(responses.map(async (r) => (r.status === 201 ? 'held' : await codeOf(r))));
    const held = codes.filter((c) => c === 'held').length;
    const taken = codes.filter((c) => c === 'slot_taken').length;
    console.log(`50 concurrent holds of one artist's overlapping times: ${held} held, ${taken} slot taken, in ${elapsed.toFixed(0)} ms`);
    expect(held).toBe(1);
    expect(taken).toBe(49);
    const [live] = await target().query<{ n: number }>(
      `select count(*)::int as n from reservations where artist_id = '${artistId}' and status = 'held' and starts_at < '${second.endsAt}' and ends_at > '${first.startsAt}'`,
    );
    expect(Number(live?.n)).toBe(1);
  }, 120_000);

  it('20 concurrent "any artist" holds of a time with 2 artists free: exactly 2 held, one per artist', async () => {
    const [{ slot }] = await findSlots(target(), 'express-facial', 'sg-ion-orchard', 1, (s) => s.artists.length === 2);
    const responses = await Promise.all(Array.from({ length: 20 }, () => postHold(target(), holdRequest('express-facial', 'sg-ion-orchard', slot.startsAt))));
    const held = await Promise.all(responses.filter((r) => r.status === 201).map(async (r) => ((await r.json()) as { data: { artist: { id: string } } }).data.artist.id));
    console.log(`20 concurrent "any artist" holds of a time with 2 free: ${held.length} held (${held.sort().join(', ')}), ${responses.length - held.length} slot taken`);
    expect(held.sort()).toEqual(slot.artists.map((a) => a.id).sort());
  }, 60_000);

  it('a reschedule racing a hold of the same time: one of them wins, never both (10 rounds)', async () => {
    const later = (s: TimeSlot) => Date.parse(s.startsAt) > Date.now() + 48 * HOUR && s.artists.length === 1;
    // Times of one artist alone, until some artist has 20 (10 rounds of 2): how the first free
    // times fall between the artists depends on the hour the suite runs at.
    const byArtist = new Map<string, TimeSlot[]>();
    const enough = () => [...byArtist.values()].some((list) => list.length >= 20);
    for (const date of (await availableDays(target(), 'brow-shaping', 'sg-tampines-mall')).days) {
      for (const slot of await timeSlots(target(), 'brow-shaping', 'sg-tampines-mall', date)) {
        const artistId = slot.artists[0]?.id;
        if (later(slot) && artistId) byArtist.set(artistId, [...(byArtist.get(artistId) ?? []), slot]);
      }
      if (enough()) break;
    }
    let rescheduled = 0;
    let heldFirst = 0;
    for (let round = 0; round < 10; round += 1) {
      const [artistId, slots] = [...byArtist].find(([, list]) => list.length >= 2) ?? [];
      if (!artistId || !slots) throw new Error('not enough free times of one artist');
      const [from, to] = slots.splice(0, 2) as [TimeSlot, TimeSlot];
      const booking = await book(target(), 'brow-shaping', 'sg-tampines-mall', from.startsAt, artistId);
      const [move, grab] = await Promise.all([
        bookingCall(target(), 'POST', `/reservation-service/${booking.confirmationNumber}/reschedule`, { key: booking.manageKey ?? '' }, { startsAt: to.startsAt, artistId }),
        postHold(target(), holdRequest('brow-shaping', 'sg-tampines-mall', to.startsAt, artistId)),
      ]);
      const statuses = [move.status, grab.status];
      expect(statuses.filter((s) => s < 300), `round ${round}: ${statuses.join(', ')}`).toHaveLength(1);
      expect(await codeOf(move.status < 300 ? grab : move)).toBe('slot_taken');
      if (move.status === 200) rescheduled += 1;
      else heldFirst += 1;
      // Whoever won, the old time of a moved booking is free and the new one taken once.
      const [live] = await target().query<{ n: number }>(`select count(*)::int as n from reservations where artist_id = '${artistId}' and starts_at = '${to.startsAt}' and status in ('held', 'confirmed', 'rescheduled')`);
      expect(Number(live?.n)).toBe(1);
    }
    console.log(`a reschedule racing a hold of its new time, 10 rounds: the reschedule won ${rescheduled}, the hold won ${heldFirst}, never both`);
  }, 120_000);
}
