import { describe, expect, test } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Cart, CartScreen } from '../../src/contract/cart.ts';
import { bagConnect } from '../../machines/bag/bag.connect.ts';
import type { BagFailure } from '../../machines/bag/bag.failure.ts';
import { afterWrite, BAG_SCREEN, cartLine, cartOf, GIFT_CARD_BAG_SCREEN, GIFT_CARD_LINE, LIPSTICK, REWARD_BAG_SCREEN, REWARD_LINE, screenOf, withGiftCards, withReward } from '../../machines/bag/bag.fixtures.ts';
import { bagMachine, type LineWriteInput } from '../../machines/bag/bag.machine.ts';
import { checkoutRefusal, sampleRefusal } from '../../machines/bag/bag.rules.ts';

/** A promise the test settles by hand: the server's answer arrives when the test says. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A bag actor whose writes wait for the test; every write, every `changed` bag and every failure is recorded. */
function startBag(screen: CartScreen = BAG_SCREEN) {
  const writes: { input: LineWriteInput; answer: ReturnType<typeof deferred<Cart>> }[] = [];
  const samples: { sampleIds: number[]; answer: ReturnType<typeof deferred<Cart>> }[] = [];
  const offers: { code: string | null; answer: ReturnType<typeof deferred<Cart>> }[] = [];
  const giftCards: { id: number; answer: ReturnType<typeof deferred<Cart>> }[] = [];
  const rewards: { id: number; answer: ReturnType<typeof deferred<Cart>> }[] = [];
  const changed: Cart[] = [];
  const failed: (BagFailure | null)[] = [];
  let checkouts = 0;
  const machine = bagMachine.provide({
    actors: {
      loadBag: fromPromise(async () => screen),
      writeLine: fromPromise<Cart, LineWriteInput>(({ input }) => {
        const answer = deferred<Cart>();
        writes.push({ input, answer });
        return answer.promise;
      }),
      saveSamples: fromPromise<Cart, { sampleIds: number[] }>(({ input }) => {
        const answer = deferred<Cart>();
        samples.push({ sampleIds: input.sampleIds, answer });
        return answer.promise;
      }),
      setOffer: fromPromise<Cart, { code: string | null }>(({ input }) => {
        const answer = deferred<Cart>();
        offers.push({ code: input.code, answer });
        return answer.promise;
      }),
      removeGiftCard: fromPromise<Cart, { id: number }>(({ input }) => {
        const answer = deferred<Cart>();
        giftCards.push({ id: input.id, answer });
        return answer.promise;
      }),
      removeReward: fromPromise<Cart, { id: number }>(({ input }) => {
        const answer = deferred<Cart>();
        rewards.push({ id: input.id, answer });
        return answer.promise;
      }),
    },
    actions: {
      changed: (_, bag: Cart) => void changed.push(bag),
      failed: (_, failure: BagFailure | null) => void failed.push(failure),
      checkout: () => void (checkouts += 1),
    },
  });
  const actor = createActor(machine).start();
  const view = () => bagConnect(actor.getSnapshot(), actor.send);
  return { actor, view, writes, samples, offers, giftCards, rewards, changed, failed, checkouts: () => checkouts };
}

const lipstick = (view: ReturnType<ReturnType<typeof startBag>['view']>) => view.lines.find((line) => line.line.variant.id === 11);

describe('bag: loading', () => {
  test('shows the bag once loaded; an empty bag is the empty state, which refuses checkout as empty', async () => {
    const full = startBag();
    await tick();
    expect(full.view()).toMatchObject({ status: 'ready', checkoutDisabledReason: 'out_of_stock', stockWarning: 'out_of_stock' });
    const empty = startBag(screenOf(cartOf([], 1), []));
    await tick();
    expect(empty.view()).toMatchObject({ status: 'empty', checkoutDisabledReason: 'empty' });
  });

  test('a failed load offers a retry that loads again', async () => {
    let calls = 0;
    const actor = createActor(
      bagMachine.provide({ actors: { loadBag: fromPromise(async () => (calls++ === 0 ? Promise.reject(new Error('offline')) : BAG_SCREEN)) } }),
    ).start();
    await tick();
    expect(bagConnect(actor.getSnapshot(), actor.send).status).toBe('failure');
    bagConnect(actor.getSnapshot(), actor.send).retry();
    await tick();
    expect(bagConnect(actor.getSnapshot(), actor.send).status).toBe('ready');
  });
});

