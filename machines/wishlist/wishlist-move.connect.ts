import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { wishlistMoveMachine } from './wishlist-move.machine.ts';
import type { MoveFailure } from './wishlist-move.rules.ts';

type Snapshot = SnapshotFrom<typeof wishlistMoveMachine>;
type Send = (event: EventFromLogic<typeof wishlistMoveMachine>) => void;

export interface WishlistMoveApi {
  busy: boolean;
  /** Several shades or sizes and none liked: the view links to the product page instead. */
  mustChoose: boolean;
  moved: boolean;
  failure: MoveFailure | null;
  move(): void;
  dismiss(): void;
}

export function wishlistMoveConnect(snapshot: Snapshot, send: Send): WishlistMoveApi {
  return {
    busy: snapshot.hasTag('busy'),
    mustChoose: snapshot.matches('choosing'),
    moved: snapshot.matches('moved'),
    failure: snapshot.context.failure,
    move: () => send({ type: 'move.start' }),
    dismiss: () => send({ type: 'move.dismiss' }),
  };
}
