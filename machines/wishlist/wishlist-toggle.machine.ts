import { assign, fromPromise, setup, type ErrorActorEvent } from 'xstate';

/** What one write asks: the product on the list (with the shade or size liked, if any) or off it. */
export interface WishlistWrite {
  wishlisted: boolean;
  variantId: number | null;
}

/** Writes the product's place on the wish list (the device's list for a guest, `PATCH wishlist` for a member); the app provides it. */
export const saveWishlisted = fromPromise<undefined, WishlistWrite>(async () => {
  throw new Error('wishlistToggle: provide the `saveWishlisted` actor');
});

/** Why the last change was undone; the view words it. */
export type WishlistFailure = 'signedOut' | 'failed';

export function wishlistFailureOf(error: unknown): WishlistFailure {
  const { status } = (error ?? {}) as { status?: unknown };
  return status === 401 ? 'signedOut' : 'failed';
}

export type WishlistToggleEvent =
  /** The heart was pressed: the opposite of what it shows now. */
  | { type: 'wishlist.toggle'; variantId?: number | null }
  /** An explicit add or remove (the bag's "Move to wish list", the wish list's own Remove). */
  | { type: 'wishlist.set'; wishlisted: boolean; variantId?: number | null }
  /** The list (loaded, or changed in another tab) says where the product is. */
  | { type: 'wishlist.sync'; wishlisted: boolean };

export interface WishlistToggleContext {
  /** What the list holds as far as we know: the last answer, never a guess. */
  confirmed: boolean;
  /** What the shopper asked for last: what the heart shows (optimistic). */
  wanted: boolean;
  /** What the write in flight asks for. */
  sending: boolean;
  variantId: number | null;
  failure: WishlistFailure | null;
}

export interface WishlistToggleInput {
  wishlisted: boolean;
  variantId?: number | null;
}

/**
 * One product's heart (issue 12, wish list): optimistic, one write in flight at most, clicks made
 * meanwhile coalesced into the next write (or none, when they cancel out), and a failed write rolls
 * the heart back to the last confirmed state and tells the app (`failed`), which notifies.
 */
export const wishlistToggleMachine = setup({
  types: {
    context: {} as WishlistToggleContext,
    events: {} as WishlistToggleEvent,
    input: {} as WishlistToggleInput,
    tags: {} as 'busy',
  },
  actors: { saveWishlisted },
  guards: {
    /** An explicit add or remove that the list does not hold already. */
    changesList: ({ context, event }) => event.type === 'wishlist.set' && event.wishlisted !== context.confirmed,
    /** The shopper changed their mind again while the write flew: another write follows. */
    wantsMore: ({ context }) => context.wanted !== context.sending,
  },
  actions: {
    flip: assign(({ context, event }) => ({
      wanted: !context.wanted,
      failure: null,
      variantId: event.type === 'wishlist.toggle' && event.variantId !== undefined ? event.variantId : context.variantId,
    })),
    want: assign(({ context, event }) =>
      event.type === 'wishlist.set' ? { wanted: event.wishlisted, failure: null, variantId: event.variantId === undefined ? context.variantId : event.variantId } : {},
    ),
    sync: assign(({ event }) => (event.type === 'wishlist.sync' ? { confirmed: event.wishlisted, wanted: event.wishlisted } : {})),
    send: assign(({ context }) => ({ sending: context.wanted })),
    confirm: assign(({ context }) => ({ confirmed: context.sending })),
    rollBack: assign(({ context }, error: unknown) => ({ wanted: context.confirmed, failure: wishlistFailureOf(error) })),
    /** The app updates its list (every heart of the product, other tabs) here. */
    changed: (_, _wishlisted: boolean) => undefined,
    /** The app notifies here: the change was undone. */
    failed: (_, _failure: { failure: WishlistFailure; wanted: boolean }) => undefined,
  },
}).createMachine({
  id: 'wishlistToggle',
  context: ({ input }) => ({ confirmed: input.wishlisted, wanted: input.wishlisted, sending: input.wishlisted, variantId: input.variantId ?? null, failure: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'wishlist.toggle': { target: 'saving', actions: 'flip' },
        'wishlist.set': { guard: 'changesList', target: 'saving', actions: 'want' },
        'wishlist.sync': { actions: 'sync' },
      },
    },
    saving: {
      tags: ['busy'],
      entry: 'send',
      invoke: {
        id: 'save',
        src: 'saveWishlisted',
        input: ({ context }) => ({ wishlisted: context.sending, variantId: context.variantId }),
        onDone: [
          { guard: 'wantsMore', target: 'saving', reenter: true, actions: ['confirm', { type: 'changed', params: ({ context }) => context.sending }] },
          { target: 'idle', actions: ['confirm', { type: 'changed', params: ({ context }) => context.sending }] },
        ],
        onError: {
          target: 'idle',
          actions: [
            { type: 'rollBack', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            { type: 'failed', params: ({ context, event }) => ({ failure: wishlistFailureOf(event.error), wanted: context.sending }) },
          ],
        },
      },
      // Coalesced: the write in flight goes on; what the shopper wants now is written after it.
      on: {
        'wishlist.toggle': { actions: 'flip' },
        'wishlist.set': { actions: 'want' },
      },
    },
  },
});
