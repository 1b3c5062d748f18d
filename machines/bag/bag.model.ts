import { msg } from '@lingui/core/macro';
import type { Cart } from '../../src/contract/cart.ts';
import { defineModel, type ModelEvent } from '../model/types.ts';
import { afterWrite, BAG_SCREEN, GIFT_CARD_LINE, REWARD_BAG_SCREEN, REWARD_LINE } from './bag.fixtures.ts';
import { bagMachine } from './bag.machine.ts';

const refused = { kind: 'http', status: 409, body: { code: 'quantity_unavailable', message: 'Only 2 left', status: 409 } };
const notFound = { kind: 'http', status: 404, body: { code: 'offer_not_found', message: 'Offer not found', status: 404 } };
type BagModelEvent = ModelEvent<typeof bagMachine>;

/**
 * The bag of two lines (a lipstick, most 4, and a sold-out palette), an e-gift card, a reward, four samples
 * (limit 2, the third sold out) and two offers. A region is explored while the others are at rest, so the
 * paths stay few; every transition is still taken (the coverage test says so).
 */
export const bagModel = defineModel({
  id: 'bag',
  title: msg`Bag`,
  description: msg`Loads the bag; changes lines at once and rolls them back when the server refuses; one write per line, later clicks coalesced; samples up to the limit; offer codes; e-gift cards removed one at a time; the Beauty Pass reward removed; a guest bag left by a failed merge added on request; checkout only when allowed.`,
  machine: bagMachine,
  events: (snapshot): BagModelEvent[] => {
    if (snapshot.matches('loading')) {
      return [
        { type: 'xstate.done.actor.load', output: REWARD_BAG_SCREEN },
        { type: 'xstate.error.actor.load', error: { kind: 'network' } },
      ];
    }
    if (snapshot.matches('failure')) return [{ type: 'bag.retry' }];
    if (snapshot.matches('refreshing')) {
      return [
        { type: 'xstate.done.actor.refresh', output: BAG_SCREEN },
        // Read again after a sign-in whose merge failed: a guest bag of this browser waits.
        { type: 'xstate.done.actor.refresh', output: { ...BAG_SCREEN, bag: { ...BAG_SCREEN.bag, mergePending: true } } },
        { type: 'xstate.error.actor.refresh', error: { kind: 'network' } },
      ];
    }
    const { context } = snapshot;
    const bag: Cart | undefined = context.screen?.bag;
    if (!bag) return [];
    const linesBusy = snapshot.matches({ ready: { lines: 'saving' } });
    const samplesBusy = snapshot.matches({ ready: { samples: 'saving' } });
    const offerBusy = !snapshot.matches({ ready: { offer: 'idle' } });
    const mergeBusy = snapshot.matches({ ready: { merge: 'merging' } });
    const giftCardBusy = snapshot.matches({ ready: { giftCards: 'removing' } });
    const rewardBusy = snapshot.matches({ ready: { reward: 'removing' } });
    if (rewardBusy) {
      return [
        { type: 'xstate.done.actor.reward', output: { ...bag, version: bag.version + 1, reward: null, points: { ...bag.points, spend: 0 } } },
        { type: 'xstate.error.actor.reward', error: { kind: 'http', status: 404, body: { code: 'reward_not_in_bag', message: 'This reward is not in the bag', status: 404 } } },
      ];
    }
    if (giftCardBusy) {
      return [
        { type: 'xstate.done.actor.giftCard', output: { ...bag, version: bag.version + 1, giftCards: [], count: bag.count - 1 } },
        { type: 'xstate.error.actor.giftCard', error: { kind: 'http', status: 404, body: { code: 'gift_card_unknown_line', message: 'E-gift card not found in the bag', status: 404 } } },
      ];
    }
    if (mergeBusy) {
      return [
        { type: 'xstate.done.actor.merge', output: { ...bag, version: bag.version + 1, mergePending: false } },
        { type: 'xstate.error.actor.merge', error: { kind: 'network' } },
      ];
    }
    const events: BagModelEvent[] = [{ type: 'bag.checkout' }, { type: 'bag.refresh' }];
    if (!linesBusy && !samplesBusy && !offerBusy) events.push({ type: 'bag.merge' }, { type: 'bag.giftCard.remove', id: GIFT_CARD_LINE.id }, { type: 'bag.reward.remove', id: REWARD_LINE.id });
    if (!samplesBusy && !offerBusy) {
      events.push(
        { type: 'bag.quantity', variantId: 11, quantity: 3 },
        { type: 'bag.quantity', variantId: 11, quantity: 1 },
        { type: 'bag.quantity', variantId: 11, quantity: 5 },
        { type: 'bag.remove', variantId: 21 },
        { type: 'bag.add', variantId: 31, quantity: 1, productName: 'Product 3' },
      );
      for (const [key, write] of Object.entries(context.writes)) {
        events.push({ type: `xstate.done.actor.line.${key}`, output: afterWrite(bag, Number(key), write.sent) }, { type: `xstate.error.actor.line.${key}`, error: refused });
      }
    }
    if (!linesBusy && !offerBusy) {
      events.push({ type: 'bag.sample.toggle', sampleId: 1 }, { type: 'bag.sample.toggle', sampleId: 2 }, { type: 'bag.sample.toggle', sampleId: 3 });
      if (samplesBusy) {
        events.push(
          { type: 'xstate.done.actor.samples', output: { ...bag, version: bag.version + 1, samples: { ...bag.samples, chosen: context.picksSent ?? [] } } },
          { type: 'xstate.error.actor.samples', error: { kind: 'http', status: 409, body: { code: 'sample_limit', message: 'Too many samples', status: 409 } } },
        );
      }
    }
    if (!linesBusy && !samplesBusy) {
      events.push({ type: 'bag.offer.apply', code: 'WELCOME' }, { type: 'bag.offer.remove' });
      if (offerBusy) {
        const applied = snapshot.matches({ ready: { offer: 'applying' } }) ? { code: 'WELCOME', title: 'Welcome gift', amount: null, minimumSpend: null } : null;
        events.push({ type: 'xstate.done.actor.offer', output: { ...bag, version: bag.version + 1, appliedOffer: applied } }, { type: 'xstate.error.actor.offer', error: notFound });
      }
    }
    return events;
  },
  // What can happen next depends on the states, which lines have a write in flight (and one
  // queued), whether sample picks are on their way and whether checkout is allowed: not on the
  // quantities themselves.
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      Object.entries(snapshot.context.writes)
        .map(([key, write]) => `${key}${write.wanted === null ? '' : '+'}`)
        .sort(),
      snapshot.context.picksSent !== null,
      snapshot.context.picksWanted !== null,
      snapshot.can({ type: 'bag.checkout' }),
      snapshot.context.screen?.bag.mergePending === true,
    ]),
});
