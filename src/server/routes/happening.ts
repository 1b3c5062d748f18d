import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { ACTIVITIES, type ClassData, type EventData } from '../../config/activities.ts';
import { storesIn, type Store } from '../../config/stores.ts';
import { ActivityListQuerySchema, AvailableDaysQuerySchema, TimeSlotsQuerySchema, ActivityGroupListResponseSchema, ActivityListResponseSchema, ActivityPageResponseSchema, ActivityResponseSchema, AvailableDaysResponseSchema, QuestionsResponseSchema, SessionListResponseSchema, TimeSlotsResponseSchema, StoreListResponseSchema, StoreResponseSchema } from '../../contract/happening.ts';
import { availableDays, timeSlots, upcomingSessions } from '../happening/availability.ts';
import { storeIn } from '../happening/calendar.ts';
import { activitiesIn, activityDetail, activityIn, activitySummary, groupsIn, happeningStore, questionsOf, storeIdsOf } from '../happening/catalogue.ts';
import type { HappeningDeps } from '../happening/deps.ts';
import { activityNotFound, storeNotFound } from '../happening/refusals.ts';
import { addDays } from '../happening/zoned-time.ts';
import { cacheCatalogue, NO_STORE } from '../http/cache.ts';
import { invalidRequest } from '../http/errors.ts';
import { siteOf, type AppEnv } from '../http/site.ts';
import { endpoint, params, query } from '../openapi/declare.ts';

/*
 * Happening, the catalogue side (spec §7 `booking-service/…`, `booking-services/…`,
 * `happening/services/activities`, `layouts/store-services/…`, and `stores` for find a store). What
 * is configuration (activities, groups, questions, stores) is cached like the catalogue; what
 * counts reservations (free days, free times, seats) is never stored.
 */

const IdParamSchema = v.object({ id: v.pipe(v.string(), v.maxLength(100)) });
type IdInput = { out: { param: v.InferOutput<typeof IdParamSchema> } };

/** The activity `{id}` names (after `params(IdParamSchema)`), or 404. */
function activityOf(c: Context<AppEnv, string, IdInput>) {
  const { id } = c.req.valid('param');
  const activity = activityIn(c.var.country, id);
  if (!activity) throw activityNotFound();
  return activity;
}

function storeOf(c: Context<AppEnv>, storeId: string): Store {
  const store = storeIn(c.var.country, storeId);
  if (!store) throw storeNotFound();
  return store;
}

/** The country's classes or events (those with sessions in it). */
function sessionActivities(country: Store['country'], kind: 'class' | 'event'): (ClassData | EventData)[] {
  return ACTIVITIES.filter((activity): activity is ClassData | EventData => activity.kind === kind && storeIdsOf(activity, country).length > 0);
}

