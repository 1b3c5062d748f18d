import { describe, expect, it } from 'vitest';
import { BookingContactResponseSchema, RescheduleDaysResponseSchema, ReservationResponseSchema, type Reservation } from '../../src/contract/reservations.ts';
import { TimeSlotsResponseSchema } from '../../src/contract/happening.ts';
import { signIn } from '../helpers/account.ts';
import { insertUser } from '../helpers/auth.ts';
import { availableDays, book, bookingCall, DETAILS, findSlots, hold, parsed, postConfirm, refusal, showBooking, timeSlots, type FoundSlot } from '../helpers/booking.ts';
import { happeningApp } from '../helpers/happening-app.ts';

/**
 * A booking as a client of a salon expects: a guest leaves a way to be found again (an email or a
 * phone, at least one: the contract's `contactMissing`, the same rule as the form's), finds the
 * booking by either, and a member's form starts from the account; a reschedule keeps the booked
 * artist unless the shopper explicitly asks for any artist, and the times listed for moving a
 * booking say truly when its artist is free (the booking itself not counted).
 */

const START = new Date('2027-01-11T00:00:00Z');
const happening = happeningApp(START);
const { target } = happening;

const STORE = 'sg-vivocity';
const HOUR = 3_600_000;
const SERVICE = 'signature-makeup';
const JIA = 'sg-vivo-jia';
const FARAH = 'sg-vivo-farah';
/** Two days ahead at least: before the change cut-off. */
const ahead = (startsAt: string) => Date.parse(startsAt) > START.getTime() + 48 * 3_600_000;
const both = (slot: { startsAt: string; artists: { id: string }[] }) => ahead(slot.startsAt) && slot.artists.some((a) => a.id === JIA) && slot.artists.some((a) => a.id === FARAH);

type Guest = Reservation & { manageKey: string };
let guests = 0;
const guest = async (startsAt: string, artistId: string | null, email = `guest.${(guests += 1)}@example.com`): Promise<Guest> => {
  const booking = await book(target, SERVICE, STORE, startsAt, artistId, {}, { ...DETAILS, email });
  return { ...booking, manageKey: booking.manageKey ?? '' };
};
const reschedule = (booking: Guest, body: Record<string, unknown>) => bookingCall(target, 'POST', `/reservation-service/${booking.confirmationNumber}/reschedule`, { key: booking.manageKey }, body);
const moveDays = (booking: Guest, artistId: string | null, key = booking.manageKey) =>
  bookingCall(target, 'GET', `/reservation-service/${booking.confirmationNumber}/days${artistId === null ? '' : `?artistId=${encodeURIComponent(artistId)}`}`, { key });
const moveTimes = (booking: Guest, date: string, key = booking.manageKey) => bookingCall(target, 'GET', `/reservation-service/${booking.confirmationNumber}/time-slots?date=${date}`, { key });

describe('a guest leaves an email or a phone', () => {
  it('refuses a booking with neither (400 contactRequired on the email), for a guest and a member alike', async () => {
    const [{ slot }] = await findSlots(target, SERVICE, STORE, 1);
    const held = await hold(target, SERVICE, STORE, slot.startsAt);
    const response = await postConfirm(target, held, {}, { ...DETAILS, email: '  ', phone: '' });
    // Blanks count as nothing: the email's own check refuses '  ' first, so the rule is seen with both empty.
    expect(response.status).toBe(400);
    const neither = await postConfirm(target, held, {}, { ...DETAILS, email: '', phone: '' });
    expect(((await neither.json()) as { errors: { field: string; message: string }[] }).errors).toEqual([{ field: 'body.details.email', message: 'contactRequired' }]);
    const member = await insertUser(happening.app.db);
    const cookie = await signIn(happening.app.app, member.email, member.password);
    const asMember = await postConfirm(target, held, { cookie }, { ...DETAILS, email: '', phone: '' });
    expect(asMember.status).toBe(400);
    // Nothing was lost: the hold still confirms with a phone alone.
    const booking = (await parsed(await postConfirm(target, held, {}, { ...DETAILS, email: '', phone: '+65 9123 4567' }), ReservationResponseSchema, 201)).data;
    expect(booking).toMatchObject({ email: '', phone: '+65 9123 4567' });
  });

  it('finds a booking made with a phone alone by that phone, whatever its spacing; another phone or none is a miss', async () => {
    const [{ slot }] = await findSlots(target, 'skin-consultation', STORE, 1, (s) => ahead(s.startsAt));
    const held = await hold(target, 'skin-consultation', STORE, slot.startsAt);
    const booking = (await parsed(await postConfirm(target, held, {}, { ...DETAILS, email: '', phone: '+65 8123 4567' }), ReservationResponseSchema, 201)).data;
    const lookup = (body: unknown) => bookingCall(target, 'POST', '/reservation-service/lookup', {}, body);
    const found = (await parsed(await lookup({ confirmationNumber: booking.confirmationNumber, phone: '+65-8123-4567' }), ReservationResponseSchema, 200)).data;
    expect(found.manageKey).toEqual(expect.any(String));
    expect(await refusal(await lookup({ confirmationNumber: booking.confirmationNumber, phone: '+65 8123 4568' }), 404)).toBe('booking_not_found');
    // No email on the booking: no email opens it.
    expect(await refusal(await lookup({ confirmationNumber: booking.confirmationNumber, email: 'someone@example.com' }), 404)).toBe('booking_not_found');
    expect((await lookup({ confirmationNumber: booking.confirmationNumber })).status).toBe(400);
  });
});

