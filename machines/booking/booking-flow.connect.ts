import type { MessageDescriptor } from '@lingui/core';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { Artist, BookingAnswerError, BookingField, StoreDate } from '../../src/contract/booking.ts';
import type { Activity, BookingQuestion, TimeSlot } from '../../src/contract/happening.ts';
import type { Hold } from '../../src/contract/reservations.ts';
import { stateKey } from '../shared/state-key.ts';
import type { BookingFlowContext, bookingFlowMachine } from './booking-flow.machine.ts';
import { activityRefusal, dateRefusal, holdTimeLeft, storeRefusal, type DateRefusal, type FlowNotice } from './booking-flow.rules.ts';
import type { BookingStore, Contact } from './booking-flow.types.ts';
import { ACTIVITY_REFUSAL_MESSAGES, FLOW_NOTICE_MESSAGES, STORE_REFUSAL_MESSAGES, SUBMIT_FAILED_MESSAGE } from './messages.ts';

type Snapshot = SnapshotFrom<typeof bookingFlowMachine>;
type Send = (event: EventFromLogic<typeof bookingFlowMachine>) => void;

export type BookingStep = 'selectActivity' | 'findSlot' | 'chooseArtist' | 'holding' | 'details' | 'confirmed';
export type SlotsStatus = 'loading' | 'failure' | 'noAvailableSlots' | 'noTimeSlots' | 'choosing';

/** Why Back or Confirm cannot be pressed: the time is being held, or the booking is being sent. */
export type BookingBusyReason = 'holding' | 'submitting';

/** A choice the shopper can make, enabled only when the machine accepts its event. */
export interface Choice<T> {
  item: T;
  disabled: boolean;
  /** For a choice that stays selected (the day, the artist); absent for one that moves the flow on. */
  pressed?: boolean;
}

/** An activity of the list, with why it cannot be chosen (the `activityBookable` guard's rule). */
export interface ActivityChoice extends Choice<Activity> {
  disabledReason: MessageDescriptor | null;
}

/** A store of the picker, with why it cannot be picked now (the `storeSelectable` guard's rule). */
export interface StoreChoice extends Choice<BookingStore> {
  disabledReason: MessageDescriptor | null;
}

/** One of the activity's questions with the shopper's answer and, after a refused submit, its problem. */
export interface QuestionField {
  question: BookingQuestion;
  value: string;
  error: BookingAnswerError | null;
}

/** Context the view shows as it is: the summary, the form and its messages. */
type ShownContext = Pick<BookingFlowContext, 'activity' | 'date' | 'timeZone' | 'window' | 'slot' | 'details' | 'errors' | 'submitAttempts' | 'reservation'>;

export interface BookingFlowApi extends ShownContext {
  /** `data-state` of the flow: its state path. */
  state: string;
  step: BookingStep;
  busy: boolean;
  /** A service's flow has the artist step; classes and events do not. */
  choosesArtist: boolean;
  /** The time is held on the server while the shopper finishes. */
  held: boolean;
  /** The server's hold: its artist (any one resolved) and expiry, with the time left by the machine's clock. */
  hold: (Pick<Hold, 'expiresAt' | 'artist'> & { msLeft: number }) | null;
  showsForm: boolean;
  submitting: boolean;
  slotsStatus: SlotsStatus | null;
  /** The day buttons and the date field are shown. */
  choosesDate: boolean;
  activities: ActivityChoice[];
  /** The store picked, and the stores offered: shown while an activity is chosen and its times searched. */
  store: BookingStore | null;
  stores: StoreChoice[];
  /** The store picker is shown (the machine takes another store in this state). */
  choosesStore: boolean;
  dates: Choice<StoreDate>[];
  times: Choice<TimeSlot>[];
  /** The time's free artists, "any" (null) first. */
  artists: Choice<Artist | null>[];
  /** The artist picked: one, any (`'any'`), or none yet. */
  artist: Artist | 'any' | null;
  questions: QuestionField[];
  noticeCode: FlowNotice | null;
  notice: MessageDescriptor | null;
  submitError: MessageDescriptor | null;
  confirmationNumber: string | null;
  canBack: boolean;
  backDisabledReason: BookingBusyReason | null;
  submitDisabledReason: BookingBusyReason | null;
  /** Why "Show times" refuses a picked date: the `dateSelectable` guard's rule. */
  dateRefusal(date: string): DateRefusal | null;
  selectActivity(activityId: string): void;
  selectStore(storeId: string): void;
  selectDate(date: string): void;
  selectTime(startsAt: string): void;
  /** null: any free artist. */
  selectArtist(artistId: string | null): void;
  change(field: BookingField, value: string | boolean): void;
  answer(questionId: string, value: string): void;
  submit(): void;
  back(): void;
  retry(): void;
  /** The app's clock moved on (a countdown's tick, the tab shown again). */
  clockTick(now: number): void;
  /** A member's contact: fills the name, email and phone not typed yet. */
  prefill(contact: Contact): void;
}

function stepOf(snapshot: Snapshot): BookingStep {
  for (const step of ['selectActivity', 'findSlot', 'chooseArtist', 'holding'] as const) if (snapshot.matches(step)) return step;
  return snapshot.matches('held') ? 'details' : 'confirmed';
}

