import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { TierName } from '../../src/contract/loyalty.ts';
import type { tierMachine } from './tier.machine.ts';
import { tierMessageOf, tierState, type TierFormat, type TierMessage } from './tier.messages.ts';
import type { MemberState } from './tier.rules.ts';

type Snapshot = SnapshotFrom<typeof tierMachine>;
type Send = (event: EventFromLogic<typeof tierMachine>) => void;

export interface TierApi {
  /** `data-state`: `gold.maxTier`, or `awaitingStatus` until the status has loaded. */
  state: string;
  tier: TierName | null;
  /** The message state within the tier (`nearingExpiry` …). */
  messaging: string | null;
  loading: boolean;
  /** An upgrade, renewal or downgrade to acknowledge. */
  change: boolean;
  /** The membership may be lost: nearing expiry or a failed renewal. */
  urgent: boolean;
  /** The tier cards to show: a pink member also sees white, which pink's first purchase unlocks. */
  cards: TierName[];
  member: MemberState | null;
  canAcknowledge: boolean;
  /** The state's message, with amounts and dates written the site's way. */
  message(format: TierFormat): TierMessage;
  acknowledge(): void;
}

export function tierConnect(snapshot: Snapshot, send: Send): TierApi {
  const { tier, messaging } = tierState(snapshot);
  const { member } = snapshot.context;
  return {
    state: tier && messaging ? `${tier}.${messaging}` : 'awaitingStatus',
    tier,
    messaging,
    loading: snapshot.hasTag('awaitingStatus'),
    change: snapshot.hasTag('change'),
    urgent: snapshot.hasTag('urgent'),
    cards: tier === 'pink' ? ['pink', 'white'] : tier ? [tier] : [],
    member,
    canAcknowledge: snapshot.can({ type: 'tier.acknowledge' }),
    message: (format) => tierMessageOf({ member, tier, messaging }, format),
    acknowledge: () => send({ type: 'tier.acknowledge' }),
  };
}
