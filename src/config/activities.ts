import type { CountryCode } from './countries.ts';
import { ACTIVITY_TEXTS, GROUP_TEXTS, type ActivityId, type ActivityTexts, type GroupId, type Localized, type QuestionId } from './activity-texts.ts';
import type { Weekday } from './stores.ts';

/*
 * What can be booked in the stores (issue 14): services (one artist, one shopper), classes (seats,
 * a teacher, a weekly time) and events (seats, a date that comes back every few weeks). Data, never
 * branches in code: the server computes slots and sessions from it, the SPA shows it through the
 * API. Texts are in activity-texts.ts; the artists who do the services in artists.ts.
 *
 * Prices are minor units (1/100) of each country's currency, tax included, as the catalogue's are;
 * a free activity has none. Times are the store's local wall-clock time.
 */

export interface ActivityPolicyData {
  /** The last bookable day is today + this many days, in the store's calendar. */
  bookAheadDays: number;
  /** Cancel and reschedule close this many hours before the start. */
  changeCutoffHours: number;
  /** How long a chosen time is held while the shopper fills the form. */
  holdMinutes: number;
}

export interface QuestionData {
  id: QuestionId;
  kind: 'text' | 'choice' | 'yesNo';
  required: boolean;
  /** For `text`: at most this many characters. */
  maxLength: number | null;
}

/** A class's session: every week on `weekday` at `time` at the store. */
export interface WeeklySession {
  storeId: string;
  weekday: Weekday;
  time: string;
}

/** An event's session: on `anchor` (`YYYY-MM-DD`) at `time`, and every `everyWeeks` weeks before and after it, so it never goes stale. */
export interface RecurringSession {
  storeId: string;
  anchor: string;
  everyWeeks: number;
  time: string;
}

interface ActivityBase {
  id: ActivityId;
  groupId: GroupId;
  texts: ActivityTexts;
  durationMinutes: number;
  /** Minor units per country; null: free everywhere. */
  prices: Readonly<Record<CountryCode, number>> | null;
  policy: ActivityPolicyData;
  questions: readonly QuestionData[];
}

export interface ServiceData extends ActivityBase {
  kind: 'service';
  /** The stores that offer it (each must have an artist who does it: tests/api/happening-config.test.ts). */
  storeIds: readonly string[];
}

export interface ClassData extends ActivityBase {
  kind: 'class';
  /** Seats of each session. */
  capacity: number;
  /** Who teaches it in each country. */
  teachers: Readonly<Record<CountryCode, string>>;
  sessions: readonly WeeklySession[];
}

export interface EventData extends ActivityBase {
  kind: 'event';
  capacity: number;
  sessions: readonly RecurringSession[];
}

export type ActivityData = ServiceData | ClassData | EventData;

export interface ActivityGroupData {
  id: GroupId;
  kind: ActivityData['kind'];
  name: Localized;
  description: Localized;
}

/** A service's times start this far apart, counted from the store's opening (src/server/happening/slots.ts). */
export const SLOT_GRID_MINUTES = 30;

const SERVICE_POLICY: ActivityPolicyData = { bookAheadDays: 30, changeCutoffHours: 24, holdMinutes: 10 };
const CLASS_POLICY: ActivityPolicyData = { bookAheadDays: 42, changeCutoffHours: 24, holdMinutes: 10 };
const EVENT_POLICY: ActivityPolicyData = { bookAheadDays: 60, changeCutoffHours: 48, holdMinutes: 10 };

const question = (id: QuestionId, kind: QuestionData['kind'], required: boolean, maxLength: number | null = null): QuestionData => ({ id, kind, required, maxLength });
const SKIN_TYPE = question('skin-type', 'choice', true);
const ALLERGIES = question('allergies', 'text', false, 200);

/** Prices in the order AU, HK, ID, MY, NZ, PH, SG, TH (COUNTRY_CODES'), minor units. */
function prices(au: number, hk: number, id: number, my: number, nz: number, ph: number, sg: number, th: number): Record<CountryCode, number> {
  return { AU: au, HK: hk, ID: id, MY: my, NZ: nz, PH: ph, SG: sg, TH: th };
}

