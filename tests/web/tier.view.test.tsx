// @vitest-environment jsdom
import { act, cleanup, screen, within } from '@testing-library/react';
import { useSelector } from '@xstate/react';
import { describe, expect, test } from 'vitest';
import { createActor, type ActorRefFrom } from 'xstate';
import { pathsToEveryState, shortestPaths, type ModelPath } from '../../machines/model/graph.ts';
import { tierMachine, type TierEvent } from '../../machines/loyalty/tier.machine.ts';
import { tierModel } from '../../machines/loyalty/tier.model.ts';
import { daysLeft, type MemberState } from '../../src/contract/tier-rules.ts';
import { TierStatusPanel } from '../../src/web/features/loyalty/tier-status-panel.tsx';
import { formatMoney } from '../../src/web/shared/site/format.ts';
import { formatDate } from '../../src/web/shared/site/format-date-number.ts';
import { renderApp } from '../helpers/render-app.tsx';

const plain = (text: string) => text.replace(/\u00a0|\u202f/g, ' ');

type TierActor = ActorRefFrom<typeof tierMachine>;

/** The panel as a Beauty Pass screen would mount it: the site follows the member's country. */
function Harness({ actor }: { actor: TierActor }) {
  const country = useSelector(actor, (s) => s.context.member?.thresholds.country ?? 'SG');
  return <TierStatusPanel actor={actor} site={{ country, language: 'en' }} />;
}

/**
 * What the member must read in each state, worked out here from the thresholds rather than
 * through tierMessage: a phrase of the message and the amount it names.
 */
const EXPECTED: Record<string, { phrase: (m: MemberState) => string; amount: (m: MemberState) => number; dated: boolean }> = {
  'pink.inProgress': { phrase: () => 'to become White', amount: (m) => m.thresholds.reach.white - m.spend, dated: false },
  'white.justUpgraded': { phrase: () => 'you are now a White member!', amount: (m) => m.thresholds.reach.black - m.spend, dated: true },
  'white.renewed': { phrase: () => 'Your White membership has been renewed', amount: (m) => m.thresholds.reach.black - m.spend, dated: true },
  'white.downgraded': { phrase: () => 'so you are now a White member', amount: (m) => m.thresholds.reach.black - m.spend, dated: false },
  'white.inProgress': { phrase: () => 'on your way to Black', amount: (m) => m.thresholds.reach.black - m.spend, dated: true },
  'black.justUpgraded': { phrase: () => 'you are now a Black member!', amount: (m) => m.thresholds.reach.gold - m.spend, dated: true },
  'black.renewed': { phrase: () => 'Your Black membership has been renewed', amount: (m) => m.thresholds.reach.gold - m.spend, dated: true },
  'black.downgraded': { phrase: () => 'so you are now a Black member', amount: (m) => m.thresholds.reach.gold - m.spend, dated: false },
  'black.keepTier': { phrase: () => 'You will keep Black', amount: (m) => m.thresholds.reach.gold - m.spend, dated: true },
  'black.nearingExpiry': { phrase: (m) => `ends in ${daysLeft(m)} day`, amount: (m) => m.thresholds.renew.black - m.spend, dated: true },
  'black.downgradeWarning': { phrase: () => 'to renew your Black membership', amount: (m) => m.thresholds.renew.black - m.spend, dated: true },
  'black.failedRenewal': { phrase: () => 'did not reach the Black renewal spend', amount: (m) => m.thresholds.renew.black, dated: true },
  'gold.justUpgraded': { phrase: () => 'you are now a Gold member!', amount: (m) => m.thresholds.renew.gold - m.spend, dated: true },
  'gold.renewed': { phrase: () => 'Your welcome gift is waiting for you', amount: (m) => m.thresholds.renew.gold - m.spend, dated: true },
  'gold.maxTier': { phrase: () => 'is not carried over to next year', amount: (m) => m.thresholds.renew.gold, dated: false },
  'gold.nearingExpiry': { phrase: (m) => `Gold membership ends in ${daysLeft(m)} day`, amount: (m) => m.thresholds.renew.gold - m.spend, dated: true },
  'gold.downgradeWarning': { phrase: () => 'to renew your Gold membership', amount: (m) => m.thresholds.renew.gold - m.spend, dated: true },
  'gold.failedRenewal': { phrase: () => 'did not reach the Gold spend', amount: (m) => m.thresholds.renew.gold, dated: true },
};