describe('bag: optimistic lines, one write per line, coalesced', () => {
  test('the stepper shows the new quantity at once; later clicks wait and the last one wins', async () => {
    const bag = startBag();
    await tick();
    lipstick(bag.view())?.increase(); // 2 → 3, sent
    expect(lipstick(bag.view())).toMatchObject({ quantity: 3, pending: true });
    lipstick(bag.view())?.increase(); // 3 → 4, queued
    lipstick(bag.view())?.decrease(); // 4 → 3, queued (replaces 4)
    lipstick(bag.view())?.decrease(); // 3 → 2... queued as the last wish
    expect(lipstick(bag.view())?.quantity).toBe(2);
    expect(bag.writes.map((write) => write.input)).toEqual([{ variantId: 11, lineId: LIPSTICK.id, quantity: 3 }]);

    const first = afterWrite(BAG_SCREEN.bag, 11, 3);
    bag.writes[0]?.answer.resolve(first);
    await tick();
    // The queued wish (2) goes out only now, as one write.
    expect(bag.writes.map((write) => write.input.quantity)).toEqual([3, 2]);
    expect(lipstick(bag.view())).toMatchObject({ quantity: 2, pending: true });
    bag.writes[1]?.answer.resolve(afterWrite(first, 11, 2));
    await tick();
    expect(lipstick(bag.view())).toMatchObject({ quantity: 2, pending: false });
    expect(bag.changed.map((cart) => cart.version)).toEqual([2, 3]);
    expect(bag.view().saving).toBe(false);
  });

  test('a queued wish equal to what the server now holds sends nothing more', async () => {
    const bag = startBag();
    await tick();
    bag.actor.send({ type: 'bag.quantity', variantId: 11, quantity: 3 });
    bag.actor.send({ type: 'bag.quantity', variantId: 11, quantity: 3 });
    bag.writes[0]?.answer.resolve(afterWrite(BAG_SCREEN.bag, 11, 3));
    await tick();
    expect(bag.writes).toHaveLength(1);
    expect(bag.view().saving).toBe(false);
  });

  test('different lines write at the same time; an older answer arriving last does not undo a newer one', async () => {
    const bag = startBag();
    await tick();
    bag.actor.send({ type: 'bag.quantity', variantId: 11, quantity: 3 });
    bag.actor.send({ type: 'bag.remove', variantId: 21 });
    expect(bag.writes.map((write) => write.input)).toEqual([
      { variantId: 11, lineId: 1, quantity: 3 },
      { variantId: 21, lineId: 2, quantity: 0 },
    ]);
    const v2 = afterWrite(BAG_SCREEN.bag, 11, 3);
    const v3 = afterWrite(v2, 21, 0);
    bag.writes[1]?.answer.resolve(v3);
    await tick();
    bag.writes[0]?.answer.resolve(v2);
    await tick();
    expect(bag.view().bag?.version).toBe(3);
    expect(bag.view().lines.map((line) => [line.line.variant.id, line.quantity])).toEqual([[11, 3]]);
  });

  test('guards refuse what the bag does not allow: above the line’s most, below 1, a line not shown', async () => {
    const bag = startBag();
    await tick();
    expect(lipstick(bag.view())?.increaseDisabledReason).toBeNull();
    bag.actor.send({ type: 'bag.quantity', variantId: 11, quantity: 5 }); // most is 4
    bag.actor.send({ type: 'bag.quantity', variantId: 11, quantity: 0 });
    bag.actor.send({ type: 'bag.remove', variantId: 99 });
    expect(bag.writes).toHaveLength(0);
    bag.actor.send({ type: 'bag.quantity', variantId: 11, quantity: 4 });
    expect(lipstick(bag.view())?.increaseDisabledReason).toBe('maxQuantity');
  });
});

