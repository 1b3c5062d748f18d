// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Reservation } from '../../src/contract/reservations.ts';
import { formatStoreDateTime } from '../../src/web/features/booking/booking-format.ts';
import { bookingAt, data, DAYS, FACIAL, GROUPS, happeningFetch, holdOf, LAUNCH, MASTERCLASS, ORCHARD, refusal, SUMMARIES, TIMES, VIVO, type Route } from '../helpers/happening-fetch.ts';
import { renderApp, SG_SITE } from '../helpers/render-app.tsx';

/*
 * The happening screens (issue 14) through the whole app, the real booking API over the real
 * client and a scripted server: the list by store and group, an activity's page and its booking
 * from the store to the confirmation, the refusals and empty answers the server gives.
 */

beforeAll(() => Promise.all([import('../../src/web/features/booking/happening-screen.tsx'), import('../../src/web/features/booking/activity-screen.tsx')]), 60_000);

/** The shopper opens the page on 30 November 2030 at 08:00 in Singapore. */
const NOW = '2030-11-30T00:00:00.000Z';
const ZONE = 'Asia/Singapore';
const FIRST = TIMES.slots[0]?.startsAt ?? '';

afterEach(() => vi.restoreAllMocks());

const listRoutes: Record<string, Route> = {
  'GET booking-services/pages': () => data(GROUPS),
  'GET booking-service/activities': () => data(SUMMARIES),
  'GET layouts/store-services/activities': ({ query }) => data(SUMMARIES.filter((activity) => activity.storeIds.includes(query.storeId ?? ''))),
  'GET stores': () => data([ORCHARD, VIVO]),
};

