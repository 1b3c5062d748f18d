import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARNING_POINTS } from '../../src/config/loyalty-points.ts';
import { PointsHistoryResponseSchema } from '../../src/contract/beauty-pass.ts';
import { ProductListResponseSchema } from '../../src/contract/catalog.ts';
import { call, registration, signIn } from '../helpers/account.ts';
import { insertUser } from '../helpers/auth.ts';
import { memberFacts } from '../helpers/loyalty.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/* Points besides orders (issue 15): a published review (once per review), the completed beauty profile (once), joining with a completed profile. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 4 });
});
afterAll(async () => {
  await t?.close();
});

const req = (method: string, path: string, options?: Parameters<typeof call>[3]) => call(t.app, method, path, options);
const FULL_PROFILE = { skinType: 'combination', skinConcerns: ['pores'], hairType: 'wavy', hairConcerns: [], eyeColour: 'brown', skinTone: 'medium', undertone: 'warm', finish: 'dewy' };
const REVIEW = { rating: 5, title: 'Lovely', text: 'Soft and lasts all day long.' };

async function newMember(): Promise<{ id: number; cookie: string }> {
  const body = registration();
  const response = await req('POST', '/user', { body });
  expect(response.status).toBe(201);
  const { data } = (await response.json()) as { data: { id: number } };
  return { id: data.id, cookie: await signIn(t.app, String(body['email']), String(body['password'])) };
}

async function products(): Promise<{ slug: string; name: string }[]> {
  return v.parse(ProductListResponseSchema, await (await req('GET', '/products?per_page=3')).json()).data.map((p) => ({ slug: p.slug, name: p.name }));
}

describe('earning', () => {
  it('a review pays its points once, named by the product; a second review of the same product pays nothing', async () => {
    const member = await newMember();
    const [first, second] = await products();
    if (!first || !second) throw new Error('the seeded catalogue is too small');
    expect((await req('POST', `/products/${first.slug}/reviews`, { cookie: member.cookie, body: REVIEW })).status).toBe(201);
    expect((await req('POST', `/products/${first.slug}/reviews`, { cookie: member.cookie, body: REVIEW })).status).toBe(409);
    expect((await req('POST', `/products/${second.slug}/reviews`, { cookie: member.cookie, body: REVIEW })).status).toBe(201);
    const facts = await memberFacts(t.db, member.id);
    expect(facts).toMatchObject({ points: EARNING_POINTS.registration + 2 * EARNING_POINTS.review, ledgerSum: EARNING_POINTS.registration + 2 * EARNING_POINTS.review });
    // An earn does not restart the points' clock (only a purchase or a redemption does).
    expect(facts.pointsActiveOn).toBe(facts.yearStart);
    const history = v.parse(PointsHistoryResponseSchema, await (await req('GET', '/beauty-pass/points', { cookie: member.cookie })).json());
    const reviews = history.data.filter((entry) => entry.source === 'product_review_with_name');
    expect(reviews.map((entry) => entry.reference).sort()).toEqual([first.name, second.name].sort());
    expect(history.meta).toEqual({ page: 1, perPage: 20, total: 3, totalPages: 1 });
  });

  it('a non-member reviewing earns nothing and is not made a member', async () => {
    const user = await insertUser(t.db);
    const cookie = await signIn(t.app, user.email, user.password);
    const [product] = await products();
    expect((await req('POST', `/products/${product?.slug ?? ''}/reviews`, { cookie, body: REVIEW })).status).toBe(201);
    expect((await req('GET', '/beauty-pass', { cookie })).status).toBe(404);
  });

  it('the completed beauty profile pays once, however often it is saved', async () => {
    const member = await newMember();
    expect((await req('PUT', '/beauty-profile', { cookie: member.cookie, body: { ...FULL_PROFILE, finish: null } })).status).toBe(200);
    expect((await memberFacts(t.db, member.id)).points).toBe(EARNING_POINTS.registration);
    for (const finish of ['dewy', 'matte', 'dewy']) expect((await req('PUT', '/beauty-profile', { cookie: member.cookie, body: { ...FULL_PROFILE, finish } })).status).toBe(200);
    expect(await memberFacts(t.db, member.id)).toMatchObject({ points: EARNING_POINTS.registration + EARNING_POINTS.beautyProfile, ledgerSum: EARNING_POINTS.registration + EARNING_POINTS.beautyProfile });
  });

  it('a shopper who completed the profile before joining gets its points on joining', async () => {
    const user = await insertUser(t.db);
    const cookie = await signIn(t.app, user.email, user.password);
    expect((await req('PUT', '/beauty-profile', { cookie, body: FULL_PROFILE })).status).toBe(200);
    expect((await req('POST', '/beauty-pass/members', { cookie, body: { beautyPassTerms: true } })).status).toBe(201);
    expect(await memberFacts(t.db, user.id)).toMatchObject({ points: EARNING_POINTS.registration + EARNING_POINTS.beautyProfile, ledgerSum: EARNING_POINTS.registration + EARNING_POINTS.beautyProfile });
    expect((await req('GET', '/account', { cookie })).status).toBe(200);
    const account = (await (await req('GET', '/account', { cookie })).json()) as { data: { beautyPass: { points: number; tier: string } } };
    expect(account.data.beautyPass).toMatchObject({ tier: 'pink', points: EARNING_POINTS.registration + EARNING_POINTS.beautyProfile });
  });
});
