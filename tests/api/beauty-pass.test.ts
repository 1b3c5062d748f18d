import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { EARNING_POINTS } from '../../src/config/loyalty-points.ts';
import { BeautyPassStatusResponseSchema, PointsHistoryResponseSchema } from '../../src/contract/beauty-pass.ts';
import { rowsOf } from '../../src/server/db/query.ts';
import { BEAUTY_PASS_SEED_MEMBERS, BEAUTY_PASS_SEED_NON_MEMBER, BEAUTY_PASS_SEED_PASSWORD, beautyPassSeedEmail } from '../../src/server/db/seed/beauty-pass-members.ts';
import { todayIn } from '../../src/contract/calendar-day.ts';
import { tierMachine } from '../../machines/loyalty/tier.machine.ts';
import { call, registration, signIn } from '../helpers/account.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';
import { memberFacts } from '../helpers/loyalty.ts';

/* GET beauty-pass and friends through the app, on the seeded members (issue 15). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 0 });
});
afterAll(async () => {
  await t?.close();
});

const req = (method: string, path: string, options?: Parameters<typeof call>[3]) => call(t.app, method, path, options);

async function statusOf(cookie: string) {
  const response = await req('GET', '/beauty-pass', { cookie });
  expect(response.status).toBe(200);
  expect(response.headers.get('Cache-Control')).toBe('no-store');
  return v.parse(BeautyPassStatusResponseSchema, await response.json()).data;
}

/** The tier machine started on the served status, as the account's panel starts it. */
function machineState(status: Awaited<ReturnType<typeof statusOf>>): string {
  const actor = createActor(tierMachine, { input: { status: status.tier.status, thresholds: status.tier.thresholds, today: status.today } }).start();
  const value = actor.getSnapshot().value;
  actor.stop();
  if (typeof value === 'string') return value;
  const [tier, state] = Object.entries(value)[0] ?? [];
  return `${tier}.${String(state)}`;
}

const camel = (kebab: string) => kebab.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const STATES = BEAUTY_PASS_SEED_MEMBERS.filter((m) => /^(pink|white|black|gold)-/.test(m.key));

describe('seeded members drive the tier machine', () => {
  it('seeds one member per message state (18)', () => {
    expect(STATES).toHaveLength(18);
  });

  it.each(STATES.map((m) => m.key))('%s', async (key) => {
    const cookie = await signIn(t.app, beautyPassSeedEmail(key), BEAUTY_PASS_SEED_PASSWORD);
    const status = await statusOf(cookie);
    const [tier, ...state] = key.split('-');
    expect(machineState(status)).toBe(`${tier}.${camel(state.join('-'))}`);
    expect(status.today).toBe(todayIn('SG'));
    expect(status.points.balance).toBeGreaterThan(0);
    const history = v.parse(PointsHistoryResponseSchema, await (await req('GET', '/beauty-pass/points', { cookie })).json());
    expect(history.data.some((entry) => entry.source === 'purchase_points_with_order_number' && entry.orderNumber !== null && entry.reference === entry.orderNumber)).toBe(true);
    expect(history.data.reduce((sum, entry) => sum + entry.amount, 0)).toBe(status.points.balance);
  });

  it('a seen change is news no more: POST tier/seen (204, idempotent) moves just upgraded to the tier itself', async () => {
    const cookie = await signIn(t.app, beautyPassSeedEmail('gold-just-upgraded'), BEAUTY_PASS_SEED_PASSWORD);
    expect((await statusOf(cookie)).lastChange).toMatchObject({ from: 'black', to: 'gold', change: 'upgraded', reason: 'spend_reached', seen: false });
    for (let i = 0; i < 2; i += 1) expect((await req('POST', '/beauty-pass/tier/seen', { cookie, body: {} })).status).toBe(204);
    const status = await statusOf(cookie);
    expect(status.lastChange?.seen).toBe(true);
    expect(status.tier.status.lastChange).toBeNull();
    expect(machineState(status)).toBe('gold.downgradeWarning');
  });

  it('warns of points expiring within six weeks', async () => {
    const cookie = await signIn(t.app, beautyPassSeedEmail('points-expiring'), BEAUTY_PASS_SEED_PASSWORD);
    const { points } = await statusOf(cookie);
    expect(points.expiry).toMatchObject({ warning: true });
    expect(points.expiry?.daysLeft).toBeGreaterThanOrEqual(14);
    expect(points.expiry?.daysLeft).toBeLessThanOrEqual(42);
  });

  it('the failed renewal shows the closed year, and the last change is the one applied before', async () => {
    const cookie = await signIn(t.app, beautyPassSeedEmail('gold-failed-renewal'), BEAUTY_PASS_SEED_PASSWORD);
    const status = await statusOf(cookie);
    expect(status.tier.status).toMatchObject({ tier: 'gold', spend: 700, lastChange: null });
    expect(status.tier.status.yearEnd < status.today).toBe(true);
  });
});

