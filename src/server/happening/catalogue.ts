import { ACTIVITIES, ACTIVITY_GROUPS, LONGEST_BOOK_AHEAD_DAYS, type ActivityData } from '../../config/activities.ts';
import { QUESTION_TEXTS } from '../../config/activity-texts.ts';
import { COUNTRIES, type CountryCode, type LanguageCode, type Site } from '../../config/countries.ts';
import { HOLIDAY_NAMES } from '../../config/public-holidays.ts';
import { LANGUAGES, type CatalogName } from '../../config/languages.ts';
import { storesIn, type Store } from '../../config/stores.ts';
import type { Activity, ActivityGroup, ActivityKind, ActivitySummary, BookingQuestion, HappeningStore } from '../../contract/happening.ts';
import type { Money } from '../../contract/site.ts';
import { money } from '../cart/bag.ts';
import { holidaysBetween, offeredAt, todayAt } from './calendar.ts';
import { addDays } from './zoned-time.ts';

/*
 * The happening catalogue in a request's country and language, from the data of src/config: what
 * can be booked, where, at what price, with which questions; the stores with their hours and
 * coming exceptions. No database: it is the configuration, shaped for the contract.
 */

export const catalogOf = (language: LanguageCode): CatalogName => LANGUAGES[language].catalog;

/** The activity's price in the country, null when it is free. */
export function priceOf(activity: ActivityData, country: CountryCode): Money | null {
  return activity.prices ? money(country, activity.prices[country]) : null;
}

export const capacityOf = (activity: ActivityData): number => (activity.kind === 'service' ? 1 : activity.capacity);

/** The country's stores where the activity is booked, in the stores' order. */
export function storeIdsOf(activity: ActivityData, country: CountryCode): string[] {
  return storesIn(country).filter((store) => offeredAt(activity, store.id)).map((store) => store.id);
}

export function activitySummary(activity: ActivityData, site: Site): ActivitySummary {
  const catalog = catalogOf(site.language);
  return {
    id: activity.id,
    kind: activity.kind,
    groupId: activity.groupId,
    name: activity.texts.name[catalog],
    summary: activity.texts.summary[catalog],
    durationMinutes: activity.durationMinutes,
    price: priceOf(activity, site.country),
    currencySymbol: COUNTRIES[site.country].currencySymbol,
    capacity: capacityOf(activity),
    policy: { ...activity.policy },
    storeIds: storeIdsOf(activity, site.country),
  };
}

export function questionsOf(activity: ActivityData, language: LanguageCode): BookingQuestion[] {
  const catalog = catalogOf(language);
  return activity.questions.map((question) => {
    const texts = QUESTION_TEXTS[question.id];
    const options: Readonly<Record<string, Readonly<Record<CatalogName, string>>>> = texts.options;
    return {
      id: question.id,
      kind: question.kind,
      label: texts.label[catalog],
      required: question.required,
      options: Object.entries(options).map(([value, label]) => ({ value, label: label[catalog] })),
      maxLength: question.maxLength,
    };
  });
}

export function activityDetail(activity: ActivityData, site: Site): Activity {
  return {
    ...activitySummary(activity, site),
    description: activity.texts.description[catalogOf(site.language)],
    teacher: activity.kind === 'class' ? activity.teachers[site.country] : null,
    questions: questionsOf(activity, site.language),
  };
}

/** An activity booked somewhere in the country (an id of another country's only is no activity there). */
export function activityIn(country: CountryCode, id: string): ActivityData | undefined {
  const activity = ACTIVITIES.find((candidate) => candidate.id === id);
  return activity && storeIdsOf(activity, country).length > 0 ? activity : undefined;
}

export interface ActivityFilter {
  kind?: ActivityKind | undefined;
  storeId?: string | undefined;
  groupId?: string | undefined;
}

/** The country's activities in the configuration's order, filtered. */
export function activitiesIn(site: Site, filter: ActivityFilter = {}): ActivitySummary[] {
  return ACTIVITIES.map((activity) => activitySummary(activity, site)).filter(
    (activity) =>
      activity.storeIds.length > 0 &&
      (filter.kind === undefined || activity.kind === filter.kind) &&
      (filter.groupId === undefined || activity.groupId === filter.groupId) &&
      (filter.storeId === undefined || activity.storeIds.includes(filter.storeId)),
  );
}

/** The landing's groups that have something to book in the country, in order (`kind` keeps one kind's). */
export function groupsIn(site: Site, kind?: ActivityKind): ActivityGroup[] {
  const catalog = catalogOf(site.language);
  const activities = activitiesIn(site);
  return ACTIVITY_GROUPS.filter((group) => kind === undefined || group.kind === kind)
    .map((group) => ({
      id: group.id,
      kind: group.kind,
      name: group.name[catalog],
      description: group.description[catalog],
      activityIds: activities.filter((activity) => activity.groupId === group.id).map((activity) => activity.id),
    }))
    .filter((group) => group.activityIds.length > 0);
}

/** A store for the happening and find-a-store screens: hours, the exceptions until the longest booking window's end, its services. */
export function happeningStore(store: Store, language: LanguageCode, now: number): HappeningStore {
  const catalog = catalogOf(language);
  const today = todayAt(store, now);
  return {
    id: store.id,
    country: store.country,
    name: store.name,
    line1: store.line1,
    city: store.city,
    postcode: store.postcode,
    phone: store.phone,
    timeZone: store.timeZone,
    openingHours: { ...store.openingHours },
    exceptions: holidaysBetween(store, today, addDays(today, LONGEST_BOOK_AHEAD_DAYS)).map((holiday) => ({ date: holiday.date, hours: holiday.hours, reason: HOLIDAY_NAMES[holiday.name][catalog] })),
    serviceIds: ACTIVITIES.filter((activity) => activity.kind === 'service' && offeredAt(activity, store.id)).map((activity) => activity.id),
  };
}
