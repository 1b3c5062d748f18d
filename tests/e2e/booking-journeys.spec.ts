import { mkdir } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { chooseDay, ENGLISH, happeningApi, laterDay, type Happening, type Slot } from './fixtures/happening.ts';
import { tabTo } from './fixtures/keyboard.ts';

/*
 * Booking as a client of a salon expects, on a 360 px phone (axe at 360, 390 and 1280 px): a
 * member's details filled in, a guest asked for an email or a phone, a reschedule that keeps the
 * artist until the shopper chooses any or picks another by name, a class's seats left, the price "paid at the store" on the
 * confirmation, controls a thumb can use; and the focus kept after every step, checked with the
 * keyboard alone. Each booking page is photographed at 360 px into $BOOKING_SCREENSHOTS (when set).
 */

test.describe.configure({ timeout: 150_000 });
test.use({ viewport: { width: 360, height: 780 } });

const DAY = 86_400_000;
const HOUR = 3_600_000;
const STORE = 'sg-vivocity';
const SERVICE = 'signature-makeup';
const JIA = 'sg-vivo-jia';
const FARAH = 'sg-vivo-farah';
const SHOTS = process.env.BOOKING_SCREENSHOTS ?? '';
/** The services' one required question. */
const SKIN = { 'skin-type': 'dry' };

function dayFromNow(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Singapore', year: 'numeric', month: '2-digit', day: '2-digit' }).format(Date.now() + days * DAY);
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The element with the focus, described: its tag, id, text and date. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active ? { tag: active.tagName, id: active.id, text: (active.textContent ?? '').trim(), date: active.getAttribute('data-date'), pressed: active.getAttribute('aria-pressed') } : null;
  });

/** Each control's rendered height, at least 44 px (a thumb's). */
async function expectTall(controls: Locator, what: string) {
  const count = await controls.count();
  expect(count, what).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const box = await controls.nth(index).boundingBox();
    expect(box?.height ?? 0, `${what} #${index}`).toBeGreaterThanOrEqual(44);
  }
}

/** A day at least two days ahead with times at which both artists (or the given test) are free, and its slots. */
async function daysWith(happening: Happening, pick: (slots: Slot[]) => boolean, activity = SERVICE, store = STORE): Promise<{ day: string; slots: Slot[] }> {
  const days = await happening.api.days(activity, store);
  for (const day of days.filter((candidate) => candidate >= laterDay(days, dayFromNow(2)))) {
    const slots = await happening.api.times(activity, store, day);
    if (pick(slots)) return { day, slots };
  }
  throw new Error(`no day for ${activity} at ${store}`);
}

const withBoth = (slot: Slot) => slot.artists.some((artist) => artist.id === JIA) && slot.artists.some((artist) => artist.id === FARAH);

async function fillCompulsory(root: Locator) {
  for (const question of await root.locator('[id^="booking-question-"]:not([id$="-error"])').all()) {
    if ((await question.getAttribute('aria-required')) !== 'true') continue;
    if ((await question.evaluate((element) => element.tagName)) === 'SELECT') await question.selectOption({ index: 1 });
    else await question.fill('2027-05-01');
  }
  for (const field of ['acknowledgement', 'consentPersonalInfo', 'consentThirdParty', 'consentPolicy', 'consentAge']) await root.locator(`#booking-${field}`).check();
}

