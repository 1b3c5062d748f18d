import { assign, setup, type ErrorActorEvent } from 'xstate';
import { loadBag, mergeBag, removeGiftCard, removeReward, saveSamples, setOffer, writeLine, type LineWriteInput } from './bag.actors.ts';
import type { Cart, CartScreen } from '../../src/contract/cart.ts';
import { bagFailureReason, offerFailureOf, type BagAction, type BagFailure } from './bag.failure.ts';
import { keyOf, LINE_DONE, LINE_ERROR, lineOf, picksOf, settleLine, withBag, without, type BagContext, type BagEvent, type LineWriteEvent } from './bag.context.ts';
import { checkoutRefusal, lineKey, quantityAllowed, samePicks, sampleRefusal, shownLines, shownQuantity, toggledPicks } from './bag.rules.ts';

export type { LineWriteInput };

export type { BagContext, BagEvent, LineWriteEvent } from './bag.context.ts';

const lineConfirmed = [
  { type: 'confirmLine', params: ({ event }: { event: Extract<LineWriteEvent, { output: Cart }> }) => ({ key: keyOf(event.type, LINE_DONE), bag: event.output }) },
  { type: 'changed', params: ({ event }: { event: Extract<LineWriteEvent, { output: Cart }> }) => event.output },
] as const;
const lineFailed = [
  { type: 'rollbackLine', params: ({ event }: { event: Extract<LineWriteEvent, { error: unknown }> }) => ({ key: keyOf(event.type, LINE_ERROR), error: event.error }) },
  { type: 'failed', params: ({ context }: { context: BagContext }) => context.lastFailure },
] as const;

/**
 * The bag (issue 12): loads it (or is restored from the page's snapshot), then changes lines
 * optimistically: the view shows the wanted quantity at once, one write per line is in flight
 * and later clicks wait and coalesce (the last quantity wins, sent when the one in flight
 * returns); a failure rolls the line back to the last bag the server confirmed and says what
 * failed. Samples are picked up to the country's limit the same way; offers are applied by code.
 */
