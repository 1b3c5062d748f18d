// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, test } from 'vitest';
import { reward, rewardRefusalError } from '../../machines/loyalty/beauty-pass.fixtures.ts';
import type { Reward, RewardList, RewardRefusal } from '../../src/contract/beauty-pass.ts';
import { data, happeningFetch, type Answer, type Route } from '../helpers/happening-fetch.ts';
import { renderApp } from '../helpers/render-app.tsx';

/*
 * The rewards boutique (issue 15) through the whole app, the loyalty API over the real client and
 * a scripted server: rewards by points with their stock and tiers, Redeem disabled with the
 * server's reason for each shopper, a redemption into the bag, and the server's refusals.
 */

beforeAll(() => import('../../src/web/features/loyalty/rewards-screen.tsx'), 60_000);

const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0|\u202f/g, ' ').replace(/\s+/g, ' ').trim();

const SAMPLE = reward(1, { name: 'Deluxe serum sample', pointsCost: 100 });
const POUCH = reward(2, { name: 'Makeup pouch', pointsCost: 500, stock: { state: 'low_stock', available: 1 } });
const VOUCHER = reward(3, { name: 'Makeup service voucher', pointsCost: 2000, tiers: ['black', 'gold'], refusal: 'tier' });
const GONE = reward(4, { name: 'Travel mirror', pointsCost: 300, stock: { state: 'out_of_stock', available: 0 }, refusal: 'out_of_stock' });

function listOf(rewards: Reward[], meta: RewardList['meta'] = { balance: 1250, tier: 'white' }): Answer {
  return { body: { data: rewards, meta } };
}

/** Every reward refused with `refusal` (a visitor's, a non-member's). */
const allRefused = (refusal: RewardRefusal) => [SAMPLE, POUCH, VOUCHER].map((item) => ({ ...item, refusal }));

function card(name: string): HTMLElement {
  return screen.getByRole('heading', { name }).closest('li') as HTMLElement;
}

