import type { EventFromLogic, SnapshotFrom } from 'xstate';
import type { WishlistFailure, wishlistToggleMachine } from './wishlist-toggle.machine.ts';

type Snapshot = SnapshotFrom<typeof wishlistToggleMachine>;
type Send = (event: EventFromLogic<typeof wishlistToggleMachine>) => void;

export interface WishlistToggleApi {
  /** `aria-pressed` and the filled heart: what the shopper asked for last (optimistic). */
  wishlisted: boolean;
  /** A change is being saved; the heart stays pressable (clicks are coalesced), so this is `aria-busy` only. */
  busy: boolean;
  /** Why the last change was undone, if it was. */
  failure: WishlistFailure | null;
  /** Adds, or removes when it shows as added; the shade or size liked goes with an add. */
  toggle(variantId?: number | null): void;
  /** Adds (true) or removes (false) whatever it shows now. */
  set(wishlisted: boolean, variantId?: number | null): void;
  /** The list says this (loaded, or changed in another tab). */
  sync(wishlisted: boolean): void;
}

export function wishlistToggleConnect(snapshot: Snapshot, send: Send): WishlistToggleApi {
  const { wanted, failure } = snapshot.context;
  return {
    wishlisted: wanted,
    busy: snapshot.hasTag('busy'),
    failure,
    toggle: (variantId) => send(variantId === undefined ? { type: 'wishlist.toggle' } : { type: 'wishlist.toggle', variantId }),
    set: (wishlisted, variantId) => send(variantId === undefined ? { type: 'wishlist.set', wishlisted } : { type: 'wishlist.set', wishlisted, variantId }),
    sync: (wishlisted) => send({ type: 'wishlist.sync', wishlisted }),
  };
}
