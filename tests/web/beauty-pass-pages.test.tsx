// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, test } from 'vitest';
import { memberStatus, NOT_MEMBER_ERROR, pointsEntry } from '../../machines/loyalty/beauty-pass.fixtures.ts';
import { POINT_SOURCES } from '../../src/contract/points.ts';
import type { BeautyPassOffer, PointsEntry } from '../../src/contract/beauty-pass.ts';
import { data, happeningFetch } from '../helpers/happening-fetch.ts';
import { renderApp } from '../helpers/render-app.tsx';

/*
 * The points page and the offers list (issue 15) through the whole app, the loyalty API over the
 * real client and a scripted server.
 */

beforeAll(() => Promise.all([import('../../src/web/features/loyalty/points-screen.tsx'), import('../../src/web/features/loyalty/offers-screen.tsx')]), 60_000);

const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0|\u202f/g, ' ').replace(/\s+/g, ' ').trim();

/** One row per source key, newest first; the order rows carry their number, the review its product's name. */
const EVERY_SOURCE: PointsEntry[] = POINT_SOURCES.map((source, index) => {
  const order = source === 'purchase_points_with_order_number' || source === 'used_points';
  return pointsEntry(100 - index, {
    source,
    amount: source === 'used_points' || source === 'expired_points' ? -200 : 50,
    reference: order ? 'SG10000042' : source === 'product_review_with_name' ? 'Rose Glow Serum' : null,
    orderNumber: order ? 'SG10000042' : null,
  });
});

const SENTENCES: Record<string, string> = {
  manual_points_adjustment: 'Points adjusted by our customer care team',
  level_redemption: 'Points redeemed for a tier reward',
  expired_points: 'Points expired after 18 months without a purchase or reward redemption',
  survey_points: 'Points for completing a survey',
  used_points: 'Points used for a reward with order SG10000042',
  beauty_pass_registration: 'Welcome points for joining Beauty Pass',
  loyalty_points: 'Loyalty points',
  online_review: 'Points for writing an online review',
  published_review: 'Points for your published review',
  completed_beauty_profile: 'Points for completing your beauty profile',
  downloaded_mobile_app: 'Points for downloading our mobile app',
  referred_mobile_app: 'Points for referring a friend to our mobile app',
  bonus_points: 'Bonus points',
  purchase_points: 'Points for a purchase',
  purchase_points_with_order_number: 'Points for order SG10000042',
  product_review_with_name: 'Points for your review of Rose Glow Serum',
};

function pointsServer(pages: Record<string, PointsEntry[]>, total = 16) {
  return happeningFetch({
    'GET beauty-pass': () => data(memberStatus()),
    'GET beauty-pass/points': ({ query }) => ({ body: { data: pages[query.page ?? '1'] ?? [], meta: { page: Number(query.page ?? 1), perPage: 20, total, totalPages: Math.ceil(total / 20) } } }),
  });
}