/** Every store with services (Jewel Changi, an airport store, has no room for them). */
export const SERVICE_STORE_IDS = [
  'sg-ion-orchard', 'sg-vivocity', 'sg-tampines-mall', 'au-westfield-sydney', 'au-melbourne-central', 'hk-times-square', 'hk-harbour-city', 'id-grand-indonesia',
  'id-pakuwon-mall', 'my-pavilion-kl', 'my-mid-valley', 'nz-commercial-bay', 'nz-westfield-riccarton', 'ph-sm-megamall', 'ph-greenbelt', 'th-siam-paragon', 'th-centralworld',
] as const;

/** Each country's flagship (the first store above of its country): bridal trials, launches and Saturday classes. */
const FLAGSHIPS = ['sg-ion-orchard', 'au-westfield-sydney', 'hk-times-square', 'id-grand-indonesia', 'my-pavilion-kl', 'nz-commercial-bay', 'ph-sm-megamall', 'th-siam-paragon'] as const;
/** Each country's second store. */
const SECONDS = ['sg-vivocity', 'au-melbourne-central', 'hk-harbour-city', 'id-pakuwon-mall', 'my-mid-valley', 'nz-westfield-riccarton', 'ph-greenbelt', 'th-centralworld'] as const;

/** Stores that close before 19:30 on some evenings keep their evening sessions earlier. */
const EARLY_EVENINGS: Readonly<Record<string, string>> = { 'au-melbourne-central': '17:00', 'nz-westfield-riccarton': '16:00' };

const weekly = (storeIds: readonly string[], weekday: Weekday, time: string): WeeklySession[] => storeIds.map((storeId) => ({ storeId, weekday, time }));