function stateName(target: string): string {
  const value: unknown = JSON.parse(target);
  if (typeof value === 'string') return value;
  const [tier, messaging] = Object.entries(value as Record<string, string>)[0] ?? [];
  return `${tier}.${messaging}`;
}

/** Replays a generated path: acknowledge through the button, the app's data events straight to the actor. */
async function walk(path: ModelPath) {
  const actor = createActor(tierMachine, { input: undefined }).start();
  const { user } = await renderApp({ ui: <Harness actor={actor} /> });
  for (const event of path.events as TierEvent[]) {
    if (event.type === 'tier.acknowledge') {
      await user.click(screen.getByRole('button', { name: 'Got it' }));
    } else {
      act(() => actor.send(event));
    }
  }
  return actor;
}

function assertShown(actor: TierActor, state: string) {
  const panel = document.querySelector('section.tier-status');
  expect(panel).toHaveAttribute('data-state', state);
  const message = plain(within(panel as HTMLElement).getByRole('status').textContent ?? '');
  const member = actor.getSnapshot().context.member;
  if (!member) {
    expect(message).toBe('Loading your Beauty Pass status…');
    return;
  }
  const site = { country: member.thresholds.country, language: 'en' } as const;
  const expected = EXPECTED[state];
  if (!expected) throw new Error(`no expectation for ${state}`);
  expect(message).toContain(expected.phrase(member));
  expect(message).toContain(plain(formatMoney({ amount: expected.amount(member), currency: member.thresholds.currency }, site)));
  if (expected.dated) expect(message).toContain(plain(formatDate(`${member.yearEnd}T00:00:00Z`, site, { dateStyle: 'long' })));

  const cards = [...document.querySelectorAll('article.tier-card')].map((card) => card.getAttribute('data-tier'));
  // The member's tier and the next one, with their perks (gold has none after it).
  expect(cards).toEqual({ pink: ['pink', 'white'], white: ['white', 'black'], black: ['black', 'gold'], gold: ['gold'] }[member.tier]);
  expect(screen.queryByRole('button', { name: 'Got it' }) !== null).toBe(actor.getSnapshot().hasTag('change'));
}

describe('TierStatusPanel, driven by the generated paths', () => {
  const everyState = pathsToEveryState(tierModel);

  test('the paths reach every message state of every tier', () => {
    expect(new Set(everyState.map((path) => stateName(path.target)))).toEqual(new Set(['awaitingStatus', ...Object.keys(EXPECTED)]));
  });

  test.each(everyState.map((path) => [path.id, path] as const))('%s', async (_, path) => {
    const actor = await walk(path);
    assertShown(actor, stateName(path.target));
  });

  // Every shortest path, not only one per state: the same state reached with other data
  // (Thai thresholds, after a renewal, a day before the end) must still read right.
  test('every shortest path shows the message of its state', async () => {
    for (const path of shortestPaths(tierModel)) {
      const actor = await walk(path);
      assertShown(actor, stateName(path.target));
      cleanup();
    }
  });
});

describe('TierStatusPanel in Thai', () => {
  test('a pink member in Thailand sees the pink and white panels and the amount in baht', async () => {
    const actor = createActor(tierMachine, {
      input: { status: { tier: 'pink', spend: 300, yearEnd: '2026-12-31', lastChange: null }, thresholds: (await import('../../src/config/tiers.ts')).TIER_THRESHOLDS.TH, today: '2026-03-01' },
    }).start();
    await renderApp({ ui: <TierStatusPanel actor={actor} site={{ country: 'TH', language: 'th' }} />, country: 'TH', language: 'th' });
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('ระดับของคุณ: พิงค์');
    expect(screen.getByRole('article', { name: 'ไวท์' })).toBeInTheDocument();
    expect(plain(screen.getByRole('status').textContent ?? '')).toBe('คุณเป็นสมาชิกระดับพิงค์ ใช้จ่ายอีก ฿1,000.00 เพื่อเป็นระดับไวท์และรับสิทธิประโยชน์');
  });
});
