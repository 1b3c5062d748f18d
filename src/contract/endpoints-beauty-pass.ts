import { BeautyPassStatusResponseSchema, JoinBeautyPassSchema, PointsHistoryQuerySchema, PointsHistoryResponseSchema } from './beauty-pass.ts';
import type { Endpoint } from './endpoints.ts';

const JSON_TYPE = 'application/json';

/**
 * Beauty Pass for members (issue 15): `beauty-pass/…` (status, points history, tier news seen,
 * joining). Part of `ENDPOINTS`. A signed-in shopper who is not a member gets 404 `not_member`
 * from the member reads.
 */
export const BEAUTY_PASS_ENDPOINTS: readonly Endpoint[] = [
  {
    id: 'beautyPass.index',
    method: 'GET',
    path: 'beauty-pass',
    operation: 'index',
    description:
      "The member's Beauty Pass: the tier machine's status (the closed year's while a downgrade waits out its notice) with the country's thresholds, the last tier change and why, the points balance with its expiry date and warning, in the member's calendar. 404 not_member for a signed-in non-member.",
    status: 200,
    contentType: JSON_TYPE,
    response: BeautyPassStatusResponseSchema,
    auth: true,
  },
  {
    id: 'beautyPassPoints.index',
    method: 'GET',
    path: 'beauty-pass/points',
    operation: 'index',
    description: 'A page of the points history, newest first: source key, amount, when, the order number or product name it names. 404 not_member for a non-member.',
    status: 200,
    contentType: JSON_TYPE,
    query: PointsHistoryQuerySchema,
    response: PointsHistoryResponseSchema,
    auth: true,
  },
  {
    id: 'beautyPassTierSeen.create',
    method: 'POST',
    path: 'beauty-pass/tier/seen',
    operation: 'create',
    description: 'The member has read the tier change message (upgraded, renewed, downgraded): it is not served as news again. Idempotent; 404 not_member.',
    status: 204,
    contentType: null,
    auth: true,
  },
  {
    id: 'beautyPassMembers.create',
    method: 'POST',
    path: 'beauty-pass/members',
    operation: 'create',
    description: "A signed-in shopper joins Beauty Pass, agreeing to their country's terms: pink, the registration points, a year from today. Answers the new status; 409 already_member.",
    status: 201,
    contentType: JSON_TYPE,
    body: JoinBeautyPassSchema,
    response: BeautyPassStatusResponseSchema,
    auth: true,
  },
];