describe("a member's form starts from the account", () => {
  it("answers the account's name and email, then the phone of the last booking; 401 without a session", async () => {
    expect((await bookingCall(target, 'GET', '/reservation-service/contact')).status).toBe(401);
    const member = await insertUser(happening.app.db);
    const cookie = await signIn(happening.app.app, member.email, member.password);
    const contact = async () => (await parsed(await bookingCall(target, 'GET', '/reservation-service/contact', { cookie }), BookingContactResponseSchema, 200)).data;
    expect(await contact()).toEqual({ fullName: expect.stringMatching(/^Test User \d+$/), email: member.email, phone: '' });
    const [{ slot }] = await findSlots(target, 'skin-consultation', 'sg-ion-orchard', 1);
    const held = await hold(target, 'skin-consultation', 'sg-ion-orchard', slot.startsAt, null, { cookie });
    await parsed(await postConfirm(target, held, { cookie }, { ...DETAILS, email: '', phone: '9876 5432' }), ReservationResponseSchema, 201);
    expect((await contact()).phone).toBe('9876 5432');
  });
});

/** Three times an hour apart (the service lasts an hour), all on one day, with both artists free. */
async function threeTimesAnHourApart(): Promise<[FoundSlot, FoundSlot, FoundSlot]> {
  const found = await findSlots(target, SERVICE, STORE, 60, both);
  const first = found[0];
  const second = found.find((t) => t.date === first.date && Date.parse(t.slot.startsAt) >= Date.parse(first.slot.startsAt) + HOUR);
  const third = second && found.find((t) => t.date === first.date && Date.parse(t.slot.startsAt) >= Date.parse(second.slot.startsAt) + HOUR);
  if (!first || !second || !third) throw new Error('three times an hour apart with both artists');
  return [first, second, third];
}

describe('rescheduling keeps the artist unless the shopper asks for any', () => {
  it('keeps the artist when named or left out, refuses a time they are busy (slot_taken) rather than moving to another, and moves to another only for "any"', async () => {
    const [first, second, third] = await threeTimesAnHourApart();
    const booking = await guest(first.slot.startsAt, JIA);
    // Someone else takes Jia Hui at the second time: Farah is still free then.
    await guest(second.slot.startsAt, JIA, 'other.client@example.com');
    expect((await timeSlots(target, SERVICE, STORE, second.date)).find((s) => s.startsAt === second.slot.startsAt)?.artists.map((a) => a.id)).toEqual([FARAH]);

    expect(await refusal(await reschedule(booking, { startsAt: second.slot.startsAt, artistId: JIA }), 409)).toBe('slot_taken');
    expect(await refusal(await reschedule(booking, { startsAt: second.slot.startsAt }), 409)).toBe('slot_taken');
    const kept = (await parsed(await reschedule(booking, { startsAt: third.slot.startsAt }), ReservationResponseSchema, 200)).data;
    expect(kept).toMatchObject({ appointmentAt: third.slot.startsAt, artist: { id: JIA, name: 'Lim Jia Hui' } });

    const moved = (await parsed(await reschedule(booking, { startsAt: second.slot.startsAt, artistId: null }), ReservationResponseSchema, 200)).data;
    expect(moved).toMatchObject({ status: 'rescheduled', appointmentAt: second.slot.startsAt, artist: { id: FARAH, name: 'Farah Aziz' } });
  });

  it("lists the times for moving a booking without counting the booking itself: its artist is free half an hour on; only its shopper may ask", async () => {
    // A time with Jia Hui free then and half an hour on (before the booking, both listed with her).
    const withJia = (list: { startsAt: string; artists: { id: string }[] }[], at: string) => list.some((t) => t.startsAt === at && t.artists.some((a) => a.id === JIA));
    const later = (at: string) => new Date(Date.parse(at) + 30 * 60_000).toISOString();
    let picked: { date: string; startsAt: string } | null = null;
    for (const { date: day, slot: candidate } of await findSlots(target, SERVICE, STORE, 60, both)) {
      if (withJia(await timeSlots(target, SERVICE, STORE, day), later(candidate.startsAt))) {
        picked = { date: day, startsAt: candidate.startsAt };
        break;
      }
    }
    if (!picked) throw new Error('no time with Jia Hui free half an hour on');
    const { date } = picked;
    const booking = await guest(picked.startsAt, JIA);
    const halfHourOn = later(picked.startsAt);
    // The public list counts the booking: Jia Hui is busy at a time that overlaps it.
    const listed = (await timeSlots(target, SERVICE, STORE, date)).find((s) => s.startsAt === halfHourOn);
    expect(listed?.artists.map((a) => a.id) ?? []).not.toContain(JIA);
    const own = (await parsed(await moveTimes(booking, date), TimeSlotsResponseSchema, 200)).data;
    expect(own.slots.find((s) => s.startsAt === halfHourOn)?.artists.map((a) => a.id)).toContain(JIA);
    // And the move there keeps her.
    expect((await parsed(await reschedule(booking, { startsAt: halfHourOn, artistId: JIA }), ReservationResponseSchema, 200)).data.artist?.id).toBe(JIA);
    expect(await refusal(await moveTimes(booking, date, 'A'.repeat(43)), 404)).toBe('booking_not_found');
    expect((await moveTimes(booking, '2027-02-31')).status).toBe(400);
  });
});

