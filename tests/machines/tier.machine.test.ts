// @module-tag clock: tier years and days left are counted in calendar days.
import { describe, expect, test } from 'vitest';
import { createActor } from 'xstate';
import { tierMachine, type TierInput } from '../../machines/loyalty/tier.machine.ts';
import { tierState } from '../../machines/loyalty/tier.messages.ts';
import { addYears, closeYear, daysLeft, renewalOutcome, type MemberState } from '../../src/contract/tier-rules.ts';
import { TIER_THRESHOLDS } from '../../src/config/tiers.ts';
import type { CountryCode } from '../../src/config/countries.ts';
import type { MemberTierStatus } from '../../src/contract/loyalty.ts';

const TODAY = '2026-03-01';
const YEAR_END = '2026-12-31';

function input(country: CountryCode, status: Partial<MemberTierStatus>, today = TODAY): TierInput {
  return { status: { tier: 'pink', spend: 0, yearEnd: YEAR_END, lastChange: null, ...status }, thresholds: TIER_THRESHOLDS[country], today };
}

function start(country: CountryCode, status: Partial<MemberTierStatus>, today = TODAY) {
  return createActor(tierMachine, { input: input(country, status, today) }).start();
}

type Actor = ReturnType<typeof start>;
const at = (actor: Actor) => {
  const { tier, messaging } = tierState(actor.getSnapshot());
  return `${tier}.${messaging}`;
};
const member = (actor: Actor): MemberState => {
  const value = actor.getSnapshot().context.member;
  if (!value) throw new Error('no member');
  return value;
};

describe('before the status loads', () => {
  test('waits for it and accepts no data events', () => {
    const actor = createActor(tierMachine, { input: undefined }).start();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('awaitingStatus');
    expect(snapshot.can({ type: 'tier.spendUpdated', spend: 10 })).toBe(false);
    expect(snapshot.can({ type: 'tier.dayPassed', today: TODAY })).toBe(false);
    expect(snapshot.can({ type: 'tier.yearEnded' })).toBe(false);
    expect(snapshot.can({ type: 'tier.acknowledge' })).toBe(false);
  });

  test('statusLoaded picks the tier and message from the Thai thresholds', () => {
    const actor = createActor(tierMachine, { input: undefined }).start();
    actor.send({ type: 'tier.statusLoaded', ...input('TH', { tier: 'black', spend: 7999 }) });
    expect(at(actor)).toBe('black.downgradeWarning');
    actor.send({ type: 'tier.spendUpdated', spend: 8000 });
    expect(at(actor)).toBe('black.keepTier');
  });
});

describe('pink (initial)', () => {
  test('stays in progress below the white spend', () => {
    const actor = start('SG', { spend: 49.99 });
    expect(at(actor)).toBe('pink.inProgress');
  });

  test('enters white as just upgraded on reaching its spend; the new year starts today from zero', () => {
    const actor = start('SG', { spend: 20 });
    actor.send({ type: 'tier.spendUpdated', spend: 50 });
    expect(at(actor)).toBe('white.justUpgraded');
    expect(member(actor)).toMatchObject({ tier: 'white', spend: 0, yearEnd: '2027-02-28', lastChange: 'upgraded' });
  });

  test('a spend past gold jumps straight to gold', () => {
    const actor = start('TH', { spend: 0 });
    actor.send({ type: 'tier.spendUpdated', spend: 30000 });
    expect(at(actor)).toBe('gold.justUpgraded');
  });
});

describe('white', () => {
  test('in progress toward black; upgrade to black, then the member reads it', () => {
    const actor = start('SG', { tier: 'white', spend: 100 });
    expect(at(actor)).toBe('white.inProgress');
    actor.send({ type: 'tier.spendUpdated', spend: 399 });
    expect(at(actor)).toBe('white.inProgress');
    actor.send({ type: 'tier.spendUpdated', spend: 400 });
    expect(at(actor)).toBe('black.justUpgraded');
    actor.send({ type: 'tier.acknowledge' });
    expect(at(actor)).toBe('black.downgradeWarning');
    expect(member(actor).lastChange).toBeNull();
  });

  test('white never nears expiry; at the year end it renews', () => {
    const actor = start('SG', { tier: 'white', spend: 100 });
    actor.send({ type: 'tier.dayPassed', today: '2026-12-20' });
    expect(at(actor)).toBe('white.inProgress');
    actor.send({ type: 'tier.dayPassed', today: '2027-01-01' });
    actor.send({ type: 'tier.yearEnded' });
    expect(at(actor)).toBe('white.renewed');
    expect(member(actor)).toMatchObject({ spend: 0, yearEnd: '2027-12-31' });
  });

  test('renewed, downgraded and just-upgraded messages give way after acknowledge', () => {
    for (const lastChange of ['renewed', 'downgraded', 'upgraded'] as const) {
      const actor = start('SG', { tier: 'white', lastChange });
      expect(at(actor)).toBe(lastChange === 'upgraded' ? 'white.justUpgraded' : `white.${lastChange}`);
      actor.send({ type: 'tier.acknowledge' });
      expect(at(actor)).toBe('white.inProgress');
    }
  });
});

