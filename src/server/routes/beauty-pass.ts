import { Hono } from 'hono';
import { isCountryCode } from '../../config/countries.ts';
import { JoinBeautyPassSchema, PointsHistoryQuerySchema, BeautyPassStatusResponseSchema, PointsHistoryResponseSchema } from '../../contract/beauty-pass.ts';
import { requireAccess, unauthorized, type AuthEnv } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import type { Db } from '../db/client.ts';
import { NO_STORE } from '../http/cache.ts';
import { ApiError } from '../http/errors.ts';
import { joinBeautyPass } from '../loyalty/join.ts';
import { lockMember, readMember } from '../loyalty/ledger.ts';
import { markTierSeen } from '../loyalty/seen.ts';
import { beautyPassStatus, pointsHistory } from '../loyalty/status.ts';
import { beautyProfileOf } from '../account/beauty-profile.ts';
import { signedInUser } from '../account/session.ts';
import { endpoint, jsonBody, query } from '../openapi/declare.ts';

/** A signed-in shopper who has not joined (404 `not_member`): the screens offer joining instead. */
export const NOT_MEMBER_MESSAGE = 'Not a Beauty Pass member';
/** `POST beauty-pass/members` by a member (409 `already_member`). */
export const ALREADY_MEMBER_MESSAGE = 'Already a Beauty Pass member';

const notMember = () => new ApiError(404, NOT_MEMBER_MESSAGE, undefined, { code: 'not_member' });

/** `beauty-pass/…`: a member's status, points history, tier news seen, joining (issue 15). */
export function beautyPassRoutes(db: Db, auth: AuthService) {
  const now = () => new Date(auth.now());
  const userIdOf = (c: { var: { auth: { sub: string } } }) => Number(c.var.auth.sub);

  return new Hono<AuthEnv>()
    .get('/', endpoint({ id: 'beautyPass.index', operation: 'index', description: "The member's Beauty Pass: the tier machine's status (the closed year's while a downgrade waits out its notice) with the country's thresholds, the last tier change and why, the points balance with its expiry date and warning, in the member's calendar. 404 not_member for a signed-in non-member.", status: 200, response: BeautyPassStatusResponseSchema, auth: true, errors: { 404: 'The account is not a Beauty Pass member.' } }), requireAccess(auth), async (c) => {
      const status = await beautyPassStatus(db, userIdOf(c), now());
      if (!status) throw notMember();
      return c.json({ data: status }, 200, { 'Cache-Control': NO_STORE });
    })
    .get('/points', endpoint({ id: 'beautyPassPoints.index', operation: 'index', description: 'A page of the points history, newest first: source key, amount, when, the order number or product name it names. 404 not_member for a non-member.', status: 200, response: PointsHistoryResponseSchema, auth: true, errors: { 404: 'The account is not a Beauty Pass member.' } }), requireAccess(auth), query(PointsHistoryQuerySchema), async (c) => {
      const query = c.req.valid('query');
      const member = await readMember(db, userIdOf(c));
      if (!member) throw notMember();
      return c.json(await pointsHistory(db, member, query.page ?? 1, now()), 200, { 'Cache-Control': NO_STORE });
    })
    .post('/tier/seen', endpoint({ id: 'beautyPassTierSeen.create', operation: 'create', description: 'The member has read the tier change message (upgraded, renewed, downgraded): it is not served as news again. Idempotent; 404 not_member.', status: 204, contentType: null, auth: true, errors: { 404: 'The account is not a Beauty Pass member.' } }), requireAccess(auth), async (c) => {
      const seen = await markTierSeen(db, userIdOf(c), now());
      if (!seen) throw notMember();
      return c.body(null, 204);
    })
    .post('/members', endpoint({ id: 'beautyPassMembers.create', operation: 'create', description: "A signed-in shopper joins Beauty Pass, agreeing to their country's terms: pink, the registration points, a year from today. Answers the new status; 409 already_member.", status: 201, response: BeautyPassStatusResponseSchema, auth: true, errors: { 409: 'Already a member.' } }), requireAccess(auth), jsonBody(JoinBeautyPassSchema), async (c) => {
      c.req.valid('json');
      const user = await signedInUser(db, c);
      // Every account has one of the eight (registration's schema); an odd row is not a session to trust.
      if (!isCountryCode(user.country)) throw unauthorized();
      const country = user.country;
      const { completed } = await beautyProfileOf(db, user.id);
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        // Locked first when there: a member's second tab answers 409 without touching anything.
        if (await lockMember(tx, user.id)) return 'already_member' as const;
        return joinBeautyPass(tx, { userId: user.id, country, now: at, recordConsent: true, profileCompleted: completed });
      });
      if (outcome === 'already_member') throw new ApiError(409, ALREADY_MEMBER_MESSAGE, undefined, { code: 'already_member' });
      const status = await beautyPassStatus(db, user.id, at);
      if (!status) throw new Error('the new member is not there');
      return c.json({ data: status }, 201);
    });
}
