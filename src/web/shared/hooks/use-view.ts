import { useSelector } from '@xstate/react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import { sameView } from '../../../../machines/shared/same-view.ts';

/** A machine's `*.connect.ts`: its snapshot and `send` → the view-model a view reads. */
export type Connect<TActor extends AnyActorRef, TView> = (snapshot: SnapshotFrom<TActor>, send: TActor['send']) => TView;

/**
 * The one way a view reads a machine (docs/machines.md, "View-models"): the actor's view-model,
 * made by its connect, narrowed by `select` to what this component shows. The component renders
 * again only when that part changes, compared by value (`sameView`: a connect builds new objects
 * from every snapshot, and its intents are equal), never because another part of the snapshot
 * moved. A view never holds the snapshot itself, so it cannot read a state name or recompute what
 * a guard decides; a connect with more arguments is passed as `(snapshot, send) => connect(snapshot, send, field)`.
 *
 * An event handler that must act on the newest snapshot (not the one of the last render) calls
 * `viewNow(actor, connect)`.
 */
export function useView<TActor extends AnyActorRef, TView>(actor: TActor, connect: Connect<TActor, TView>): TView;
export function useView<TActor extends AnyActorRef, TView, TSlice>(actor: TActor, connect: Connect<TActor, TView>, select: (view: TView) => TSlice): TSlice;
export function useView<TActor extends AnyActorRef, TView, TSlice>(actor: TActor, connect: Connect<TActor, TView>, select: (view: TView) => TView | TSlice = (view) => view): TView | TSlice {
  // Read as any actor: the connect's own signature types the snapshot.
  return useSelector<AnyActorRef, TView | TSlice>(actor, (snapshot: SnapshotFrom<TActor>) => select(connect(snapshot, actor.send)), sameView);
}

/** The view-model of the actor's snapshot now, for an event handler (it subscribes to nothing). */
export function viewNow<TActor extends AnyActorRef, TView>(actor: TActor, connect: Connect<TActor, TView>): TView {
  return connect(actor.getSnapshot() as SnapshotFrom<TActor>, actor.send);
}