test('a member books a service: name, email and phone filled in; the week strip, the chosen day and time; the price paid at the store', async ({ page, account, happening, expectAccessible }) => {
  const email = `e2e.member.${Date.now()}@example.com`;
  await account.register({ email, password: 'Laksa lemak 42', firstName: 'Mei Ling', lastName: 'Tan', country: 'SG' });
  // The member booked once before with a phone: the form starts from it.
  const { slots: earlier } = await daysWith(happening, (slots) => slots.length > 0, 'skin-consultation');
  await happeningApi(page.request).book('skin-consultation', STORE, earlier[0]?.startsAt ?? '', { phone: '+65 9123 4567', email: '', answers: SKIN });

  const { day, slots } = await daysWith(happening, (candidates) => candidates.some(withBoth));
  const time = slots.find(withBoth);
  await happening.open(`/happening/services/${SERVICE}?store=${STORE}`, page.getByRole('heading', { level: 1 }));
  // The store's brand bar: its name, home.
  await expect(page.getByRole('link', { name: 'Beauty Pass home' })).toHaveAttribute('href', '/');
  await expectTall(page.locator('.happening-top a'), 'brand bar links');
  await shoot(page, '1-activity');
  const root = page.locator('section.booking-flow');
  await root.getByRole('button', { name: 'Find a time' }).click();
  await expect(root).toHaveAttribute('data-state', 'findSlot.choosing');
  // Seven days at a time, each a thumb's size; the first available chosen and pressed.
  await expect(root.getByRole('list', { name: 'Available dates' }).getByRole('listitem')).toHaveCount(7);
  await expectTall(root.locator('.booking-day'), 'days');
  await expectTall(root.locator('.booking-week__nav'), 'week buttons');
  await expect(root.locator('button.booking-day[aria-pressed="true"]')).toHaveCount(1);
  const chosen = await chooseDay(root, ENGLISH, day);
  await expect(root).toHaveAttribute('data-state', 'findSlot.choosing');
  await expect(chosen).toHaveAttribute('aria-pressed', 'true');
  // The times are under their day's heading.
  await expect(root.locator('.booking-times__day')).toContainText(/\w{3}, \d{1,2} \w{3}/);
  await expectTall(root.locator('.booking-time'), 'times');
  await expectAccessible();
  await shoot(page, '2-days-and-times');
  await root.getByRole('list', { name: /^Times on / }).locator(`button[data-starts-at="${time?.startsAt ?? ''}"]`).click();
  await expect(root).toHaveAttribute('data-state', 'chooseArtist');
  await expectTall(root.locator('.booking-choice'), 'artists');
  await shoot(page, '3-artist');
  await root.getByRole('button', { name: 'Lim Jia Hui' }).click();
  await expect(root).toHaveAttribute('data-state', 'held.details');
  // Filled in from the account (and the last booking's phone), and editable.
  await expect(root.locator('#booking-fullName')).toHaveValue('Mei Ling Tan');
  await expect(root.locator('#booking-email')).toHaveValue(email);
  await expect(root.locator('#booking-phone')).toHaveValue('+65 9123 4567');
  await expectTall(root.locator('form.booking-form').locator('input[type="text"], input[type="email"], input[type="tel"], select'), 'inputs and selects');
  await expectAccessible();
  await shoot(page, '4-details');
  await root.locator('#booking-phone').fill('+65 8123 4567');
  await fillCompulsory(root);
  await root.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(root).toHaveAttribute('data-state', 'confirmed');
  const confirmation = page.getByTestId('booking-confirmation');
  await expect(page.getByTestId('booking-payment')).toHaveText(/^S\$\d+\.\d{2}, paid at the store on the day: nothing is charged now\.$/);
  await expect(confirmation).toContainText('Lim Jia Hui');
  await expect(confirmation).toContainText(`A confirmation has been sent to ${email}.`);
  await expectAccessible();
  await shoot(page, '5-confirmation');
});

test('a guest with neither email nor phone is asked for one before anything is sent, then finds the booking again by phone', async ({ page, happening, expectAccessible }) => {
  await happening.open(`/happening/services/skin-consultation?store=${STORE}`, page.getByRole('heading', { level: 1 }));
  const root = page.locator('section.booking-flow');
  await root.getByRole('button', { name: 'Find a time' }).click();
  await root.getByRole('list', { name: /^Times on / }).getByRole('button').first().click();
  await root.getByRole('button', { name: 'Any artist' }).click();
  await expect(root).toHaveAttribute('data-state', 'held.details');
  await expect(root.locator('#booking-email')).toHaveValue('');
  await root.locator('#booking-fullName').fill('Guest Without Contact');
  await fillCompulsory(root);
  const posted: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/reservation-service')) posted.push(request.url());
  });
  await root.getByRole('button', { name: 'Confirm booking' }).click();
  const emailField = root.locator('#booking-email');
  await expect(emailField).toBeFocused();
  await expect(emailField).toHaveAccessibleDescription(/^Enter an email or a phone number, so that you can find and change your booking/);
  await expect(root).toHaveAttribute('data-state', 'held.details');
  expect(posted).toEqual([]);
  await expectAccessible();
  await shoot(page, '6-guest-asked-for-contact');
  await root.locator('#booking-phone').fill('+65 8765 4321');
  await root.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(root).toHaveAttribute('data-state', 'confirmed');
  const number = (await page.getByTestId('confirmation-number').textContent()) ?? '';

  // Without its link: found by the number and the phone, spaced otherwise.
  await page.goto(`/happening/services/cancel/${number}`, { waitUntil: 'networkidle' });
  const lookup = page.getByRole('form', { name: 'Find your booking' });
  await lookup.getByLabel('Email or phone number').fill('+65-8765-4321');
  await expectAccessible();
  await shoot(page, '7-lookup');
  await lookup.getByRole('button', { name: 'Find booking' }).click();
  await expect(page.getByTestId('booking-status')).toHaveText('Confirmed');
  await expect(page).toHaveURL(/\?key=/);
});

