import { describe, expect, test } from 'vitest';
import { createActor } from 'xstate';
import { TIER_THRESHOLDS } from '../../src/config/tiers.ts';
import type { MemberTierStatus } from '../../src/contract/loyalty.ts';
import type { TierFormat } from '../../machines/loyalty/tier.messages.ts';
import { tierMachine, type TierInput } from '../../machines/loyalty/tier.machine.ts';
import { tierConnect } from '../../machines/loyalty/tier.connect.ts';
import { tierProgress } from '../../src/contract/tier-rules.ts';
import { tierWhatIfConnect } from '../../machines/loyalty/tier-what-if.connect.ts';
import { tierWhatIfMachine } from '../../machines/loyalty/tier-what-if.machine.ts';
import { whatIfIssues } from '../../machines/loyalty/tier-what-if.rules.ts';

const FORMAT: TierFormat = { money: (amount, currency) => `${currency} ${amount}`, date: (isoDate) => isoDate };

function base(status: Partial<MemberTierStatus> = {}, today = '2026-03-01'): TierInput {
  return { status: { tier: 'black', spend: 120, yearEnd: '2026-09-30', lastChange: null, ...status }, thresholds: TIER_THRESHOLDS.SG, today };
}

function whatIf(input: TierInput) {
  const actor = createActor(tierWhatIfMachine, { input }).start();
  return { actor, view: () => tierWhatIfConnect(actor.getSnapshot(), actor.send) };
}

describe('tierWhatIf: "if I spend X by date D"', () => {
  test('the date is the year end at first, within today and the year end', () => {
    const { view } = whatIf(base());
    expect(view()).toMatchObject({ state: 'editing', available: true, amount: '', date: '2026-09-30', range: { min: '2026-03-01', max: '2026-09-30' }, answer: null });
  });

  test('spending enough for gold: the tier machine’s own upgrade message, with its new year from D', () => {
    const { view } = whatIf(base());
    view().setAmount('1080');
    view().setDate('2026-06-15');
    view().ask();
    const answer = view().answer;
    expect(view().state).toBe('answered');
    expect(answer).toMatchObject({ state: 'gold.justUpgraded', tier: 'gold', amount: 1080, currency: 'SGD', date: '2026-06-15' });
    expect(answer?.message(FORMAT).descriptor.values).toMatchObject({ toRenew: 'SGD 1000', date: '2027-06-14' });
  });

  test('the same answer as a fresh tier machine given the status with X added and D as today', () => {
    const { view } = whatIf(base());
    view().setAmount('200');
    view().setDate('2026-09-01');
    view().ask();
    const fresh = createActor(tierMachine, { input: { ...base(), status: { ...base().status, spend: 320 }, today: '2026-09-01' } }).start();
    const expected = tierConnect(fresh.getSnapshot(), fresh.send);
    expect(view().answer?.state).toBe(expected.state);
    expect(view().answer?.state).toBe('black.keepTier');
    expect(view().answer?.message(FORMAT)).toEqual(expected.message(FORMAT));
  });

  test('nothing spent, asked near the year end: the nearing-expiry countdown', () => {
    const { view } = whatIf(base());
    view().setAmount('0');
    view().setDate('2026-09-20');
    view().ask();
    expect(view().answer?.state).toBe('black.nearingExpiry');
    expect(view().answer?.message(FORMAT).descriptor.values).toMatchObject({ toRenew: 'SGD 180' });
  });

  test('mistakes are marked per field and no answer is given; an edit clears them', () => {
    const { view } = whatIf(base());
    view().setAmount('lots');
    view().setDate('2027-01-01');
    view().ask();
    expect(view().state).toBe('invalid');
    expect(view().issues.amount?.message).toBe('Enter an amount in numbers, such as 150 or 150.50.');
    expect(view().issues.date?.message).toBe('Choose a date between today and the end of your membership year.');
    view().ask();
    expect(view().state).toBe('invalid');
    view().setAmount('10');
    expect(view()).toMatchObject({ state: 'editing', issues: {} });
  });

  test('an answer goes when a value changes, and Ask again restores the first values', () => {
    const { view } = whatIf(base());
    view().setAmount('10');
    view().ask();
    expect(view().state).toBe('answered');
    view().setDate('2026-05-01');
    expect(view()).toMatchObject({ state: 'editing', answer: null, date: '2026-05-01' });
    view().ask();
    view().clear();
    expect(view()).toMatchObject({ state: 'editing', amount: '', date: '2026-09-30', answer: null });
  });

  test('the member’s own tier machine never moves', () => {
    const own = createActor(tierMachine, { input: base() }).start();
    const before = own.getSnapshot().value;
    const { view } = whatIf(base());
    view().setAmount('5000');
    view().ask();
    expect(own.getSnapshot().value).toEqual(before);
    expect(view().answer?.tier).toBe('gold');
  });

  test('once the year is over (a failed renewal’s notice) there is no day to ask about', () => {
    const { view } = whatIf(base({}, '2026-10-05'));
    expect(view()).toMatchObject({ available: false, range: null });
  });

  test('rules: amounts in numbers with at most cents, dates real and in range', () => {
    const fields = (amount: string, date: string) => whatIfIssues(base(), amount, date).map((issue) => `${issue.field}:${issue.message.message ?? ''}`);
    expect(fields('150.50', '2026-03-01')).toEqual([]);
    expect(fields('', '')).toEqual(['amount:Enter an amount.', 'date:Choose a date.']);
    expect(fields('1.234', '2026-02-31')).toEqual(['amount:Enter an amount in numbers, such as 150 or 150.50.', 'date:Choose a valid date.']);
    expect(fields('2000000000', '2026-02-28')).toEqual(['amount:Enter a smaller amount.', 'date:Choose a date between today and the end of your membership year.']);
  });
});

