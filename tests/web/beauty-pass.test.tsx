// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, test } from 'vitest';
import { memberStatus, NOT_MEMBER_ERROR } from '../../machines/loyalty/beauty-pass.fixtures.ts';
import { TIER_THRESHOLDS } from '../../src/config/tiers.ts';
import type { BeautyPassStatus } from '../../src/contract/beauty-pass.ts';
import { data, happeningFetch, type Answer, type Route } from '../helpers/happening-fetch.ts';
import { renderApp } from '../helpers/render-app.tsx';

/*
 * The account dashboard's Beauty Pass section (issue 15) through the whole app, the loyalty API
 * over the real client and a scripted server: the tier panel's message, progress and perks, the
 * acknowledgement of a change, the what-if, the points summary, and joining.
 */

beforeAll(() => import('../../src/web/app/account-dashboard-screen.tsx'), 60_000);

const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0|\u202f/g, ' ').replace(/\s+/g, ' ').trim();
const notMember: Answer = { status: 404, body: NOT_MEMBER_ERROR.body };

function server(status: BeautyPassStatus | (() => Answer), more: Record<string, Route> = {}) {
  return happeningFetch({ 'GET beauty-pass': typeof status === 'function' ? status : () => data(status), ...more });
}

async function openSection(fetch: typeof globalThis.fetch, options: { country?: string; language?: string } = {}) {
  const app = await renderApp({ url: '/account', user: 'member', fetch, ...options });
  const section = await waitFor(() => {
    const found = document.querySelector<HTMLElement>('.beauty-pass-section:not([data-state="loading"])');
    if (!found) throw new Error('the Beauty Pass section has not loaded');
    return found;
  });
  return { app, section };
}

