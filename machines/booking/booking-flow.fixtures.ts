import type { Activity, AvailableDays, TimeSlots } from '../../src/contract/happening.ts';
import type { Hold, Reservation } from '../../src/contract/reservations.ts';
import { CONFIRMED_BOOKING, httpError } from './booking-lifecycle.fixtures.ts';
import type { BookingFlowInput, BookingStore } from './booking-flow.types.ts';

/**
 * Example data for the booking-flow model: what the visualizer, the generated tests and the view
 * tests feed the machine. An Orchard Road store in Singapore, opened on 30 November 2030.
 */
export const FLOW_NOW = Date.parse('2030-11-30T00:00:00.000Z');
const MINUTE = 60 * 1000;

const POLICY = { bookAheadDays: 28, changeCutoffHours: 24, holdMinutes: 10 };
const base: Pick<Activity, 'groupId' | 'currencySymbol' | 'policy' | 'teacher' | 'questions'> = { groupId: 'group-skin', currencySymbol: 'S$', policy: POLICY, teacher: null, questions: [] };

export const FACIAL: Activity = {
  ...base,
  id: 'act-facial',
  kind: 'service',
  name: 'Hydrating Facial',
  summary: 'A deep-moisture facial for tired skin.',
  description: 'Cleansing, exfoliation, a hydrating mask and a massage.',
  durationMinutes: 60,
  price: { currency: 'SGD', amount: 88 },
  capacity: 1,
  storeIds: ['store-orchard', 'store-jewel'],
  questions: [
    {
      id: 'q-skin',
      kind: 'choice',
      label: 'Your skin type',
      required: true,
      options: [
        { value: 'dry', label: 'Dry' },
        { value: 'oily', label: 'Oily' },
        { value: 'combination', label: 'Combination' },
      ],
      maxLength: null,
    },
    { id: 'q-allergies', kind: 'text', label: 'Allergies we should know about', required: false, options: [], maxLength: 200 },
  ],
};

/** Booked at another store only: listed, but not bookable here. */
export const BROWS: Activity = { ...base, id: 'act-brows', kind: 'service', name: 'Brow Shaping', summary: 'Shaped to suit you.', description: 'Threading and tinting.', durationMinutes: 30, price: { currency: 'SGD', amount: 35 }, capacity: 1, storeIds: ['store-jewel'] };

export const MAKEUP_CLASS: Activity = {
  ...base,
  groupId: 'group-classes',
  id: 'act-makeup-class',
  kind: 'class',
  name: 'Everyday Makeup Class',
  summary: 'A look for every day in ten minutes.',
  description: 'A small class with a teacher and your own mirror.',
  durationMinutes: 90,
  price: { currency: 'SGD', amount: 45 },
  capacity: 8,
  teacher: 'Aisha Tan',
  storeIds: ['store-orchard'],
};

export const LAUNCH_EVENT: Activity = { ...base, groupId: 'group-events', id: 'act-launch', kind: 'event', name: 'Fragrance Launch Evening', summary: 'Meet the perfumer.', description: 'Drinks and a first smell.', durationMinutes: 120, price: null, capacity: 30, storeIds: ['store-orchard'] };

/** The stores the flow offers: Orchard Road (everything but brows) and Jewel (the facial and brows). */
export const FLOW_STORES: BookingStore[] = [
  { id: 'store-orchard', name: 'Orchard Road', line1: '290 Orchard Road', city: 'Singapore', timeZone: 'Asia/Singapore' },
  { id: 'store-jewel', name: 'Jewel Changi', line1: '78 Airport Boulevard', city: 'Singapore', timeZone: 'Asia/Singapore' },
];
export const OTHER_STORE = 'store-jewel';

export const FLOW_INPUT: BookingFlowInput = { storeId: 'store-orchard', stores: FLOW_STORES, activities: [FACIAL, BROWS, MAKEUP_CLASS, LAUNCH_EVENT], now: FLOW_NOW };

export const FLOW_ARTISTS = [
  { id: 'artist-mei', name: 'Mei Lin' },
  { id: 'artist-siti', name: 'Siti Rahman' },
];

