import type { MessageDescriptor } from '@lingui/core';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { Reward, RewardRefusal } from '../../src/contract/beauty-pass.ts';
import type { RedeemTarget, rewardRedeemMachine } from './reward-redeem.machine.ts';
import { REDEEM_BUSY, REDEEM_FAILED, REWARD_REFUSAL_MESSAGES } from './rewards.messages.ts';

type Snapshot = SnapshotFrom<typeof rewardRedeemMachine>;
type Send = (event: EventFromLogic<typeof rewardRedeemMachine>) => void;

export type RewardRedeemStatus = 'idle' | 'redeeming' | 'redeemed' | 'refused' | 'failure';

export interface RewardRedeemApi {
  /** `data-state` of the boutique's notice. */
  status: RewardRedeemStatus;
  busy: boolean;
  /** The reward of the last redemption (the notice names it). */
  target: RedeemTarget | null;
  refusal: RewardRefusal | null;
  /** The notice's reason: the server's refusal, or a failure it did not explain. */
  reason: MessageDescriptor | null;
  canRetry: boolean;
  /** Whether this reward's redemption is the one in flight. */
  redeeming(rewardId: number): boolean;
  /**
   * Why a reward's Redeem button is disabled: the list's `refusal` (the server's word for this
   * shopper), or another redemption in flight; null when it may be pressed.
   */
  blockedReason(reward: Pick<Reward, 'refusal'>): MessageDescriptor | null;
  redeem(reward: Pick<Reward, 'id' | 'name'>): void;
  retry(): void;
  dismiss(): void;
}

function statusOf(snapshot: Snapshot): RewardRedeemStatus {
  if (snapshot.hasTag('busy')) return 'redeeming';
  if (snapshot.hasTag('redeemed')) return 'redeemed';
  if (snapshot.hasTag('refused')) return 'refused';
  if (snapshot.hasTag('failure')) return 'failure';
  return 'idle';
}

export function rewardRedeemConnect(snapshot: Snapshot, send: Send): RewardRedeemApi {
  const { target, refusal, failed } = snapshot.context;
  const status = statusOf(snapshot);
  const busy = status === 'redeeming';
  return {
    status,
    busy,
    target,
    refusal,
    reason: refusal ? REWARD_REFUSAL_MESSAGES[refusal] : failed ? REDEEM_FAILED : null,
    canRetry: snapshot.can({ type: 'reward.retry' }),
    redeeming: (rewardId) => busy && target?.rewardId === rewardId,
    blockedReason: (reward) => (reward.refusal ? REWARD_REFUSAL_MESSAGES[reward.refusal] : busy ? REDEEM_BUSY : null),
    redeem: (reward) => send({ type: 'reward.redeem', rewardId: reward.id, name: reward.name }),
    retry: () => send({ type: 'reward.retry' }),
    dismiss: () => send({ type: 'reward.dismiss' }),
  };
}