describe('bag: a line holding more than the stock left', () => {
  test('is lowered one step at a time (above its most, but lower than shown), never raised; checkout waits until it fits', async () => {
    const reduced = cartLine(3, 31, 3, { inventory: { state: 'reduced', available: 1 }, maxQuantity: 1 });
    const bag = startBag(screenOf(cartOf([reduced], 1, { checkout: { allowed: false, blockedBy: 'out_of_stock' } })));
    await tick();
    const line = () => bag.view().lines.find((shown) => shown.line.variant.id === 31);
    expect(bag.view()).toMatchObject({ checkoutDisabledReason: 'out_of_stock', stockWarning: 'out_of_stock' });
    bag.actor.send({ type: 'bag.quantity', variantId: 31, quantity: 4 }); // raising: refused
    expect(bag.writes).toHaveLength(0);
    line()?.decrease();
    expect(bag.writes.map((write) => write.input.quantity)).toEqual([2]);
    bag.writes[0]?.answer.resolve(cartOf([{ ...reduced, quantity: 2 }], 2, { checkout: { allowed: false, blockedBy: 'out_of_stock' } }));
    await tick();
    line()?.decrease();
    expect(bag.writes.map((write) => write.input.quantity)).toEqual([2, 1]);
    bag.writes[1]?.answer.resolve(cartOf([{ ...reduced, quantity: 1, inventory: { state: 'low_stock', available: 1 } }], 3));
    await tick();
    expect(bag.view()).toMatchObject({ checkoutDisabledReason: null, stockWarning: null });
  });
});

describe('bag: rollback', () => {
  test('a refused change rolls the line back to the confirmed bag, drops the queued wish and says what failed', async () => {
    const bag = startBag();
    await tick();
    bag.actor.send({ type: 'bag.quantity', variantId: 11, quantity: 3 });
    bag.actor.send({ type: 'bag.quantity', variantId: 11, quantity: 4 });
    bag.writes[0]?.answer.reject({ kind: 'http', status: 409, body: { code: 'quantity_unavailable' } });
    await tick();
    expect(lipstick(bag.view())).toMatchObject({ quantity: 2, pending: false });
    expect(bag.writes).toHaveLength(1);
    const failure = { action: 'quantity', productName: 'Product 1', reason: 'unavailable' };
    expect(bag.failed).toEqual([failure]);
    expect(bag.view().lastFailure).toEqual(failure);
  });

  test('a failed removal brings the line back, and the other line’s confirmed change stays', async () => {
    const bag = startBag();
    await tick();
    bag.actor.send({ type: 'bag.remove', variantId: 21 });
    bag.actor.send({ type: 'bag.quantity', variantId: 11, quantity: 1 });
    expect(bag.view().lines.map((line) => line.line.variant.id)).toEqual([11]);
    expect(bag.view().checkoutDisabledReason).not.toBeNull();
    bag.writes[1]?.answer.resolve(afterWrite(BAG_SCREEN.bag, 11, 1));
    await tick();
    bag.writes[0]?.answer.reject({ kind: 'network' });
    await tick();
    expect(bag.view().lines.map((line) => [line.line.variant.id, line.quantity])).toEqual([
      [11, 1],
      [21, 1],
    ]);
    expect(bag.failed).toEqual([{ action: 'remove', productName: 'Product 2', reason: 'failed' }]);
  });

  test('an add from elsewhere that fails names the product it was given', async () => {
    const bag = startBag();
    await tick();
    bag.actor.send({ type: 'bag.add', variantId: 31, quantity: 1, productName: 'Night Serum' });
    expect(bag.writes[0]?.input).toEqual({ variantId: 31, lineId: null, quantity: 1 });
    bag.writes[0]?.answer.reject({ kind: 'http', status: 409, body: { code: 'bag_full' } });
    await tick();
    expect(bag.failed).toEqual([{ action: 'add', productName: 'Night Serum', reason: 'bagFull' }]);
  });
});

