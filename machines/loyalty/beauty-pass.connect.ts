import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { BeautyPassStatus } from '../../src/contract/beauty-pass.ts';
import type { beautyPassMachine } from './beauty-pass.machine.ts';

type Snapshot = SnapshotFrom<typeof beautyPassMachine>;
type Send = (event: EventFromLogic<typeof beautyPassMachine>) => void;

/** What the dashboard's Beauty Pass section shows (`data-state`). */
export type BeautyPassView =
  | { state: 'loading' }
  | { state: 'member'; status: BeautyPassStatus }
  | { state: 'notMember'; joined(): void }
  | { state: 'failure'; retry(): void };

export function beautyPassConnect(snapshot: Snapshot, send: Send): BeautyPassView {
  const { status } = snapshot.context;
  if (snapshot.matches('member') && status) return { state: 'member', status };
  if (snapshot.matches('notMember')) return { state: 'notMember', joined: () => send({ type: 'beautyPass.joined' }) };
  if (snapshot.matches('failure')) return { state: 'failure', retry: () => send({ type: 'beautyPass.retry' }) };
  return { state: 'loading' };
}
