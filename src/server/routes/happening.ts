import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { ACTIVITIES, type ClassData, type EventData } from '../../config/activities.ts';
import { storesIn, type Store } from '../../config/stores.ts';
import { ActivityListQuerySchema, AvailableDaysQuerySchema, TimeSlotsQuerySchema } from '../../contract/happening.ts';
import { availableDays, timeSlots, upcomingSessions } from '../happening/availability.ts';
import { storeIn } from '../happening/calendar.ts';
import { activitiesIn, activityDetail, activityIn, activitySummary, groupsIn, happeningStore, questionsOf, storeIdsOf } from '../happening/catalogue.ts';
import type { HappeningDeps } from '../happening/deps.ts';
import { activityNotFound, storeNotFound } from '../happening/refusals.ts';
import { addDays } from '../happening/zoned-time.ts';
import { cacheCatalogue, NO_STORE } from '../http/cache.ts';
import { invalidRequest } from '../http/errors.ts';
import { siteOf, type AppEnv } from '../http/site.ts';
import { parseInput } from '../http/validate.ts';

/*
 * Happening, the catalogue side (spec §7 `booking-service/…`, `booking-services/…`,
 * `happening/services/activities`, `layouts/store-services/…`, and `stores` for find a store). What
 * is configuration (activities, groups, questions, stores) is cached like the catalogue; what
 * counts reservations (free days, free times, seats) is never stored.
 */

const IdParamSchema = v.object({ id: v.pipe(v.string(), v.maxLength(100)) });

function activityOf(c: Context<AppEnv>) {
  const { id } = parseInput(IdParamSchema, c.req.param(), 'param');
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
  const list = (c: Context<AppEnv>) => {
    const filter = parseInput(ActivityListQuerySchema, c.req.query(), 'query');
    cacheCatalogue(c);
    return c.json({ data: activitiesIn(siteOf(c), filter) }, 200);
  };
  // Each resource at its own prefix (app.ts mounts them): `booking-service`, `booking-services`, `happening`, `layouts/store-services`, `stores`.
  const bookingService = new Hono<AppEnv>()
    .get('/activities', list)
    .get('/activities/:id', (c) => {
      const data = activityDetail(activityOf(c), siteOf(c));
      cacheCatalogue(c);
      return c.json({ data }, 200);
    })
    .get('/questions/:id', (c) => {
      const data = questionsOf(activityOf(c), c.var.language);
      cacheCatalogue(c);
      return c.json({ data }, 200);
    })
    .get('/available-slots/:id', async (c) => {
      const activity = activityOf(c);
      const { storeId } = parseInput(AvailableDaysQuerySchema, c.req.query(), 'query');
      const data = await availableDays(db, activity, storeOf(c, storeId), now());
      return c.json({ data }, 200, { 'Cache-Control': NO_STORE });
    })
    .get('/time-slots/:id', async (c) => {
      const activity = activityOf(c);
      const { storeId, date } = parseInput(TimeSlotsQuerySchema, c.req.query(), 'query');
      // The pattern lets 2026-02-31 through: a day that does not exist is bad input, not an empty day.
      if (addDays(date, 0) !== date) throw invalidRequest([{ field: 'query.date', message: 'is not a day of the calendar' }]);
      const data = await timeSlots(db, activity, storeOf(c, storeId), date, now());
      return c.json({ data }, 200, { 'Cache-Control': NO_STORE });
    });
  const bookingServices = new Hono<AppEnv>()
    .get('/beauty-classes', async (c) => {
      const { country } = siteOf(c);
      const data = await upcomingSessions(db, sessionActivities(country, 'class'), storesIn(country), now());
      return c.json({ data }, 200, { 'Cache-Control': NO_STORE });
    })
    .get('/beauty-services', (c) => {
      cacheCatalogue(c);
      return c.json({ data: activitiesIn(siteOf(c), { kind: 'service' }) }, 200);
    })
    .get('/pages', (c) => {
      cacheCatalogue(c);
      return c.json({ data: groupsIn(siteOf(c)) }, 200);
    });
  const happening = new Hono<AppEnv>().get('/services/activities/:id', (c) => {
      const activity = activityOf(c);
      const site = siteOf(c);
      const stores = storeIdsOf(activity, site.country).map((id) => happeningStore(storeOf(c, id), site.language, now()));
      cacheCatalogue(c);
      return c.json({ data: { activity: activityDetail(activity, site), stores } }, 200);
    });
  const storeServices = new Hono<AppEnv>()
    .get('/activities', list)
    .get('/activity-groups', (c) => {
      cacheCatalogue(c);
      return c.json({ data: groupsIn(siteOf(c), 'service') }, 200);
    });
  const stores = new Hono<AppEnv>()
    .get('/', (c) => {
      const site = siteOf(c);
      cacheCatalogue(c);
      return c.json({ data: storesIn(site.country).map((store) => happeningStore(store, site.language, now())) }, 200);
    })
    .get('/:id', async (c) => {
      const { id } = parseInput(IdParamSchema, c.req.param(), 'param');
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
