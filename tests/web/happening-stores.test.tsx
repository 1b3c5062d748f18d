// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, test } from 'vitest';
import type { HappeningStore, Session } from '../../src/contract/happening.ts';
import { openState } from '../../src/web/features/stores/store-hours.ts';
import { data, FACIAL, happeningFetch, LAUNCH, ORCHARD, SUMMARIES, VIVO } from '../helpers/happening-fetch.ts';
import { renderApp } from '../helpers/render-app.tsx';

/*
 * Find a store (issue 14): the country's stores by city, open now or when they open by each
 * store's own clock, their hours and holidays, the services booked there and their events with
 * seats (sold out said). The real stores API over the real client and a scripted server.
 */

beforeAll(() => import('../../src/web/features/stores/stores-screen.tsx'), 60_000);

const session = (storeId: string, startsAt: string, seatsLeft: number): Session => ({ activityId: LAUNCH.id, storeId, startsAt, endsAt: startsAt, date: startsAt.slice(0, 10), localTime: '15:00', seatsLeft });
const SENTOSA: HappeningStore = { ...VIVO, id: 'sg-sentosa', name: 'Sentosa Cove', city: 'Sentosa', serviceIds: [], openingHours: { ...VIVO.openingHours, mon: null } };

function storesServer() {
  return happeningFetch({
    'GET stores': () => data([ORCHARD, VIVO, SENTOSA]),
    'GET booking-service/activities': ({ query }) => data(SUMMARIES.filter((activity) => activity.kind === query.kind)),
    [`GET stores/${ORCHARD.id}`]: () => data({ store: ORCHARD, events: [{ activity: SUMMARIES[2], sessions: [session(ORCHARD.id, '2030-12-07T07:00:00.000Z', 0), session(ORCHARD.id, '2031-01-04T07:00:00.000Z', 12)] }] }),
    [`GET stores/${VIVO.id}`]: () => data({ store: VIVO, events: [] }),
    [`GET stores/${SENTOSA.id}`]: () => data({ store: SENTOSA, events: [] }),
  });
}

describe('open now, by the store’s clock', () => {
  const store = { ...ORCHARD, exceptions: [{ date: '2030-12-25', hours: null, reason: 'Christmas Day' }] };
  test('open between its hours; before them it opens today; after them, the next open day', () => {
    // 08:00, 12:00 and 23:00 on Saturday 30 November in Singapore.
    expect(openState(store, Date.parse('2030-11-30T00:00:00Z'))).toEqual({ open: false, next: { date: '2030-11-30', opens: '10:00', today: true } });
    expect(openState(store, Date.parse('2030-11-30T04:00:00Z'))).toEqual({ open: true, closes: '22:00' });
    expect(openState(store, Date.parse('2030-11-30T15:00:00Z'))).toEqual({ open: false, next: { date: '2030-12-01', opens: '11:00', today: false } });
  });

  test('a holiday closed all day opens the next day; a store in another zone answers by its own clock', () => {
    expect(openState(store, Date.parse('2030-12-25T04:00:00Z'))).toEqual({ open: false, next: { date: '2030-12-26', opens: '10:00', today: false } });
    // 10:30 in Singapore is 15:30 in Auckland (summer time), where the store keeps 10:00 to 19:00.
    const auckland = { ...store, timeZone: 'Pacific/Auckland', exceptions: [], openingHours: { ...store.openingHours, sat: { opens: '10:00', closes: '19:00' } } };
    expect(openState(auckland, Date.parse('2030-11-30T02:30:00Z'))).toEqual({ open: true, closes: '19:00' });
    expect(openState(auckland, Date.parse('2030-11-30T06:30:00Z'))).toEqual({ open: false, next: { date: '2030-12-01', opens: '11:00', today: false } });
  });
});

describe('/stores', () => {
  test('by city: address, open now, hours with holidays, services and store events with their seats', async () => {
    const server = storesServer();
    // 12:00 on Saturday in Singapore.
    await renderApp({ url: '/stores', fetch: server.fetch, now: '2030-11-30T04:00:00.000Z' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Find a store' })).toBeInTheDocument();
    const singapore = await screen.findByRole('region', { name: 'Singapore' });
    const orchard = within(within(singapore).getByRole('article', { name: 'ION Orchard' }));
    expect(orchard.getByText(/2 Orchard Turn, #B2-51, Singapore 238801/)).toBeInTheDocument();
    expect(orchard.getByText('Open now').parentElement).toHaveTextContent('Open now · closes at 10:00 pm (Singapore Standard Time)');
    expect(orchard.getByRole('row', { name: 'Sunday 11:00 am – 8:00 pm' })).toBeInTheDocument();
    expect(orchard.getByText('Wed, 25 Dec (Christmas Day): Closed')).toBeInTheDocument();
    expect(orchard.getByRole('link', { name: FACIAL.name })).toHaveAttribute('href', '/happening/services/express-facial?store=sg-ion-orchard');
    expect(orchard.getByRole('link', { name: 'Everything you can book at ION Orchard' })).toHaveAttribute('href', '/happening/services?store=sg-ion-orchard');
    expect(orchard.getByRole('link', { name: LAUNCH.name })).toHaveAttribute('href', '/happening/events/new-season-launch?store=sg-ion-orchard');
    const sessions = orchard.getAllByRole('listitem').filter((item) => item.hasAttribute('data-sold-out'));
    expect(sessions.map((item) => item.textContent)).toEqual(['Sat, 7 Dec, 3:00 pm SGT · Sold out', 'Sat, 4 Jan, 3:00 pm SGT · 12 seats left']);
    const sentosa = within(screen.getByRole('region', { name: 'Sentosa' }));
    expect(sentosa.getByText('No services are booked at this store.')).toBeInTheDocument();
    expect(sentosa.getByRole('row', { name: 'Monday Closed' })).toBeInTheDocument();
    expect(server.calls('GET', 'booking-service/activities').map((asked) => asked.query)).toEqual([{ kind: 'service' }]);
    expect(document.title).toBe('Find a store | Beauty Pass Singapore');
    // The footer links the in-store pages on every page of the default layout.
    const inStore = await within(screen.getByRole('contentinfo')).findByRole('navigation', { name: 'In store' });
    expect(within(inStore).getByRole('link', { name: 'Services, classes and events' })).toHaveAttribute('href', '/happening/services');
    expect(within(inStore).getByRole('link', { name: 'Find a store' })).toHaveAttribute('href', '/stores');
  });

  test('before opening: opens at its time today', async () => {
    await renderApp({ url: '/stores', fetch: storesServer().fetch, now: '2030-11-30T00:00:00.000Z' });
    const orchard = within(await screen.findByRole('article', { name: 'ION Orchard' }));
    expect(orchard.getByText('Closed').parentElement).toHaveTextContent('Closed · opens at 10:00 am (Singapore Standard Time)');
  });
});
