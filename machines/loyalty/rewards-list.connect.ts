import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { RewardList } from '../../src/contract/beauty-pass.ts';
import type { rewardsListMachine, RewardSort } from './rewards-list.machine.ts';

type Snapshot = SnapshotFrom<typeof rewardsListMachine>;
type Send = (event: EventFromLogic<typeof rewardsListMachine>) => void;

export type RewardsListView =
  | { state: 'loading'; sort: RewardSort }
  | { state: 'ready'; sort: RewardSort; list: RewardList; refreshing: boolean; refresh(): void }
  | { state: 'failure'; sort: RewardSort; retry(): void };

export function rewardsListConnect(snapshot: Snapshot, send: Send): RewardsListView {
  const { sort, list } = snapshot.context;
  if (snapshot.matches('ready') && list) return { state: 'ready', sort, list, refreshing: snapshot.hasTag('refreshing'), refresh: () => send({ type: 'rewards.refresh' }) };
  if (snapshot.matches('failure')) return { state: 'failure', sort, retry: () => send({ type: 'rewards.retry' }) };
  return { state: 'loading', sort };
}