const SLOT_STATUS: ReadonlyArray<[Parameters<Snapshot['matches']>[0], SlotsStatus]> = [
  [{ findSlot: 'loadingDays' }, 'loading'],
  [{ findSlot: 'loadingTimes' }, 'loading'],
  [{ findSlot: 'daysFailure' }, 'failure'],
  [{ findSlot: 'timesFailure' }, 'failure'],
  [{ findSlot: 'noAvailableSlots' }, 'noAvailableSlots'],
  [{ findSlot: 'noTimeSlots' }, 'noTimeSlots'],
  [{ findSlot: 'choosing' }, 'choosing'],
];

function busyReason(snapshot: Snapshot): BookingBusyReason | null {
  if (snapshot.hasTag('submitting')) return 'submitting';
  return snapshot.matches('holding') ? 'holding' : null;
}

export function bookingFlowConnect(snapshot: Snapshot, send: Send): BookingFlowApi {
  const { context } = snapshot;
  const slotsStatus = SLOT_STATUS.find(([value]) => snapshot.matches(value))?.[1] ?? null;
  const canBack = snapshot.can({ type: 'booking.back' });
  const reason = busyReason(snapshot);
  const { slot, hold } = context;
  const choosingArtist = snapshot.matches('chooseArtist');
  return {
    state: stateKey(snapshot.value),
    step: stepOf(snapshot),
    busy: snapshot.hasTag('busy'),
    choosesArtist: context.activity?.kind === 'service',
    held: snapshot.hasTag('held'),
    hold: hold && { expiresAt: hold.expiresAt, artist: hold.artist, msLeft: holdTimeLeft(hold.expiresAt, context.now) },
    showsForm: snapshot.hasTag('form'),
    submitting: snapshot.hasTag('submitting'),
    slotsStatus,
    choosesDate: snapshot.hasTag('dates'),
    activities: context.activities.map((activity) => {
      const refused = activityRefusal(activity, context.storeId);
      return { item: activity, disabled: !snapshot.can({ type: 'booking.selectActivity', activityId: activity.id }), disabledReason: refused && ACTIVITY_REFUSAL_MESSAGES[refused] };
    }),
    store: context.stores.find((store) => store.id === context.storeId) ?? null,
    stores: context.stores.map((store) => {
      const refused = storeRefusal(store.id, context.stores, context.activity);
      return {
        item: store,
        pressed: store.id === context.storeId,
        disabled: !snapshot.can({ type: 'booking.selectStore', storeId: store.id }),
        disabledReason: refused === 'notOfferedHere' ? STORE_REFUSAL_MESSAGES.notOfferedHere : null,
      };
    }),
    choosesStore: snapshot.matches('selectActivity') || snapshot.matches('findSlot'),
    dates: context.days.map((date) => ({ item: date, pressed: date === context.date, disabled: !snapshot.can({ type: 'booking.selectDate', date }) })),
    times: slotsStatus === 'choosing' ? context.slots.map((time) => ({ item: time, pressed: time.startsAt === slot?.startsAt, disabled: !snapshot.can({ type: 'booking.selectTime', startsAt: time.startsAt }) })) : [],
    artists:
      choosingArtist && slot
        ? [null, ...slot.artists].map((artist) => ({
            item: artist,
            pressed: artist === null ? context.artist === 'any' : context.artist !== 'any' && context.artist?.id === artist.id,
            disabled: !snapshot.can({ type: 'booking.selectArtist', artistId: artist?.id ?? null }),
          }))
        : [],
    artist: context.artist,
    activity: context.activity,
    date: context.date,
    timeZone: context.timeZone,
    window: context.window,
    slot,
    details: context.details,
    errors: context.errors,
    questions: (context.activity?.questions ?? []).map((question) => ({ question, value: context.answers[question.id] ?? '', error: context.answerErrors[question.id] ?? null })),
    submitAttempts: context.submitAttempts,
    noticeCode: context.notice,
    notice: context.notice && FLOW_NOTICE_MESSAGES[context.notice],
    submitError: context.submitFailed ? SUBMIT_FAILED_MESSAGE : null,
    reservation: context.reservation,
    confirmationNumber: context.reservation?.confirmationNumber ?? null,
    canBack,
    backDisabledReason: canBack ? null : reason,
    submitDisabledReason: snapshot.can({ type: 'booking.submit' }) ? null : reason,
    dateRefusal: (date) => dateRefusal(date, context.window),
    selectActivity: (activityId) => send({ type: 'booking.selectActivity', activityId }),
    selectStore: (storeId) => send({ type: 'booking.selectStore', storeId }),
    selectDate: (date) => send({ type: 'booking.selectDate', date }),
    selectTime: (startsAt) => send({ type: 'booking.selectTime', startsAt }),
    selectArtist: (artistId) => send({ type: 'booking.selectArtist', artistId }),
    change: (field, value) => send({ type: 'booking.change', field, value }),
    answer: (questionId, value) => send({ type: 'booking.answer', questionId, value }),
    submit: () => send({ type: 'booking.submit' }),
    back: () => send({ type: 'booking.back' }),
    retry: () => send({ type: 'booking.retry' }),
    clockTick: (now) => send({ type: 'booking.clockTick', now }),
    prefill: (contact) => send({ type: 'booking.prefill', contact }),
  };
}