describe('a member’s Beauty Pass on the account dashboard', () => {
  test('black, short of the renewal spend: the message with S$ and the year end, the progress bar, the perks of black and gold, the points', async () => {
    const { section } = await openSection(server(memberStatus({ tier: 'black', spend: 120, yearEnd: '2026-09-30' })).fetch);
    const panel = within(section).getByRole('region', { name: 'Your tier: Black' });
    expect(panel).toHaveAttribute('data-state', 'black.downgradeWarning');
    expect(plain(within(panel).getByRole('status').textContent)).toBe('Spend S$180.00 by 30 September 2026 to renew your Black membership.');
    const bar = within(panel).getByRole('progressbar', { name: 'Your spend to keep Black' });
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '300');
    expect(bar).toHaveAttribute('aria-valuenow', '120');
    expect(plain(bar.getAttribute('aria-valuetext'))).toBe('S$120.00 of S$300.00');
    expect(plain(panel.querySelector('.tier-progress__text')?.textContent)).toBe('S$120.00 of S$300.00 · S$180.00 to go');
    expect(within(within(panel).getByRole('article', { name: 'Black' })).getByText('Early access to the sale')).toBeInTheDocument();
    const gold = within(panel).getByRole('article', { name: 'Gold' });
    expect(within(gold).getByText('Your next tier’s perks')).toBeInTheDocument();
    expect(within(gold).getByText('Personalised makeup services')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Got it' })).toBeNull();

    const points = within(section).getByRole('region', { name: 'Your points' });
    expect(plain(within(points).getByTestId('points-balance').textContent)).toBe('1,250 points');
    expect(plain(within(points).getByTestId('points-expiry').textContent)).toBe('1,250 points expire on 31 Aug 2027.');
    expect(within(points).getByRole('link', { name: 'Points history' })).toHaveAttribute('href', '/account/points');
    expect(within(points).getByRole('link', { name: 'Rewards boutique' })).toHaveAttribute('href', '/beauty-pass/rewards');
    expect(within(points).getByRole('link', { name: 'Beauty Pass offers' })).toHaveAttribute('href', '/beauty-pass/offers');
  });

  test('points about to expire: the warning with the amount, the date and the days left', async () => {
    const status = memberStatus({}, { points: { balance: 800, expiry: { on: '2026-03-20', amount: 800, daysLeft: 19, warning: true }, lastActivityOn: '2024-09-20' } });
    const { section } = await openSection(server(status).fetch);
    const warning = within(section).getByRole('note');
    expect(plain(warning.textContent)).toBe('Your 800 points expire on 20 Mar 2026, in 19 days. Make a purchase or redeem a reward before then to keep them.');
  });

  test('an upgrade to acknowledge: Got it tells the server (POST beauty-pass/tier/seen) and the panel moves on', async () => {
    const api = server(memberStatus({ tier: 'gold', spend: 0, yearEnd: '2027-02-28', lastChange: 'upgraded' }));
    // The server answers 204 with no body (the scripted server answers JSON only).
    const seen: (string | null)[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const request = new Request(input, init);
      if (request.method === 'POST' && request.url.endsWith('/beauty-pass/tier/seen')) {
        seen.push(request.headers.get('Idempotency-Key'));
        return new Response(null, { status: 204 });
      }
      return api.fetch(request);
    };
    const { app, section } = await openSection(fetch);
    const panel = within(section).getByRole('region', { name: 'Your tier: Gold' });
    expect(panel).toHaveAttribute('data-state', 'gold.justUpgraded');
    expect(plain(within(panel).getByRole('status').textContent)).toBe('Congratulations, you are now a Gold member! Spend S$1,000.00 by 28 February 2027 to keep Gold for another year.');
    await app.user.click(within(panel).getByRole('button', { name: 'Got it' }));
    expect(panel).toHaveAttribute('data-state', 'gold.downgradeWarning');
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0]).toEqual(expect.any(String));
    expect(within(panel).queryByRole('button', { name: 'Got it' })).toBeNull();
  });

  test('what-if: spending enough by a date shows the tier and message the tier machine would give, and changes nothing', async () => {
    const api = server(memberStatus({ tier: 'black', spend: 120, yearEnd: '2026-09-30' }));
    const { app, section } = await openSection(api.fetch);
    const whatIf = within(section).getByRole('region', { name: 'What if I spend more?' });
    const amount = within(whatIf).getByLabelText('Amount to spend (S$)');
    const date = within(whatIf).getByLabelText('By this date');
    expect(date).toHaveAttribute('min', '2026-03-01');
    expect(date).toHaveAttribute('max', '2026-09-30');
    expect(date).toHaveValue('2026-09-30');
    await app.user.click(within(whatIf).getByRole('button', { name: 'Show my tier' }));
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(within(whatIf).getByText('Enter an amount.')).toBeInTheDocument();
    await app.user.type(amount, '1080');
    await app.user.clear(date);
    await app.user.type(date, '2026-06-15');
    await app.user.click(within(whatIf).getByRole('button', { name: 'Show my tier' }));
    const answer = whatIf.querySelector('[data-state="gold.justUpgraded"]');
    expect(plain(answer?.querySelector('.what-if__tier')?.textContent)).toBe('If you spend S$1,080.00 more by 15 June 2026, your tier would be Gold.');
    expect(plain(answer?.textContent)).toContain('Congratulations, you are now a Gold member! Spend S$1,000.00 by 14 June 2027 to keep Gold for another year.');
    // The member's own panel is as it was, and nothing was sent.
    expect(within(section).getByRole('region', { name: 'Your tier: Black' })).toHaveAttribute('data-state', 'black.downgradeWarning');
    expect(api.asked.filter((asked) => asked.method !== 'GET')).toEqual([]);
    await app.user.type(date, '{backspace}');
    await app.user.clear(date);
    await app.user.type(date, '2027-01-01');
    await app.user.click(within(whatIf).getByRole('button', { name: 'Show my tier' }));
    expect(within(whatIf).getByText('Choose a date between today and the end of your membership year.')).toBeInTheDocument();
  });

  test('in Thailand, in Thai: the message in Thai with baht and a Buddhist-era date', async () => {
    const status = memberStatus({ tier: 'white', spend: 2500, yearEnd: '2026-12-31' }, { tier: { status: { tier: 'white', spend: 2500, yearEnd: '2026-12-31', lastChange: null }, thresholds: TIER_THRESHOLDS.TH } });
    const { section } = await openSection(server(status).fetch, { country: 'TH', language: 'th' });
    const panel = section.querySelector('.tier-status');
    expect(panel).toHaveAttribute('data-state', 'white.inProgress');
    const message = plain(panel?.querySelector('[role="status"]')?.textContent);
    expect(message).toMatch(/[\u0E00-\u0E7F]/);
    expect(message).toContain('฿7,500.00');
    expect(message).toContain('2569');
  });
});

describe('a signed-in shopper who has not joined', () => {
  test('the join panel: why and how; Join needs the terms box; joining shows the member’s panel', async () => {
    let joined = false;
    const api = happeningFetch({
      'GET beauty-pass': () => (joined ? data(memberStatus({ tier: 'pink', spend: 0, yearEnd: '2027-02-28' })) : notMember),
      'POST beauty-pass/members': () => {
        joined = true;
        return { status: 201, body: { data: null } };
      },
    });
    const { app, section } = await openSection(api.fetch);
    const join = within(section).getByRole('region', { name: 'Join Beauty Pass' });
    expect(join).toHaveTextContent('You are not a Beauty Pass member yet.');
    expect(within(join).getByRole('link', { name: 'Read the Beauty Pass terms' })).toHaveAttribute('href', '/terms?section=beauty-pass');
    const button = within(join).getByRole('button', { name: 'Join Beauty Pass' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleDescription('Tick the box to agree to the Beauty Pass terms first.');
    await app.user.click(button);
    const box = within(join).getByRole('checkbox', { name: /I agree to the Beauty Pass terms for Singapore/ });
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST', 'beauty-pass/members')).toEqual([]);
    await app.user.click(box);
    await app.user.click(within(join).getByRole('button', { name: 'Join Beauty Pass' }));
    expect(await within(section).findByRole('region', { name: 'Your tier: Pink' })).toHaveAttribute('data-state', 'pink.inProgress');
    expect(api.calls('POST', 'beauty-pass/members').map((asked) => asked.body)).toEqual([{ beautyPassTerms: true }]);
    expect(api.calls('GET', 'beauty-pass')).toHaveLength(2);
  });
});