describe('/beauty-pass/rewards', () => {
  test('a member: rewards by points with stock and tiers; Redeem → in the bag, the header’s count, the list read again (one per order)', async () => {
    let redeemed = false;
    const routes: Record<string, Route> = {
      'GET rewards': () => (redeemed ? listOf([SAMPLE, POUCH, VOUCHER, GONE].map((item) => ({ ...item, refusal: item.refusal ?? 'one_per_transaction' }))) : listOf([SAMPLE, POUCH, VOUCHER, GONE])),
      'POST cart/rewards': () => {
        redeemed = true;
        return data({ count: 3 });
      },
      'GET cart/items-count': () => data({ count: 2 }),
    };
    const api = happeningFetch(routes);
    const app = await renderApp({ url: '/beauty-pass/rewards', user: 'member', fetch: api.fetch });
    expect(await screen.findByRole('heading', { level: 1, name: 'Rewards boutique' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Bag, 2 items' })).toBeInTheDocument();
    expect(plain((await screen.findByTestId('rewards-balance')).textContent)).toBe('You have 1,250 points. See your points history');
    const list = screen.getByRole('list', { name: 'Rewards' });
    expect(within(list).getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Deluxe serum sample', 'Makeup pouch', 'Makeup service voucher', 'Travel mirror']);
    expect(plain(card('Makeup pouch').querySelector('dl')?.textContent)).toBe('Points500 pointsStockOnly 1 leftForPink, White, Black, Gold members');
    expect(plain(card('Makeup service voucher').querySelector('dl')?.textContent)).toContain('ForBlack, Gold members');
    const voucher = within(card('Makeup service voucher')).getByRole('button', { name: 'Redeem Makeup service voucher' });
    expect(voucher).toBeDisabled();
    expect(voucher).toHaveAccessibleDescription('This reward is for other Beauty Pass tiers.');
    expect(within(card('Travel mirror')).getByRole('button', { name: 'Redeem Travel mirror' })).toHaveAccessibleDescription('This reward is out of stock.');
    expect(screen.queryByRole('region', { name: 'Join Beauty Pass' })).toBeNull();

    await app.user.click(within(card('Makeup pouch')).getByRole('button', { name: 'Redeem Makeup pouch' }));
    const notice = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.redeem-notice');
      if (!found) throw new Error('no notice yet');
      return found;
    });
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice).toHaveAttribute('data-state', 'redeemed');
    expect(plain(notice?.textContent)).toContain('Makeup pouch is in your bag. Its points are taken when you place your order.');
    expect(within(notice as HTMLElement).getByRole('link', { name: 'Go to your bag' })).toHaveAttribute('href', '/cart');
    expect(notice).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Bag, 3 items' })).toBeInTheDocument();
    expect(api.calls('POST', 'cart/rewards').map((asked) => asked.body)).toEqual([{ rewardId: 2 }]);
    // The list is read again: every other reward now says why (one reward per order).
    await waitFor(() => expect(within(card('Deluxe serum sample')).getByRole('button', { name: 'Redeem Deluxe serum sample' })).toBeDisabled());
    expect(within(card('Deluxe serum sample')).getByRole('button')).toHaveAccessibleDescription('Your bag already holds a reward: one reward per order.');
    expect(api.calls('GET', 'rewards').map((asked) => asked.query.sort)).toEqual(['points_asc', 'points_asc']);
  });

  test('a refusal from the server (the list was out of date): its reason, and the list read again', async () => {
    let refused = false;
    const api = happeningFetch({
      'GET rewards': () => listOf(refused ? [{ ...SAMPLE, refusal: 'one_per_transaction' }] : [SAMPLE]),
      'POST cart/rewards': () => {
        refused = true;
        return { status: 409, body: rewardRefusalError('one_per_transaction').body };
      },
    });
    const app = await renderApp({ url: '/beauty-pass/rewards', user: 'member', fetch: api.fetch });
    await app.user.click(await screen.findByRole('button', { name: 'Redeem Deluxe serum sample' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveAttribute('data-refusal', 'one_per_transaction');
    expect([...alert.querySelectorAll('p')].map((paragraph) => plain(paragraph.textContent))).toEqual(['Deluxe serum sample could not be added to your bag.', 'Your bag already holds a reward: one reward per order.']);
    expect(alert).toHaveFocus();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Redeem Deluxe serum sample' })).toBeDisabled());
    await app.user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  }, 15_000);

  test('a visitor: every Redeem disabled with “sign in” and its link', async () => {
    const api = happeningFetch({ 'GET rewards': () => listOf(allRefused('sign_in'), { balance: null, tier: null }) });
    await renderApp({ url: '/beauty-pass/rewards', fetch: api.fetch });
    const button = await screen.findByRole('button', { name: 'Redeem Deluxe serum sample' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Sign in to redeem rewards with your points. Sign in');
    expect(within(card('Deluxe serum sample')).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toMatch(/^\/sign_in\?return_to=/);
    expect(screen.queryByTestId('rewards-balance')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Join Beauty Pass' })).toBeNull();
  });

  test('a signed-in non-member: why and how to join; joining reads the list again', async () => {
    let joined = false;
    const api = happeningFetch({
      'GET rewards': () => (joined ? listOf([SAMPLE], { balance: 100, tier: 'pink' }) : listOf(allRefused('not_member'), { balance: null, tier: null })),
      'POST beauty-pass/members': () => {
        joined = true;
        return { status: 201, body: { data: null } };
      },
    });
    const app = await renderApp({ url: '/beauty-pass/rewards', user: 'member', fetch: api.fetch });
    const join = await screen.findByRole('region', { name: 'Join Beauty Pass' });
    expect(join).toHaveTextContent('Rewards are for Beauty Pass members.');
    const button = screen.getByRole('button', { name: 'Redeem Makeup pouch' });
    expect(button).toHaveAccessibleDescription('Rewards are for Beauty Pass members. Join Beauty Pass to redeem them with your points. How to join');
    expect(within(card('Makeup pouch')).getByRole('link', { name: 'How to join' })).toHaveAttribute('href', '#join-beauty-pass');
    await app.user.click(within(join).getByRole('checkbox'));
    await app.user.click(within(join).getByRole('button', { name: 'Join Beauty Pass' }));
    expect(await screen.findByRole('button', { name: 'Redeem Deluxe serum sample' })).toBeEnabled();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Join Beauty Pass' })).toBeNull());
    expect(api.calls('GET', 'rewards')).toHaveLength(2);
  });

  test('the sort is the URL’s: Most points first asks for points_desc', async () => {
    const api = happeningFetch({ 'GET rewards': ({ query }) => listOf(query.sort === 'points_desc' ? [VOUCHER, POUCH, SAMPLE] : [SAMPLE, POUCH, VOUCHER]) });
    const app = await renderApp({ url: '/beauty-pass/rewards', user: 'member', fetch: api.fetch });
    await screen.findByRole('button', { name: 'Redeem Deluxe serum sample' });
    const sort = screen.getByRole('navigation', { name: 'Sort rewards' });
    expect(within(sort).getByRole('link', { name: 'Fewest points first' })).toHaveAttribute('aria-current', 'page');
    await app.user.click(within(sort).getByRole('link', { name: 'Most points first' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Rewards' })).getAllByRole('heading')[0]).toHaveTextContent('Makeup service voucher'));
    expect(app.location()).toBe('/beauty-pass/rewards?sort=points_desc');
    expect(api.calls('GET', 'rewards').map((asked) => asked.query.sort)).toEqual(['points_asc', 'points_desc']);
  });
});
