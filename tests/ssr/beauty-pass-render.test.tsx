// @vitest-environment node
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BEAUTY_PASS_SEED_NON_MEMBER, BEAUTY_PASS_SEED_PASSWORD, beautyPassSeedEmail } from '../../src/server/db/seed/beauty-pass-members.ts';
import { renderPage, type PageRequest } from '../../src/web/app/entry-server.tsx';
import { rewardFailureOf } from '../../machines/loyalty/loyalty.failure.ts';
import { createBeautyPassApi } from '../../src/web/features/loyalty/beauty-pass-api.ts';
import { createApiClient } from '../../src/web/shared/api/client.ts';
import { signIn } from '../helpers/account.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/*
 * The Beauty Pass screens rendered by the server (issue 15) against the real API in process, with
 * the seeded members: each screen's machine runs there with in-process actors, its snapshot is in
 * the page for the browser to restore, and the member's pages are theirs alone (never cached).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 5 });
}, 120_000);
afterAll(() => t.close());

function render(path: string, cookie = '') {
  const errors: unknown[] = [];
  const asked: string[] = [];
  // As the page handler does (src/server/render/pages.ts): the page's cookie goes with each in-process call.
  const fetchApi: PageRequest['fetchApi'] = async (input, init) => {
    const request = new Request(input, init);
    if (cookie !== '') request.headers.set('cookie', cookie);
    asked.push(`${request.method} ${new URL(request.url).pathname.replace(/^\/api\/web\/v1\//, '')}`);
    return t.app.fetch(request);
  };
  return renderPage({ url: new URL(path, 'http://store.test'), cookie, fetchApi, onError: (error) => errors.push(error) }).then((page) => {
    expect(errors).toEqual([]);
    expect(page.html).not.toContain('<script');
    return { ...page, asked };
  });
}

const text = (html: string) => html.replace(/<!--.*?-->/g, '').replace(/<[^>]+>/g, ' ').replace(/&amp;/g, '&').replace(/&#x27;|&#39;/g, "'").replace(/\s+/g, ' ');
type Snap = { value: unknown; context: Record<string, unknown> };

const member = (key: string) => signIn(t.app, beautyPassSeedEmail(key), BEAUTY_PASS_SEED_PASSWORD);

describe('server render of the Beauty Pass screens', () => {
  test('/account: the section’s machine loaded on the server with GET beauty-pass; the tier panel’s message, progress and perks in the HTML', async () => {
    const page = await render('/account', await member('black-downgrade-warning'));
    const snapshot = page.state.snapshots['beauty-pass:status'] as Snap;
    expect(snapshot.value).toBe('member');
    expect(page.asked).toContain('GET beauty-pass');
    expect(page.html).toContain('data-state="black.downgradeWarning"');
    expect(text(page.html)).toMatch(/Spend S\$\d[\d,]*\.\d\d by \d+ \w+ \d{4} to renew your Black membership\./);
    expect(page.html).toContain('role="progressbar"');
    expect(text(page.html)).toContain('Personalised makeup services');
    expect(page.html).toContain('href="/account/points"');
    expect(page.personal).toBe(false);
  });

  test('/account for a change to acknowledge, and for a signed-up non-member: the join panel', async () => {
    const upgraded = await render('/account', await member('gold-just-upgraded'));
    expect(upgraded.html).toContain('data-state="gold.justUpgraded"');
    expect(upgraded.html).toContain('>Got it</button>');
    const nonMember = await render('/account', await signIn(t.app, BEAUTY_PASS_SEED_NON_MEMBER, BEAUTY_PASS_SEED_PASSWORD));
    expect((nonMember.state.snapshots['beauty-pass:status'] as Snap).value).toBe('notMember');
    expect(text(nonMember.html)).toContain('Join Beauty Pass');
    expect(nonMember.html).toContain('id="join-beauty-pass"');
  });

  test('/account/points: the balance and a page of the history with an order linked to its page', async () => {
    const page = await render('/account/points', await member('black-keep-tier'));
    expect((page.state.snapshots['points:status'] as Snap).value).toBe('success');
    expect((page.state.snapshots['points:page:1'] as Snap).value).toBe('success');
    expect(page.asked).toContain('GET beauty-pass/points');
    expect(page.html).toMatch(/href="\/account\/orders\/SG\d+"/);
    expect(text(page.html)).toMatch(/Points for order SG\d+/);
  });

  test('/beauty-pass/offers for a visitor: rendered and kept like the catalogue’s pages', async () => {
    const page = await render('/beauty-pass/offers');
    expect(page.status).toBe(200);
    expect((page.state.snapshots['beauty-pass:offers'] as Snap).value).toBe('success');
    expect(text(page.html)).toMatch(/No offers found|Valid till/);
    expect(page.personal).toBe(false);
  });

  test('/beauty-pass/rewards: a visitor’s rewards with the sign-in reason; a member’s with their balance; never cached', async () => {
    const visitor = await render('/beauty-pass/rewards');
    const list = visitor.state.snapshots['rewards:points_asc'] as Snap;
    expect(list.value).toEqual({ ready: 'idle' });
    expect(text(visitor.html)).toContain('Sign in to redeem rewards with your points.');
    expect(text(visitor.html)).toContain('Out of stock');
    expect(visitor.personal).toBe(true);
    const rich = await render('/beauty-pass/rewards?sort=points_desc', await member('rich'));
    expect(rich.state.snapshots['rewards:points_desc']).toMatchObject({ value: { ready: 'idle' } });
    expect(text(rich.html)).toMatch(/You have [\d,]+ points/);
    expect(rich.html).toMatch(/<button[^>]*class="button reward-card__redeem"(?![^>]*disabled)[^>]*>Redeem /);
  });

  test('in Thailand, in Thai: the member’s panel in Thai', async () => {
    const page = await render('/account?country_code=th&language=th', await member('pink-in-progress'));
    expect(page.lang).toBe('th');
    expect(page.html).toContain('data-state="pink.inProgress"');
    expect(page.html).toMatch(/[\u0E00-\u0E7F]/);
  });
});

/** The loyalty screens' own API (beauty-pass-api.ts) over the real client, against the app in process, as `cookie`. */
function loyaltyApi(cookie: string) {
  const client = createApiClient({
    baseURL: 'http://store.test/api/web/v1',
    site: () => ({ country: 'SG', language: 'en' }),
    retryDelay: () => 0,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      if (cookie !== '') request.headers.set('cookie', cookie);
      return t.app.fetch(request);
    },
  });
  return createBeautyPassApi(client);
}