describe('bag: another tab', () => {
  test('a refresh reads the bag again while it stays shown, but not while this tab has a change on its way', async () => {
    const bag = startBag();
    await tick();
    bag.actor.send({ type: 'bag.quantity', variantId: 11, quantity: 3 });
    bag.actor.send({ type: 'bag.refresh' });
    expect(bag.actor.getSnapshot().matches('ready')).toBe(true);
    bag.writes[0]?.answer.resolve(afterWrite(BAG_SCREEN.bag, 11, 3));
    await tick();
    bag.actor.send({ type: 'bag.refresh' });
    expect(bag.actor.getSnapshot().value).toBe('refreshing');
    expect(bag.view()).toMatchObject({ status: 'ready', saving: true, checkoutDisabledReason: 'out_of_stock' });
    await tick();
    expect(bag.actor.getSnapshot().matches('ready')).toBe(true);
  });
});

describe('bag: checkout', () => {
  test('blocked by the out-of-stock line until it is removed, then allowed', async () => {
    const bag = startBag();
    await tick();
    bag.view().checkout();
    expect(bag.checkouts()).toBe(0);
    bag.actor.send({ type: 'bag.remove', variantId: 21 });
    bag.writes[0]?.answer.resolve(afterWrite(BAG_SCREEN.bag, 21, 0));
    await tick();
    expect(bag.view().checkoutDisabledReason).toBeNull();
    expect(bag.view().stockWarning).toBeNull();
    bag.view().checkout();
    expect(bag.checkouts()).toBe(1);
  });

  test('the rule: empty, out of stock, saving, in that order', () => {
    const oos = { quantity: 1, inventory: { state: 'out_of_stock' as const, available: 0 } };
    const fine = { quantity: 1, inventory: { state: 'in_stock' as const, available: 3 } };
    const bag = cartOf([LIPSTICK], 1);
    expect(checkoutRefusal(null, [], false)).toBe('empty');
    expect(checkoutRefusal(bag, [], true)).toBe('empty');
    expect(checkoutRefusal(bag, [fine, oos], true)).toBe('out_of_stock');
    expect(checkoutRefusal(bag, [fine], true)).toBe('saving');
    expect(checkoutRefusal(bag, [fine], false)).toBeNull();
  });

  test('a line holding more than the stock left blocks until the quantity shown is down to it (the server blocks it too)', () => {
    const bag = cartOf([LIPSTICK], 1);
    const reduced = (quantity: number) => ({ quantity, inventory: { state: 'reduced' as const, available: 1 } });
    expect(checkoutRefusal(bag, [reduced(3)], false)).toBe('out_of_stock');
    expect(checkoutRefusal(bag, [reduced(2)], false)).toBe('out_of_stock');
    // Lowered to what is left (optimistically): no longer blocking; the write in flight still is.
    expect(checkoutRefusal(bag, [reduced(1)], true)).toBe('saving');
    expect(checkoutRefusal(bag, [reduced(1)], false)).toBeNull();
  });
});

describe('bag: samples', () => {
  test('picks up to the limit, coalesced into one write after the one in flight; the limit is then reached', async () => {
    const bag = startBag();
    await tick();
    bag.view().toggleSample(1);
    bag.view().toggleSample(2);
    expect(bag.view().samples).toMatchObject({ picked: 2, limitReached: true, saving: true });
    expect(bag.view().samples.choices.find((choice) => choice.id === 4)?.disabledReason).toBe('limit');
    bag.view().toggleSample(4); // refused: limit
    expect(bag.samples.map((save) => save.sampleIds)).toEqual([[1]]);
    bag.samples[0]?.answer.resolve({ ...BAG_SCREEN.bag, version: 2, samples: { chosen: [1], limit: 2 } });
    await tick();
    expect(bag.samples.map((save) => save.sampleIds)).toEqual([[1], [1, 2]]);
    bag.samples[1]?.answer.resolve({ ...BAG_SCREEN.bag, version: 3, samples: { chosen: [1, 2], limit: 2 } });
    await tick();
    expect(bag.view().samples).toMatchObject({ picked: 2, limitReached: true, saving: false });
  });

  test('a sold-out sample cannot be picked, a picked one can always be dropped', () => {
    expect(sampleRefusal([], 2, { id: 3, inStock: false })).toBe('outOfStock');
    expect(sampleRefusal([1, 2], 2, { id: 4, inStock: true })).toBe('limit');
    expect(sampleRefusal([1, 2], 2, { id: 2, inStock: true })).toBeNull();
  });

  test('refused picks roll back to the confirmed ones and say so', async () => {
    const bag = startBag();
    await tick();
    bag.view().toggleSample(1);
    bag.samples[0]?.answer.reject({ kind: 'http', status: 409, body: { code: 'sample_limit' } });
    await tick();
    expect(bag.view().samples).toMatchObject({ picked: 0, saving: false });
    expect(bag.failed).toEqual([{ action: 'samples', productName: null, reason: 'sampleLimit' }]);
  });
});