describe('who may ask', () => {
  it('401 for a visitor, 404 not_member for a signed-in non-member', async () => {
    for (const [method, path] of [['GET', '/beauty-pass'], ['GET', '/beauty-pass/points'], ['POST', '/beauty-pass/tier/seen']] as const) {
      expect((await req(method, path, method === 'POST' ? { body: {} } : {})).status).toBe(401);
    }
    const cookie = await signIn(t.app, BEAUTY_PASS_SEED_NON_MEMBER, BEAUTY_PASS_SEED_PASSWORD);
    for (const [method, path] of [['GET', '/beauty-pass'], ['GET', '/beauty-pass/points'], ['POST', '/beauty-pass/tier/seen']] as const) {
      const response = await req(method, path, method === 'POST' ? { cookie, body: {} } : { cookie });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'not_member' });
    }
  });

  it('400 for a bad page', async () => {
    const cookie = await signIn(t.app, beautyPassSeedEmail('rich'), BEAUTY_PASS_SEED_PASSWORD);
    for (const page of ['0', 'x', '-1', '1.5', '99999999']) expect((await req('GET', `/beauty-pass/points?page=${page}`, { cookie })).status).toBe(400);
  });
});

describe('joining', () => {
  it('registration with the box ticked pays the registration points; joining later from the account too, once (409 already_member)', async () => {
    const body = registration();
    const registered = await req('POST', '/user', { body });
    expect(registered.status).toBe(201);
    const { data } = (await registered.json()) as { data: { id: number } };
    expect(await memberFacts(t.db, data.id)).toMatchObject({ tier: 'pink', points: EARNING_POINTS.registration, ledgerSum: EARNING_POINTS.registration, yearStart: todayIn('SG'), pointsActiveOn: todayIn('SG') });

    const later = registration({ consents: { personalInformation: true, thirdPartyDisclosure: true, policy: true, over14: true, marketing: false, beautyPass: false } });
    delete later['beautyPassTermsVariant'];
    const signedUp = await req('POST', '/user', { body: later });
    expect(signedUp.status).toBe(201);
    const cookie = await signIn(t.app, String(later['email']), String(later['password']));
    expect((await req('POST', '/beauty-pass/members', { cookie, body: { beautyPassTerms: false } })).status).toBe(400);
    const joined = await req('POST', '/beauty-pass/members', { cookie, body: { beautyPassTerms: true } });
    expect(joined.status).toBe(201);
    const status = v.parse(BeautyPassStatusResponseSchema, await joined.json()).data;
    expect(status.points.balance).toBe(EARNING_POINTS.registration);
    expect(machineState(status)).toBe('pink.inProgress');
    const again = await req('POST', '/beauty-pass/members', { cookie, body: { beautyPassTerms: true } });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'already_member' });
    const {
      data: { id },
    } = (await signedUp.json()) as { data: { id: number } };
    const consents = rowsOf<{ variant: string }>(await t.db.execute(sql`select variant from consents where user_id = ${id} and kind = 'beautyPass' and granted`));
    expect(consents).toEqual([{ variant: 'bp-terms-sg-2026-07' }]);
  });
});
