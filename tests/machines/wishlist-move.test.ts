import { describe, expect, test } from 'vitest';
import { fromPromise } from 'xstate';
import { wishlistMoveConnect } from '../../machines/wishlist/wishlist-move.connect.ts';
import { wishlistMoveMachine } from '../../machines/wishlist/wishlist-move.machine.ts';
import { moveFailureOf, moveTarget } from '../../machines/wishlist/wishlist-move.rules.ts';
import { connectActor } from './connect-helpers.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('what "Move to bag" adds (moveTarget)', () => {
  test('the liked shade or size, whatever else the product has', () => {
    expect(moveTarget(72, [{ id: 71, stock: 5 }, { id: 72, stock: 0 }])).toEqual({ kind: 'variant', variantId: 72 });
  });

  test('none liked: one size is taken when in stock, several ask to choose, none in stock says so', () => {
    expect(moveTarget(null, [{ id: 51, stock: 3 }])).toEqual({ kind: 'variant', variantId: 51 });
    expect(moveTarget(null, [{ id: 71, stock: 5 }, { id: 72, stock: 1 }])).toEqual({ kind: 'choose' });
    expect(moveTarget(null, [{ id: 51, stock: 0 }])).toEqual({ kind: 'outOfStock' });
  });

  test('the bag’s refusals are named', () => {
    expect(moveFailureOf({ status: 409, body: { code: 'out_of_stock' } })).toBe('outOfStock');
    expect(moveFailureOf({ status: 409, body: { code: 'quantity_unavailable' } })).toBe('outOfStock');
    expect(moveFailureOf({ status: 400, body: { code: 'unknown_variant' } })).toBe('unavailable');
    expect(moveFailureOf({ status: 409, body: { code: 'bag_full' } })).toBe('bagFull');
    // A coming-soon product: not out of stock, not gone, just not on sale yet.
    expect(moveFailureOf({ status: 409, body: { code: 'not_on_sale' } })).toBe('notOnSale');
    expect(moveFailureOf({ status: 401, body: null })).toBe('signedOut');
    expect(moveFailureOf({ moveFailure: 'outOfStock' })).toBe('outOfStock');
    expect(moveFailureOf({ kind: 'network' })).toBe('failed');
  });
});

describe('wishlistMoveConnect', () => {
  function start(result: () => Promise<'moved' | 'choose'>) {
    let moved = 0;
    const machine = wishlistMoveMachine.provide({ actors: { moveToBag: fromPromise(result) }, actions: { moved: () => void (moved += 1) } });
    const { actor, send, sent } = connectActor(machine);
    return { actor, sent, moved: () => moved, view: () => wishlistMoveConnect(actor.getSnapshot(), send) };
  }

  test('move sends the event and is busy until the bag answers; moved tells the app once', async () => {
    const { view, sent, moved } = start(async () => 'moved');
    view().move();
    expect(sent).toEqual([{ type: 'move.start' }]);
    expect(view().busy).toBe(true);
    await settle();
    expect(view()).toMatchObject({ busy: false, moved: true, failure: null });
    expect(moved()).toBe(1);
  });

  test('several shades: the view is told to offer the choice, and nothing moved', async () => {
    const { view, moved } = start(async () => 'choose');
    view().move();
    await settle();
    expect(view()).toMatchObject({ mustChoose: true, moved: false });
    expect(moved()).toBe(0);
  });

  test('a refusal keeps the item with why; dismiss clears it, and a new try clears it too', async () => {
    const { view } = start(() => Promise.reject({ status: 409, body: { code: 'out_of_stock' } }));
    view().move();
    await settle();
    expect(view()).toMatchObject({ busy: false, failure: 'outOfStock', moved: false });
    view().dismiss();
    expect(view().failure).toBeNull();
  });
});