const window = { storeId: 'store-orchard', timeZone: 'Asia/Singapore', from: '2030-11-30', to: '2030-12-28' } as const;

/** Two days with free times. */
export const DAYS_FOUND: AvailableDays = { ...window, activityId: FACIAL.id, days: ['2030-12-02', '2030-12-03'] };
export const NO_DAYS: AvailableDays = { ...window, activityId: FACIAL.id, days: [] };
/** The other available day (picked from the list), and one in the window without a free time (typed). */
export const OTHER_DATE = '2030-12-03';
export const DAY_WITHOUT_TIMES = '2030-12-04';

/** Two times on 2 December (store time): 10:00 with two artists free, 14:00 with one. */
export const TIMES_FOUND: TimeSlots = {
  activityId: FACIAL.id,
  storeId: 'store-orchard',
  timeZone: 'Asia/Singapore',
  date: '2030-12-02',
  slots: [
    { startsAt: '2030-12-02T02:00:00.000Z', endsAt: '2030-12-02T03:00:00.000Z', localTime: '10:00', seatsLeft: 2, artists: FLOW_ARTISTS },
    { startsAt: '2030-12-02T06:00:00.000Z', endsAt: '2030-12-02T07:00:00.000Z', localTime: '14:00', seatsLeft: 1, artists: [{ id: 'artist-siti', name: 'Siti Rahman' }] },
  ],
};
export const NO_TIMES: TimeSlots = { ...TIMES_FOUND, slots: [] };
/** The class's session that evening: seats, no artists. */
export const SESSION_TIMES: TimeSlots = {
  ...TIMES_FOUND,
  activityId: MAKEUP_CLASS.id,
  slots: [{ startsAt: '2030-12-02T10:00:00.000Z', endsAt: '2030-12-02T11:30:00.000Z', localTime: '18:00', seatsLeft: 3, artists: [] }],
};

export const FIRST_TIME = TIMES_FOUND.slots[0]?.startsAt ?? '';
export const SECOND_TIME = TIMES_FOUND.slots[1]?.startsAt ?? '';

/** The 10:00 time held with Siti for ten minutes from the flow's start (the server's clock). */
export const HOLD: Hold = {
  id: 'hold-501',
  token: 'hold-token-501',
  activityId: FACIAL.id,
  storeId: 'store-orchard',
  startsAt: FIRST_TIME,
  endsAt: '2030-12-02T03:00:00.000Z',
  artist: { id: 'artist-siti', name: 'Siti Rahman' },
  expiresAt: new Date(FLOW_NOW + 10 * MINUTE).toISOString(),
};
/** Clock ticks while the form is filled: with time left on the hold, and after it ran out. */
export const TICK_HELD = FLOW_NOW + 4 * MINUTE;
export const TICK_EXPIRED = FLOW_NOW + 11 * MINUTE;

/** The booking as confirmed, with a guest's manage key. */
export const RESERVATION: Reservation = { ...CONFIRMED_BOOKING, manageKey: 'mk-3f9a' };

export const SLOT_TAKEN = httpError(409, 'slot_taken');
export const SOLD_OUT = httpError(409, 'sold_out');
export const HOLD_EXPIRED = httpError(409, 'hold_expired');
export const SERVER_ERROR = httpError(500, 'internal');

/** A valid details form: every compulsory field and box, and a way to find the booking again (an email). */
export const VALID_DETAILS = {
  fullName: 'Tan Mei Ling',
  email: 'mei.ling@example.com',
  acknowledgement: true,
  consentPersonalInfo: true,
  consentThirdParty: true,
  consentPolicy: true,
  consentAge: true,
} as const;

/** The facial's required question, answered. */
export const SKIN_ANSWER = { questionId: 'q-skin', value: 'dry' } as const;

/** A member's contact as the account gives it: the form starts from it. */
export const MEMBER_CONTACT = { fullName: 'Tan Mei Ling', email: 'mei.ling@example.com', phone: '+65 9123 4567' } as const;