export const ACTIVITIES: readonly ActivityData[] = [
  {
    id: 'signature-makeup', kind: 'service', groupId: 'makeup', texts: ACTIVITY_TEXTS['signature-makeup'], durationMinutes: 60,
    prices: prices(8_500, 42_000, 65_000_000, 19_000, 9_000, 250_000, 6_500, 180_000), policy: SERVICE_POLICY,
    questions: [SKIN_TYPE, question('occasion', 'choice', false), ALLERGIES], storeIds: SERVICE_STORE_IDS,
  },
  {
    id: 'brow-shaping', kind: 'service', groupId: 'makeup', texts: ACTIVITY_TEXTS['brow-shaping'], durationMinutes: 30,
    prices: prices(4_500, 22_000, 25_000_000, 8_000, 4_900, 120_000, 3_500, 79_000), policy: SERVICE_POLICY,
    questions: [ALLERGIES], storeIds: SERVICE_STORE_IDS,
  },
  {
    id: 'bridal-trial', kind: 'service', groupId: 'makeup', texts: ACTIVITY_TEXTS['bridal-trial'], durationMinutes: 90,
    prices: prices(18_000, 98_000, 150_000_000, 45_000, 19_500, 600_000, 15_000, 450_000), policy: SERVICE_POLICY,
    questions: [SKIN_TYPE, question('wedding-date', 'text', true, 40), ALLERGIES], storeIds: FLAGSHIPS,
  },
  {
    id: 'express-facial', kind: 'service', groupId: 'skincare', texts: ACTIVITY_TEXTS['express-facial'], durationMinutes: 45,
    prices: prices(6_900, 36_000, 45_000_000, 15_000, 7_500, 220_000, 5_500, 150_000), policy: SERVICE_POLICY,
    questions: [SKIN_TYPE, ALLERGIES], storeIds: SERVICE_STORE_IDS,
  },
  {
    id: 'skin-consultation', kind: 'service', groupId: 'skincare', texts: ACTIVITY_TEXTS['skin-consultation'], durationMinutes: 30,
    prices: prices(2_500, 12_000, 15_000_000, 5_000, 2_900, 80_000, 2_000, 50_000), policy: SERVICE_POLICY,
    questions: [SKIN_TYPE], storeIds: SERVICE_STORE_IDS,
  },
  {
    id: 'makeup-masterclass', kind: 'class', groupId: 'classes', texts: ACTIVITY_TEXTS['makeup-masterclass'], durationMinutes: 90, capacity: 8,
    prices: prices(9_900, 58_000, 80_000_000, 23_000, 10_500, 350_000, 8_800, 250_000), policy: CLASS_POLICY,
    questions: [question('experience', 'choice', true)],
    teachers: { AU: 'Chloe Nguyen', HK: 'Vivian Chan', ID: 'Dewi Lestari', MY: 'Nurul Aina', NZ: 'Aroha Walker', PH: 'Bea Reyes', SG: 'Rachel Lim', TH: 'Ploy Srisuk' },
    sessions: [...weekly(FLAGSHIPS, 'sat', '14:00'), ...weekly(SECONDS, 'sun', '13:00'), ...weekly(['sg-tampines-mall'], 'tue', '19:00')],
  },
  {
    id: 'skincare-basics', kind: 'class', groupId: 'classes', texts: ACTIVITY_TEXTS['skincare-basics'], durationMinutes: 60, capacity: 10,
    prices: prices(5_500, 28_000, 40_000_000, 12_000, 5_900, 180_000, 4_500, 120_000), policy: CLASS_POLICY,
    questions: [SKIN_TYPE, ALLERGIES],
    teachers: { AU: 'Emily Tran', HK: 'Karen Lau', ID: 'Ayu Pratiwi', MY: 'Wong Mei Yee', NZ: 'Sophie Henare', PH: 'Carla Mendoza', SG: 'Grace Koh', TH: 'Nok Chaiyaporn' },
    sessions: [...weekly(FLAGSHIPS, 'sun', '11:00'), ...weekly(SECONDS, 'thu', '17:00')],
  },
  {
    id: 'new-season-launch', kind: 'event', groupId: 'events', texts: ACTIVITY_TEXTS['new-season-launch'], durationMinutes: 120, capacity: 30,
    prices: null, policy: EVENT_POLICY, questions: [question('first-event', 'yesNo', false)],
    sessions: FLAGSHIPS.map((storeId) => ({ storeId, anchor: '2026-01-03', everyWeeks: 4, time: '15:00' })),
  },
  {
    id: 'fragrance-evening', kind: 'event', groupId: 'events', texts: ACTIVITY_TEXTS['fragrance-evening'], durationMinutes: 90, capacity: 16,
    prices: prices(3_500, 18_000, 30_000_000, 8_000, 3_900, 100_000, 3_000, 70_000), policy: EVENT_POLICY, questions: [question('first-event', 'yesNo', false)],
    sessions: SECONDS.map((storeId) => ({ storeId, anchor: '2026-01-09', everyWeeks: 2, time: EARLY_EVENINGS[storeId] ?? '18:30' })),
  },
];

/** The landing's groups, in the order it shows them. */
export const ACTIVITY_GROUPS: readonly ActivityGroupData[] = [
  { id: 'makeup', kind: 'service', ...GROUP_TEXTS.makeup },
  { id: 'skincare', kind: 'service', ...GROUP_TEXTS.skincare },
  { id: 'classes', kind: 'class', ...GROUP_TEXTS.classes },
  { id: 'events', kind: 'event', ...GROUP_TEXTS.events },
];

const BY_ID: ReadonlyMap<string, ActivityData> = new Map(ACTIVITIES.map((activity) => [activity.id, activity]));

/** The activity of an id (any string a request sends), if there is one. */
export function activityById(id: string): ActivityData | undefined {
  return BY_ID.get(id);
}

/** The longest `bookAheadDays` of any activity: how far ahead a store's exceptions matter. */
export const LONGEST_BOOK_AHEAD_DAYS = Math.max(...ACTIVITIES.map((activity) => activity.policy.bookAheadDays));