describe('bag: offers', () => {
  test('an unknown code says the offer was not found; a good one is applied from the bag’s answer', async () => {
    const bag = startBag();
    await tick();
    bag.view().applyOffer('NOPE');
    expect(bag.view().offerBusy).toBe(true);
    bag.offers[0]?.answer.reject({ kind: 'http', status: 404, body: { code: 'offer_not_found', message: 'Offer not found' } });
    await tick();
    expect(bag.view()).toMatchObject({ offerBusy: false, offerFailure: 'notFound' });
    bag.view().applyOffer('WELCOME');
    expect(bag.view().offerFailure).toBeNull();
    bag.offers[1]?.answer.resolve({ ...BAG_SCREEN.bag, version: 2, appliedOffer: { code: 'WELCOME', title: 'Welcome gift', amount: null, minimumSpend: null } });
    await tick();
    expect(bag.view().offers.find((offer) => offer.code === 'WELCOME')?.applied).toBe(true);
    bag.view().removeOffer();
    expect(bag.offers[2]?.code).toBeNull();
  });
});

describe('bag: e-gift cards', () => {
  const cardsOnly = screenOf(withGiftCards(cartOf([], 1), [GIFT_CARD_LINE]));

  test('a bag of e-gift cards only is no empty bag: it goes to checkout, emailed (no shipping line)', async () => {
    const bag = startBag(cardsOnly);
    await tick();
    expect(bag.view()).toMatchObject({ status: 'ready', lines: [], checkoutDisabledReason: null, deliveredByEmail: true, giftCardsTotal: { currency: 'SGD', amount: 50 } });
    expect(bag.view().giftCards.map((card) => [card.key, card.card.recipientName, card.removing, card.removeDisabled])).toEqual([['gift-card-5', 'Aisha Rahman', false, false]]);
    bag.view().checkout();
    expect(bag.checkouts()).toBe(1);
    expect(checkoutRefusal(cardsOnly.bag, [], false)).toBeNull();
  });

  test('with goods beside them, the bag is shipped as usual', async () => {
    const bag = startBag(GIFT_CARD_BAG_SCREEN);
    await tick();
    expect(bag.view()).toMatchObject({ deliveredByEmail: false, giftCardsTotal: { amount: 50 } });
  });

  test('Remove takes the card out once the server answers (one at a time), and the count follows', async () => {
    const bag = startBag(GIFT_CARD_BAG_SCREEN);
    await tick();
    bag.view().giftCards[0]?.remove();
    expect(bag.giftCards.map((call) => call.id)).toEqual([GIFT_CARD_LINE.id]);
    expect(bag.view().giftCards[0]).toMatchObject({ removing: true, removeDisabled: true });
    // Nothing goes to checkout while it is on its way.
    expect(bag.view().checkoutDisabledReason).not.toBeNull();
    bag.actor.send({ type: 'bag.giftCard.remove', id: GIFT_CARD_LINE.id });
    expect(bag.giftCards).toHaveLength(1);
    const after = { ...GIFT_CARD_BAG_SCREEN.bag, version: 2, giftCards: [], count: GIFT_CARD_BAG_SCREEN.bag.count - 1 };
    bag.giftCards[0]?.answer.resolve(after);
    await tick();
    expect(bag.view().giftCards).toEqual([]);
    expect(bag.changed.at(-1)).toBe(after);
  });

  test('a card the bag does not hold is refused; a failed removal keeps the card and says so', async () => {
    const bag = startBag(GIFT_CARD_BAG_SCREEN);
    await tick();
    bag.actor.send({ type: 'bag.giftCard.remove', id: 99 });
    expect(bag.giftCards).toHaveLength(0);
    bag.view().giftCards[0]?.remove();
    bag.giftCards[0]?.answer.reject({ kind: 'http', status: 404, body: { code: 'gift_card_unknown_line', message: 'gone', status: 404 } });
    await tick();
    expect(bag.view().giftCards).toHaveLength(1);
    expect(bag.failed.at(-1)).toEqual({ action: 'removeGiftCard', productName: 'Aisha Rahman', reason: 'gone' });
  });

  test('another tab’s change waits until the removal is back', async () => {
    const bag = startBag(GIFT_CARD_BAG_SCREEN);
    await tick();
    bag.view().giftCards[0]?.remove();
    bag.actor.send({ type: 'bag.refresh' });
    expect(bag.actor.getSnapshot().matches('refreshing')).toBe(false);
  });
});

