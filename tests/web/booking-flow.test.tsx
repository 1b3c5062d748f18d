// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { act, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, test, vi } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { DAYS_FOUND, FACIAL, FIRST_TIME, FLOW_INPUT, FLOW_STORES, HOLD, RESERVATION, TIMES_FOUND } from '../../machines/booking/booking-flow.fixtures.ts';
import type { bookingFlowMachine } from '../../machines/booking/booking-flow.machine.ts';
import { bookingFlowModel } from '../../machines/booking/booking-flow.model.ts';
import type { Contact } from '../../machines/booking/booking-flow.types.ts';
import { FLOW_NOTICE_MESSAGES } from '../../machines/booking/messages.ts';
import { replay } from '../../machines/model/replay.ts';
import type { BookingField, BookingFieldError } from '../../src/contract/booking.ts';
import { BookingFlow } from '../../src/web/features/booking/booking-flow-view.tsx';
import { formatStoreDateTime, formatStoreDay, formatStoreTime, stateKey } from '../../src/web/features/booking/booking-format.ts';
import { formatMoney } from '../../src/web/shared/site/format.ts';
import { advance, clickEnabled, controllableActors, viewPaths } from '../helpers/model-view.ts';
import { renderApp, SG_SITE } from '../helpers/render-app.tsx';

/** The day the shopper opens the view (the fake clock's start, the flow's `now`): the fixtures' days lie ahead. */
const BOOKING_DAY = new Date(FLOW_INPUT.now).toISOString();
const MINUTE = 60_000;
const ZONE = 'Asia/Singapore';
const storeName = (id: unknown) => FLOW_STORES.find((store) => store.id === id)?.name ?? '?';

/** The boxes' refusals, and the booking's own rule that a guest leaves an email or a phone. */
const ERROR_TEXT = {
  required: 'Tick this box to book.',
  invalidEmail: 'Invalid email',
  invalidPhone: 'Invalid phone number',
  tooLong: 'Character limit exceeded',
  contactRequired: 'Enter an email or a phone number, so that you can find and change your booking',
} as const;
/** Name, email, phone and notes say what to type, in checkout's words (Singapore's formats). */
const TEXT_FIELD_ERRORS: Partial<Record<BookingField, Partial<Record<BookingFieldError, string>>>> = {
  fullName: { required: 'Enter your full name.', tooLong: 'Use at most 100 characters.' },
  email: { invalidEmail: 'Enter an email address like name@example.com.', tooLong: 'Use at most 254 characters.' },
  phone: { invalidPhone: 'Enter a phone number like 9123 4567.', tooLong: 'Use at most 20 characters.' },
  notes: { tooLong: 'Use at most 500 characters.' },
};
const errorText = (field: BookingField, code: BookingFieldError) => TEXT_FIELD_ERRORS[field]?.[code] ?? ERROR_TEXT[code];
/** The email and phone fields are also described by the hint that one of them is needed. */
const CONTACT_HINT = 'Give an email or a phone number, or both: you find and change your booking with it, and the store can reach you.';
const described = (field: BookingField, text: string) => (field === 'email' || field === 'phone' ? `${text} ${CONTACT_HINT}` : text);
const english = setupI18n({ locale: 'en', messages: { en: {} } });

/** How the shopper finds each field of the details form. */
const FIELD_NAMES: Record<BookingField, RegExp> = {
  fullName: /^Full Name/,
  email: /^Email/,
  phone: /^Phone number/,
  notes: /^Notes for the artist/,
  acknowledgement: /^I understand/,
  consentPersonalInfo: /collection and use/,
  consentThirdParty: /disclosure .* to third parties/,
  consentPolicy: /agree to the privacy policy/,
  consentAge: /over 14 years old/,
  marketing: /news and offers/,
};
// By label (each field has exactly one), which is also much faster than by role in jsdom.
const fieldElement = (field: BookingField) => screen.getByLabelText(FIELD_NAMES[field]);
const questionElement = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

/** A member's contact arriving, as the activity page gives it to the flow once the browser has it. */
let giveContact: (contact: Contact) => void = () => {
  throw new Error('the flow is not rendered');
};

async function setup() {
  const fakes = controllableActors(['fetchDays', 'fetchTimes', 'holdSlot', 'createReservation'] as const);
  function Flow() {
    const [contact, setContact] = useState<Contact | null>(null);
    giveContact = setContact;
    return <BookingFlow implementations={{ actors: fakes.actors }} input={FLOW_INPUT} contact={contact} />;
  }
  const { user } = await renderApp({ ui: <Flow />, now: BOOKING_DAY });
  return { user, fakes };
}

