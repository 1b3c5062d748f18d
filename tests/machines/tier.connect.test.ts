import { describe, expect, test } from 'vitest';
import { tierConnect } from '../../machines/loyalty/tier.connect.ts';
import { tierMachine, type TierInput } from '../../machines/loyalty/tier.machine.ts';
import { tierMessage, type TierFormat } from '../../machines/loyalty/tier.messages.ts';
import { TIER_THRESHOLDS } from '../../src/config/tiers.ts';
import type { MemberTierStatus } from '../../src/contract/loyalty.ts';
import { connectActor } from './connect-helpers.ts';

const FORMAT: TierFormat = { money: (amount, currency) => `${currency} ${amount}`, date: (isoDate) => isoDate };

function input(status: Partial<MemberTierStatus>, today = '2026-03-01'): TierInput {
  return { status: { tier: 'pink', spend: 0, yearEnd: '2026-12-31', lastChange: null, ...status }, thresholds: TIER_THRESHOLDS.SG, today };
}

function start(value: TierInput | undefined) {
  const { actor, send, sent } = connectActor(tierMachine, value);
  return { actor, sent, view: () => tierConnect(actor.getSnapshot(), send) };
}

describe('tierConnect', () => {
  test('before the status loads: loading, no tier, no cards, nothing to acknowledge', () => {
    const { view } = start(undefined);
    expect(view()).toMatchObject({ state: 'awaitingStatus', tier: null, messaging: null, loading: true, cards: [], canAcknowledge: false, change: false, urgent: false });
    expect(view().message(FORMAT).descriptor.message).toBe('Loading your Beauty Pass status…');
  });

  test('a pink member sees the white card too', () => {
    const { view } = start(input({ tier: 'pink', spend: 10 }));
    expect(view()).toMatchObject({ state: 'pink.inProgress', tier: 'pink', loading: false, cards: ['pink', 'white'] });
  });

  test('a change is acknowledged through the intent, which sends tier.acknowledge', () => {
    const { view, sent, actor } = start(input({ tier: 'white', spend: 0, lastChange: 'upgraded' }));
    expect(view()).toMatchObject({ state: 'white.justUpgraded', change: true, canAcknowledge: true, cards: ['white', 'black'] });
    view().acknowledge();
    expect(sent).toEqual([{ type: 'tier.acknowledge' }]);
    expect(view()).toMatchObject({ state: 'white.inProgress', change: false, canAcknowledge: false });
    // The message is the one the machine's own message function gives for the snapshot.
    expect(view().message(FORMAT)).toEqual(tierMessage(actor.getSnapshot(), FORMAT));
  });

  test('nearing expiry is urgent', () => {
    const { view } = start(input({ tier: 'gold', spend: 0 }, '2026-12-20'));
    expect(view()).toMatchObject({ tier: 'gold', messaging: 'nearingExpiry', urgent: true });
  });
});
