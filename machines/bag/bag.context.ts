import type { Cart, CartScreen } from '../../src/contract/cart.ts';
import type { LineWriteInput } from './bag.actors.ts';
import type { BagFailure, OfferFailure } from './bag.failure.ts';
import { newerBag, type LineWrites } from './bag.rules.ts';

/* The bag machine's context, events and the pure steps its line actions take (bag.machine.ts). */

export interface BagContext {
  /** The last bag the server confirmed (with samples and offers), or null before the first answer. */
  screen: CartScreen | null;
  /** Lines with a change on its way, by variant: at most one write each in flight, later clicks coalesced. */
  writes: LineWrites;
  /** Names of products added from elsewhere, for a notification if the add fails. */
  addNames: Readonly<Record<string, string>>;
  /** Sample picks on their way (null: none) and the latest picks wanted after them. */
  picksSent: number[] | null;
  picksWanted: number[] | null;
  offerFailure: OfferFailure | null;
  /** The e-gift card (its id) being taken out of the bag: shown until the answer drops it. */
  giftCardRemoving: number | null;
  /** The reward (its id) being taken out of the bag: shown until the answer drops it. */
  rewardRemoving: number | null;
  /** The last change that failed and was rolled back (also told through the `failed` action). */
  lastFailure: BagFailure | null;
  loadError: unknown;
}

export type BagEvent =
  | { type: 'bag.retry' }
  /** The stepper: set a line to this quantity (1..its most). */
  | { type: 'bag.quantity'; variantId: number; quantity: number }
  | { type: 'bag.remove'; variantId: number }
  /** Adds units of a variant (a new line, or more of one in the bag). */
  | { type: 'bag.add'; variantId: number; quantity: number; productName?: string }
  | { type: 'bag.sample.toggle'; sampleId: number }
  | { type: 'bag.offer.apply'; code: string }
  | { type: 'bag.offer.remove' }
  /** Takes an e-gift card out of the bag (by its id in `Cart.giftCards`). */
  | { type: 'bag.giftCard.remove'; id: number }
  /** Takes the Beauty Pass reward out of the bag (by its id in `Cart.reward`). */
  | { type: 'bag.reward.remove'; id: number }
  | { type: 'bag.checkout' }
  /** Another tab changed the bag: read it again (when nothing of this tab is on its way). */
  | { type: 'bag.refresh' }
  | { type: 'bag.merge' };

/** The answers of the spawned line writes (`line.<variant id>`), declared so the machine can take them. */
export type LineWriteEvent = { type: `xstate.done.actor.line.${string}`; output: Cart } | { type: `xstate.error.actor.line.${string}`; error: unknown };

export const LINE_DONE = 'xstate.done.actor.line.';
export const LINE_ERROR = 'xstate.error.actor.line.';
export const keyOf = (type: string, prefix: string) => type.slice(prefix.length);
export const lineOf = (screen: CartScreen | null, variantId: number) => screen?.bag.lines.find((line) => line.variant.id === variantId) ?? null;
export const withBag = (screen: CartScreen | null, bag: Cart): CartScreen | null => (screen === null ? null : { ...screen, bag: newerBag(screen.bag, bag) });
export const without = <T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> => Object.fromEntries(Object.entries(record).filter(([other]) => other !== key));

/** The line's state once its write answered `bag`: settled, or the queued quantity to send next. */
export function settleLine(context: BagContext, key: string, bag: Cart): Pick<BagContext, 'screen' | 'writes' | 'addNames'> & { resend: LineWriteInput | null } {
  const screen = withBag(context.screen, bag);
  const write = context.writes[key];
  const settled = { screen, writes: without(context.writes, key), addNames: without(context.addNames, key), resend: null };
  if (!write || write.wanted === null || write.wanted === write.sent) return settled;
  const variantId = Number(key);
  const line = lineOf(screen, variantId);
  if ((line === null && write.wanted === 0) || line?.quantity === write.wanted) return settled;
  return { screen, writes: { ...context.writes, [key]: { sent: write.wanted, wanted: null } }, addNames: context.addNames, resend: { variantId, lineId: line?.id ?? null, quantity: write.wanted } };
}

export const picksOf = (context: BagContext) => context.picksWanted ?? context.picksSent ?? context.screen?.bag.samples.chosen ?? [];