type Fakes = Awaited<ReturnType<typeof setup>>['fakes'];
const root = () => document.querySelector<HTMLElement>('.booking-flow');

/** Performs one model event the way a shopper (or the server, or the clock) would. */
async function perform(event: EventObject & Record<string, unknown>, user: UserEvent, fakes: Fakes): Promise<void> {
  switch (event.type) {
    case 'booking.selectActivity':
      return clickEnabled(user, new RegExp(FLOW_INPUT.activities.find((activity) => activity.id === event.activityId)?.name ?? '?'));
    case 'booking.selectStore': {
      const radio = screen.getByRole('radio', { name: new RegExp(storeName(event.storeId)) });
      expect(radio).toBeEnabled();
      return user.click(radio);
    }
    case 'booking.selectDate':
      return clickEnabled(user, formatStoreDay(String(event.date), SG_SITE));
    case 'booking.selectTime':
      return clickEnabled(user, formatStoreTime(String(event.startsAt), ZONE, SG_SITE));
    case 'booking.selectArtist':
      return clickEnabled(user, TIMES_FOUND.slots[0]?.artists.find((artist) => artist.id === event.artistId)?.name ?? 'Any artist');
    case 'booking.change': {
      const element = fieldElement(event.field as BookingField);
      if (typeof event.value === 'boolean') {
        if ((element as HTMLInputElement).checked !== event.value) await user.click(element);
      } else {
        await user.clear(element);
        // Pasting is typing without the per-key wait: the paths stay fast.
        if (event.value !== '') await user.paste(String(event.value));
      }
      return;
    }
    case 'booking.answer': {
      const question = FACIAL.questions.find((candidate) => candidate.id === event.questionId);
      return user.selectOptions(questionElement(question?.label ?? '?'), String(event.value));
    }
    case 'booking.submit':
      return clickEnabled(user, 'Confirm booking');
    case 'booking.back':
      return clickEnabled(user, 'Back');
    case 'booking.retry':
      return clickEnabled(user, 'Retry');
    case 'booking.prefill':
      return act(async () => giveContact(event.contact as Contact));
    case 'booking.clockTick':
      // The view gives the machine the clock when the tab comes back into view.
      vi.setSystemTime(Number(event.now));
      return act(async () => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
    case 'xstate.after.holdExpiry.bookingFlow.held.details':
      // The hold's timer: at most its ten minutes from the clock the machine had.
      return advance(10 * MINUTE);
    default:
      if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) return fakes.settle(event.type, event);
      throw new Error(`no way to perform ${event.type} through the view`);
  }
}