describe('the screens’ calls against the real server (the answers parse with the contract)', () => {
  test('a member: status, history, offers, rewards; Got it (204); a reward into the bag, a second one refused one_per_transaction', async () => {
    const api = loyaltyApi(await member('rich'));
    const status = await api.status();
    expect(status.tier.status.tier).toBe('gold');
    expect((await api.points(1)).meta.page).toBe(1);
    expect(Array.isArray(await api.offers())).toBe(true);
    const rewards = await api.rewards('points_desc');
    const costs = rewards.data.map((reward) => reward.pointsCost);
    expect(costs).toEqual([...costs].sort((a, b) => b - a));
    await expect(api.markTierSeen()).resolves.toBeUndefined();
    const redeemable = rewards.data.filter((reward) => reward.refusal === null);
    expect(redeemable.length).toBeGreaterThan(1);
    const [first, second] = redeemable;
    const bag = await api.redeem(first?.id ?? 0);
    expect(bag.count).toBeGreaterThanOrEqual(0);
    const refused = await api.redeem(second?.id ?? 0).then(() => null, (error: unknown) => error);
    expect(rewardFailureOf(refused)).toBe('one_per_transaction');
    const after = await api.rewards('points_asc');
    expect(after.data.find((reward) => reward.id === second?.id)?.refusal).toBe('one_per_transaction');
  });

  test('a signed-up non-member: 404 not_member, then joins (the terms agreed) and is a pink member', async () => {
    const api = loyaltyApi(await signIn(t.app, BEAUTY_PASS_SEED_NON_MEMBER, BEAUTY_PASS_SEED_PASSWORD));
    await expect(api.status()).rejects.toMatchObject({ status: 404, body: { code: 'not_member' } });
    expect((await api.rewards('points_asc')).data.every((reward) => reward.refusal === 'not_member')).toBe(true);
    await api.join();
    expect((await api.status()).tier.status.tier).toBe('pink');
    await expect(api.join()).rejects.toMatchObject({ status: 409, body: { code: 'already_member' } });
  });

  test('a visitor: the rewards say sign in, and a redemption is refused with it', async () => {
    const api = loyaltyApi('');
    expect((await api.rewards('points_asc')).data.every((reward) => reward.refusal === 'sign_in')).toBe(true);
    const refused = await api.redeem(1).then(() => null, (error: unknown) => error);
    expect(rewardFailureOf(refused)).toBe('sign_in');
  });
});
