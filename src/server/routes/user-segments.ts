import { asc } from 'drizzle-orm';
import { Hono } from 'hono';
import { requireAccess, type AuthEnv } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import type { Db } from '../db/client.ts';
import { userSegments } from '../db/schema.ts';
import { requireStaff } from '../preview/preview.ts';
import { endpoint } from '../openapi/declare.ts';
import { UserSegmentListSchema } from '../../contract/account.ts';

/** `GET sea-falcon/all-user-segments`: the segments staff can preview as (spec §7). */
export function userSegmentRoutes(db: Db, auth: AuthService) {
  return new Hono<AuthEnv>().get('/all-user-segments', endpoint({ id: 'userSegments.index', operation: 'index', description: 'Staff only: the user segments content can be previewed for (403 for shoppers).', status: 200, response: UserSegmentListSchema, auth: true, errors: { 403: 'Only for staff.' } }), requireAccess(auth), requireStaff, async (c) => {
    const rows = await db.select().from(userSegments).orderBy(asc(userSegments.key));
    return c.json({ data: rows.map((row) => ({ key: row.key, name: row.name })) }, 200);
  });
}