/** What the shopper must see in the state the path reached (the expected snapshot is the model's). */
function expectVisible(events: readonly EventObject[]) {
  const { actor } = replay(bookingFlowModel, events);
  const snapshot: SnapshotFrom<typeof bookingFlowMachine> = actor.getSnapshot();
  const { context } = snapshot;
  expect(root()).toHaveAttribute('data-state', stateKey(snapshot.value));
  expect(root()).toHaveAttribute('aria-busy', String(snapshot.hasTag('busy')));
  const notice = context.notice && english._(FLOW_NOTICE_MESSAGES[context.notice]);
  if (notice) expect(screen.getByText(notice)).toHaveAttribute('role', 'alert');
  for (const other of Object.values(FLOW_NOTICE_MESSAGES).map((message) => english._(message))) if (other !== notice) expect(screen.queryByText(other)).toBeNull();

  if (snapshot.matches('selectActivity') || snapshot.matches('findSlot')) {
    // The store picked is the checked one of the picker; another is taken from it.
    expect(screen.getByRole('radio', { name: new RegExp(storeName(context.storeId)) })).toBeChecked();
  }
  if (snapshot.matches('selectActivity')) {
    expect(screen.getByRole('heading', { name: 'Book' })).toBeInTheDocument();
    const facial = screen.getByRole('button', { name: /Hydrating Facial/ });
    expect(facial).toHaveTextContent(`60 min · ${formatMoney({ currency: 'SGD', amount: 88 }, SG_SITE)}`);
    const brows = screen.getByRole('button', { name: /Brow Shaping/ });
    // Offered at Jewel only: disabled at Orchard Road with the guard's reason.
    expect(brows).toHaveProperty('disabled', context.storeId !== 'store-jewel');
    if (context.storeId !== 'store-jewel') expect(brows).toHaveAccessibleDescription('Not offered at this store.');
    expect(screen.getByRole('button', { name: /Fragrance Launch Evening/ })).toHaveTextContent('120 min · Free');
  } else if (context.activity && !snapshot.matches('confirmed')) {
    expect(screen.getByText(new RegExp(`${context.activity.name} · `))).toBeInTheDocument();
  }
  if (snapshot.matches({ findSlot: 'loadingDays' }) || snapshot.matches({ findSlot: 'loadingTimes' })) expect(screen.getByRole('status')).toHaveTextContent('Finding available times…');
  if (snapshot.matches({ findSlot: 'daysFailure' }) || snapshot.matches({ findSlot: 'timesFailure' })) expect(screen.getByText('Available times could not be loaded.')).toBeInTheDocument();
  if (snapshot.matches({ findSlot: 'noAvailableSlots' })) {
    expect(screen.getByText('No Available Slots')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show times' })).toBeNull();
  }
  if (snapshot.matches({ findSlot: 'noTimeSlots' })) {
    expect(screen.getByText('No time slots available')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: formatStoreDay(DAYS_FOUND.days[1] ?? '', SG_SITE) })).toBeEnabled();
  }
  if (snapshot.matches({ findSlot: 'choosing' })) {
    // 02:00 UTC is 10:00 in Singapore: times are shown in the store's zone.
    const times = screen.getByRole('list', { name: /^Times on/ });
    expect(within(times).getByRole('button', { name: '10:00 am' })).toBeEnabled();
    expect(within(times).getByRole('button', { name: '2:00 pm' })).toBeEnabled();
  }
  if (snapshot.matches('chooseArtist')) {
    expect(screen.getByRole('button', { name: 'Any artist' })).toBeEnabled();
    for (const artist of context.slot?.artists ?? []) expect(screen.getByRole('button', { name: artist.name })).toBeEnabled();
  }
  if (snapshot.matches('holding')) {
    expect(screen.getByRole('status')).toHaveTextContent('Holding this time for you…');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  }
  if (snapshot.matches('held') && context.hold) {
    // The time it ends at the store, and the countdown (the view's clock ticks every second).
    expect(screen.getByText(/^We are holding this time for you until 8:10 am:/)).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^\d+:\d\d$/);
    expect(screen.getByText(HOLD.artist?.name ?? '?', { selector: 'dd' })).toBeInTheDocument();
  }
  if (snapshot.hasTag('form')) {
    expect(fieldElement('fullName')).toHaveValue(context.details.fullName);
    expect(fieldElement('consentAge')).toHaveProperty('checked', context.details.consentAge);
    for (const field of Object.keys(FIELD_NAMES) as BookingField[]) {
      const element = fieldElement(field);
      const code = context.errors[field];
      if (code) {
        expect(element).toHaveAttribute('aria-invalid', 'true');
        expect(element).toHaveAccessibleDescription(described(field, errorText(field, code)));
      } else {
        expect(element).not.toHaveAttribute('aria-invalid');
      }
    }
    for (const question of context.activity?.questions ?? []) {
      const element = questionElement(question.label);
      expect(element).toHaveValue(context.answers[question.id] ?? '');
      const code = context.answerErrors[question.id];
      if (code === 'required') expect(element).toHaveAccessibleDescription(question.kind === 'text' ? 'Answer this question.' : 'Choose one of the options');
      else expect(element).not.toHaveAttribute('aria-invalid');
    }
    const submitting = snapshot.matches({ held: 'submitting' });
    const submit = screen.getByRole('button', { name: submitting ? 'Booking…' : 'Confirm booking' });
    expect(submit).toHaveProperty('disabled', submitting);
    if (context.submitFailed) expect(screen.getByRole('alert')).toHaveTextContent('We could not complete your booking.');
  }
  if (snapshot.matches('confirmed')) {
    expect(screen.getByRole('heading', { name: 'Booking confirmed' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your confirmation number is BK-7Q2M9XKD.');
    // The store's time, its zone named; the calendar file; a guest's links carry the booking's key.
    expect(screen.getByTestId('booking-time')).toHaveTextContent(formatStoreDateTime(RESERVATION.appointmentAt, ZONE, SG_SITE));
    expect(screen.getByText('(store time: Singapore Standard Time)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to calendar (.ics)' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Cancel this booking' })).toHaveAttribute('href', `/happening/services/cancel/BK-7Q2M9XKD?key=${RESERVATION.manageKey}`);
    expect(screen.getByRole('link', { name: 'Reschedule this booking' })).toHaveAttribute('href', `/happening/services/reschedule/BK-7Q2M9XKD?key=${RESERVATION.manageKey}`);
  }
}

describe('booking flow view, driven by the generated paths', () => {
  const paths = viewPaths(bookingFlowModel);

  test('the paths include one that reaches confirmed', () => {
    expect(paths.some((path) => path.target === '"confirmed"')).toBe(true);
  });

  test.each(paths.map((path, index) => [`${index + 1}. ${path.id}`, path] as const))('%s', async (_, path) => {
    const { user, fakes } = await setup();
    expect(root()).toHaveAttribute('data-state', stateKey(JSON.parse(path.values[0] ?? '""')));
    for (const [index, event] of path.events.entries()) {
      await perform(event as EventObject & Record<string, unknown>, user, fakes);
      expect(root(), `after ${event.type}`).toHaveAttribute('data-state', stateKey(JSON.parse(path.values[index + 1] ?? '""')));
    }
    expectVisible(path.events);
  });
});

describe('booking flow view: details form', () => {
  async function toDetails() {
    const context = await setup();
    await perform({ type: 'booking.selectActivity', activityId: FACIAL.id }, context.user, context.fakes);
    await context.fakes.settle('xstate.done.actor.fetchDays', { output: DAYS_FOUND });
    await context.fakes.settle('xstate.done.actor.fetchTimes', { output: TIMES_FOUND });
    await perform({ type: 'booking.selectTime', startsAt: FIRST_TIME }, context.user, context.fakes);
    await perform({ type: 'booking.selectArtist', artistId: 'artist-siti' }, context.user, context.fakes);
    await context.fakes.settle('xstate.done.actor.holdSlot', { output: HOLD });
    return context;
  }

  test('a refused submit shows each message and moves the focus to the first field in error', async () => {
    const { user } = await toDetails();
    await user.type(fieldElement('email'), 'mei@');
    await user.type(fieldElement('phone'), '12ab');
    await user.type(fieldElement('notes'), 'x'.repeat(501));
    expect(screen.getByText('501 of 500 characters')).toBeInTheDocument();
    await clickEnabled(user, 'Confirm booking');
    expect(fieldElement('fullName')).toHaveFocus();
    // What to type, in the same words as checkout's fields.
    expect(fieldElement('fullName')).toHaveAccessibleDescription('Enter your full name.');
    expect(fieldElement('email')).toHaveAccessibleDescription(described('email', 'Enter an email address like name@example.com.'));
    expect(fieldElement('phone')).toHaveAccessibleDescription(described('phone', 'Enter a phone number like 9123 4567.'));
    expect(fieldElement('notes')).toHaveAccessibleDescription('Use at most 500 characters.');
    // One message under the notes: the error replaces the character counter while it stands.
    expect(screen.queryByText('501 of 500 characters')).not.toBeInTheDocument();
    expect(fieldElement('acknowledgement')).toHaveAccessibleDescription('Tick this box to book.');
    expect(questionElement('Your skin type')).toHaveAccessibleDescription('Choose one of the options');
    expect(document.body).not.toHaveTextContent('Required field');
    expect(fieldElement('marketing')).not.toHaveAttribute('aria-invalid');
    // Corrections clear their own message without moving the focus away.
    await user.type(fieldElement('fullName'), 'Mei');
    expect(fieldElement('fullName')).not.toHaveAttribute('aria-invalid');
    expect(fieldElement('fullName')).toHaveFocus();
  });

  test('a too long answer is refused at submit, under its question', async () => {
    const { user } = await toDetails();
    await user.click(questionElement('Allergies we should know about'));
    await user.paste('x'.repeat(201));
    await clickEnabled(user, 'Confirm booking');
    expect(questionElement('Allergies we should know about')).toHaveAccessibleDescription('Use at most 200 characters.');
  });

  test('a failed submission keeps everything typed; the request confirms the hold with the answers', async () => {
    const { user, fakes } = await toDetails();
    await user.type(fieldElement('fullName'), 'Tan Mei Ling');
    await user.type(fieldElement('email'), 'mei@example.com');
    await user.selectOptions(questionElement('Your skin type'), 'oily');
    for (const field of ['acknowledgement', 'consentPersonalInfo', 'consentThirdParty', 'consentPolicy', 'consentAge'] as const) await user.click(fieldElement(field));
    await clickEnabled(user, 'Confirm booking');
    expect(fakes.calls('createReservation')[0]?.input).toMatchObject({ holdId: HOLD.id, holdToken: HOLD.token, details: { fullName: 'Tan Mei Ling', email: 'mei@example.com' }, answers: { 'q-skin': 'oily' } });
    await fakes.settle('xstate.error.actor.createReservation', { error: new Error('offline') });
    expect(screen.getByRole('alert')).toHaveTextContent('We could not complete your booking. Please check your details and try again.');
    expect(fieldElement('email')).toHaveValue('mei@example.com');
    expect(questionElement('Your skin type')).toHaveValue('oily');
    expect(fieldElement('consentAge')).toBeChecked();
  });
});
