import type { Artist, BookingService, ReservationCreated, SlotSearchResult } from '../../src/contract/booking.ts';
import type { BookingFlowInput } from './booking-flow.machine.ts';

/**
 * Example data for the booking-flow model: what the visualizer, the generated tests and the view
 * tests feed the machine. An Orchard Road store in Singapore.
 */
export const FLOW_SERVICES: BookingService[] = [
  { id: 'svc-facial', name: 'Hydrating Facial', duration: 60, price: { currency: 'SGD', amount: 88 }, capacity: 6 },
  { id: 'svc-brows', name: 'Brow Shaping', duration: 30, price: { currency: 'SGD', amount: 35 }, capacity: 0 },
];

export const FLOW_INPUT: BookingFlowInput = { storeId: 'store-orchard', services: FLOW_SERVICES };

export const FLOW_ARTISTS: Artist[] = [
  { id: 'artist-mei', name: 'Mei Lin' },
  { id: 'artist-siti', name: 'Siti Rahman' },
];

/** Two slots on 2 December: the first needs an artist lookup, the second names its artist. */
export const SLOTS_FOUND: SlotSearchResult = {
  dates: ['2030-12-02', '2030-12-03'],
  date: '2030-12-02',
  slots: [
    { id: 'slot-1000', storeId: 'store-orchard', date: '2030-12-02', startsAt: '2030-12-02T02:00:00.000Z', capacity: 2 },
    {
      id: 'slot-1400',
      storeId: 'store-orchard',
      date: '2030-12-02',
      startsAt: '2030-12-02T06:00:00.000Z',
      capacity: 1,
      artists: [{ id: 'artist-siti', name: 'Siti Rahman' }],
    },
  ],
};

export const NO_DATES: SlotSearchResult = { dates: [], date: null, slots: [] };

/** Free days exist, but not the one asked for. */
export const NO_TIMES: SlotSearchResult = { dates: ['2030-12-03'], date: '2030-12-04', slots: [] };

export const OTHER_DATE = '2030-12-03';

export const RESERVATION: ReservationCreated = { id: 'booking-77', confirmationNumber: 'BP-2030-0042' };

export const VALID_DETAILS = {
  fullName: 'Tan Mei Ling',
  acknowledgement: true,
  consentPersonalInfo: true,
  consentThirdParty: true,
  consentPolicy: true,
  consentAge: true,
} as const;
