import { BOOKING_KEY_HEADER, type Hold, type Reservation } from '../../src/contract/reservations.ts';
import type { Activity, ActivityGroup, AvailableDays, HappeningStore, Session, TimeSlots } from '../../src/contract/happening.ts';

/*
 * A scripted happening API for component tests: the real booking and stores APIs over the real
 * client run against it (renderApp's `fetch`). Each route answers from `routes` (a function per
 * `METHOD path`, given the request); every request is recorded with its key header and body. An
 * answer may carry the server's clock (`Date`), as the real one does.
 */

export interface Asked {
  method: string;
  path: string;
  query: Record<string, string>;
  key: string | null;
  body: unknown;
}

export type Answer = { status?: number; body: unknown; date?: number };
export type Route = (asked: Asked) => Answer | Promise<Answer>;

const API = '/api/web/v1/';

/** The error body of a refusal (409 `code`) or a 404, as the server writes it. */
export const refusal = (status: number, code: string): Answer => ({ status, body: { code, message: code, status } });
export const data = (value: unknown, date?: number): Answer => ({ body: { data: value }, ...(date === undefined ? {} : { date }) });

export function happeningFetch(routes: Record<string, Route>) {
  const asked: Asked[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const path = url.pathname.startsWith(API) ? url.pathname.slice(API.length) : url.pathname;
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text();
    const entry: Asked = { method: request.method, path, query: Object.fromEntries(url.searchParams), key: request.headers.get(BOOKING_KEY_HEADER), body: text ? JSON.parse(text) : null };
    asked.push(entry);
    const route = routes[`${request.method} ${path}`];
    if (!route) return Response.json({ code: 'not_found', message: `no route ${request.method} ${path}`, status: 404 }, { status: 404 });
    const answer = await route(entry);
    const headers: Record<string, string> = answer.date === undefined ? {} : { Date: new Date(answer.date).toUTCString() };
    return Response.json(answer.body, { status: answer.status ?? 200, headers });
  };
  return { fetch, asked, calls: (method: string, path: string) => asked.filter((entry) => entry.method === method && entry.path === path) };
}

/* Example data in the contract's shapes: Singapore's Orchard Road and Jewel, a facial, a class, an event. */

const hours = { opens: '10:00', closes: '22:00' };
const week = { mon: hours, tue: hours, wed: hours, thu: hours, fri: hours, sat: hours, sun: { opens: '11:00', closes: '20:00' } };

export const ORCHARD: HappeningStore = {
  id: 'sg-ion-orchard',
  country: 'SG',
  name: 'ION Orchard',
  line1: '2 Orchard Turn, #B2-51',
  city: 'Singapore',
  postcode: '238801',
  phone: '+6565091234',
  timeZone: 'Asia/Singapore',
  openingHours: week,
  exceptions: [{ date: '2030-12-25', hours: null, reason: 'Christmas Day' }],
  serviceIds: ['express-facial'],
};
export const VIVO: HappeningStore = { ...ORCHARD, id: 'sg-vivocity', name: 'VivoCity', line1: '1 HarbourFront Walk, #01-112', postcode: '098585', exceptions: [], serviceIds: ['express-facial'] };

const POLICY = { bookAheadDays: 30, changeCutoffHours: 24, holdMinutes: 10 };

export const FACIAL: Activity = {
  id: 'express-facial',
  kind: 'service',
  groupId: 'skincare',
  name: 'Express Facial',
  summary: 'A quick glow before a night out.',
  description: 'Cleanse, mask and massage in 45 minutes.',
  durationMinutes: 45,
  price: { currency: 'SGD', amount: 45 },
  currencySymbol: 'S$',
  capacity: 1,
  policy: POLICY,
  storeIds: [ORCHARD.id, VIVO.id],
  teacher: null,
  questions: [{ id: 'skin-type', kind: 'choice', label: 'Your skin type', required: true, options: [{ value: 'dry', label: 'Dry' }, { value: 'oily', label: 'Oily' }], maxLength: null }],
};
export const MASTERCLASS: Activity = {
  ...FACIAL,
  id: 'makeup-masterclass',
  kind: 'class',
  groupId: 'classes',
  name: 'Makeup Masterclass',
  summary: 'Learn a full look.',
  description: 'Ninety minutes with a teacher and your own mirror.',
  durationMinutes: 90,
  price: { currency: 'SGD', amount: 88 },
  capacity: 8,
  teacher: 'Rachel Lim',
  storeIds: [ORCHARD.id],
  questions: [],
};
export const LAUNCH: Activity = { ...MASTERCLASS, id: 'new-season-launch', kind: 'event', groupId: 'events', name: 'New Season Launch', summary: 'Meet the brands.', price: null, capacity: 30, teacher: null, policy: { ...POLICY, changeCutoffHours: 48 } };