describe('black', () => {
  test('downgrade warning → nearing expiry → failed renewal → downgrade to white', () => {
    const actor = start('SG', { tier: 'black', spend: 100 });
    expect(at(actor)).toBe('black.downgradeWarning');
    actor.send({ type: 'tier.dayPassed', today: '2026-11-01' }); // 60 days left: inside the window
    expect(at(actor)).toBe('black.nearingExpiry');
    actor.send({ type: 'tier.dayPassed', today: '2026-10-31' }); // 61 days
    expect(at(actor)).toBe('black.downgradeWarning');
    actor.send({ type: 'tier.dayPassed', today: '2027-01-01' });
    expect(at(actor)).toBe('black.failedRenewal');
    actor.send({ type: 'tier.yearEnded' });
    expect(at(actor)).toBe('white.downgraded');
    expect(member(actor)).toMatchObject({ tier: 'white', spend: 0, lastChange: 'downgraded' });
  });

  test('keeps the tier once the renewal spend is reached, even near the year end, and renews', () => {
    const actor = start('SG', { tier: 'black', spend: 300 }, '2026-12-20');
    expect(at(actor)).toBe('black.keepTier');
    actor.send({ type: 'tier.dayPassed', today: '2027-01-01' });
    expect(at(actor)).toBe('black.keepTier');
    actor.send({ type: 'tier.yearEnded' });
    expect(at(actor)).toBe('black.renewed');
  });

  test('a final spend past gold at the year end upgrades to gold', () => {
    const actor = start('TH', { tier: 'black', spend: 9000 }, '2027-01-01');
    actor.send({ type: 'tier.yearEnded', spend: 30000 });
    expect(at(actor)).toBe('gold.justUpgraded');
  });

  test('reaching gold mid-year upgrades at once', () => {
    const actor = start('SG', { tier: 'black', spend: 350 });
    actor.send({ type: 'tier.spendUpdated', spend: 1200 });
    expect(at(actor)).toBe('gold.justUpgraded');
  });
});

describe('gold', () => {
  test('max tier once the renewal spend is reached; nothing carries over to the next year', () => {
    const actor = start('SG', { tier: 'gold', spend: 900 });
    expect(at(actor)).toBe('gold.downgradeWarning');
    actor.send({ type: 'tier.spendUpdated', spend: 1500 });
    expect(at(actor)).toBe('gold.maxTier');
    actor.send({ type: 'tier.dayPassed', today: '2027-01-01' });
    actor.send({ type: 'tier.yearEnded' });
    expect(at(actor)).toBe('gold.renewed');
    expect(member(actor)).toMatchObject({ tier: 'gold', spend: 0, yearEnd: '2027-12-31', lastChange: 'renewed' });
  });

  test('failed renewal, then downgrade gold → black', () => {
    const actor = start('TH', { tier: 'gold', spend: 25999 }, '2026-12-25');
    expect(at(actor)).toBe('gold.nearingExpiry');
    actor.send({ type: 'tier.dayPassed', today: '2027-01-01' });
    expect(at(actor)).toBe('gold.failedRenewal');
    actor.send({ type: 'tier.yearEnded' });
    expect(at(actor)).toBe('black.downgraded');
    actor.send({ type: 'tier.acknowledge' });
    expect(at(actor)).toBe('black.downgradeWarning');
  });

  test('the year cannot end before its last day has passed', () => {
    const actor = start('SG', { tier: 'gold', spend: 100 }, YEAR_END);
    expect(actor.getSnapshot().can({ type: 'tier.yearEnded' })).toBe(false);
    actor.send({ type: 'tier.yearEnded' });
    expect(at(actor)).toBe('gold.nearingExpiry');
    expect(member(actor).yearEnd).toBe(YEAR_END);
  });

  test('acknowledge is only for upgrade, renewal and downgrade messages', () => {
    const actor = start('SG', { tier: 'gold', spend: 1000 });
    expect(at(actor)).toBe('gold.maxTier');
    expect(actor.getSnapshot().can({ type: 'tier.acknowledge' })).toBe(false);
  });

  test('the upgrade and renewal messages yield to max tier once the member has spent enough', () => {
    const actor = start('SG', { tier: 'gold', lastChange: 'renewed' });
    expect(at(actor)).toBe('gold.renewed');
    actor.send({ type: 'tier.spendUpdated', spend: 1000 });
    expect(at(actor)).toBe('gold.maxTier');
  });
});

describe('rules', () => {
  const base = (tier: MemberState['tier'], spend: number): MemberState => ({ ...input('SG', { tier, spend }).status, thresholds: TIER_THRESHOLDS.SG, today: TODAY });

  test.each([
    ['pink', 0, 'pink', null],
    ['pink', 60, 'white', 'upgraded'],
    ['white', 0, 'white', 'renewed'],
    ['white', 400, 'black', 'upgraded'],
    ['black', 299, 'white', 'downgraded'],
    ['black', 300, 'black', 'renewed'],
    ['black', 1200, 'gold', 'upgraded'],
    ['gold', 999, 'black', 'downgraded'],
    ['gold', 1000, 'gold', 'renewed'],
  ] as const)('year end: %s with %d → %s (%s)', (tier, spend, next, change) => {
    expect(renewalOutcome(base(tier, spend), spend)).toEqual({ tier: next, change });
  });

  test('a closed year starts a year later from zero', () => {
    expect(closeYear(base('gold', 5000), 5000)).toMatchObject({ spend: 0, yearEnd: '2027-12-31' });
  });

  test('29 February + 1 year is 28 February; days left count calendar days', () => {
    expect(addYears('2028-02-29', 1)).toBe('2029-02-28');
    expect(daysLeft({ today: '2026-12-31', yearEnd: '2026-12-31' })).toBe(0);
    expect(daysLeft({ today: '2027-01-01', yearEnd: '2026-12-31' })).toBe(-1);
    expect(daysLeft({ today: '2026-03-01', yearEnd: '2026-12-31' })).toBe(305);
  });
});