describe('/happening/services: what can be booked, by group and store', () => {
  test('the groups with their activities, prices in S$, kinds and links; the blank layout', async () => {
    const server = happeningFetch(listRoutes);
    await renderApp({ url: '/happening/services', fetch: server.fetch, now: NOW });
    expect(await screen.findByRole('heading', { level: 1, name: 'Services, classes and events' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.getByRole('link', { name: 'Beauty Pass home' })).toHaveAttribute('href', '/');
    const skincare = await screen.findByRole('region', { name: 'Skincare' });
    expect(within(skincare).getByRole('link', { name: 'Express Facial' })).toHaveAttribute('href', '/happening/services/express-facial');
    expect(skincare.querySelector('.happening-card__facts')).toHaveTextContent('Service · 45 min · S$45.00');
    expect(within(screen.getByRole('region', { name: 'Classes' })).getByRole('link', { name: 'Makeup Masterclass' })).toHaveAttribute('href', '/happening/classes/makeup-masterclass');
    expect(screen.getByRole('region', { name: 'Events' }).querySelector('.happening-card__facts')).toHaveTextContent('Event · 90 min · Free');
    expect(document.title).toBe('Services, classes and events | Beauty Pass Singapore');
  });

  test('a store chosen lists what it offers (layouts/store-services/activities) and links to book there', async () => {
    const server = happeningFetch(listRoutes);
    const app = await renderApp({ url: '/happening/services', fetch: server.fetch, now: NOW });
    await app.user.selectOptions(await screen.findByRole('combobox', { name: 'Store' }), 'sg-vivocity');
    await app.user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('link', { name: 'Express Facial' })).toHaveAttribute('href', '/happening/services/express-facial?store=sg-vivocity');
    expect(app.location()).toBe('/happening/services?store=sg-vivocity');
    expect(screen.queryByRole('region', { name: 'Classes' })).toBeNull();
    expect(server.calls('GET', 'layouts/store-services/activities').map((asked) => asked.query)).toEqual([{ storeId: 'sg-vivocity' }]);
  });
});

/** The facial's page with its days and times; holds and confirmations as `more` says. */
function facialServer(more: Record<string, Route> = {}) {
  return happeningFetch({
    'GET happening/services/activities/express-facial': () => data({ activity: FACIAL, stores: [ORCHARD, VIVO] }),
    'GET booking-service/available-slots/express-facial': () => data(DAYS),
    'GET booking-service/time-slots/express-facial': ({ query }) => data({ ...TIMES, date: query.date ?? TIMES.date }),
    ...more,
  });
}

async function toTimes(url = '/happening/services/express-facial', server = facialServer(), name = 'Express Facial') {
  const app = await renderApp({ url, fetch: server.fetch, now: NOW });
  expect(await screen.findByRole('heading', { level: 1, name })).toBeInTheDocument();
  await app.user.click(screen.getByRole('button', { name: 'Find a time' }));
  await screen.findByRole('list', { name: /^Times on/ });
  return { app, server };
}

describe('an activity’s page: book a service', () => {
  test('the facts and policy; the stores offering it; times in the store’s zone, labelled', async () => {
    const { server } = await toTimes();
    expect(screen.getByTestId('activity-price')).toHaveTextContent('S$45.00');
    expect(screen.getByText('Book up to 30 days ahead. Reschedule or cancel until 24 hours before the start.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /ION Orchard/ })).toBeChecked();
    const times = screen.getByRole('list', { name: 'Times on Mon, 2 Dec (Singapore Standard Time)' });
    expect(within(times).getAllByRole('button').map((button) => button.textContent)).toEqual(['10:00 am', '2:00 pm']);
    expect(server.calls('GET', 'booking-service/available-slots/express-facial').map((asked) => asked.query)).toEqual([{ storeId: ORCHARD.id }]);
    expect(server.calls('GET', 'booking-service/time-slots/express-facial').map((asked) => asked.query)).toEqual([{ storeId: ORCHARD.id, date: '2030-12-02' }]);
  });

  test('?store= picks the store; another store searches its days there', async () => {
    const { app, server } = await toTimes('/happening/services/express-facial?store=sg-vivocity');
    expect(screen.getByRole('radio', { name: /VivoCity/ })).toBeChecked();
    await app.user.click(screen.getByRole('radio', { name: /ION Orchard/ }));
    await screen.findByRole('list', { name: /^Times on/ });
    expect(server.calls('GET', 'booking-service/available-slots/express-facial').map((asked) => asked.query.storeId)).toEqual([VIVO.id, ORCHARD.id]);
  });

  test('time → artist → held → details → confirmed: the number, the store, its local time and zone, the calendar file and the guest’s links', async () => {
    const reservation: Reservation = { ...bookingAt(FIRST), manageKey: 'mk-guest-1' };
    const server = facialServer({
      'POST reservation-service/create': ({ body }) => ({ status: 201, ...data(holdOf((body as { startsAt: string }).startsAt, '2030-11-30T00:10:00.000Z')) }),
      'POST reservation-service': () => ({ status: 201, ...data(reservation) }),
    });
    const { app } = await toTimes(undefined, server);
    const { user } = app;
    await user.click(screen.getByRole('button', { name: '10:00 am' }));
    expect(await screen.findByRole('heading', { name: 'Choose an artist' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Siti Rahman' }));
    expect(await screen.findByRole('heading', { name: 'Your details' })).toBeInTheDocument();
    expect(server.calls('POST', 'reservation-service/create')[0]?.body).toEqual({ activityId: FACIAL.id, storeId: ORCHARD.id, startsAt: FIRST, artistId: 'sg-ion-siti' });
    expect(screen.getByText(/^We are holding this time for you until 8:10 am:/)).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^(10:00|9:5\d)$/);
    await user.type(screen.getByLabelText(/^Full Name/), 'Tan Mei Ling');
    await user.type(screen.getByLabelText(/^Email/), 'mei@example.com');
    await user.selectOptions(screen.getByLabelText(/^Your skin type/), 'dry');
    for (const label of [/^I understand/, /collection and use/, /to third parties/, /privacy policy/, /over 14/]) await user.click(screen.getByLabelText(label));
    await user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByRole('heading', { name: 'Booking confirmed' })).toBeInTheDocument();
    expect(server.calls('POST', 'reservation-service')[0]?.body).toMatchObject({ holdId: 'hold-1', holdToken: 'token-1', details: { fullName: 'Tan Mei Ling', email: 'mei@example.com', consentAge: true }, answers: { 'skin-type': 'dry' } });
    expect(screen.getByTestId('confirmation-number')).toHaveTextContent('BK-7Q2M9XKD');
    expect(screen.getByTestId('booking-time')).toHaveTextContent(formatStoreDateTime(FIRST, ZONE, SG_SITE));
    expect(screen.getByTestId('booking-time')).toHaveTextContent('Mon, 2 Dec 2030, 10:00 am SGT');
    expect(screen.getByText('(store time: Singapore Standard Time)')).toBeInTheDocument();
    expect(screen.getByText('A confirmation has been sent to mei@example.com.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel this booking' })).toHaveAttribute('href', '/happening/services/cancel/BK-7Q2M9XKD?key=mk-guest-1');

    // Add to calendar: an RFC 5545 file named after the booking, with the times in UTC.
    const files: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      files.push(blob as Blob);
      return 'blob:booking';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    await user.click(screen.getByRole('button', { name: 'Add to calendar (.ics)' }));
    await waitFor(() => expect(clicked).toEqual(['BK-7Q2M9XKD.ics']));
    // jsdom's Blob has no text(): read it as a file.
    const ics = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(files[0] as Blob);
    });
    expect(ics).toContain('BEGIN:VCALENDAR');
    expect(ics).toContain('DTSTART:20301202T020000Z');
    expect(ics).toContain('DTEND:20301202T024500Z');
    expect(ics).toContain('SUMMARY:Express Facial at ION Orchard');
    expect(ics).toContain('UID:BK-7Q2M9XKD@beauty-pass');
    expect(ics).toContain('PRODID:-//Beauty Pass//Happening//EN');
  });

  test('a member’s name, email and phone are filled in from the account, and stay editable; the confirmation says the price is paid at the store', async () => {
    const contact = { fullName: 'Tan Mei Ling', email: 'mei@example.com', phone: '+65 9123 4567' };
    const server = facialServer({
      'GET reservation-service/contact': () => data(contact),
      'POST reservation-service/create': ({ body }) => ({ status: 201, ...data(holdOf((body as { startsAt: string }).startsAt, '2030-11-30T00:10:00.000Z')) }),
      'POST reservation-service': () => ({ status: 201, ...data(bookingAt(FIRST)) }),
    });
    const app = await renderApp({ url: '/happening/services/express-facial', user: 'member', fetch: server.fetch, now: NOW });
    await app.user.click(await screen.findByRole('button', { name: 'Find a time' }));
    await app.user.click(await screen.findByRole('button', { name: '10:00 am' }));
    await app.user.click(await screen.findByRole('button', { name: 'Any artist' }));
    await screen.findByRole('heading', { name: 'Your details' });
    expect(screen.getByLabelText(/^Full Name/)).toHaveValue('Tan Mei Ling');
    expect(screen.getByLabelText(/^Email/)).toHaveValue('mei@example.com');
    expect(screen.getByLabelText(/^Phone number/)).toHaveValue('+65 9123 4567');
    await app.user.clear(screen.getByLabelText(/^Phone number/));
    await app.user.type(screen.getByLabelText(/^Phone number/), '8123 4567');
    await app.user.selectOptions(screen.getByLabelText(/^Your skin type/), 'dry');
    for (const label of [/^I understand/, /collection and use/, /to third parties/, /privacy policy/, /over 14/]) await app.user.click(screen.getByLabelText(label));
    await app.user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    expect(await screen.findByRole('heading', { name: 'Booking confirmed' })).toBeInTheDocument();
    expect(server.calls('POST', 'reservation-service')[0]?.body).toMatchObject({ details: { fullName: 'Tan Mei Ling', email: 'mei@example.com', phone: '8123 4567' } });
    expect(screen.getByTestId('booking-payment')).toHaveTextContent('S$45.00, paid at the store on the day: nothing is charged now.');
  });

  test('a guest with neither email nor phone is asked for one, on the email field, before anything is sent', async () => {
    const server = facialServer({ 'POST reservation-service/create': ({ body }) => ({ status: 201, ...data(holdOf((body as { startsAt: string }).startsAt, '2030-11-30T00:10:00.000Z')) }) });
    const { app } = await toTimes(undefined, server);
    await app.user.click(screen.getByRole('button', { name: '10:00 am' }));
    await app.user.click(await screen.findByRole('button', { name: 'Any artist' }));
    await screen.findByRole('heading', { name: 'Your details' });
    expect(server.calls('GET', 'reservation-service/contact')).toEqual([]);
    await app.user.type(screen.getByLabelText(/^Full Name/), 'Tan Mei Ling');
    await app.user.selectOptions(screen.getByLabelText(/^Your skin type/), 'dry');
    for (const label of [/^I understand/, /collection and use/, /to third parties/, /privacy policy/, /over 14/]) await app.user.click(screen.getByLabelText(label));
    await app.user.click(screen.getByRole('button', { name: 'Confirm booking' }));
    const email = screen.getByLabelText(/^Email/);
    expect(email).toHaveFocus();
    expect(email).toHaveAccessibleDescription(/^Enter an email or a phone number, so that you can find and change your booking/);
    expect(server.calls('POST', 'reservation-service')).toEqual([]);
  });

  test('a time taken meanwhile (409 slot_taken) is back at fresh times, with the reason', async () => {
    const server = facialServer({ 'POST reservation-service/create': () => refusal(409, 'slot_taken') });
    const { app } = await toTimes(undefined, server);
    await app.user.click(screen.getByRole('button', { name: '2:00 pm' }));
    await app.user.click(await screen.findByRole('button', { name: 'Any artist' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, that time was just taken. Please choose another.');
    expect(server.calls('POST', 'reservation-service/create')[0]?.body).toMatchObject({ artistId: null });
    await screen.findByRole('list', { name: /^Times on/ });
    expect(server.calls('GET', 'booking-service/time-slots/express-facial')).toHaveLength(2);
  });

  test('no day with a free time: "No Available Slots"; a day without times: "No time slots available"', async () => {
    const none = facialServer({ 'GET booking-service/available-slots/express-facial': () => data({ ...DAYS, days: [] }) });
    const app = await renderApp({ url: '/happening/services/express-facial', fetch: none.fetch, now: NOW });
    await app.user.click(await screen.findByRole('button', { name: 'Find a time' }));
    expect(await screen.findByText('No Available Slots')).toBeInTheDocument();
    app.unmount();
    const empty = facialServer({ 'GET booking-service/time-slots/express-facial': () => data({ ...TIMES, slots: [] }) });
    const again = await renderApp({ url: '/happening/services/express-facial', fetch: empty.fetch, now: NOW });
    await again.user.click(await screen.findByRole('button', { name: 'Find a time' }));
    expect(await screen.findByText('No time slots available')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tue, 3 Dec' })).toBeEnabled();
  });

  test('a device clock five minutes slow: the hold counts down by the server’s Date, not the device', async () => {
    const serverNow = Date.parse(NOW) + 5 * 60_000;
    const server = facialServer({
      'GET booking-service/available-slots/express-facial': () => data(DAYS, serverNow),
      'POST reservation-service/create': () => ({ status: 201, ...data(holdOf(FIRST, new Date(serverNow + 10 * 60_000).toISOString()), serverNow) }),
    });
    const { app } = await toTimes(undefined, server);
    await app.user.click(screen.getByRole('button', { name: '10:00 am' }));
    await app.user.click(await screen.findByRole('button', { name: 'Any artist' }));
    await screen.findByRole('heading', { name: 'Your details' });
    // By the device it would be 15 minutes; by the server it is 10.
    await waitFor(() => expect(screen.getByRole('timer')).toHaveTextContent(/^(10:00|9:5\d)$/));
  });
});

describe('an activity’s page: classes and events', () => {
  test('a class: seats and teacher, no artist step; its session sold out meanwhile (409 sold_out) is said', async () => {
    const server = happeningFetch({
      'GET happening/services/activities/makeup-masterclass': () => data({ activity: MASTERCLASS, stores: [ORCHARD] }),
      'GET booking-service/available-slots/makeup-masterclass': () => data({ ...DAYS, activityId: MASTERCLASS.id }),
      'GET booking-service/time-slots/makeup-masterclass': () => data({ ...TIMES, activityId: MASTERCLASS.id, slots: [{ ...TIMES.slots[0], artists: [], seatsLeft: 1 }] }),
      'POST reservation-service/create': () => refusal(409, 'sold_out'),
    });
    const { app } = await toTimes('/happening/classes/makeup-masterclass', server, 'Makeup Masterclass');
    expect(screen.getByText('8 seats per session')).toBeInTheDocument();
    expect(screen.getByText('Rachel Lim')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: '10:00 am' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sorry, that session is sold out. Please choose another time.');
    expect(server.calls('POST', 'reservation-service/create')[0]?.body).toMatchObject({ activityId: MASTERCLASS.id, artistId: null });
  });

  test('an activity under another kind’s address is not found', async () => {
    const server = happeningFetch({ 'GET happening/services/activities/new-season-launch': () => data({ activity: LAUNCH, stores: [ORCHARD] }) });
    await renderApp({ url: '/happening/classes/new-season-launch', fetch: server.fetch, now: NOW });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found: /happening/classes/new-season-launch' })).toBeInTheDocument();
  });
});

describe('Thailand, in Thai: the store’s zone and ฿', () => {
  const PARAGON = { ...ORCHARD, id: 'th-siam-paragon', country: 'TH' as const, name: 'Siam Paragon', line1: '991 Rama I Road', city: 'Bangkok', postcode: '10330', timeZone: 'Asia/Bangkok', exceptions: [] };
  const THAI_FACIAL = { ...FACIAL, name: 'เฟเชียลด่วน', price: { currency: 'THB', amount: 1200 }, currencySymbol: '฿', storeIds: [PARAGON.id] };

  test('prices in baht; times of Bangkok, the zone named in Thai', async () => {
    const server = happeningFetch({
      'GET happening/services/activities/express-facial': () => data({ activity: THAI_FACIAL, stores: [PARAGON] }),
      'GET booking-service/available-slots/express-facial': () => data({ ...DAYS, storeId: PARAGON.id, timeZone: 'Asia/Bangkok' }),
      'GET booking-service/time-slots/express-facial': () => data({ ...TIMES, storeId: PARAGON.id, timeZone: 'Asia/Bangkok', slots: [{ ...TIMES.slots[0], startsAt: '2030-12-02T03:00:00.000Z' }] }),
    });
    const app = await renderApp({ url: '/happening/services/express-facial', country: 'TH', language: 'th', fetch: server.fetch, now: NOW });
    expect(await screen.findByRole('heading', { level: 1, name: 'เฟเชียลด่วน' })).toBeInTheDocument();
    expect(screen.getByTestId('activity-price')).toHaveTextContent('฿1,200.00');
    await app.user.click(screen.getByRole('button', { name: 'เลือกเวลา' }));
    // 03:00 UTC is 10:00 in Bangkok.
    const times = await screen.findByRole('list', { name: 'เวลาในวันจันทร์ 2 ธ.ค. (เวลาอินโดจีน)' });
    expect(within(times).getByRole('button', { name: '10:00' })).toBeEnabled();
    expect(screen.getByText(/บริการ/, { selector: 'dt' })).toBeInTheDocument();
  });
});