export const GROUPS: ActivityGroup[] = [
  { id: 'skincare', kind: 'service', name: 'Skincare', description: 'Facials and consultations.', activityIds: [FACIAL.id] },
  { id: 'classes', kind: 'class', name: 'Classes', description: 'Learn with our teachers.', activityIds: [MASTERCLASS.id] },
  { id: 'events', kind: 'event', name: 'Events', description: 'Evenings in store.', activityIds: [LAUNCH.id] },
];

const summary = ({ description: _d, teacher: _t, questions: _q, ...rest }: Activity) => rest;
export const SUMMARIES = [FACIAL, MASTERCLASS, LAUNCH].map(summary);

/** 2 December 2030 in Singapore, free at 10:00 (two artists) and 14:00 (Siti). */
export const DAYS: AvailableDays = { activityId: FACIAL.id, storeId: ORCHARD.id, timeZone: 'Asia/Singapore', from: '2030-11-30', to: '2030-12-30', days: ['2030-12-02', '2030-12-03'] };
export const TIMES: TimeSlots = {
  activityId: FACIAL.id,
  storeId: ORCHARD.id,
  timeZone: 'Asia/Singapore',
  date: '2030-12-02',
  slots: [
    { startsAt: '2030-12-02T02:00:00.000Z', endsAt: '2030-12-02T02:45:00.000Z', localTime: '10:00', seatsLeft: 2, artists: [{ id: 'sg-ion-mei', name: 'Mei Lin' }, { id: 'sg-ion-siti', name: 'Siti Rahman' }] },
    { startsAt: '2030-12-02T06:00:00.000Z', endsAt: '2030-12-02T06:45:00.000Z', localTime: '14:00', seatsLeft: 1, artists: [{ id: 'sg-ion-siti', name: 'Siti Rahman' }] },
  ],
};

export function holdOf(startsAt: string, expiresAt: string, artist: Hold['artist'] = { id: 'sg-ion-siti', name: 'Siti Rahman' }): Hold {
  return { id: 'hold-1', token: 'token-1', activityId: FACIAL.id, storeId: ORCHARD.id, startsAt, endsAt: new Date(Date.parse(startsAt) + 45 * 60_000).toISOString(), artist, expiresAt };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** A booking of the facial at `startsAt` (its cut-off 24 hours before). */
export function bookingAt(startsAt: string, overrides: Partial<Reservation> = {}): Reservation {
  const start = Date.parse(startsAt);
  const local = new Date(start + 8 * 3_600_000).toISOString();
  return {
    confirmationNumber: 'BK-7Q2M9XKD',
    status: 'confirmed',
    kind: 'service',
    country: 'SG',
    activity: { id: FACIAL.id, name: FACIAL.name, durationMinutes: 45, price: FACIAL.price, currencySymbol: 'S$' },
    store: { id: ORCHARD.id, name: ORCHARD.name, line1: ORCHARD.line1, city: ORCHARD.city, phone: ORCHARD.phone, timeZone: ORCHARD.timeZone },
    artist: { id: 'sg-ion-siti', name: 'Siti Rahman' },
    appointmentAt: startsAt,
    endsAt: iso(start + 45 * 60_000),
    date: local.slice(0, 10),
    localTime: local.slice(11, 16),
    changeCutoffAt: iso(start - 24 * 3_600_000),
    fullName: 'Tan Mei Ling',
    email: 'mei@example.com',
    phone: '',
    notes: '',
    answers: {},
    history: [{ status: 'confirmed', at: '2030-11-30T00:05:00.000Z' }],
    ...overrides,
  };
}

export type { Session };
