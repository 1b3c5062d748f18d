// @vitest-environment jsdom
import { setupI18n } from '@lingui/core';
import { act, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { CLASS_BOOKING, CONFIRMED_BOOKING, LIFECYCLE_INPUT, RESCHEDULED_BOOKING, RESCHEDULE_TO } from '../../machines/booking/booking-lifecycle.fixtures.ts';
import { blockedReason, type bookingLifecycleMachine } from '../../machines/booking/booking-lifecycle.machine.ts';
import { bookingLifecycleModel } from '../../machines/booking/booking-lifecycle.model.ts';
import { timerStep } from '../../machines/booking/booking-lifecycle.rules.ts';
import { LIFECYCLE_FAILURE_MESSAGES } from '../../machines/booking/messages.ts';
import { replay } from '../../machines/model/replay.ts';
import type { AvailableDays, TimeSlots } from '../../src/contract/happening.ts';
import { createBookingApi, type BookingApi } from '../../src/web/features/booking/booking-api.ts';
import { createServerClock } from '../../src/web/features/booking/booking-clock.ts';
import { formatStoreDateTime, formatStoreTime, stateKey } from '../../src/web/features/booking/booking-format.ts';
import { BookingLifecycle, type ManageMode } from '../../src/web/features/booking/booking-lifecycle-view.tsx';
import { apiFake } from '../../src/web/shared/api/api-provider.tsx';
import { advance, clickEnabled, controllableActors, viewPaths } from '../helpers/model-view.ts';
import { renderApp, SG_SITE } from '../helpers/render-app.tsx';

/*
 * The booking's manage view (the cancel and reschedule pages' body) on the lifecycle machine,
 * driven through the view by every generated path of its model: the reschedule page offers both
 * changes (a new time from the picker, and cancelling), so every state is reached from it.
 */

/** The moment the shopper opens the view (the fake clock's start, the machine's `now`). */
const BOOKING_DAY = new Date(LIFECYCLE_INPUT.now).toISOString();
const ZONE = 'Asia/Singapore';
const english = setupI18n({ locale: 'en', messages: { en: {} } });

/** The picker's answers: one day, with the confirmed booking's time and the reschedule's free with Siti (each booking is offered the other). */
const DAYS: AvailableDays = { activityId: 'act-facial', storeId: 'store-orchard', timeZone: ZONE, from: '2030-12-01', to: '2030-12-29', days: [RESCHEDULED_BOOKING.date] };
const TIMES: TimeSlots = {
  activityId: 'act-facial',
  storeId: 'store-orchard',
  timeZone: ZONE,
  date: RESCHEDULED_BOOKING.date,
  slots: [
    { startsAt: CONFIRMED_BOOKING.appointmentAt, endsAt: CONFIRMED_BOOKING.endsAt, localTime: CONFIRMED_BOOKING.localTime, seatsLeft: 1, artists: [{ id: RESCHEDULE_TO.artistId, name: 'Siti Rahman' }] },
    { startsAt: RESCHEDULE_TO.startsAt, endsAt: RESCHEDULED_BOOKING.endsAt, localTime: RESCHEDULED_BOOKING.localTime, seatsLeft: 1, artists: [{ id: RESCHEDULE_TO.artistId, name: 'Siti Rahman' }] },
  ],
};
const NEW_TIME = formatStoreTime(RESCHEDULE_TO.startsAt, ZONE, SG_SITE);
const MOVE_TO = `Move my booking to ${formatStoreDateTime(RESCHEDULE_TO.startsAt, ZONE, SG_SITE)} with Siti Rahman`;

function pickerApi(): BookingApi {
  const unused = () => Promise.reject(new Error('not the picker’s call'));
  return {
    clock: createServerClock(),
    list: unused,
    activityPage: unused,
    days: unused,
    times: unused,
    moveTimes: async () => TIMES,
    moveDays: async () => ({ ...DAYS, artists: [{ id: RESCHEDULE_TO.artistId, name: 'Siti Rahman' }] }),
    contact: unused,
    hold: unused,
    reserve: unused,
    booking: unused,
    cancel: unused,
    reschedule: unused,
    mine: unused,
    lookup: unused,
  };
}

async function setup(mode: ManageMode = 'reschedule') {
  const fakes = controllableActors(['loadBooking', 'rescheduleBooking', 'cancelBooking'] as const);
  const { user } = await renderApp({
    ui: <BookingLifecycle implementations={{ actors: fakes.actors }} input={LIFECYCLE_INPUT} mode={mode} manageKey="mk-3f9a" />,
    now: BOOKING_DAY,
    apis: new Map([apiFake(createBookingApi, pickerApi())]),
  });
  return { user, fakes };
}
type Fakes = Awaited<ReturnType<typeof setup>>['fakes'];
const root = () => document.querySelector<HTMLElement>('.booking-manage');

/** How long the timer `event` fires after: its deadline's time left on the clock of the machine before it (`before`: the path so far). */
function timerDelay(event: EventObject, before: readonly EventObject[]): number {
  const { booking, now } = replay(bookingLifecycleModel, before).actor.getSnapshot().context as SnapshotFrom<typeof bookingLifecycleMachine>['context'];
  if (!booking) throw new Error(`${event.type} without a booking`);
  return timerStep(event.type.includes('untilCutoff') ? booking.changeCutoffAt : booking.appointmentAt, now);
}

/** A new time, as the shopper picks it: a time of the day shown (the booking's own is not offered), then the move. */
async function reschedule(user: UserEvent): Promise<void> {
  if (!screen.queryByRole('button', { name: /^Move my booking to / })) {
    const times = await screen.findByRole('list', { name: /^Times on / });
    await user.click(within(times).getAllByRole('button')[0] as HTMLElement);
  }
  await clickEnabled(user, /^Move my booking to /);
}

async function perform(event: EventObject & Record<string, unknown>, user: UserEvent, fakes: Fakes, before: readonly EventObject[] = []): Promise<void> {
  switch (event.type) {
    case 'booking.reschedule':
      return reschedule(user);
    case 'booking.cancel':
      return clickEnabled(user, 'Cancel booking');
    case 'booking.retry':
      return clickEnabled(user, 'Retry');
    case 'booking.dismiss':
      return clickEnabled(user, 'Dismiss');
    case 'booking.clockTick':
      // The view checks the clock when the tab comes back into view.
      vi.setSystemTime(Number(event.now));
      return act(async () => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
    default:
      if (event.type.startsWith('xstate.after.')) return advance(timerDelay(event, before));
      if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) {
        await fakes.settle(event.type, event);
        // The picker's days and times answer at once: let them render.
        return act(async () => {
          for (let tick = 0; tick < 10; tick += 1) await Promise.resolve();
        });
      }
      throw new Error(`no way to perform ${event.type} through the view`);
  }
}

function expectVisible(events: readonly EventObject[]) {
  const snapshot: SnapshotFrom<typeof bookingLifecycleMachine> = replay(bookingLifecycleModel, events).actor.getSnapshot();
  const { booking } = snapshot.context;
  expect(root()).toHaveAttribute('data-state', stateKey(snapshot.value));
  if (snapshot.matches('loading')) expect(screen.getByRole('status')).toHaveTextContent('Loading your booking…');
  if (snapshot.matches('loadFailure')) expect(screen.getAllByRole('alert')[0]).toHaveTextContent('Your booking could not be loaded.');
  if (!booking) {
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    return;
  }
  expect(screen.getByTestId('confirmation-number')).toHaveTextContent(booking.confirmationNumber);
  expect(screen.getByTestId('booking-time')).toHaveTextContent(formatStoreDateTime(booking.appointmentAt, ZONE, SG_SITE));
  expect(screen.getByText(new RegExp(`${booking.activity.name} · S\\$`))).toBeInTheDocument();
  // Each change is offered exactly when the guard takes it, and otherwise described by the guard's reason.
  const cancelled = snapshot.matches('cancelled');
  const moveReason = blockedReason(snapshot, { type: 'booking.reschedule', startsAt: booking.appointmentAt, artistId: null });
  const move = screen.getByRole('button', { name: /^Move my booking/ });
  if (moveReason) {
    // While a move is out the button keeps the focus: unavailable (aria-disabled), not disabled.
    expect(move.hasAttribute('disabled') || move.getAttribute('aria-disabled') === 'true').toBe(true);
    expect(move).toHaveAccessibleDescription(english._(moveReason));
  } else if (move.textContent === 'Move my booking') {
    expect(move).toHaveAccessibleDescription('Choose a new time first.');
  } else {
    expect(move).toBeEnabled();
  }
  const cancel = screen.queryByRole('button', { name: 'Cancel booking' });
  if (cancelled) expect(cancel).toBeNull();
  else {
    const reason = blockedReason(snapshot, { type: 'booking.cancel' });
    expect(cancel).toHaveProperty('disabled', reason !== null);
    if (reason) expect(cancel).toHaveAccessibleDescription(english._(reason));
    else expect(cancel).not.toHaveAttribute('aria-describedby');
  }
  const statusText = { expired: 'Expired', cancelled: 'Cancelled', rescheduled: 'Rescheduled', confirmed: 'Confirmed' } as const;
  const state = (['expired', 'cancelled', 'rescheduled', 'confirmed'] as const).find((value) => snapshot.matches(value));
  expect(screen.getByTestId('booking-status')).toHaveTextContent(statusText[state ?? 'confirmed']);
  const inActivity = (activity: 'rescheduling' | 'cancelling' | 'rescheduleFailure' | 'cancelFailure') => snapshot.matches({ confirmed: activity }) || snapshot.matches({ rescheduled: activity });
  if (inActivity('rescheduling')) expect(screen.getByText('Rescheduling…')).toHaveAttribute('role', 'status');
  if (inActivity('cancelling')) expect(screen.getByText('Cancelling…')).toHaveAttribute('role', 'status');
  if (inActivity('rescheduleFailure')) expect(screen.getByText('Your booking could not be rescheduled.')).toBeInTheDocument();
  if (inActivity('cancelFailure')) expect(screen.getByText('Your booking could not be cancelled.')).toBeInTheDocument();
  const failure = snapshot.hasTag('failure') ? snapshot.context.failure : null;
  const failureText = failure && LIFECYCLE_FAILURE_MESSAGES[failure];
  if (failureText) expect(screen.getAllByRole('alert').some((alert) => alert.textContent?.includes(english._(failureText)))).toBe(true);
  if (snapshot.matches('cancelled')) expect(screen.getByRole('link', { name: 'Book Hydrating Facial again' })).toHaveAttribute('href', '/happening/services/act-facial?store=store-orchard');
}

describe('booking lifecycle view (the reschedule page), driven by the generated paths', () => {
  test.each(viewPaths(bookingLifecycleModel).map((path, index) => [`${index + 1}. ${path.id}`, path] as const))('%s', async (_, path) => {
    const { user, fakes } = await setup();
    for (const [index, event] of path.events.entries()) {
      await perform(event as EventObject & Record<string, unknown>, user, fakes, path.events.slice(0, index));
      expect(root(), `after ${event.type}`).toHaveAttribute('data-state', stateKey(JSON.parse(path.values[index + 1] ?? '""')));
    }
    expectVisible(path.events);
  });
});

describe('booking lifecycle view', () => {
  test('the reschedule request carries the time picked and the booking’s artist, free then', async () => {
    const { user, fakes } = await setup();
    await perform({ type: 'xstate.done.actor.loadBooking', output: CONFIRMED_BOOKING }, user, fakes);
    const times = await screen.findByRole('list', { name: /^Times on .* \(Singapore Standard Time\)$/ });
    await user.click(within(times).getByRole('button', { name: NEW_TIME }));
    expect(screen.getByRole('radio', { name: 'Siti Rahman' })).toBeChecked();
    await clickEnabled(user, MOVE_TO);
    expect(fakes.calls('rescheduleBooking')[0]?.input).toEqual({ confirmationNumber: CONFIRMED_BOOKING.confirmationNumber, ...RESCHEDULE_TO });
  });

  test('the cancel page: Cancel booking, and a service’s link to reschedule instead with the guest’s key', async () => {
    const { user, fakes } = await setup('cancel');
    await perform({ type: 'xstate.done.actor.loadBooking', output: CONFIRMED_BOOKING }, user, fakes);
    expect(screen.getByRole('heading', { level: 1, name: 'Cancel your booking' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Move my booking/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Reschedule instead' })).toHaveAttribute('href', '/happening/services/reschedule/BK-7Q2M9XKD?key=mk-3f9a');
    await clickEnabled(user, 'Cancel booking');
    expect(fakes.calls('cancelBooking')).toHaveLength(1);
  });

  test('a class on the reschedule page: moving is refused with the reason, cancelling is offered', async () => {
    const { user, fakes } = await setup();
    await perform({ type: 'xstate.done.actor.loadBooking', output: CLASS_BOOKING }, user, fakes);
    const move = screen.getByRole('button', { name: 'Move my booking' });
    expect(move).toBeDisabled();
    expect(move).toHaveAccessibleDescription('Classes and events cannot be rescheduled: cancel this booking and book another session.');
    expect(screen.getByRole('button', { name: 'Cancel booking' })).toBeEnabled();
  });
});
