// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { FLOW_ARTISTS, FLOW_INPUT, SLOTS_FOUND } from '../../machines/booking/booking-flow.fixtures.ts';
import { SLOT_HOLD_MS, type bookingFlowMachine } from '../../machines/booking/booking-flow.machine.ts';
import { bookingFlowModel } from '../../machines/booking/booking-flow.model.ts';
import { replay } from '../../machines/model/replay.ts';
import type { BookingField } from '../../src/contract/booking.ts';
import { BookingFlow } from '../../src/web/features/booking/booking-flow-view.tsx';
import { formatSlotTime, formatStoreDay, stateKey } from '../../src/web/features/booking/booking-format.ts';
import { formatMoney } from '../../src/web/shared/site/format.ts';
import { advance, clickEnabled, controllableActors, viewPaths } from '../helpers/model-view.ts';
import { renderApp, SG_SITE } from '../helpers/render-app.tsx';

/** The day the shopper opens the view (the fake clock's start): the fixtures' slots and bookings lie ahead. */
const BOOKING_DAY = '2030-11-30T00:00:00.000Z';

const ERROR_TEXT = { required: 'Required field', invalidEmail: 'Invalid email', invalidPhone: 'Invalid phone number', tooLong: 'Character limit exceeded' } as const;

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

async function setup() {
  const fakes = controllableActors(['fetchSlots', 'fetchArtists', 'createReservation'] as const);
  const { user } = await renderApp({ ui: <BookingFlow implementations={{ actors: fakes.actors }} input={FLOW_INPUT} />, now: BOOKING_DAY });
  return { user, fakes };
}

type Fakes = Awaited<ReturnType<typeof setup>>['fakes'];
const root = () => document.querySelector<HTMLElement>('.booking-flow');