describe('/account/points', () => {
  test('the balance and expiry, then the history with every source key as a sentence, the order linked', async () => {
    const api = pointsServer({ 1: EVERY_SOURCE });
    await renderApp({ url: '/account/points', user: 'member', fetch: api.fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'My points' })).toBeInTheDocument();
    expect(plain((await screen.findByTestId('points-balance')).textContent)).toBe('1,250 points');
    const history = screen.getByRole('list', { name: 'Points history' });
    const rows = within(history).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('data-source'))).toEqual([...POINT_SOURCES]);
    for (const row of rows) expect(plain(row.querySelector('.points-row__what')?.textContent)).toBe(SENTENCES[row.getAttribute('data-source') ?? '']);
    const order = rows.find((row) => row.getAttribute('data-source') === 'purchase_points_with_order_number') as HTMLElement;
    expect(within(order).getByRole('link', { name: 'SG10000042' })).toHaveAttribute('href', '/account/orders/SG10000042');
    expect(plain(order.querySelector('.points-row__amount')?.textContent)).toBe('+added 50');
    expect(plain(rows[2]?.querySelector('.points-row__amount')?.textContent)).toBe('−taken 200');
    expect(document.title).toBe('My points | Beauty Pass Singapore');
    expect(api.calls('GET', 'beauty-pass/points').map((asked) => asked.query)).toEqual([{ page: '1' }]);
  });

  test('signs read by sign: points given back for a cancelled order’s reward, an order’s points taken back', async () => {
    const api = pointsServer({ 1: [pointsEntry(2, { source: 'used_points', amount: 300 }), pointsEntry(1, { source: 'purchase_points_with_order_number', amount: -45 })] }, 2);
    await renderApp({ url: '/account/points', user: 'member', fetch: api.fetch });
    const rows = within(await screen.findByRole('list', { name: 'Points history' })).getAllByRole('listitem');
    expect(rows.map((row) => plain(row.querySelector('.points-row__what')?.textContent))).toEqual([
      'Points given back for the reward of cancelled order SG10000042',
      'Points taken back for cancelled order SG10000042',
    ]);
  });

  test('paged by the URL, newest first: page 2 links back to the newer entries', async () => {
    const api = pointsServer({ 2: [pointsEntry(3, { source: 'bonus_points', orderNumber: null, reference: null })] }, 21);
    const app = await renderApp({ url: '/account/points?page=2', user: 'member', fetch: api.fetch });
    const pages = await screen.findByRole('navigation', { name: 'Pages of your points history' });
    expect(within(pages).getByText('Page 2 of 2')).toBeInTheDocument();
    expect(within(pages).getByRole('link', { name: 'Newer entries' })).toHaveAttribute('href', '/account/points');
    expect(screen.getByRole('list', { name: 'Points history' })).toHaveAttribute('start', '21');
    await app.user.click(within(pages).getByRole('link', { name: 'Newer entries' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'My points' })).toHaveFocus();
    expect(api.calls('GET', 'beauty-pass/points').map((asked) => asked.query.page)).toEqual(['2', '1']);
  });

  test('in Thai: the sentences translated', async () => {
    const api = pointsServer({ 1: EVERY_SOURCE });
    await renderApp({ url: '/account/points', user: 'member', fetch: api.fetch, country: 'TH', language: 'th' });
    await screen.findByTestId('points-balance');
    const rows = [...document.querySelectorAll('.points-list > li')];
    expect(rows).toHaveLength(POINT_SOURCES.length);
    for (const row of rows) expect(plain(row.querySelector('.points-row__what')?.textContent)).toMatch(/[\u0E00-\u0E7F]/);
  });

  test('not a member: how to join', async () => {
    const api = happeningFetch({ 'GET beauty-pass': () => ({ status: 404, body: NOT_MEMBER_ERROR.body }), 'GET beauty-pass/points': () => ({ status: 404, body: NOT_MEMBER_ERROR.body }) });
    await renderApp({ url: '/account/points', user: 'member', fetch: api.fetch });
    expect(await screen.findByRole('link', { name: 'Join Beauty Pass' })).toHaveAttribute('href', '/account#join-beauty-pass');
  });

  test('signed out: the sign-in note, and nothing asked', async () => {
    const api = happeningFetch({});
    const app = await renderApp({ url: '/account/points', fetch: api.fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'My points' })).toBeInTheDocument();
    expect(app.location()).toMatch(/^\/sign_in\?return_to=/);
    expect(api.calls('GET', 'beauty-pass')).toEqual([]);
  });
});

const OFFERS: BeautyPassOffer[] = [
  { code: 'BPGOLD20', title: '20% off for Gold', description: 'On everything.', amount: null, minimumSpend: null, validTill: '2026-12-31', tiers: ['gold'], eligible: false },
  { code: 'BPALL10', title: 'S$10 off', description: 'For every member.', amount: null, minimumSpend: { currency: 'SGD', amount: 80 }, validTill: '2026-04-30', tiers: ['pink', 'white', 'black', 'gold'], eligible: true },
];

describe('/beauty-pass/offers', () => {
  test('each offer: minimum spend or No minimum spend, valid till, tiers, whether the member may use it', async () => {
    const api = happeningFetch({ 'GET beauty-pass/offers': () => data(OFFERS) });
    await renderApp({ url: '/beauty-pass/offers', user: 'member', fetch: api.fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Beauty Pass offers' })).toBeInTheDocument();
    const gold = (await screen.findByRole('heading', { name: '20% off for Gold' })).closest('li') as HTMLElement;
    expect(plain(gold.querySelector('dl')?.textContent)).toBe('Minimum spendNo minimum spendValid till31 Dec 2026ForGold membersCodeBPGOLD20');
    expect(within(gold).getByTestId('offer-eligibility')).toHaveTextContent('This offer is for other tiers.');
    const all = screen.getByRole('heading', { name: 'S$10 off' }).closest('li') as HTMLElement;
    expect(plain(all.querySelector('dl')?.textContent)).toContain('Minimum spendS$80.00Valid till30 Apr 2026');
    expect(within(all).getByTestId('offer-eligibility')).toHaveTextContent('Your tier can use this offer: enter its code in your bag.');
  });

  test('none: No offers found; a visitor is told to sign in', async () => {
    await renderApp({ url: '/beauty-pass/offers', fetch: happeningFetch({ 'GET beauty-pass/offers': () => data([]) }).fetch });
    expect(await screen.findByText('No offers found')).toBeInTheDocument();
    await renderApp({ url: '/beauty-pass/offers', fetch: happeningFetch({ 'GET beauty-pass/offers': () => data(OFFERS) }).fetch });
    expect((await screen.findAllByTestId('offer-eligibility'))[0]).toHaveTextContent('Sign in as a Beauty Pass member to use this offer.');
  });
});
