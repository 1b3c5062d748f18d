import type { BeautyPassStatus, PointsEntry, Reward, RewardList } from '../../src/contract/beauty-pass.ts';
import type { MemberTierStatus } from '../../src/contract/loyalty.ts';
import { TIER_THRESHOLDS } from '../../src/config/tiers.ts';

/*
 * Example answers in the contract's shapes, for the models (the visualizer, the generated tests)
 * and the component tests: a Singapore member on 1 March 2026.
 */

export const FIXTURE_TODAY = '2026-03-01';

/** A member's `GET beauty-pass` with `tier` as given (black, mid-year, nothing new by default). */
export function memberStatus(tier: Partial<MemberTierStatus> = {}, more: Partial<BeautyPassStatus> = {}): BeautyPassStatus {
  return {
    tier: { status: { tier: 'black', spend: 120, yearEnd: '2026-09-30', lastChange: null, ...tier }, thresholds: TIER_THRESHOLDS.SG },
    today: FIXTURE_TODAY,
    yearStart: '2025-10-01',
    lastChange: null,
    points: { balance: 1250, expiry: { on: '2027-08-31', amount: 1250, daysLeft: 548, warning: false }, lastActivityOn: '2026-02-28' },
    joinedAt: '2024-10-01T02:00:00.000Z',
    ...more,
  };
}

export const BLACK_MEMBER: BeautyPassStatus = memberStatus();

/** The error the API client throws for `GET beauty-pass` of a signed-in shopper who has not joined. */
export const NOT_MEMBER_ERROR = { kind: 'http', status: 404, body: { code: 'not_member', message: 'Not a Beauty Pass member', status: 404 } };
export const SERVER_ERROR = { kind: 'http', status: 500, body: { code: 'internal', message: 'Internal Server Error', status: 500 } };
export const OFFLINE_ERROR = { kind: 'network', status: null, body: null };

/** A 409 refusal of `POST cart/rewards`, as the API client throws it. */
export function rewardRefusalError(code: string) {
  return { kind: 'http', status: 409, body: { code, message: code, status: 409 } };
}

export function reward(id: number, more: Partial<Reward> = {}): Reward {
  return {
    id,
    name: `Deluxe sample ${id}`,
    description: 'A travel size of a favourite.',
    imageUrl: `/media/rewards/${id}.jpg`,
    pointsCost: 100 * id,
    tiers: ['pink', 'white', 'black', 'gold'],
    stock: { state: 'in_stock', available: 20 },
    refusal: null,
    ...more,
  };
}

export const REWARD_LIST: RewardList = {
  data: [reward(1), reward(2, { name: 'Makeup pouch', stock: { state: 'low_stock', available: 1 } }), reward(5, { name: 'Makeup service voucher', tiers: ['black', 'gold'], refusal: 'points' })],
  meta: { balance: 300, tier: 'black' },
};

export function pointsEntry(id: number, more: Partial<PointsEntry> = {}): PointsEntry {
  return { id, source: 'purchase_points_with_order_number', amount: 45, at: '2026-02-28T06:30:00.000Z', reference: 'SG10000042', orderNumber: 'SG10000042', ...more };
}