/** Performs one model event the way a shopper (or the server, or the clock) would. */
async function perform(event: EventObject & Record<string, unknown>, user: UserEvent, fakes: Fakes): Promise<void> {
  switch (event.type) {
    case 'booking.selectService':
      return clickEnabled(user, new RegExp(FLOW_INPUT.services.find((service) => service.id === event.serviceId)?.name ?? '?'));
    case 'booking.selectDate':
      return clickEnabled(user, formatStoreDay(String(event.date), SG_SITE));
    case 'booking.selectSlot': {
      const slot = SLOTS_FOUND.slots.find((candidate) => candidate.id === event.slotId);
      return clickEnabled(user, formatSlotTime(slot?.startsAt ?? '', SG_SITE));
    }
    case 'booking.selectArtist':
      return clickEnabled(user, FLOW_ARTISTS.find((artist) => artist.id === event.artistId)?.name ?? '?');
    case 'booking.change': {
      const element = fieldElement(event.field as BookingField);
      if (typeof event.value === 'boolean') {
        if ((element as HTMLInputElement).checked !== event.value) await user.click(element);
      } else {
        await user.clear(element);
        // Pasting is typing without the per-key wait: 140 paths stay fast.
        if (event.value !== '') await user.paste(String(event.value));
      }
      return;
    }
    case 'booking.submit':
      return clickEnabled(user, 'Confirm booking');
    case 'booking.back':
      return clickEnabled(user, 'Back');
    case 'booking.retry':
      return clickEnabled(user, 'Retry');
    case 'xstate.after.slotHold.bookingFlow.held':
      return advance(SLOT_HOLD_MS);
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
  if (context.notice) expect(screen.getByText('Your reserved time slot has expired; please choose another.')).toHaveAttribute('role', 'alert');
  else expect(screen.queryByText(/Your reserved time slot has expired/)).toBeNull();

  if (snapshot.matches('selectService')) {
    expect(screen.getByRole('heading', { name: 'Select a service' })).toBeInTheDocument();
    const facial = screen.getByRole('button', { name: /Hydrating Facial/ });
    expect(facial).toHaveTextContent('60 min · S$88.00');
    expect(facial).toHaveTextContent(formatMoney({ currency: 'SGD', amount: 88 }, SG_SITE));
  } else if (context.service) {
    expect(screen.getByText(/Hydrating Facial · S\$88\.00/)).toBeInTheDocument();
  }
  if (snapshot.matches({ findSlot: 'loading' })) expect(screen.getByRole('status')).toHaveTextContent('Finding available times…');
  if (snapshot.matches({ findSlot: 'failure' })) expect(screen.getByText('Available times could not be loaded.')).toBeInTheDocument();
  if (snapshot.matches({ findSlot: 'noAvailableSlots' })) {
    expect(screen.getByText('No Available Slots')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show times' })).toBeNull();
  }
  if (snapshot.matches({ findSlot: 'noTimeSlots' })) {
    expect(screen.getByText('No time slots available')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: formatStoreDay('2030-12-03', SG_SITE) })).toBeEnabled();
  }
  if (snapshot.matches({ findSlot: 'choosing' })) {
    // 02:00 UTC is 10:00 in Singapore: times are shown in the store's zone.
    const times = screen.getByRole('list', { name: /^Times on/ });
    expect(within(times).getByRole('button', { name: '10:00 am' })).toBeEnabled();
    expect(within(times).getByRole('button', { name: '2:00 pm' })).toBeEnabled();
  }
  if (snapshot.matches('held')) expect(screen.getByText('We are holding this time for you for 10 minutes.')).toBeInTheDocument();
  if (snapshot.matches({ held: { chooseArtist: 'loading' } })) expect(screen.getByRole('status')).toHaveTextContent('Finding artists…');
  if (snapshot.matches({ held: { chooseArtist: 'failure' } })) expect(screen.getByText('Artists could not be loaded.')).toBeInTheDocument();
  if (snapshot.matches({ held: { chooseArtist: 'choosing' } })) {
    for (const artist of context.artists) expect(screen.getByRole('button', { name: artist.name })).toBeEnabled();
  }
  if (snapshot.hasTag('form')) {
    expect(fieldElement('fullName')).toHaveValue(context.details.fullName);
    expect(fieldElement('consentAge')).toHaveProperty('checked', context.details.consentAge);
    for (const field of Object.keys(FIELD_NAMES) as BookingField[]) {
      const element = fieldElement(field);
      const code = context.errors[field];
      if (code) {
        expect(element).toHaveAttribute('aria-invalid', 'true');
        expect(element).toHaveAccessibleDescription(ERROR_TEXT[code]);
      } else {
        expect(element).not.toHaveAttribute('aria-invalid');
      }
    }
    const submit = screen.getByRole('button', { name: snapshot.matches({ held: 'submitting' }) ? 'Booking…' : 'Confirm booking' });
    expect(submit).toHaveProperty('disabled', snapshot.matches({ held: 'submitting' }));
    if (context.submitError) expect(screen.getByRole('alert')).toHaveTextContent('We could not complete your booking.');
  }
  if (snapshot.matches('confirmed')) {
    expect(screen.getByRole('heading', { name: 'Booking confirmed' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Your confirmation number is BP-2030-0042.');
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
    await perform({ type: 'booking.selectService', serviceId: 'svc-facial' }, context.user, context.fakes);
    await context.fakes.settle('xstate.done.actor.fetchSlots', { output: SLOTS_FOUND });
    await perform({ type: 'booking.selectSlot', slotId: 'slot-1400' }, context.user, context.fakes);
    await perform({ type: 'booking.selectArtist', artistId: 'artist-siti' }, context.user, context.fakes);
    return context;
  }

  test('a refused submit shows each message and moves the focus to the first field in error', async () => {
    const { user } = await toDetails();
    await user.type(fieldElement('email'), 'mei@');
    await user.type(fieldElement('phone'), '12ab');
    await user.type(fieldElement('notes'), 'x'.repeat(501));
    await clickEnabled(user, 'Confirm booking');
    expect(fieldElement('fullName')).toHaveFocus();
    expect(fieldElement('fullName')).toHaveAccessibleDescription('Required field');
    expect(fieldElement('email')).toHaveAccessibleDescription('Invalid email');
    expect(fieldElement('phone')).toHaveAccessibleDescription('Invalid phone number');
    expect(fieldElement('notes')).toHaveAccessibleDescription('Character limit exceeded');
    expect(fieldElement('acknowledgement')).toHaveAccessibleDescription('Required field');
    expect(fieldElement('marketing')).not.toHaveAttribute('aria-invalid');
    // Corrections clear their own message without moving the focus away.
    await user.type(fieldElement('fullName'), 'Mei');
    expect(fieldElement('fullName')).not.toHaveAttribute('aria-invalid');
    expect(fieldElement('fullName')).toHaveFocus();
  });

  test('a failed submission keeps everything typed', async () => {
    const { user, fakes } = await toDetails();
    await user.type(fieldElement('fullName'), 'Tan Mei Ling');
    await user.type(fieldElement('email'), 'mei@example.com');
    for (const field of ['acknowledgement', 'consentPersonalInfo', 'consentThirdParty', 'consentPolicy', 'consentAge'] as const) await user.click(fieldElement(field));
    await clickEnabled(user, 'Confirm booking');
    expect(fakes.calls('createReservation')[0]?.input).toMatchObject({ slotId: 'slot-1400', artistId: 'artist-siti', details: { fullName: 'Tan Mei Ling', email: 'mei@example.com' } });
    await fakes.settle('xstate.error.actor.createReservation', { error: new Error('taken') });
    expect(screen.getByRole('alert')).toHaveTextContent('We could not complete your booking. Please check your details and try again.');
    expect(fieldElement('email')).toHaveValue('mei@example.com');
    expect(fieldElement('consentAge')).toBeChecked();
  });
});