describe('rescheduling to another artist the shopper picks', () => {
  /** Another store's artist (ION Orchard), and one who exists nowhere. */
  const ELSEWHERE = 'sg-ion-aisha';

  it('moves the booking to the artist picked, refuses a time they are busy (slot_taken), and refuses an artist who does not do this service here (400, nothing changed)', async () => {
    const [first, second, third] = await threeTimesAnHourApart();
    const booking = await guest(first.slot.startsAt, JIA);
    // Farah is taken at the second time by someone else: picking her then is refused, never another artist.
    await guest(second.slot.startsAt, FARAH, 'farah.client@example.com');
    expect(await refusal(await reschedule(booking, { startsAt: second.slot.startsAt, artistId: FARAH }), 409)).toBe('slot_taken');

    for (const artistId of [ELSEWHERE, 'nobody-at-all']) {
      const wrong = await reschedule(booking, { startsAt: third.slot.startsAt, artistId });
      expect(wrong.status).toBe(400);
      expect(((await wrong.json()) as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual(['body.artistId']);
    }
    const unchanged = (await parsed(await showBooking(target, booking.confirmationNumber, { key: booking.manageKey }), ReservationResponseSchema, 200)).data;
    expect(unchanged).toMatchObject({ status: 'confirmed', appointmentAt: first.slot.startsAt, artist: { id: JIA } });

    const moved = (await parsed(await reschedule(booking, { startsAt: third.slot.startsAt, artistId: FARAH }), ReservationResponseSchema, 200)).data;
    expect(moved).toMatchObject({ status: 'rescheduled', appointmentAt: third.slot.startsAt, artist: { id: FARAH, name: 'Farah Aziz' } });
  });

  it("lists the days for moving a booking without counting the booking itself, for the artist chosen; names the service's artists at the store; refuses another store's artist", async () => {
    // A day far in the window on which Jia Hui works: every time of hers that day is then booked, ours among them.
    const { days } = await availableDays(target, SERVICE, STORE);
    let day: string | null = null;
    for (const candidate of [...days].reverse()) {
      if ((await timeSlots(target, SERVICE, STORE, candidate)).some((s) => ahead(s.startsAt) && s.artists.some((a) => a.id === JIA))) {
        day = candidate;
        break;
      }
    }
    if (day === null) throw new Error('no day with Jia Hui free');
    const withJia = async () => (await timeSlots(target, SERVICE, STORE, day)).find((s) => s.artists.some((a) => a.id === JIA));
    const firstFree = await withJia();
    if (!firstFree) throw new Error('Jia Hui has no time');
    const booking = await guest(firstFree.startsAt, JIA);
    for (let next = await withJia(); next; next = await withJia()) await guest(next.startsAt, JIA);

    // Counted, the booking leaves Jia Hui nothing that day; not counted, her own time is free again.
    expect((await timeSlots(target, SERVICE, STORE, day)).some((s) => s.artists.some((a) => a.id === JIA))).toBe(false);
    const own = (await parsed(await moveDays(booking, JIA), RescheduleDaysResponseSchema, 200)).data;
    expect(own.days).toContain(day);
    expect(own.artists).toEqual([
      { id: JIA, name: 'Lim Jia Hui' },
      { id: FARAH, name: 'Farah Aziz' },
    ]);
    const anyArtist = (await parsed(await moveDays(booking, null), RescheduleDaysResponseSchema, 200)).data;
    expect(anyArtist.days).toEqual(expect.arrayContaining(own.days));

    expect((await moveDays(booking, ELSEWHERE)).status).toBe(400);
    expect(await refusal(await moveDays(booking, JIA, 'A'.repeat(43)), 404)).toBe('booking_not_found');
  });
});