describe('tier progress (the panel’s bar)', () => {
  const member = (status: Partial<MemberTierStatus>, today = '2026-03-01') => ({ ...base(status, today).status, thresholds: TIER_THRESHOLDS.SG, today });

  test('pink and white count towards the next tier; black short of renewal towards keeping black', () => {
    expect(tierProgress(member({ tier: 'pink', spend: 20 }))).toEqual({ goal: 'reach', tier: 'white', spend: 20, target: 50, left: 30 });
    expect(tierProgress(member({ tier: 'white', spend: 100 }))).toEqual({ goal: 'reach', tier: 'black', spend: 100, target: 400, left: 300 });
    expect(tierProgress(member({ tier: 'black', spend: 120 }))).toEqual({ goal: 'renew', tier: 'black', spend: 120, target: 300, left: 180 });
  });

  test('black with the renewal met counts towards gold; gold renewed is full; none once the year is over', () => {
    expect(tierProgress(member({ tier: 'black', spend: 350 }))).toEqual({ goal: 'reach', tier: 'gold', spend: 350, target: 1200, left: 850 });
    expect(tierProgress(member({ tier: 'gold', spend: 1100 }))).toEqual({ goal: 'renew', tier: 'gold', spend: 1100, target: 1000, left: 0 });
    expect(tierProgress(member({ tier: 'gold', spend: 10 }, '2026-10-01'))).toBeNull();
  });

  test('the connect shows the member’s card and the next one’s, and the progress', () => {
    const actor = createActor(tierMachine, { input: base({ tier: 'white', spend: 100 }) }).start();
    expect(tierConnect(actor.getSnapshot(), actor.send)).toMatchObject({ cards: ['white', 'black'], nextTier: 'black', progress: { goal: 'reach', tier: 'black', left: 300 } });
    const gold = createActor(tierMachine, { input: base({ tier: 'gold', spend: 1100 }) }).start();
    expect(tierConnect(gold.getSnapshot(), gold.send)).toMatchObject({ state: 'gold.maxTier', cards: ['gold'], nextTier: null });
  });

  test('acknowledging a change runs the app’s changeSeen once (POST beauty-pass/tier/seen)', () => {
    const seen: string[] = [];
    const actor = createActor(tierMachine.provide({ actions: { changeSeen: () => void seen.push('seen') } }), { input: base({ tier: 'black', spend: 0, lastChange: 'upgraded' }) }).start();
    const view = tierConnect(actor.getSnapshot(), actor.send);
    expect(view.state).toBe('black.justUpgraded');
    view.acknowledge();
    expect(seen).toEqual(['seen']);
    expect(tierConnect(actor.getSnapshot(), actor.send).canAcknowledge).toBe(false);
  });
});