describe('bag: the Beauty Pass reward (issue 15)', () => {
  const rewardOnly = screenOf(withReward(cartOf([], 1)));

  test('shows the reward with its cost; a bag of a reward alone is shown, not empty, and says why it cannot check out', async () => {
    const bag = startBag(rewardOnly);
    await tick();
    expect(bag.view()).toMatchObject({ status: 'ready', reward: { reward: REWARD_LINE, holdLapsed: false, removing: false, removeDisabled: false }, checkoutDisabledReason: 'reward_without_goods' });
    bag.view().checkout();
    expect(bag.checkouts()).toBe(0);
    expect(checkoutRefusal(rewardOnly.bag, [], false)).toBe('reward_without_goods');
  });

  test('with goods beside it, the bag goes to checkout; removing the last product brings the reason back at once', async () => {
    const withGoods = screenOf(withReward(cartOf([LIPSTICK], 1)));
    const bag = startBag(withGoods);
    await tick();
    expect(bag.view().checkoutDisabledReason).toBeNull();
    expect(checkoutRefusal(withGoods.bag, [], false)).toBe('reward_without_goods');
  });

  test('a lapsed hold is said as such (the server’s heldUntil null)', async () => {
    const bag = startBag(screenOf(withReward(cartOf([LIPSTICK], 1), { ...REWARD_LINE, heldUntil: null })));
    await tick();
    expect(bag.view().reward?.holdLapsed).toBe(true);
  });

  test('Remove takes it out once the server answers; nothing goes to checkout meanwhile; the count follows the answer', async () => {
    const bag = startBag(REWARD_BAG_SCREEN);
    await tick();
    bag.view().reward?.remove();
    expect(bag.rewards.map((call) => call.id)).toEqual([REWARD_LINE.id]);
    expect(bag.view().reward).toMatchObject({ removing: true, removeDisabled: true });
    expect(bag.view().checkoutDisabledReason).not.toBeNull();
    bag.actor.send({ type: 'bag.refresh' });
    expect(bag.actor.getSnapshot().matches('refreshing')).toBe(false);
    const after = withReward({ ...REWARD_BAG_SCREEN.bag, version: 2 }, null);
    bag.rewards[0]?.answer.resolve(after);
    await tick();
    expect(bag.view().reward).toBeNull();
    expect(bag.changed.at(-1)).toBe(after);
  });

  test('a reward the bag does not hold is refused; a failed removal keeps it and names it', async () => {
    const bag = startBag(REWARD_BAG_SCREEN);
    await tick();
    bag.actor.send({ type: 'bag.reward.remove', id: 99 });
    expect(bag.rewards).toHaveLength(0);
    bag.view().reward?.remove();
    bag.rewards[0]?.answer.reject({ kind: 'http', status: 404, body: { code: 'reward_not_in_bag', message: 'gone', status: 404 } });
    await tick();
    expect(bag.view().reward).not.toBeNull();
    expect(bag.failed.at(-1)).toEqual({ action: 'removeReward', productName: 'Mini lip trio', reason: 'gone' });
  });
});
