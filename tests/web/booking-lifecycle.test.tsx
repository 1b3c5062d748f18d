// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import type { EventObject, SnapshotFrom } from 'xstate';
import { LIFECYCLE_INPUT, RESCHEDULED_BOOKING, RESCHEDULE_SLOT_ID } from '../../machines/booking/booking-lifecycle.fixtures.ts';
import { LONGEST_TIMER_MS, type bookingLifecycleMachine } from '../../machines/booking/booking-lifecycle.machine.ts';
import { bookingLifecycleModel } from '../../machines/booking/booking-lifecycle.model.ts';
import { replay } from '../../machines/model/replay.ts';
import type { Slot } from '../../src/contract/booking.ts';
import { BookingLifecycle } from '../../src/web/features/booking/booking-lifecycle-view.tsx';
import { formatAppointment, stateKey } from '../../src/web/features/booking/booking-format.ts';
import { advance, clickEnabled, controllableActors, viewPaths } from '../helpers/model-view.ts';
import { renderApp, SG_SITE } from '../helpers/render-app.tsx';

/** The day the shopper opens the view (the fake clock's start): the fixtures' slots and bookings lie ahead. */
const BOOKING_DAY = '2030-11-30T00:00:00.000Z';

const SLOTS: Slot[] = [{ id: RESCHEDULE_SLOT_ID, storeId: 'store-orchard', date: '2030-12-05', startsAt: RESCHEDULED_BOOKING.appointmentAt, capacity: 1 }];
const MOVE = `Move to ${formatAppointment(SLOTS[0]?.startsAt ?? '', SG_SITE)}`;
const EXPIRED_TEXT = 'This booking has expired: its appointment time has passed, so it can no longer be rescheduled or cancelled.';

async function setup() {
  const fakes = controllableActors(['loadBooking', 'rescheduleBooking', 'cancelBooking'] as const);
  const { user } = await renderApp({ ui: <BookingLifecycle implementations={{ actors: fakes.actors }} input={LIFECYCLE_INPUT} rescheduleSlots={SLOTS} />, now: BOOKING_DAY });
  return { user, fakes };
}
type Fakes = Awaited<ReturnType<typeof setup>>['fakes'];
const root = () => document.querySelector<HTMLElement>('.booking-manage');

async function perform(event: EventObject & Record<string, unknown>, user: UserEvent, fakes: Fakes): Promise<void> {
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
      if (event.type.startsWith('xstate.after.untilAppointment.')) return advance(LONGEST_TIMER_MS);
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
  expect(screen.getByText(/Hydrating Facial · S\$88\.00/)).toBeInTheDocument();
  if (snapshot.matches('expired')) {
    expect(status).toHaveTextContent('Expired');
    expect(move).toBeDisabled();
    expect(cancel).toBeDisabled();
    // The explanation is the guard's message, tied to both buttons.
    expect(cancel).toHaveAccessibleDescription(EXPIRED_TEXT);
    expect(move).toHaveAccessibleDescription(EXPIRED_TEXT);
    return;
  }
  if (snapshot.matches('cancelled')) {
    expect(status).toHaveTextContent('Cancelled');
    expect(cancel).toBeDisabled();
    expect(cancel).toHaveAccessibleDescription('This booking has been cancelled.');
    return;
  }
  expect(status).toHaveTextContent(snapshot.matches('rescheduled') ? 'Rescheduled' : 'Confirmed');
  const busy = snapshot.hasTag('busy');
  expect(move).toHaveProperty('disabled', busy);
  expect(cancel).toHaveProperty('disabled', busy);
  if (busy) expect(cancel).toHaveAccessibleDescription('Please wait: your last change is still being saved.');
  else expect(cancel).not.toHaveAttribute('aria-describedby');
  if (snapshot.matches({ confirmed: 'rescheduling' }) || snapshot.matches({ rescheduled: 'rescheduling' })) expect(screen.getByRole('status')).toHaveTextContent('Rescheduling…');
  if (snapshot.matches({ confirmed: 'cancelling' }) || snapshot.matches({ rescheduled: 'cancelling' })) expect(screen.getByRole('status')).toHaveTextContent('Cancelling…');
  if (snapshot.matches({ confirmed: 'rescheduleFailure' }) || snapshot.matches({ rescheduled: 'rescheduleFailure' })) {
    expect(screen.getByRole('alert')).toHaveTextContent('Your booking could not be rescheduled.');
  }
  if (snapshot.matches({ confirmed: 'cancelFailure' }) || snapshot.matches({ rescheduled: 'cancelFailure' })) {
    expect(screen.getByRole('alert')).toHaveTextContent('Your booking could not be cancelled.');
  }
}

describe('booking lifecycle view, driven by the generated paths', () => {
  test.each(viewPaths(bookingLifecycleModel).map((path, index) => [`${index + 1}. ${path.id}`, path] as const))('%s', async (_, path) => {
    const { user, fakes } = await setup();
    for (const [index, event] of path.events.entries()) {
      await perform(event as EventObject & Record<string, unknown>, user, fakes);
      expect(root(), `after ${event.type}`).toHaveAttribute('data-state', stateKey(JSON.parse(path.values[index + 1] ?? '""')));
    }
    expectVisible(path.events);
  });
});

describe('booking lifecycle view', () => {
  test('the reschedule request carries the chosen slot', async () => {
    const { user, fakes } = await setup();
    await perform({ type: 'xstate.done.actor.loadBooking', output: { ...RESCHEDULED_BOOKING, status: 'confirmed', appointmentAt: '2030-12-02T02:00:00.000Z' } }, user, fakes);
    await clickEnabled(user, MOVE);
    expect(fakes.calls('rescheduleBooking')[0]?.input).toEqual({ bookingId: 'booking-77', slotId: RESCHEDULE_SLOT_ID });
  });
});
