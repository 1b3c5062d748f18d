import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { Artist, BookingField, BookingService, Slot, StoreDate } from '../../src/contract/booking.ts';
import { stateKey } from '../shared/state-key.ts';
import type { BookingFlowContext, bookingFlowMachine } from './booking-flow.machine.ts';
import { dateRefusal, type DateRefusal } from './booking-flow.rules.ts';

type Snapshot = SnapshotFrom<typeof bookingFlowMachine>;
type Send = (event: EventFromLogic<typeof bookingFlowMachine>) => void;

export type BookingStep = 'selectService' | 'findSlot' | 'chooseArtist' | 'details' | 'confirmed';
export type SlotsStatus = 'loading' | 'failure' | 'noAvailableSlots' | 'noTimeSlots' | 'choosing';
export type ArtistsStatus = 'loading' | 'failure' | 'choosing';

/** Why Back or Confirm cannot be pressed: the booking is being sent. */
export type BookingBusyReason = 'submitting';

/** A choice the shopper can make, enabled only when the machine accepts its event. */
export interface Choice<T> {
  item: T;
  disabled: boolean;
  /** For a choice that stays selected (the day, the artist); absent for one that moves the flow on. */
  pressed?: boolean;
}

/** Context the view shows as it is: the summary, the form and its messages. */
type ShownContext = Pick<BookingFlowContext, 'date' | 'service' | 'slot' | 'artist' | 'details' | 'errors' | 'submitAttempts' | 'notice' | 'submitError' | 'confirmationNumber'>;

export interface BookingFlowApi extends ShownContext {
  /** `data-state` of the flow: its state path. */
  state: string;
  step: BookingStep;
  busy: boolean;
  /** The slot is held while the shopper finishes (a notice says for how long). */
  held: boolean;
  showsForm: boolean;
  submitting: boolean;
  slotsStatus: SlotsStatus | null;
  artistsStatus: ArtistsStatus | null;
  /** The day buttons and "Another date" are shown. */
  choosesDate: boolean;
  services: Choice<BookingService>[];
  dates: Choice<StoreDate>[];
  slots: Choice<Slot>[];
  artists: Choice<Artist>[];
  canBack: boolean;
  backDisabledReason: BookingBusyReason | null;
  submitDisabledReason: BookingBusyReason | null;
  /** Why "Show times" refuses a typed date: the `isStoreDate` guard's rule (depends on the date only). */
  otherDateRefusal(date: string): DateRefusal | null;
  selectService(serviceId: string): void;
  selectDate(date: string): void;
  selectSlot(slotId: string): void;
  selectArtist(artistId: string): void;
  change(field: BookingField, value: string | boolean): void;
  submit(): void;
  back(): void;
  retry(): void;
}

function stepOf(snapshot: Snapshot): BookingStep {
  if (snapshot.matches('selectService')) return 'selectService';
  if (snapshot.matches('findSlot')) return 'findSlot';
  if (snapshot.matches({ held: 'chooseArtist' })) return 'chooseArtist';
  if (snapshot.matches('held')) return 'details';
  return 'confirmed';
}

function slotsStatusOf(snapshot: Snapshot): SlotsStatus | null {
  for (const status of ['loading', 'failure', 'noAvailableSlots', 'noTimeSlots', 'choosing'] as const) {
    if (snapshot.matches({ findSlot: status })) return status;
  }
  return null;
}

function artistsStatusOf(snapshot: Snapshot): ArtistsStatus | null {
  for (const status of ['loading', 'failure', 'choosing'] as const) {
    if (snapshot.matches({ held: { chooseArtist: status } })) return status;
  }
  return null;
}

export function bookingFlowConnect(snapshot: Snapshot, send: Send): BookingFlowApi {
  const { context } = snapshot;
  const submitting = snapshot.hasTag('submitting');
  const slotsStatus = slotsStatusOf(snapshot);
  const artistsStatus = artistsStatusOf(snapshot);
  const canBack = snapshot.can({ type: 'booking.back' });
  const busyReason = submitting ? 'submitting' : null;
  return {
    state: stateKey(snapshot.value),
    step: stepOf(snapshot),
    busy: snapshot.hasTag('busy'),
    held: snapshot.hasTag('held'),
    showsForm: snapshot.hasTag('form'),
    submitting,
    slotsStatus,
    artistsStatus,
    choosesDate: snapshot.hasTag('dates'),
    services: context.services.map((service) => ({ item: service, disabled: !snapshot.can({ type: 'booking.selectService', serviceId: service.id }) })),
    dates: context.dates.map((date) => ({ item: date, pressed: date === context.date, disabled: !snapshot.can({ type: 'booking.selectDate', date }) })),
    date: context.date,
    slots: slotsStatus === 'choosing' ? context.slots.map((slot) => ({ item: slot, disabled: !snapshot.can({ type: 'booking.selectSlot', slotId: slot.id }) })) : [],
    artists:
      artistsStatus === 'choosing'
        ? context.artists.map((artist) => ({ item: artist, pressed: context.artist?.id === artist.id, disabled: !snapshot.can({ type: 'booking.selectArtist', artistId: artist.id }) }))
        : [],
    service: context.service,
    slot: context.slot,
    artist: context.artist,
    details: context.details,
    errors: context.errors,
    submitAttempts: context.submitAttempts,
    notice: context.notice,
    submitError: context.submitError,
    confirmationNumber: context.confirmationNumber,
    canBack,
    backDisabledReason: canBack ? null : busyReason,
    submitDisabledReason: snapshot.can({ type: 'booking.submit' }) ? null : busyReason,
    otherDateRefusal: dateRefusal,
    selectService: (serviceId) => send({ type: 'booking.selectService', serviceId }),
    selectDate: (date) => send({ type: 'booking.selectDate', date }),
    selectSlot: (slotId) => send({ type: 'booking.selectSlot', slotId }),
    selectArtist: (artistId) => send({ type: 'booking.selectArtist', artistId }),
    change: (field, value) => send({ type: 'booking.change', field, value }),
    submit: () => send({ type: 'booking.submit' }),
    back: () => send({ type: 'booking.back' }),
    retry: () => send({ type: 'booking.retry' }),
  };
}