test('rescheduling keeps the artist (their free times only), moves to any artist only when the shopper chooses it, or to another artist picked by name; the result names both', async ({ page, happening, expectAccessible }) => {
  // Three times an hour apart (the service lasts an hour) at which both artists are free.
  const apart = (slots: Slot[]) => {
    const both = slots.filter(withBoth);
    const first = both[0];
    const taken = both.find((slot) => first && Date.parse(slot.startsAt) >= Date.parse(first.startsAt) + HOUR);
    const free = both.find((slot) => taken && Date.parse(slot.startsAt) >= Date.parse(taken.startsAt) + HOUR);
    return first && taken && free ? { first, taken, free } : null;
  };
  const { day, slots } = await daysWith(happening, (candidates) => apart(candidates) !== null);
  const picked = apart(slots);
  if (!picked) throw new Error('three times with both artists');
  const { first, taken, free } = picked;
  const api = happeningApi(page.request);
  const booking = await api.book(SERVICE, STORE, first.startsAt, { artistId: JIA, answers: SKIN });
  expect(booking.artist?.id).toBe(JIA);
  // Another client takes Lim Jia Hui at the second time: Farah Aziz is still free then.
  await api.book(SERVICE, STORE, taken.startsAt, { artistId: JIA, answers: SKIN });
  const timeButton = (list: Locator, at: string) => list.locator(`button[data-starts-at="${at}"]`);

  await page.goto(`/happening/services/reschedule/${booking.confirmationNumber}?key=${booking.manageKey ?? ''}`, { waitUntil: 'networkidle' });
  const root = page.locator('section.booking-manage');
  await expect(root.getByRole('radio', { name: 'Lim Jia Hui' })).toBeChecked();
  await chooseDay(root, ENGLISH, day);
  const times = root.getByRole('list', { name: /^Times on / });
  await expect(timeButton(times, free.startsAt)).toBeVisible();
  // Her busy time is not offered while she is kept.
  await expect(timeButton(times, taken.startsAt)).toHaveCount(0);
  await expectTall(root.locator('.booking-time, .booking-day, .booking-week__nav'), 'day and time buttons');
  await expectAccessible();
  await shoot(page, '8-reschedule');
  await timeButton(times, free.startsAt).click();
  await root.getByRole('button', { name: /^Move my booking to .* with Lim Jia Hui$/ }).click();
  await expect(page.getByTestId('booking-status')).toHaveText('Rescheduled');
  const moved = page.getByTestId('booking-moved');
  await expect(moved).toBeFocused();
  await expect(moved).not.toContainText('instead of');
  await expect(root.locator('.booking-summary')).toContainText('Lim Jia Hui');

  // Any artist: the shopper's explicit choice, which offers her busy time with Farah Aziz.
  await root.getByRole('radio', { name: 'Any artist' }).check();
  // Any artist's days loaded (her note gone, the strip back) before the strip is paged.
  await expect(root.getByText('The times Lim Jia Hui is free.')).toHaveCount(0);
  await expect(root.getByRole('list', { name: 'Available dates' })).toBeVisible();
  await chooseDay(root, ENGLISH, day);
  await timeButton(root.getByRole('list', { name: /^Times on / }), taken.startsAt).click();
  await root.getByRole('button', { name: /^Move my booking to .* with any free artist$/ }).click();
  await expect(page.getByTestId('booking-moved')).toContainText('It is now with Farah Aziz instead of Lim Jia Hui.');
  await expect(root.locator('.booking-summary')).toContainText('Farah Aziz');
  await expectAccessible();
  await shoot(page, '9-rescheduled-other-artist');

  // Another artist picked by name: every artist of the service at the store is offered, Farah Aziz
  // (now the booked one) chosen; Lim Jia Hui's days and her free times only, then the move with her.
  await expect(root.getByRole('radio')).toHaveCount(3);
  await expect(root.getByRole('radio', { name: 'Farah Aziz' })).toBeChecked();
  const jia = root.getByRole('radio', { name: 'Lim Jia Hui' });
  await jia.check();
  await expect(jia).toBeFocused();
  // Her days loaded (her first day's times, or none that day) before the strip is paged.
  await expect(root.getByText('The times Lim Jia Hui is free.').or(root.getByText('Lim Jia Hui has no free time on this day.'))).toBeVisible();
  await expect(jia).toBeFocused();
  await chooseDay(root, ENGLISH, day);
  const hers = root.getByRole('list', { name: /^Times on / });
  await expect(root.getByText('The times Lim Jia Hui is free.')).toBeVisible();
  await expect(timeButton(hers, first.startsAt)).toBeVisible();
  // The other client's time with her is not offered.
  await expect(timeButton(hers, taken.startsAt)).toHaveCount(0);
  await expectAccessible();
  await shoot(page, '9b-reschedule-pick-artist');
  await timeButton(hers, first.startsAt).click();
  await root.getByRole('button', { name: /^Move my booking to .* with Lim Jia Hui$/ }).click();
  const again = page.getByTestId('booking-moved');
  await expect(again).toContainText('It is now with Lim Jia Hui instead of Farah Aziz.');
  await expect(again).toBeFocused();
  await expect(root.locator('.booking-summary')).toContainText('Lim Jia Hui');
  await expectAccessible();
});

