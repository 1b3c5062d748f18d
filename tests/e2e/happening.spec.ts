import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { tabTo } from './fixtures/keyboard.ts';
import { bookingPaths, driveFlow, driveLifecycle, ENGLISH, happeningApi, laterDay, THAI, type BookingPaths, type Happening } from './fixtures/happening.ts';

/*
 * Happening (issue 14) in a browser against the real server: the booking machines' generated
 * paths (transitionPaths, as tests/machines/generated.test.ts makes them) performed on the real
 * screens (book → confirmed, reschedule → rescheduled, cancel → cancelled, expired → both refused
 * with the reason), in Singapore and in Thailand (Thai, ฿, Bangkok's time), an event sold out and
 * two browsers racing for its last seat, a member's bookings, and a booking with the keyboard
 * alone. Every page visited is checked with axe at phone and desktop widths (the fixtures).
 */

test.describe.configure({ timeout: 120_000 });

const DAY = 86_400_000;

/** The store-local calendar day `days` from now. */
function dayFromNow(days: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.now() + days * DAY);
}

/** The first available day at least two days away (past any 24-hour cut-off while the test runs). */
async function dayFromTwoDays(happening: Happening, activityId: string, storeId: string, country: string, timeZone: string): Promise<string> {
  const days = await happening.api.days(activityId, storeId, country);
  return laterDay(days, dayFromNow(2, timeZone));
}

/** What the page logged as errors (a hydration that disagreed with the server's HTML, a failed render). */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource: the server responded with a status of (404|409)/.test(message.text())) errors.push(message.text());
  });
  return errors;
}

let paths: BookingPaths;
test.beforeAll(async () => {
  paths = await bookingPaths();
});