export function happeningRoutes(deps: HappeningDeps) {
  const { db } = deps;
  const now = () => deps.now().getTime();
  const list = (c: Context<AppEnv, string, { out: { query: v.InferOutput<typeof ActivityListQuerySchema> } }>) => {
    const filter = c.req.valid('query');
    cacheCatalogue(c);
    return c.json({ data: activitiesIn(siteOf(c), filter) }, 200);
  };
  // Each resource at its own prefix (app.ts mounts them): `booking-service`, `booking-services`, `happening`, `layouts/store-services`, `stores`.
  const bookingService = new Hono<AppEnv>()
    .get('/activities', endpoint({ id: 'bookingActivities.index', operation: 'index', description: "The country's bookable services, classes and events (filter by `kind`, `storeId`, `groupId`), with price, duration, capacity and policy.", status: 200, response: ActivityListResponseSchema }), query(ActivityListQuerySchema), list)
    .get('/activities/:id', endpoint({ id: 'bookingActivities.show', operation: 'show', description: 'One activity with its description, teacher and booking questions; 404 activity_not_found when the country has no such activity.', status: 200, response: ActivityResponseSchema, errors: { 404: 'No such activity in this country.' } }), params(IdParamSchema), (c) => {
      const data = activityDetail(activityOf(c), siteOf(c));
      cacheCatalogue(c);
      return c.json({ data }, 200);
    })
    .get('/questions/:id', endpoint({ id: 'bookingQuestions.show', operation: 'show', description: "The questions asked when booking the activity `{id}` (answered in reservation-service's `answers`).", status: 200, response: QuestionsResponseSchema, errors: { 404: 'No such activity in this country.' } }), params(IdParamSchema), (c) => {
      const data = questionsOf(activityOf(c), c.var.language);
      cacheCatalogue(c);
      return c.json({ data }, 200);
    })
    .get('/available-slots/:id', endpoint({ id: 'bookingAvailableSlots.show', operation: 'show', description: "The store-local days from today to the activity's last bookable day on which the activity `{id}` has a free time at `storeId` (computed in the store's time zone from its hours, exceptions, artists' hours, the duration and the reservations and live holds). Empty days: 'No Available Slots'.", status: 200, response: AvailableDaysResponseSchema, errors: { 404: 'No such activity in this country, or it takes no bookings.' } }), params(IdParamSchema), query(AvailableDaysQuerySchema), async (c) => {
      const activity = activityOf(c);
      const { storeId } = c.req.valid('query');
      const data = await availableDays(db, activity, storeOf(c, storeId), now());
      return c.json({ data }, 200, { 'Cache-Control': NO_STORE });
    })
    .get('/time-slots/:id', endpoint({ id: 'bookingTimeSlots.show', operation: 'show', description: "The free times of the activity `{id}` at `storeId` on the store-local `date`, each with its local time, places left and (services) the free artists. Empty: 'No time slots available'.", status: 200, response: TimeSlotsResponseSchema, errors: { 404: 'No such activity in this country, or it takes no bookings.' } }), params(IdParamSchema), query(TimeSlotsQuerySchema), async (c) => {
      const activity = activityOf(c);
      const { storeId, date } = c.req.valid('query');
      // The pattern lets 2026-02-31 through: a day that does not exist is bad input, not an empty day.
      if (addDays(date, 0) !== date) throw invalidRequest([{ field: 'query.date', message: 'is not a day of the calendar' }]);
      const data = await timeSlots(db, activity, storeOf(c, storeId), date, now());
      return c.json({ data }, 200, { 'Cache-Control': NO_STORE });
    });
  const bookingServices = new Hono<AppEnv>()
    .get('/beauty-classes', endpoint({ id: 'beautyClasses.index', operation: 'index', description: "The country's classes with their upcoming sessions' seats.", status: 200, response: SessionListResponseSchema }), async (c) => {
      const { country } = siteOf(c);
      const data = await upcomingSessions(db, sessionActivities(country, 'class'), storesIn(country), now());
      return c.json({ data }, 200, { 'Cache-Control': NO_STORE });
    })
    .get('/beauty-services', endpoint({ id: 'beautyServices.index', operation: 'index', description: "The country's services (as `booking-service/activities?kind=service`).", status: 200, response: ActivityListResponseSchema }), (c) => {
      cacheCatalogue(c);
      return c.json({ data: activitiesIn(siteOf(c), { kind: 'service' }) }, 200);
    })
    .get('/pages', endpoint({ id: 'bookingPages.index', operation: 'index', description: 'The happening landing: the activity groups of the country, in order.', status: 200, response: ActivityGroupListResponseSchema }), (c) => {
      cacheCatalogue(c);
      return c.json({ data: groupsIn(siteOf(c)) }, 200);
    });
  const happening = new Hono<AppEnv>().get('/services/activities/:id', endpoint({ id: 'happeningActivities.show', operation: 'show', description: "An activity's page in one answer: the activity and the stores of the country where it is booked.", status: 200, response: ActivityPageResponseSchema, errors: { 404: 'No such activity in this country.' } }), params(IdParamSchema), (c) => {
      const activity = activityOf(c);
      const site = siteOf(c);
      const stores = storeIdsOf(activity, site.country).map((id) => happeningStore(storeOf(c, id), site.language, now()));
      cacheCatalogue(c);
      return c.json({ data: { activity: activityDetail(activity, site), stores } }, 200);
    });
  const storeServices = new Hono<AppEnv>()
    .get('/activities', endpoint({ id: 'storeServiceActivities.index', operation: 'index', description: "The services list's activities by store (as `booking-service/activities`, filtered by `storeId`).", status: 200, response: ActivityListResponseSchema }), query(ActivityListQuerySchema), list)
    .get('/activity-groups', endpoint({ id: 'storeServiceActivityGroups.index', operation: 'index', description: "The services list's groups, in order.", status: 200, response: ActivityGroupListResponseSchema }), (c) => {
      cacheCatalogue(c);
      return c.json({ data: groupsIn(siteOf(c), 'service') }, 200);
    });
  const stores = new Hono<AppEnv>()
    .get('/', endpoint({ id: 'stores.index', operation: 'index', description: "The country's stores by city: address, phone, time zone, weekly hours, the coming weeks' exceptions (public holidays) and the services booked there.", status: 200, response: StoreListResponseSchema }), (c) => {
      const site = siteOf(c);
      cacheCatalogue(c);
      return c.json({ data: storesIn(site.country).map((store) => happeningStore(store, site.language, now())) }, 200);
    })
    .get('/:id', endpoint({ id: 'stores.show', operation: 'show', description: "A store with its upcoming events (store events) and their seats; 404 store_not_found outside the request's country.", status: 200, response: StoreResponseSchema, errors: { 404: 'No such store in this country.' } }), params(IdParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const site = siteOf(c);
      const store = storeOf(c, id);
      const events = sessionActivities(site.country, 'event');
      const sessions = await upcomingSessions(db, events, [store], now());
      const data = {
        store: happeningStore(store, site.language, now()),
        events: events
          .map((activity) => ({ activity: activitySummary(activity, site), sessions: sessions.filter((session) => session.activityId === activity.id) }))
          .filter((event) => event.sessions.length > 0),
      };
      return c.json({ data }, 200, { 'Cache-Control': NO_STORE });
    });
  return { bookingService, bookingServices, happening, storeServices, stores };
}
