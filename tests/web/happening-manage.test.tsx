// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Reservation } from '../../src/contract/reservations.ts';
import { bookingAt, data, DAYS, happeningFetch, MASTERCLASS, refusal, TIMES, type Route } from '../helpers/happening-fetch.ts';
import { renderApp } from '../helpers/render-app.tsx';

/*
 * A booking's pages (issue 14) through the whole app with the real booking API over the real
 * client and a scripted server: cancel, reschedule, the refusals the lifecycle's guards and the
 * server give with their reasons, a guest's key and lookup, and a member's My bookings.
 */

beforeAll(
  () => Promise.all([import('../../src/web/features/booking/cancel-screen.tsx'), import('../../src/web/features/booking/reschedule-screen.tsx'), import('../../src/web/features/booking/my-bookings-screen.tsx')]),
  60_000,
);

/** 30 November 2030, 08:00 in Singapore. */
const NOW = '2030-11-30T00:00:00.000Z';
const NUMBER = 'BK-7Q2M9XKD';
const KEY = 'mk-guest-1';
/** 2 December at 10:00: changes close on 1 December at 10:00. */
const BOOKING = bookingAt('2030-12-02T02:00:00.000Z');
const CLASS: Reservation = {
  ...BOOKING,
  kind: 'class',
  artist: null,
  activity: { id: MASTERCLASS.id, name: MASTERCLASS.name, durationMinutes: 90, price: MASTERCLASS.price, currencySymbol: 'S$' },
};

const SITI = { id: 'sg-ion-siti', name: 'Siti Rahman' };
const MEI = { id: 'sg-ion-mei', name: 'Mei Lin' };
/** The booking's own days (counted without it), with the service's artists at the store. */
const MOVE_DAYS = { ...DAYS, artists: [MEI, SITI] };

function bookingServer(booking: Reservation, more: Record<string, Route> = {}) {
  return happeningFetch({
    [`GET reservation-service/${NUMBER}`]: ({ key }) => (key === KEY ? data(booking) : refusal(404, 'booking_not_found')),
    ...more,
  });
}