test('a class shows each time’s seats left', async ({ page, happening, expectAccessible }) => {
  const days = await happening.api.days('makeup-masterclass', 'sg-ion-orchard');
  const [session] = await happening.api.times('makeup-masterclass', 'sg-ion-orchard', days[0] ?? '');
  if (!session) throw new Error('no session');
  await happening.open('/happening/classes/makeup-masterclass?store=sg-ion-orchard', page.getByRole('heading', { level: 1, name: 'Makeup Masterclass' }));
  const root = page.locator('section.booking-flow');
  await root.getByRole('button', { name: 'Find a time' }).click();
  const button = root.getByRole('list', { name: /^Times on / }).getByRole('button').first();
  await expect(button).toHaveAccessibleDescription(`${session.seatsLeft} seat${session.seatsLeft === 1 ? '' : 's'} left`);
  await expect(root.getByTestId('seats-left').first()).toBeVisible();
  await expectAccessible();
  await shoot(page, '10-class-seats');
});

test('keyboard only: the focus lands on the chosen day, the week button, each new step’s heading, the first field in error and the result', async ({ page, happening }) => {
  const { day, slots } = await daysWith(happening, (candidates) => candidates.some(withBoth));
  await happening.open(`/happening/services/${SERVICE}?store=${STORE}`, page.getByRole('heading', { level: 1 }));
  const root = page.locator('section.booking-flow');
  await tabTo(page, root.getByRole('button', { name: 'Find a time' }));
  await page.keyboard.press('Enter');
  await expect(root).toHaveAttribute('data-state', 'findSlot.choosing');
  expect(await focused(page)).toMatchObject({ id: 'booking-flow-heading', text: 'Find a time' });

  // Another day: its times render again, the day keeps the focus (and says it is chosen).
  const strip = root.getByRole('list', { name: 'Available dates' });
  const next = root.getByRole('button', { name: 'Next week' });
  for (let week = 0; week < 10 && (await strip.locator(`button[data-date="${day}"]`).count()) === 0; week += 1) {
    await tabTo(page, next);
    await page.keyboard.press('Enter');
    // Paging the week keeps the focus on the button pressed.
    expect(await focused(page)).toMatchObject({ tag: 'BUTTON', text: 'Next week' });
  }
  const dayButton = strip.locator(`button[data-date="${day}"]`);
  if ((await dayButton.getAttribute('aria-pressed')) === 'true') {
    // Already chosen: choose another day of the week first, so choosing it is a change.
    const other = strip.locator('button[aria-pressed="false"]').first();
    if ((await other.count()) > 0) {
      await tabTo(page, other, 150);
      await page.keyboard.press('Enter');
      await expect(root).toHaveAttribute('data-state', 'findSlot.choosing');
    }
  }
  await tabTo(page, dayButton, 150);
  await page.keyboard.press('Enter');
  await expect(root).toHaveAttribute('data-state', 'findSlot.choosing');
  await expect(root.getByRole('list', { name: /^Times on / })).toBeVisible();
  expect(await focused(page)).toMatchObject({ tag: 'BUTTON', date: day, pressed: 'true' });

  const time = slots.find(withBoth);
  await tabTo(page, root.getByRole('list', { name: /^Times on / }).locator(`button[data-starts-at="${time?.startsAt ?? ''}"]`));
  await page.keyboard.press('Enter');
  await expect(root).toHaveAttribute('data-state', 'chooseArtist');
  expect(await focused(page)).toMatchObject({ id: 'booking-flow-heading', text: 'Choose an artist' });
  await tabTo(page, root.getByRole('button', { name: 'Lim Jia Hui' }));
  await page.keyboard.press('Enter');
  await expect(root).toHaveAttribute('data-state', 'held.details');
  expect(await focused(page)).toMatchObject({ id: 'booking-flow-heading', text: 'Your details' });

  // A refused confirmation: the first field in error.
  await tabTo(page, root.getByRole('button', { name: 'Confirm booking' }));
  await page.keyboard.press('Enter');
  expect(await focused(page)).toMatchObject({ id: 'booking-fullName' });
  await page.keyboard.type('Keys Only');
  await tabTo(page, root.locator('#booking-email'));
  await page.keyboard.type('keys.only@example.com');
  for (const question of await root.locator('select[id^="booking-question-"]').all()) {
    await tabTo(page, question);
    await page.keyboard.press('ArrowDown');
  }
  for (const field of ['acknowledgement', 'consentPersonalInfo', 'consentThirdParty', 'consentPolicy', 'consentAge']) {
    await tabTo(page, root.locator(`#booking-${field}`));
    await page.keyboard.press('Space');
  }
  await tabTo(page, root.getByRole('button', { name: 'Confirm booking' }));
  await page.keyboard.press('Enter');
  await expect(root).toHaveAttribute('data-state', 'confirmed');
  expect(await focused(page)).toMatchObject({ id: 'booking-flow-heading', text: 'Booking confirmed' });

  // The reschedule page: the day chosen keeps the focus; the move's result takes it.
  await tabTo(page, page.getByRole('link', { name: 'Reschedule this booking' }));
  await page.keyboard.press('Enter');
  const manage = page.locator('section.booking-manage');
  await expect(manage).toHaveAttribute('data-state', 'confirmed.idle');
  const manageStrip = manage.getByRole('list', { name: 'Available dates' });
  await expect(manage.getByRole('list', { name: /^Times on / }).or(manage.locator('[data-state="noTimeSlots"]'))).toBeVisible();
  const another = manageStrip.locator('button[aria-pressed="false"]').first();
  await expect(another).toBeVisible();
  const anotherDay = await another.getAttribute('data-date');
  await tabTo(page, another);
  await page.keyboard.press('Enter');
  await expect(manageStrip.locator(`button[data-date="${anotherDay}"]`)).toHaveAttribute('aria-pressed', 'true');
  expect(await focused(page)).toMatchObject({ tag: 'BUTTON', date: anotherDay, pressed: 'true' });
  // A radio group takes one Tab (its checked radio, the booked artist); the arrow keys choose in it:
  // the next is Farah Aziz, another artist, whose days load while the choice keeps the focus.
  await tabTo(page, manage.getByRole('radio', { name: 'Lim Jia Hui' }));
  await page.keyboard.press('ArrowDown');
  await expect(manage.getByRole('radio', { name: 'Farah Aziz' })).toBeChecked();
  await expect(manage.getByText('The times Farah Aziz is free.')).toBeVisible();
  expect(await focused(page)).toMatchObject({ tag: 'INPUT', id: expect.any(String) });
  expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent)).toBe('Farah Aziz');
  const newTime = manage.getByRole('list', { name: /^Times on / }).getByRole('button').first();
  await tabTo(page, newTime);
  await page.keyboard.press('Enter');
  expect(await focused(page)).toMatchObject({ tag: 'BUTTON', pressed: 'true' });
  await tabTo(page, manage.getByRole('button', { name: /^Move my booking to / }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('booking-status')).toHaveText('Rescheduled');
  expect(await focused(page)).toMatchObject({ tag: 'P', text: expect.stringContaining('It is now with Farah Aziz instead of Lim Jia Hui.') });
  // Cancel: the button goes with the booking's changes; the status line takes the focus.
  await tabTo(page, manage.getByRole('button', { name: 'Cancel booking', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('booking-status')).toHaveText('Cancelled');
  expect(await focused(page)).toMatchObject({ tag: 'P', text: expect.stringContaining('Cancelled') });
});
