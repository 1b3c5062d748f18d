// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { setupI18n } from '@lingui/core';
import { CONFIRMED_BOOKING, LIFECYCLE_INPUT, RESCHEDULED_BOOKING, RESCHEDULE_TO } from '../../machines/booking/booking-lifecycle.fixtures.ts';
import { blockedReason, type bookingLifecycleMachine } from '../../machines/booking/booking-lifecycle.machine.ts';
import { bookingLifecycleModel } from '../../machines/booking/booking-lifecycle.model.ts';
import { timerStep } from '../../machines/booking/booking-lifecycle.rules.ts';
import { LIFECYCLE_FAILURE_MESSAGES } from '../../machines/booking/messages.ts';
import { replay } from '../../machines/model/replay.ts';
import type { TimeSlot } from '../../src/contract/happening.ts';
import { BookingLifecycle } from '../../src/web/features/booking/booking-lifecycle-view.tsx';
import { formatAppointment, stateKey } from '../../src/web/features/booking/booking-format.ts';
import { advance, clickEnabled, controllableActors, viewPaths } from '../helpers/model-view.ts';
import { renderApp, SG_SITE } from '../helpers/render-app.tsx';

/** The moment the shopper opens the view (the fake clock's start, the machine's `now`). */
const BOOKING_DAY = new Date(LIFECYCLE_INPUT.now).toISOString();

const SLOTS: TimeSlot[] = [{ startsAt: RESCHEDULE_TO.startsAt, endsAt: RESCHEDULED_BOOKING.endsAt, localTime: RESCHEDULED_BOOKING.localTime, seatsLeft: 1, artists: [{ id: RESCHEDULE_TO.artistId, name: 'Siti Rahman' }] }];
const MOVE = `Move to ${formatAppointment(SLOTS[0]?.startsAt ?? '', SG_SITE)}`;
const english = setupI18n({ locale: 'en', messages: { en: {} } });

async function setup() {
  const fakes = controllableActors(['loadBooking', 'rescheduleBooking', 'cancelBooking'] as const);
  const { user } = await renderApp({ ui: <BookingLifecycle implementations={{ actors: fakes.actors }} input={LIFECYCLE_INPUT} rescheduleSlots={SLOTS} />, now: BOOKING_DAY });
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

async function perform(event: EventObject & Record<string, unknown>, user: UserEvent, fakes: Fakes, before: readonly EventObject[] = []): Promise<void> {
  switch (event.type) {
    case 'booking.reschedule':
      return clickEnabled(user, MOVE);
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
      if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) return fakes.settle(event.type, event);
      throw new Error(`no way to perform ${event.type} through the view`);
  }
}

function expectVisible(events: readonly EventObject[]) {
  const snapshot: SnapshotFrom<typeof bookingLifecycleMachine> = replay(bookingLifecycleModel, events).actor.getSnapshot();
  const { booking } = snapshot.context;
  expect(root()).toHaveAttribute('data-state', stateKey(snapshot.value));
  if (snapshot.matches('loading')) expect(screen.getByRole('status')).toHaveTextContent('Loading your booking…');
  if (snapshot.matches('loadFailure')) expect(screen.getByRole('alert')).toHaveTextContent('Your booking could not be loaded.');
  if (!booking) {
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    return;
  }
  const status = screen.getByTestId('booking-status');
  const move = screen.getByRole('button', { name: MOVE });
  const cancel = screen.getByRole('button', { name: 'Cancel booking' });
  expect(screen.getByText(booking.confirmationNumber)).toBeInTheDocument();
  expect(screen.getByText(formatAppointment(booking.appointmentAt, SG_SITE))).toBeInTheDocument();
  expect(screen.getByText(new RegExp(`${booking.activity.name} · S\\$`))).toBeInTheDocument();
  // Each button is disabled exactly when the guard refuses, described by the guard's reason.
  for (const [button, event] of [
    [move, { type: 'booking.reschedule', startsAt: booking.appointmentAt, artistId: null }],
    [cancel, { type: 'booking.cancel' }],
  ] as const) {
    const reason = blockedReason(snapshot, event);
    expect(button).toHaveProperty('disabled', reason !== null);
    if (reason) expect(button).toHaveAccessibleDescription(english._(reason));
    else expect(button).not.toHaveAttribute('aria-describedby');
  }
  const statusText = { expired: 'Expired', cancelled: 'Cancelled', rescheduled: 'Rescheduled', confirmed: 'Confirmed' } as const;
  const state = (['expired', 'cancelled', 'rescheduled', 'confirmed'] as const).find((value) => snapshot.matches(value));
  expect(status).toHaveTextContent(statusText[state ?? 'confirmed']);
  const inActivity = (activity: 'rescheduling' | 'cancelling' | 'rescheduleFailure' | 'cancelFailure') => snapshot.matches({ confirmed: activity }) || snapshot.matches({ rescheduled: activity });
  if (inActivity('rescheduling')) expect(screen.getByRole('status')).toHaveTextContent('Rescheduling…');
  if (inActivity('cancelling')) expect(screen.getByRole('status')).toHaveTextContent('Cancelling…');
  if (inActivity('rescheduleFailure')) expect(screen.getByRole('alert')).toHaveTextContent('Your booking could not be rescheduled.');
  if (inActivity('cancelFailure')) expect(screen.getByRole('alert')).toHaveTextContent('Your booking could not be cancelled.');
  const failure = snapshot.hasTag('failure') ? snapshot.context.failure : null;
  const failureText = failure && LIFECYCLE_FAILURE_MESSAGES[failure];
  if (failureText) expect(screen.getByRole('alert')).toHaveTextContent(english._(failureText));
}

describe('booking lifecycle view, driven by the generated paths', () => {
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
  test('the reschedule request carries the chosen time and its artist', async () => {
    const { user, fakes } = await setup();
    await perform({ type: 'xstate.done.actor.loadBooking', output: CONFIRMED_BOOKING }, user, fakes);
    await clickEnabled(user, MOVE);
    expect(fakes.calls('rescheduleBooking')[0]?.input).toEqual({ confirmationNumber: CONFIRMED_BOOKING.confirmationNumber, ...RESCHEDULE_TO });
  });
});
