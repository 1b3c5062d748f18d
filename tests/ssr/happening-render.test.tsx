// @vitest-environment node
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { renderPage, type PageRequest } from '../../src/web/app/entry-server.tsx';
import { book, findSlots } from '../helpers/booking.ts';
import { appTarget, type CartTarget } from '../helpers/cart.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/*
 * The happening screens rendered by the server (issue 14) against the real API in process: each
 * screen's resource or machine runs there with in-process actors, its snapshot is in the page for
 * the browser to restore, and a booking's pages are the shopper's own (never cached).
 */

let t: TestApp;
let target: CartTarget;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 5 });
  target = appTarget(t);
});
afterAll(() => t.close());

function render(path: string, cookie = '') {
  const errors: unknown[] = [];
  const fetchApi: PageRequest['fetchApi'] = async (input, init) => t.app.fetch(new Request(input, init));
  return renderPage({ url: new URL(path, 'http://store.test'), cookie, fetchApi, onError: (error) => errors.push(error) }).then((page) => {
    expect(errors).toEqual([]);
    expect(page.html).not.toContain('<script');
    return page;
  });
}

const text = (html: string) => html.replace(/<!--.*?-->/g, '').replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/\s+/g, ' ');
type Snap = { value: unknown; context: Record<string, unknown> };

describe('server render of the happening screens', () => {
  test('/happening/services: the groups and activities with S$ prices, in the blank layout', async () => {
    const page = await render('/happening/services');
    expect(page.status).toBe(200);
    expect(page.html).toContain('data-layout="blank"');
    expect(page.state.snapshots['happening:all']).toMatchObject({ value: 'success' });
    expect(text(page.html)).toContain('Services, classes and events');
    expect(text(page.html)).toMatch(/S\$\s?\d/);
    expect(page.html).toContain('href="/happening/services/express-facial"');
    expect(page.personal).toBe(false);
  });

  test('an activity’s page: the page and the flow’s machine at its first step, with the stores; another kind is not found', async () => {
    const page = await render('/happening/services/express-facial?store=sg-vivocity');
    expect(page.status).toBe(200);
    expect(page.state.snapshots['activity:services:express-facial']).toMatchObject({ value: 'success' });
    const flow = page.state.snapshots['booking-flow:express-facial'] as Snap;
    expect(flow.value).toBe('selectActivity');
    expect(flow.context).toMatchObject({ storeId: 'sg-vivocity', timeZone: 'Asia/Singapore' });
    expect(page.html).toContain('>Find a time</button>');
    expect(page.html.match(/<input[^>]*type="radio"[^>]*>/g)?.filter((input) => input.includes('checked'))).toEqual([expect.stringContaining('value="sg-vivocity"')]);
    expect(page.head?.title).toBe('Express Glow Facial | Beauty Pass Singapore');
    const wrong = await render('/happening/classes/express-facial');
    expect(wrong.status).toBe(404);
  });

  test('in Thailand, in Thai: baht', async () => {
    const page = await render('/happening/services/express-facial?country_code=th&language=th');
    expect(page.lang).toBe('th');
    expect(page.html).toMatch(/[\u0E00-\u0E7F]/);
    expect(text(page.html)).toContain('฿');
  });

  test('/stores: by city, open or closed now, with the snapshot the browser restores', async () => {
    const page = await render('/stores');
    expect(page.status).toBe(200);
    expect(page.state.snapshots.stores).toMatchObject({ value: 'success' });
    expect(text(page.html)).toContain('ION Orchard');
    expect(text(page.html)).toMatch(/Open now|Closed/);
    expect(page.html).toContain('data-layout="default"');
    // Seats change with every booking: never served from the page cache.
    expect(page.personal).toBe(true);
  });

  test('a guest’s booking by its key: the lifecycle machine loaded on the server, the page never cached; without the key, the lookup', async () => {
    const [{ slot }] = await findSlots(target, 'express-facial', 'sg-ion-orchard', 1, (candidate) => Date.parse(candidate.startsAt) > Date.now() + 3 * 86_400_000);
    const booking = await book(target, 'express-facial', 'sg-ion-orchard', slot.startsAt);
    const number = booking.confirmationNumber;
    const cancel = await render(`/happening/services/cancel/${number}?key=${booking.manageKey ?? ''}`);
    expect(cancel.personal).toBe(true);
    expect(cancel.state.snapshots[`booking:${number}:key`]).toMatchObject({ value: { confirmed: 'idle' } });
    expect(text(cancel.html)).toContain(number);
    expect(cancel.html).toContain('>Cancel booking</button>');
    const reschedule = await render(`/happening/services/reschedule/${number}?key=${booking.manageKey ?? ''}`);
    expect(reschedule.state.snapshots[`reschedule-days:${number}`]).toMatchObject({ value: 'success' });
    expect(Object.keys(reschedule.state.snapshots).some((key) => key.startsWith(`reschedule-times:${number}:`))).toBe(true);
    const without = await render(`/happening/services/cancel/${number}`);
    expect(without.state.snapshots[`booking:${number}:session`]).toMatchObject({ value: 'loadFailure' });
    expect(without.html).toContain('aria-label="Find your booking"');
  });

  test('My bookings, signed out: the note with the sign-in link', async () => {
    const page = await render('/account/bookings');
    expect(text(page.html)).toContain('Please sign in to see your bookings.');
  });
});