test('SG: a guest books a service on its generated path, takes the calendar file, and reschedules it on the lifecycle’s', async ({ page, happening, expectAccessible }) => {
  const errors = pageErrors(page);
  await happening.open('/happening/services', page.getByRole('region', { name: 'Skincare' }));
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Skincare' })).toContainText(/S\$\d+\.\d{2}/);
  // One store's list, then back to all.
  await page.getByRole('combobox', { name: 'Store' }).selectOption('sg-tampines-mall');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/happening\/services\?store=sg-tampines-mall$/);
  await expect(page.getByRole('link', { name: 'Express Glow Facial' })).toHaveAttribute('href', '/happening/services/express-facial?store=sg-tampines-mall');
  await expectAccessible();
  await page.getByRole('combobox', { name: 'Store' }).selectOption('');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/happening\/services$/);
  await expect(page.getByRole('link', { name: 'Express Glow Facial' })).toHaveAttribute('href', '/happening/services/express-facial');
  await page.getByRole('link', { name: 'Express Glow Facial' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Express Glow Facial' })).toBeVisible();
  await expectAccessible();

  const day = await dayFromTwoDays(happening, 'express-facial', 'sg-ion-orchard', 'sg', 'Asia/Singapore');
  const email = `e2e.sg.${Date.now()}@example.com`;
  await driveFlow(page, paths.serviceBookedOnAnotherDay, {
    texts: ENGLISH,
    day,
    email,
    at: { 'findSlot.choosing': () => expectAccessible(), 'held.details': () => expectAccessible(), confirmed: () => expectAccessible() },
  });
  const confirmation = page.getByTestId('booking-confirmation');
  const number = (await page.getByTestId('confirmation-number').textContent()) ?? '';
  expect(number).toMatch(/^BK-[A-Z0-9]{8}$/);
  await expect(page.getByTestId('booking-time')).toHaveText(/\d{4}, \d{1,2}:\d{2}\s?[ap]m SGT$/);
  await expect(confirmation).toContainText('ION Orchard');
  await expect(confirmation).toContainText(`A confirmation has been sent to ${email}.`);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Add to calendar (.ics)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${number}.ics`);
  const ics = await readFile(await file.path(), 'utf8');
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics).toContain(`UID:${number}@beauty-pass`);
  expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);

  await page.getByRole('link', { name: 'Reschedule this booking' }).click();
  await expect(page).toHaveURL(new RegExp(`/happening/services/reschedule/${number}\\?key=`));
  const before = await page.getByTestId('booking-time').textContent();
  await driveLifecycle(page, paths.rescheduled, {
    texts: ENGLISH,
    day: await dayFromTwoDays(happening, 'express-facial', 'sg-ion-orchard', 'sg', 'Asia/Singapore'),
    at: { 'confirmed.idle': () => expectAccessible(), 'rescheduled.idle': () => expectAccessible() },
  });
  await expect(page.getByTestId('booking-status')).toHaveText('Rescheduled');
  await expect(page.getByTestId('booking-time')).not.toHaveText(before ?? '');
  expect(errors).toEqual([]);
});

test('SG: a class booked on its generated path is cancelled on the cancel page’s', async ({ page, happening, expectAccessible }) => {
  const errors = pageErrors(page);
  await happening.open('/happening/classes/makeup-masterclass', page.getByRole('heading', { level: 1, name: 'Makeup Masterclass' }));
  await expect(page.getByText(/seats per session/)).toBeVisible();
  const day = await dayFromTwoDays(happening, 'makeup-masterclass', 'sg-ion-orchard', 'sg', 'Asia/Singapore');
  await driveFlow(page, paths.seatBookedOnAnotherDay, { texts: ENGLISH, day, at: { 'held.details': () => expectAccessible(), confirmed: () => expectAccessible() } });
  const number = (await page.getByTestId('confirmation-number').textContent()) ?? '';
  // A class is cancelled, never rescheduled.
  await expect(page.getByRole('link', { name: 'Reschedule this booking' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Cancel this booking' }).click();
  await expect(page).toHaveURL(new RegExp(`/happening/classes/cancel/${number}\\?key=`));
  await driveLifecycle(page, paths.cancelled, { texts: ENGLISH, at: { 'confirmed.idle': () => expectAccessible(), cancelled: () => expectAccessible() } });
  await expect(page.getByTestId('booking-status')).toHaveText('Cancelled');
  await expect(page.getByRole('link', { name: 'Book Makeup Masterclass again' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('TH, in Thai: a guest books a service with ฿ prices in Bangkok’s time, and reschedules it', async ({ page, baseURL, happening, expectAccessible }) => {
  const errors = pageErrors(page);
  await page.context().addCookies([
    { name: 'locale', value: 'th', url: baseURL ?? '' },
    { name: 'language', value: 'lng_th', url: baseURL ?? '' },
  ]);
  await happening.open('/happening/services', page.getByRole('heading', { level: 1, name: 'บริการ คลาสเรียน และอีเวนต์' }));
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  await expect(page.getByRole('main')).toContainText('฿');
  await happening.open('/happening/services/express-facial', page.getByRole('heading', { level: 1, name: 'ทรีตเมนต์หน้าใสแบบเร่งด่วน' }));
  await expect(page.getByTestId('activity-price')).toHaveText(/^฿[\d,]+\.\d{2}$/);
  const day = await dayFromTwoDays(happening, 'express-facial', 'th-siam-paragon', 'th', 'Asia/Bangkok');
  await driveFlow(page, paths.serviceBookedOnAnotherDay, {
    texts: THAI,
    day,
    at: {
      // The times are the store's, the list names Bangkok's zone.
      'findSlot.choosing': async () => {
        await expect(page.getByRole('list', { name: THAI.timesOn })).toHaveAccessibleName(/\(.+\)$/);
        await expectAccessible();
      },
      confirmed: () => expectAccessible(),
    },
  });
  await expect(page.getByTestId('booking-time')).toHaveText(/GMT\+7|ICT/);
  await expect(page.getByTestId('booking-confirmation')).toContainText('฿');
  await page.getByRole('link', { name: 'เลื่อนนัดการจองนี้' }).click();
  await driveLifecycle(page, paths.rescheduled, { texts: THAI, day, at: { 'confirmed.idle': () => expectAccessible(), 'rescheduled.idle': () => expectAccessible() } });
  await expect(page.getByTestId('booking-status')).toHaveText('เลื่อนนัดแล้ว');
  expect(errors).toEqual([]);
});

test('SG: an event sold out is said so; two browsers race for the last seat of another session and one wins', async ({ page, browser, baseURL, happening, expectAccessible }) => {
  const event = 'fragrance-evening';
  const store = 'sg-vivocity';
  const days = await happening.api.days(event, store);
  const [soldOut, lastSeat] = days;
  if (!soldOut || !lastSeat) throw new Error(`two sessions of ${event} are needed: ${days.join(', ')}`);
  const [first] = await happening.api.times(event, store, soldOut);
  const [second] = await happening.api.times(event, store, lastSeat);
  if (!first || !second) throw new Error('no session times');
  // Others take every seat of the first session and all but one of the second.
  for (let seat = 0; seat < first.seatsLeft; seat += 1) await happening.api.book(event, store, first.startsAt);
  for (let seat = 1; seat < second.seatsLeft; seat += 1) await happening.api.book(event, store, second.startsAt);

  await happening.open('/stores', page.getByRole('article', { name: 'VivoCity' }));
  const vivo = page.getByRole('article', { name: 'VivoCity' });
  await expect(vivo.locator(`li[data-sold-out]:has(time[datetime="${first.startsAt}"])`)).toContainText('Sold out');
  await expect(vivo.locator(`li[data-sold-out]:has(time[datetime="${second.startsAt}"])`)).toContainText('1 seat left');
  await expect(vivo.getByText(/^(Open now|Closed)$/)).toBeVisible();

  // Two shoppers on the event's page, at the last seat's session.
  const other = await browser.newContext({ baseURL: baseURL ?? '' });
  const rival = await other.newPage();
  const racers = [page, rival];
  for (const racer of racers) {
    await racer.goto(`/happening/events/${event}?store=${store}`, { waitUntil: 'networkidle' });
    await racer.getByRole('button', { name: 'Find a time' }).click();
    const dates = racer.getByRole('list', { name: 'Available dates' });
    // The sold-out session's day is no longer offered: the last seat's is first.
    await dates.getByRole('button').first().click();
    await expect(racer.getByRole('list', { name: /^Times on / }).getByRole('button')).toHaveCount(1);
  }
  await expectAccessible();
  await Promise.all(racers.map((racer) => racer.getByRole('list', { name: /^Times on / }).getByRole('button').first().click()));
  const outcome = async (racer: Page) => {
    const flow = racer.locator('section.booking-flow');
    await expect(flow).toHaveAttribute('data-state', /^(held\.details|findSlot\.(noTimeSlots|noAvailableSlots|choosing))$/, { timeout: 15_000 });
    return (await flow.getAttribute('data-state')) === 'held.details' ? 'won' : 'lost';
  };
  const results = await Promise.all(racers.map(outcome));
  expect([...results].sort()).toEqual(['lost', 'won']);
  const winner = racers[results.indexOf('won')] as Page;
  const loser = racers[results.indexOf('lost')] as Page;
  await expect(loser.locator('section.booking-flow').getByRole('alert')).toHaveText('Sorry, that session is sold out. Please choose another time.');
  await expectAccessible();
  await winner.locator('#booking-fullName').fill('Race Winner');
  await winner.locator('#booking-phone').fill('+65 9000 1234');
  for (const field of ['acknowledgement', 'consentPersonalInfo', 'consentThirdParty', 'consentPolicy', 'consentAge']) await winner.locator(`#booking-${field}`).check();
  await winner.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(winner.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
  await other.close();
  await happening.open('/stores', vivo);
  await expect(vivo.locator(`li[data-sold-out]:has(time[datetime="${second.startsAt}"])`)).toContainText('Sold out');
});

test('expired (its appointment passed by the clock): reschedule and cancel are refused with the reason, on the lifecycle’s generated path', async ({ page, happening, expectAccessible }) => {
  const days = await happening.api.days('express-facial', 'sg-tampines-mall');
  const day = laterDay(days, dayFromNow(2, 'Asia/Singapore'));
  const [slot] = await happening.api.times('express-facial', 'sg-tampines-mall', day);
  if (!slot) throw new Error('no free time');
  const booking = await happening.api.book('express-facial', 'sg-tampines-mall', slot.startsAt, { answers: { 'skin-type': 'dry' } });
  // The page's clock, and the server's `Date` it corrects itself by, move on together.
  let shift = 0;
  await page.clock.install({ time: Date.now() });
  await page.route('**/api/web/v1/**', async (route) => {
    const response = await route.fetch();
    const date = response.headers().date;
    await route.fulfill({ response, headers: { ...response.headers(), ...(date ? { date: new Date(Date.parse(date) + shift).toUTCString() } : {}) } });
  });
  const later = Date.parse(booking.appointmentAt) + 60 * 60_000;
  const tick = async () => {
    shift = later - Date.now();
    await page.clock.setSystemTime(later);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  };
  const reason = 'This booking has expired: its appointment time has passed, so it can no longer be rescheduled or cancelled.';

  await page.goto(`/happening/services/reschedule/${booking.confirmationNumber}?key=${booking.manageKey ?? ''}`, { waitUntil: 'networkidle' });
  await driveLifecycle(page, paths.expired, { texts: ENGLISH, tick, at: { 'confirmed.idle': () => expectAccessible(), expired: () => expectAccessible() } });
  await expect(page.getByTestId('booking-status')).toHaveText('Expired');
  await expect(page.getByTestId('reschedule-blocked')).toHaveText(reason);
  await expect(page.getByRole('button', { name: 'Move my booking' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Move my booking' })).toHaveAccessibleDescription(reason);
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveAccessibleDescription(reason);

  // The cancel page, opened later: expired as soon as the browser has it.
  await page.goto(`/happening/services/cancel/${booking.confirmationNumber}?key=${booking.manageKey ?? ''}`, { waitUntil: 'networkidle' });
  await expect(page.locator('section.booking-manage')).toHaveAttribute('data-state', 'expired');
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveAccessibleDescription(reason);
  await expectAccessible();
});

test('a member’s bookings: from the account to My bookings, cancelled there, with its status', async ({ page, account, happening, expectAccessible }) => {
  const errors = pageErrors(page);
  await account.register({ email: `e2e.bookings.${Date.now()}@example.com`, password: 'Laksa lemak 42', firstName: 'Mei Ling', lastName: 'Tan', country: 'SG' });
  const days = await happening.api.days('skin-consultation', 'sg-vivocity');
  const [slot] = await happening.api.times('skin-consultation', 'sg-vivocity', laterDay(days, dayFromNow(2, 'Asia/Singapore')));
  if (!slot) throw new Error('no free time');
  // The member's own booking: made with this browser's session.
  const booking = await happeningApi(page.request).book('skin-consultation', 'sg-vivocity', slot.startsAt, { answers: { 'skin-type': 'dry' } });
  expect(booking.manageKey).toBeUndefined();

  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expectAccessible();
  await page.getByRole('navigation', { name: 'Account settings' }).getByRole('link', { name: 'My bookings' }).click();
  const upcoming = page.getByRole('list', { name: 'Upcoming' });
  const row = upcoming.getByTestId(`booking-${booking.confirmationNumber}`);
  await expect(row).toContainText('Confirmed');
  await expect(row).toContainText(/SGT/);
  await expectAccessible();
  await row.getByRole('link', { name: `Cancel ${booking.confirmationNumber}` }).click();
  await expect(page.locator('section.booking-manage')).toHaveAttribute('data-state', 'confirmed.idle');
  await expectAccessible();
  await page.getByRole('button', { name: 'Cancel booking', exact: true }).click();
  await expect(page.getByTestId('booking-status')).toHaveText('Cancelled');
  await page.getByRole('navigation', { name: 'Happening' }).getByRole('link', { name: 'My bookings' }).click();
  await expect(page.getByRole('list', { name: 'Upcoming' }).getByTestId(`booking-${booking.confirmationNumber}`)).toContainText('Cancelled');
  await expectAccessible();
  expect(errors).toEqual([]);
});

test('a shopper books a service with the keyboard alone', async ({ page, happening }) => {
  await happening.open('/happening/services/express-facial?store=sg-tampines-mall', page.getByRole('heading', { level: 1, name: 'Express Glow Facial' }));
  await tabTo(page, page.getByRole('button', { name: 'Find a time' }));
  await page.keyboard.press('Enter');
  // Each new step takes the focus to its heading: the shopper goes on from there.
  await expect(page.getByRole('heading', { level: 2, name: 'Find a time' })).toBeFocused();
  const time = page.getByRole('list', { name: /^Times on / }).getByRole('button').first();
  await tabTo(page, time);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Choose an artist' })).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Any artist' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Your details' })).toBeFocused();
  await tabTo(page, page.getByLabel(/^Full Name/));
  await page.keyboard.type('Keys Only');
  await tabTo(page, page.getByLabel(/^Email/));
  await page.keyboard.type('keys@example.com');
  await tabTo(page, page.getByLabel(/^Your skin type/));
  await page.keyboard.press('ArrowDown');
  for (const label of [/^I understand/, /collection and use/, /to third parties/, /privacy policy/, /over 14/]) {
    await tabTo(page, page.getByLabel(label));
    await page.keyboard.press('Space');
    await expect(page.getByLabel(label)).toBeChecked();
  }
  await tabTo(page, page.getByRole('button', { name: 'Confirm booking' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Booking confirmed' })).toBeFocused();
  await expect(page.getByTestId('confirmation-number')).toHaveText(/^BK-/);
});