describe('cancel', () => {
  test('a guest’s class booking by its key: Cancel booking → cancelled, with the key sent; then book it again', async () => {
    const server = bookingServer(CLASS, { [`DELETE reservation-service/${NUMBER}`]: () => data({ ...CLASS, status: 'cancelled' }) });
    const app = await renderApp({ url: `/happening/classes/cancel/${NUMBER}?key=${KEY}`, fetch: server.fetch, now: NOW });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cancel your booking' })).toBeInTheDocument();
    expect(await screen.findByTestId('booking-status')).toHaveTextContent('Confirmed');
    expect(screen.queryByRole('banner')).toBeNull();
    // A class is cancelled, never rescheduled: no link to that page.
    expect(screen.queryByRole('link', { name: 'Reschedule instead' })).toBeNull();
    await app.user.click(screen.getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(screen.getByTestId('booking-status')).toHaveTextContent('Cancelled'));
    expect(server.calls('DELETE', `reservation-service/${NUMBER}`).map((asked) => asked.key)).toEqual([KEY]);
    expect(screen.getByRole('link', { name: 'Book Makeup Masterclass again' })).toHaveAttribute('href', '/happening/classes/makeup-masterclass?store=sg-ion-orchard');
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
  });

  test('expired (the appointment passed): reschedule and cancel are refused with the reason, nothing is sent', async () => {
    const past = bookingAt('2030-11-29T02:00:00.000Z', { status: 'expired' });
    const server = bookingServer(past);
    await renderApp({ url: `/happening/services/reschedule/${NUMBER}?key=${KEY}`, fetch: server.fetch, now: NOW });
    expect(await screen.findByTestId('booking-status')).toHaveTextContent('Expired');
    const reason = 'This booking has expired: its appointment time has passed, so it can no longer be rescheduled or cancelled.';
    expect(screen.getByTestId('reschedule-blocked')).toHaveTextContent(reason);
    const move = screen.getByRole('button', { name: 'Move my booking' });
    expect(move).toBeDisabled();
    expect(move).toHaveAccessibleDescription(reason);
    const cancel = screen.getByRole('button', { name: 'Cancel booking' });
    expect(cancel).toBeDisabled();
    expect(cancel).toHaveAccessibleDescription(reason);
    expect(server.asked.map((asked) => `${asked.method} ${asked.path}`)).toEqual([`GET reservation-service/${NUMBER}`]);
  });

  test('the server refuses the cancel (409 booking_expired, its clock ahead of the device’s): the failure says why, Retry is refused', async () => {
    const server = bookingServer(BOOKING, { [`DELETE reservation-service/${NUMBER}`]: () => refusal(409, 'booking_expired') });
    const app = await renderApp({ url: `/happening/services/cancel/${NUMBER}?key=${KEY}`, fetch: server.fetch, now: NOW });
    await app.user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your booking could not be cancelled.');
    expect(alert).toHaveTextContent('This booking has expired');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeDisabled();
    await app.user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  test('within the cut-off: both changes refused with the reason', async () => {
    const soon = bookingAt('2030-11-30T10:00:00.000Z');
    await renderApp({ url: `/happening/services/cancel/${NUMBER}?key=${KEY}`, fetch: bookingServer(soon).fetch, now: NOW });
    const cancel = await screen.findByRole('button', { name: 'Cancel booking' });
    expect(cancel).toBeDisabled();
    expect(cancel).toHaveAccessibleDescription('It is too close to the appointment: this booking can no longer be rescheduled or cancelled.');
  });

  test('without the key: the guest finds it by number and email or phone, and the key found opens it', async () => {
    const server = bookingServer(BOOKING, {
      'POST reservation-service/lookup': ({ body }) => ((body as { phone?: string }).phone === '+65 9123 4567' ? data({ ...BOOKING, manageKey: KEY }) : refusal(404, 'booking_not_found')),
    });
    const app = await renderApp({ url: `/happening/services/cancel/${NUMBER}`, fetch: server.fetch, now: NOW });
    const form = await screen.findByRole('form', { name: 'Find your booking' });
    expect(within(form).getByLabelText('Confirmation number')).toHaveValue(NUMBER);
    const contact = within(form).getByLabelText('Email or phone number');
    await app.user.type(contact, 'other@example.com');
    await app.user.click(within(form).getByRole('button', { name: 'Find booking' }));
    expect(await screen.findByText('We could not find a booking with this number and email or phone number.')).toHaveFocus();
    await app.user.clear(contact);
    await app.user.type(contact, '+65 9123 4567');
    await app.user.click(within(form).getByRole('button', { name: 'Find booking' }));
    expect(await screen.findByTestId('booking-status')).toHaveTextContent('Confirmed');
    expect(app.location()).toBe(`/happening/services/cancel/${NUMBER}?key=${KEY}`);
    // An address is sent as the email, anything else as the phone.
    expect(server.calls('POST', 'reservation-service/lookup').map((asked) => asked.body)).toEqual([
      { confirmationNumber: NUMBER, email: 'other@example.com' },
      { confirmationNumber: NUMBER, phone: '+65 9123 4567' },
    ]);
  });

  test('a kind the store has not is not found; so is a number that cannot be one, without asking', async () => {
    const server = bookingServer(BOOKING);
    await renderApp({ url: `/happening/workshops/cancel/${NUMBER}`, fetch: server.fetch, now: NOW });
    expect(await screen.findByRole('heading', { level: 1, name: `Page Not Found: /happening/workshops/cancel/${NUMBER}` })).toBeInTheDocument();
    expect(server.asked).toEqual([]);
  });
});

describe('reschedule', () => {
  test('a new time of the store’s days: moved, the body names the time and artist; the page shows the new time', async () => {
    const moved = bookingAt(TIMES.slots[1]?.startsAt ?? '', { status: 'rescheduled' });
    const server = bookingServer(BOOKING, {
      [`GET reservation-service/${NUMBER}/days`]: ({ key }) => (key === KEY ? data(MOVE_DAYS) : refusal(404, 'booking_not_found')),
      [`GET reservation-service/${NUMBER}/time-slots`]: ({ key }) => (key === KEY ? data(TIMES) : refusal(404, 'booking_not_found')),
      [`POST reservation-service/${NUMBER}/reschedule`]: () => data(moved),
    });
    const app = await renderApp({ url: `/happening/services/reschedule/${NUMBER}?key=${KEY}`, fetch: server.fetch, now: NOW });
    const times = await screen.findByRole('list', { name: 'Times on Mon, 2 Dec (Singapore Standard Time)' });
    // The booking's own time is not offered.
    expect(within(times).getAllByRole('button').map((button) => button.textContent)).toEqual(['2:00 pm']);
    expect(screen.getByRole('button', { name: 'Move my booking' })).toHaveAccessibleDescription('Choose a new time first.');
    await app.user.click(within(times).getByRole('button', { name: '2:00 pm' }));
    expect(screen.getByRole('radio', { name: 'Siti Rahman' })).toBeChecked();
    await app.user.click(screen.getByRole('button', { name: 'Move my booking to Mon, 2 Dec 2030, 2:00 pm SGT with Siti Rahman' }));
    await waitFor(() => expect(screen.getByTestId('booking-status')).toHaveTextContent('Rescheduled'));
    expect(server.calls('POST', `reservation-service/${NUMBER}/reschedule`)).toEqual([
      expect.objectContaining({ key: KEY, body: { startsAt: TIMES.slots[1]?.startsAt, artistId: 'sg-ion-siti' } }),
    ]);
    expect(screen.getByTestId('booking-time')).toHaveTextContent('Mon, 2 Dec 2030, 2:00 pm SGT');
    expect(screen.getByText('Your booking has been moved. We have emailed you the new time.')).toBeInTheDocument();
  });

  test('the booked artist is kept: only the times they are free; any artist is the shopper’s choice, and the result names both artists', async () => {
    const FARAH = { id: 'sg-ion-farah', name: 'Farah Aziz' };
    const later = TIMES.slots[1]?.startsAt ?? '';
    // 2:00 pm: Siti is busy, Farah is free.
    const times = { ...TIMES, slots: TIMES.slots.map((slot, index) => (index === 1 ? { ...slot, artists: [FARAH] } : slot)) };
    const moved = bookingAt(later, { status: 'rescheduled', artist: FARAH });
    const server = bookingServer(BOOKING, {
      [`GET reservation-service/${NUMBER}/days`]: () => data(MOVE_DAYS),
      [`GET reservation-service/${NUMBER}/time-slots`]: () => data(times),
      [`POST reservation-service/${NUMBER}/reschedule`]: () => data(moved),
    });
    const app = await renderApp({ url: `/happening/services/reschedule/${NUMBER}?key=${KEY}`, fetch: server.fetch, now: NOW });
    expect(await screen.findByText('Siti Rahman has no free time on this day.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Siti Rahman' })).toHaveAccessibleDescription('Your artist: only the times Siti Rahman is free are shown.');
    await app.user.click(screen.getByRole('radio', { name: 'Any artist' }));
    const list = await screen.findByRole('list', { name: 'Times on Mon, 2 Dec (Singapore Standard Time)' });
    await app.user.click(within(list).getByRole('button', { name: '2:00 pm' }));
    expect(within(list).getByRole('button', { name: '2:00 pm' })).toHaveAttribute('aria-pressed', 'true');
    await app.user.click(screen.getByRole('button', { name: 'Move my booking to Mon, 2 Dec 2030, 2:00 pm SGT with any free artist' }));
    const result = await screen.findByTestId('booking-moved');
    expect(result).toHaveTextContent('It is now with Farah Aziz instead of Siti Rahman.');
    // The picker that had the focus was replaced: the result has it.
    expect(result).toHaveFocus();
    expect(server.calls('POST', `reservation-service/${NUMBER}/reschedule`).map((asked) => asked.body)).toEqual([{ startsAt: later, artistId: null }]);
  });

  test('another artist the shopper picks: their days and free times, the move asks for them, the result names both; the choice keeps the focus', async () => {
    const threePm = '2030-12-02T07:00:00.000Z';
    // Mei Lin is free at 3:00 pm only; she works on 3 December alone of the days.
    const times = { ...TIMES, slots: [...TIMES.slots, { startsAt: threePm, endsAt: '2030-12-02T07:45:00.000Z', localTime: '15:00', seatsLeft: 1, artists: [MEI] }] };
    const meiTimes = { ...times, date: '2030-12-03', slots: times.slots.map((slot) => ({ ...slot, startsAt: slot.startsAt.replace('12-02', '12-03'), endsAt: slot.endsAt.replace('12-02', '12-03') })) };
    const meiStart = threePm.replace('12-02', '12-03');
    const moved = bookingAt(meiStart, { status: 'rescheduled', artist: MEI });
    const server = bookingServer(BOOKING, {
      [`GET reservation-service/${NUMBER}/days`]: ({ query }) => data(query.artistId === MEI.id ? { ...MOVE_DAYS, days: ['2030-12-03'] } : MOVE_DAYS),
      [`GET reservation-service/${NUMBER}/time-slots`]: ({ query }) => data(query.date === '2030-12-03' ? meiTimes : times),
      [`POST reservation-service/${NUMBER}/reschedule`]: () => data(moved),
    });
    const app = await renderApp({ url: `/happening/services/reschedule/${NUMBER}?key=${KEY}`, fetch: server.fetch, now: NOW });
    await screen.findByRole('list', { name: 'Times on Mon, 2 Dec (Singapore Standard Time)' });
    // Every artist of the service at the store, the booked one chosen; the days asked are hers.
    expect(screen.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).labels?.[0]?.textContent)).toEqual(['Mei Lin', 'Siti Rahman', 'Any artist']);
    expect(screen.getByRole('radio', { name: 'Siti Rahman' })).toBeChecked();
    expect(server.calls('GET', `reservation-service/${NUMBER}/days`).map((asked) => asked.query)).toEqual([{ artistId: SITI.id }]);
    const mei = screen.getByRole('radio', { name: 'Mei Lin' });
    expect(mei).toHaveAccessibleDescription('Another artist: only the times Mei Lin is free are shown.');
    await app.user.click(mei);
    expect(mei).toHaveFocus();
    const list = await screen.findByRole('list', { name: 'Times on Tue, 3 Dec (Singapore Standard Time)' });
    expect(server.calls('GET', `reservation-service/${NUMBER}/days`).map((asked) => asked.query)).toEqual([{ artistId: SITI.id }, { artistId: MEI.id }]);
    expect(mei).toHaveFocus();
    expect(screen.getByText('The times Mei Lin is free.')).toBeInTheDocument();
    expect(within(list).getAllByRole('button').map((button) => button.textContent)).toEqual(['10:00 am', '3:00 pm']);
    await app.user.click(within(list).getByRole('button', { name: '3:00 pm' }));
    await app.user.click(screen.getByRole('button', { name: 'Move my booking to Tue, 3 Dec 2030, 3:00 pm SGT with Mei Lin' }));
    const result = await screen.findByTestId('booking-moved');
    expect(result).toHaveTextContent('It is now with Mei Lin instead of Siti Rahman.');
    expect(server.calls('POST', `reservation-service/${NUMBER}/reschedule`).map((asked) => asked.body)).toEqual([{ startsAt: meiStart, artistId: MEI.id }]);
  });

  test('the time taken meanwhile (409 slot_taken): the failure says so, the booking stays as it was', async () => {
    const server = bookingServer(BOOKING, {
      [`GET reservation-service/${NUMBER}/days`]: () => data(MOVE_DAYS),
      [`GET reservation-service/${NUMBER}/time-slots`]: ({ key }) => (key === KEY ? data(TIMES) : refusal(404, 'booking_not_found')),
      [`POST reservation-service/${NUMBER}/reschedule`]: () => refusal(409, 'slot_taken'),
    });
    const app = await renderApp({ url: `/happening/services/reschedule/${NUMBER}?key=${KEY}`, fetch: server.fetch, now: NOW });
    await app.user.click(await screen.findByRole('button', { name: '2:00 pm' }));
    await app.user.click(screen.getByRole('button', { name: /^Move my booking to/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your booking could not be rescheduled.');
    expect(alert).toHaveTextContent('That time was just taken. Please choose another time.');
    expect(screen.getByTestId('booking-status')).toHaveTextContent('Confirmed');
  });
});

describe('/account/bookings: My bookings', () => {
  const upcoming = bookingAt('2030-12-02T02:00:00.000Z');
  const cancelledClass: Reservation = { ...CLASS, confirmationNumber: 'BK-CLASS234', appointmentAt: '2030-12-05T10:00:00.000Z', status: 'cancelled' };
  const past = bookingAt('2030-11-01T02:00:00.000Z', { confirmationNumber: 'BK-PAST2345', status: 'expired' });

  test('upcoming and past, each with the store’s time, its status and, while changeable, its pages', async () => {
    const server = happeningFetch({ 'GET reservation-service': () => data({ upcoming: [upcoming, cancelledClass], past: [past] }) });
    await renderApp({ url: '/account/bookings', user: 'member', fetch: server.fetch, now: NOW });
    const list = await screen.findByRole('list', { name: 'Upcoming' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('heading', { level: 3 }).textContent)).toEqual(['Express Facial', 'Makeup Masterclass']);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('Mon, 2 Dec 2030, 10:00 am SGT')).toBeInTheDocument();
    expect(first.getByText('Confirmed')).toBeInTheDocument();
    expect(first.getByRole('link', { name: `Reschedule ${NUMBER}` })).toHaveAttribute('href', `/happening/services/reschedule/${NUMBER}`);
    expect(first.getByRole('link', { name: `Cancel ${NUMBER}` })).toHaveAttribute('href', `/happening/services/cancel/${NUMBER}`);
    const second = within(rows[1] as HTMLElement);
    expect(second.getByText('Cancelled')).toBeInTheDocument();
    expect(second.queryByRole('link')).toBeNull();
    const earlier = within(screen.getByRole('list', { name: 'Past' }));
    expect(earlier.getByText('Expired')).toBeInTheDocument();
    expect(earlier.queryByRole('link')).toBeNull();
    expect(document.title).toBe('My bookings | Beauty Pass Singapore');
  });

  test('none yet: said for each list', async () => {
    const server = happeningFetch({ 'GET reservation-service': () => data({ upcoming: [], past: [] }) });
    await renderApp({ url: '/account/bookings', user: 'member', fetch: server.fetch, now: NOW });
    expect(await screen.findByText('You have no upcoming bookings.')).toBeInTheDocument();
    expect(screen.getByText('You have no past bookings.')).toBeInTheDocument();
  });

  test('signed out: sent to sign in, coming back here; nothing is asked', async () => {
    const server = happeningFetch({});
    const app = await renderApp({ url: '/account/bookings', fetch: server.fetch, now: NOW });
    await waitFor(() => expect(app.location()).toBe('/sign_in?return_to=%2Faccount%2Fbookings'));
    // (The header's bag count may ask its own.)
    expect(server.asked.filter((asked) => asked.path.startsWith('reservation-service'))).toEqual([]);
  });
});