export const bagMachine = setup({
  types: {
    context: {} as BagContext,
    events: {} as BagEvent | LineWriteEvent,
    tags: {} as 'busy' | 'saving' | 'bag' | 'failure',
  },
  actors: { loadBag, writeLine, saveSamples, setOffer, mergeBag, removeGiftCard, removeReward },
  guards: {
    quantityAllowed: ({ context, event }) => {
      if (event.type !== 'bag.quantity') return false;
      const line = lineOf(context.screen, event.variantId);
      const shown = line === null ? 0 : shownQuantity(line, context.writes[lineKey(event.variantId)]);
      return line !== null && shown > 0 && quantityAllowed(line, event.quantity, shown);
    },
    lineShown: ({ context, event }) => {
      if (event.type !== 'bag.remove') return false;
      const line = lineOf(context.screen, event.variantId);
      return line !== null && shownQuantity(line, context.writes[lineKey(event.variantId)]) > 0;
    },
    addAllowed: ({ context, event }) => {
      if (event.type !== 'bag.add' || !Number.isInteger(event.quantity) || event.quantity < 1) return false;
      const line = lineOf(context.screen, event.variantId);
      return line === null || shownQuantity(line, context.writes[lineKey(event.variantId)]) + event.quantity <= line.maxQuantity;
    },
    samplePickAllowed: ({ context, event }) => {
      if (event.type !== 'bag.sample.toggle' || context.screen === null) return false;
      const sample = context.screen.samples.choices.find((choice) => choice.id === event.sampleId);
      return sample !== undefined && sampleRefusal(picksOf(context), context.screen.samples.limit, sample) === null;
    },
    picksQueued: ({ context }) => context.picksWanted !== null && context.picksSent !== null && !samePicks(context.picksWanted, context.picksSent),
    /** This answer settles the last line in flight (nothing queued behind it). */
    lastLineSettles: ({ context }, { key, bag }: { key: string; bag: Cart }) => Object.keys(settleLine(context, key, bag).writes).length === 0,
    /** Nothing of this tab on its way: a fresh read cannot be overtaken by an answer still coming. */
    /** A guest bag of this browser is still waiting: its merge at sign-in failed (the server says so). */
    mergePending: ({ context }) => context.screen?.bag.mergePending === true,
    atRest: ({ context }) => Object.keys(context.writes).length === 0 && context.picksSent === null && context.giftCardRemoving === null && context.rewardRemoving === null,
    giftCardInBag: ({ context }, id: number) => context.screen?.bag.giftCards.some((card) => card.id === id) === true,
    rewardInBag: ({ context }, id: number) => context.screen?.bag.reward?.id === id,
    lastLineFails: ({ context }, key: string) => Object.keys(without(context.writes, key)).length === 0,
    canCheckout: ({ context }) =>
      checkoutRefusal(
        context.screen?.bag ?? null,
        shownLines(context.screen, context.writes),
        Object.keys(context.writes).length > 0 || context.picksSent !== null || context.giftCardRemoving !== null || context.rewardRemoving !== null,
      ) === null,
  },
  actions: {
    show: assign((_, screen: CartScreen) => ({ screen, writes: {}, picksSent: null, picksWanted: null, loadError: null })),
    storeLoadError: assign((_, error: unknown) => ({ loadError: error })),
    /** Records the shopper's wish for a line and sends it, or queues it behind the write in flight. */
    want: assign(({ context, event, spawn }) => {
      let variantId: number;
      let quantity: number;
      let addNames = context.addNames;
      if (event.type === 'bag.quantity') ({ variantId, quantity } = event);
      else if (event.type === 'bag.remove') ({ variantId, quantity } = { variantId: event.variantId, quantity: 0 });
      else if (event.type === 'bag.add') {
        variantId = event.variantId;
        quantity = shownQuantity(lineOf(context.screen, variantId), context.writes[lineKey(variantId)]) + event.quantity;
        if (event.productName) addNames = { ...addNames, [lineKey(variantId)]: event.productName };
      } else return {};
      const key = lineKey(variantId);
      const inFlight = context.writes[key];
      if (inFlight) return { writes: { ...context.writes, [key]: { ...inFlight, wanted: quantity } }, addNames };
      const line = lineOf(context.screen, variantId);
      if ((line === null && quantity === 0) || line?.quantity === quantity) return {};
      // Spawned, not invoked: one write per line, any number of lines at once. Its answer comes back as `xstate.done.actor.line.<variant>`.
      spawn('writeLine', { id: `line.${key}`, input: { variantId, lineId: line?.id ?? null, quantity } });
      return { writes: { ...context.writes, [key]: { sent: quantity, wanted: null } }, addNames, lastFailure: null };
    }),
    /** A line's write came back: its bag is the confirmed one; a queued wish goes out now (the last one wins). */
    confirmLine: assign(({ context, spawn }, { key, bag }: { key: string; bag: Cart }) => {
      const { resend, ...next } = settleLine(context, key, bag);
      // The finished child is gone; a replayed path's inert one is simply replaced under the same id.
      if (resend) spawn('writeLine', { id: `line.${key}`, input: resend });
      return next;
    }),
    /** A line's write failed: the line goes back to the confirmed bag (its queued wish too), and the failure is kept for the `failed` action. */
    rollbackLine: assign(({ context }, { key, error }: { key: string; error: unknown }) => {
      const write = context.writes[key];
      const line = lineOf(context.screen, Number(key));
      const action: BagAction = line === null ? 'add' : write?.sent === 0 ? 'remove' : 'quantity';
      const failure: BagFailure = {
        action,
        productName: line?.product.name ?? context.addNames[key] ?? null,
        reason: bagFailureReason(error),
      };
      return { writes: without(context.writes, key), addNames: without(context.addNames, key), lastFailure: failure };
    }),
    pickSample: assign(({ context, event }) => {
      if (event.type !== 'bag.sample.toggle') return {};
      const picks = toggledPicks(picksOf(context), event.sampleId);
      return context.picksSent === null ? { picksSent: picks, picksWanted: null, lastFailure: null } : { picksWanted: picks };
    }),
    confirmSamples: assign(({ context }, bag: Cart) => ({ screen: withBag(context.screen, bag) })),
    sendQueuedPicks: assign(({ context }) => ({ picksSent: context.picksWanted, picksWanted: null })),
    clearPicks: assign({ picksSent: null, picksWanted: null }),
    rollbackSamples: assign((_, error: unknown) => ({ picksSent: null, picksWanted: null, lastFailure: { action: 'samples' as const, productName: null, reason: bagFailureReason(error) } })),
    clearOfferFailure: assign({ offerFailure: null }),
    confirmOffer: assign(({ context }, bag: Cart) => ({ screen: withBag(context.screen, bag), offerFailure: null })),
    failOffer: assign((_, error: unknown) => ({ offerFailure: offerFailureOf(error) })),
    confirmBag: assign(({ context }, bag: Cart) => ({ screen: withBag(context.screen, bag) })),
    failMerge: assign((_, error: unknown) => ({ lastFailure: { action: 'merge' as const, productName: null, reason: bagFailureReason(error) } })),
    startGiftCardRemoval: assign((_, id: number) => ({ giftCardRemoving: id, lastFailure: null })),
    confirmGiftCardRemoval: assign(({ context }, bag: Cart) => ({ screen: withBag(context.screen, bag), giftCardRemoving: null })),
    failGiftCardRemoval: assign(({ context }, error: unknown) => ({
      giftCardRemoving: null,
      lastFailure: {
        action: 'removeGiftCard' as const,
        productName: context.screen?.bag.giftCards.find((card) => card.id === context.giftCardRemoving)?.recipientName ?? null,
        reason: bagFailureReason(error),
      },
    })),
    startRewardRemoval: assign((_, id: number) => ({ rewardRemoving: id, lastFailure: null })),
    confirmRewardRemoval: assign(({ context }, bag: Cart) => ({ screen: withBag(context.screen, bag), rewardRemoving: null })),
    failRewardRemoval: assign(({ context }, error: unknown) => ({
      rewardRemoving: null,
      lastFailure: { action: 'removeReward' as const, productName: context.screen?.bag.reward?.name ?? null, reason: bagFailureReason(error) },
    })),
    /** The app tells the header's count (and other tabs) about a bag the server confirmed. */
    changed: (_, _bag: Cart) => undefined,
    /** The app tells the shopper what failed (the notifications queue); null never comes from a failure. */
    failed: (_, _failure: BagFailure | null) => undefined,
    /** The app goes to checkout. */
    checkout: () => undefined,
  },
}).createMachine({
  id: 'bag',
  context: {
    screen: null,
    writes: {},
    addNames: {},
    picksSent: null,
    picksWanted: null,
    offerFailure: null,
    giftCardRemoving: null,
    rewardRemoving: null,
    lastFailure: null,
    loadError: null,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'loadBag',
        onDone: { target: 'ready', actions: { type: 'show', params: ({ event }) => event.output } },
        onError: { target: 'failure', actions: { type: 'storeLoadError', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    failure: { tags: ['failure'], on: { 'bag.retry': 'loading' } },
    // The bag stays shown while it is read again; a failed read keeps it as it was.
    refreshing: {
      tags: ['bag'],
      invoke: {
        id: 'refresh',
        src: 'loadBag',
        onDone: { target: 'ready', actions: { type: 'show', params: ({ event }) => event.output } },
        onError: { target: 'ready' },
      },
    },
    ready: {
      tags: ['bag'],
      type: 'parallel',
      on: {
        'bag.checkout': { guard: 'canCheckout', actions: 'checkout' },
        'bag.refresh': { guard: 'atRest', target: 'refreshing' },
      },
      states: {
        lines: {
          initial: 'idle',
          on: {
            'bag.quantity': { guard: 'quantityAllowed', target: '.saving', actions: 'want' },
            'bag.remove': { guard: 'lineShown', target: '.saving', actions: 'want' },
            'bag.add': { guard: 'addAllowed', target: '.saving', actions: 'want' },
          },
          states: {
            idle: {},
            saving: {
              tags: ['saving'],
              on: {
                // The last line settling goes back to idle; others stay saving.
                'xstate.done.actor.line.*': [
                  { guard: { type: 'lastLineSettles', params: ({ event }) => ({ key: keyOf(event.type, LINE_DONE), bag: event.output }) }, target: 'idle', actions: lineConfirmed },
                  { actions: lineConfirmed },
                ],
                'xstate.error.actor.line.*': [
                  { guard: { type: 'lastLineFails', params: ({ event }) => keyOf(event.type, LINE_ERROR) }, target: 'idle', actions: lineFailed },
                  { actions: lineFailed },
                ],
              },
            },
          },
        },
        samples: {
          initial: 'idle',
          states: {
            idle: { on: { 'bag.sample.toggle': { guard: 'samplePickAllowed', target: 'saving', actions: 'pickSample' } } },
            saving: {
              tags: ['saving'],
              on: { 'bag.sample.toggle': { guard: 'samplePickAllowed', actions: 'pickSample' } },
              invoke: {
                id: 'samples',
                src: 'saveSamples',
                input: ({ context }) => ({ sampleIds: context.picksSent ?? [] }),
                onDone: [
                  { guard: 'picksQueued', target: 'saving', reenter: true, actions: [{ type: 'confirmSamples', params: ({ event }) => event.output }, { type: 'changed', params: ({ event }) => event.output }, 'sendQueuedPicks'] },
                  { target: 'idle', actions: [{ type: 'confirmSamples', params: ({ event }) => event.output }, { type: 'changed', params: ({ event }) => event.output }, 'clearPicks'] },
                ],
                onError: {
                  target: 'idle',
                  actions: [{ type: 'rollbackSamples', params: ({ event }: { event: ErrorActorEvent }) => event.error }, { type: 'failed', params: ({ context }) => context.lastFailure }],
                },
              },
            },
          },
        },
        // E-gift cards: one taken out at a time, shown until the answer drops it (the bag's count and total follow the answer).
        giftCards: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'bag.giftCard.remove': {
                  guard: { type: 'giftCardInBag', params: ({ event }) => event.id },
                  target: 'removing',
                  actions: { type: 'startGiftCardRemoval', params: ({ event }) => event.id },
                },
              },
            },
            removing: {
              tags: ['saving'],
              invoke: {
                id: 'giftCard',
                src: 'removeGiftCard',
                input: ({ context }) => ({ id: context.giftCardRemoving ?? 0 }),
                onDone: { target: 'idle', actions: [{ type: 'confirmGiftCardRemoval', params: ({ event }) => event.output }, { type: 'changed', params: ({ event }) => event.output }] },
                onError: {
                  target: 'idle',
                  actions: [{ type: 'failGiftCardRemoval', params: ({ event }: { event: ErrorActorEvent }) => event.error }, { type: 'failed', params: ({ context }) => context.lastFailure }],
                },
              },
            },
          },
        },
        // The Beauty Pass reward (issue 15): shown until the answer drops it, as an e-gift card is.
        reward: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'bag.reward.remove': {
                  guard: { type: 'rewardInBag', params: ({ event }) => event.id },
                  target: 'removing',
                  actions: { type: 'startRewardRemoval', params: ({ event }) => event.id },
                },
              },
            },
            removing: {
              tags: ['saving'],
              invoke: {
                id: 'reward',
                src: 'removeReward',
                input: ({ context }) => ({ id: context.rewardRemoving ?? 0 }),
                onDone: { target: 'idle', actions: [{ type: 'confirmRewardRemoval', params: ({ event }) => event.output }, { type: 'changed', params: ({ event }) => event.output }] },
                onError: {
                  target: 'idle',
                  actions: [{ type: 'failRewardRemoval', params: ({ event }: { event: ErrorActorEvent }) => event.error }, { type: 'failed', params: ({ context }) => context.lastFailure }],
                },
              },
            },
          },
        },
        // The guest bag a failed merge at sign-in left behind, added when the shopper asks; the answer is the bag as merged (lines, picks and the offer with it).
        merge: {
          initial: 'idle',
          states: {
            idle: { on: { 'bag.merge': { guard: 'mergePending', target: 'merging' } } },
            merging: {
              tags: ['saving'],
              invoke: {
                id: 'merge',
                src: 'mergeBag',
                onDone: { target: 'idle', actions: [{ type: 'confirmBag', params: ({ event }) => event.output }, { type: 'changed', params: ({ event }) => event.output }] },
                onError: { target: 'idle', actions: [{ type: 'failMerge', params: ({ event }: { event: ErrorActorEvent }) => event.error }, { type: 'failed', params: ({ context }) => context.lastFailure }] },
              },
            },
          },
        },
        offer: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'bag.offer.apply': { target: 'applying', actions: 'clearOfferFailure' },
                'bag.offer.remove': { target: 'removing', actions: 'clearOfferFailure' },
              },
            },
            applying: {
              tags: ['saving'],
              invoke: {
                id: 'offer',
                src: 'setOffer',
                input: ({ event }) => ({ code: event.type === 'bag.offer.apply' ? event.code : null }),
                onDone: { target: 'idle', actions: [{ type: 'confirmOffer', params: ({ event }) => event.output }, { type: 'changed', params: ({ event }) => event.output }] },
                onError: { target: 'idle', actions: { type: 'failOffer', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
              },
            },
            removing: {
              tags: ['saving'],
              invoke: {
                id: 'offer',
                src: 'setOffer',
                input: () => ({ code: null }),
                onDone: { target: 'idle', actions: [{ type: 'confirmOffer', params: ({ event }) => event.output }, { type: 'changed', params: ({ event }) => event.output }] },
                onError: { target: 'idle', actions: { type: 'failOffer', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
              },
            },
          },
        },
      },
    },
  },
});
