import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { TierName } from '../../src/contract/loyalty.ts';
import type { tierMachine } from './tier.machine.ts';
import { tierMessageOf, tierState, type TierFormat, type TierMessage } from './tier.messages.ts';
import { nextTier, tierProgress, type MemberState, type TierProgress } from '../../src/contract/tier-rules.ts';

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
  /**
   * The tier cards to show, each with its perks: the member's and the next one (a pink member sees
   * white, which pink's first purchase unlocks; gold, the highest, has none after it).
   */
  cards: TierName[];
  /** The tier above the member's; null for gold and while loading. */
  nextTier: TierName | null;
  /** What the spend counts towards now (the progress bar); null while loading and once the year is over. */
  progress: TierProgress | null;
  member: MemberState | null;
  canAcknowledge: boolean;
  /** The state's message, with amounts and dates written the site's way. */
  message(format: TierFormat): TierMessage;
  acknowledge(): void;
}

export function tierConnect(snapshot: Snapshot, send: Send): TierApi {
  const { tier, messaging } = tierState(snapshot);
  const { member } = snapshot.context;
  const next = tier ? nextTier(tier) : null;
  return {
    state: tier && messaging ? `${tier}.${messaging}` : 'awaitingStatus',
    tier,
    messaging,
    loading: snapshot.hasTag('awaitingStatus'),
    change: snapshot.hasTag('change'),
    urgent: snapshot.hasTag('urgent'),
    cards: tier ? [tier, ...(next ? [next] : [])] : [],
    nextTier: next,
    progress: member && tier ? tierProgress(member) : null,
    member,
    canAcknowledge: snapshot.can({ type: 'tier.acknowledge' }),
    message: (format) => tierMessageOf({ member, tier, messaging }, format),
    acknowledge: () => send({ type: 'tier.acknowledge' }),
  };
}
