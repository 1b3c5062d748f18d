import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { BagFailureReason } from './bag.failure.ts';
import type { addToBagMachine } from './add-to-bag.machine.ts';

type Snapshot = SnapshotFrom<typeof addToBagMachine>;
type Send = (event: EventFromLogic<typeof addToBagMachine>) => void;

/** `data-state` of the button (spec §4 adding → added). */
export type AddToBagStatus = 'idle' | 'adding' | 'added' | 'failure';

export interface AddToBagApi {
  status: AddToBagStatus;
  busy: boolean;
  failure: BagFailureReason | null;
  add(quantity?: number): void;
  retry(): void;
}

export function addToBagConnect(snapshot: Snapshot, send: Send): AddToBagApi {
  const status: AddToBagStatus = snapshot.hasTag('busy') ? 'adding' : snapshot.hasTag('added') ? 'added' : snapshot.hasTag('failure') ? 'failure' : 'idle';
  return {
    status,
    busy: status === 'adding',
    failure: snapshot.context.failure,
    add: (quantity = 1) => send({ type: 'addToBag.add', quantity }),
    retry: () => send({ type: 'addToBag.retry' }),
  };
}
