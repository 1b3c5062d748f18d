import { afterEach, describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Cart } from '../../src/contract/cart.ts';
import { addToBagConnect } from '../../machines/bag/add-to-bag.connect.ts';
import { ADDED_MS, addToBagMachine } from '../../machines/bag/add-to-bag.machine.ts';
import { cartLine, cartOf } from '../../machines/bag/bag.fixtures.ts';

afterEach(() => {
  vi.useRealTimers();
});

function start(add: (quantity: number) => Promise<Cart>) {
  const counted: number[] = [];
  const changed: number[] = [];
  const actor = createActor(
    addToBagMachine.provide({
      actors: { addToBag: fromPromise<Cart, { quantity: number }>(({ input }) => add(input.quantity)) },
      actions: { counted: (_, delta: number) => void counted.push(delta), changed: (_, bag: Cart) => void changed.push(bag.count) },
    }),
  ).start();
  return { actor, counted, changed, view: () => addToBagConnect(actor.getSnapshot(), actor.send) };
}

describe('addToBag', () => {
  test('adding → added → idle after a moment; the count moves at the click and settles on the answer', async () => {
    vi.useFakeTimers();
    const { view, counted, changed } = start(async (quantity) => cartOf([cartLine(1, 11, quantity + 2)], 3));
    view().add(2);
    expect(view()).toMatchObject({ status: 'adding', busy: true });
    expect(counted).toEqual([2]);
    await vi.advanceTimersByTimeAsync(0);
    expect(view().status).toBe('added');
    expect(counted).toEqual([2, -2]);
    expect(changed).toEqual([4]);
    await vi.advanceTimersByTimeAsync(ADDED_MS);
    expect(view().status).toBe('idle');
  });

  test('a coming-soon product refused by the bag (409 not_on_sale) says it is not on sale yet, not that it is gone or sold out', async () => {
    const { view } = start(async () => {
      throw { kind: 'http', status: 409, body: { code: 'not_on_sale' } };
    });
    view().add();
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(view()).toMatchObject({ status: 'failure', failure: 'notOnSale' });
  });

  test('a click while adding is not a second add; a failure says why and a retry adds the same quantity', async () => {
    const quantities: number[] = [];
    let fail = true;
    const { view, counted } = start(async (quantity) => {
      quantities.push(quantity);
      if (fail) throw { kind: 'http', status: 409, body: { code: 'bag_full' } };
      return cartOf([cartLine(1, 11, 1)], 2);
    });
    view().add();
    view().add();
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(view()).toMatchObject({ status: 'failure', failure: 'bagFull' });
    expect(counted).toEqual([1, -1]);
    fail = false;
    view().retry();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(view().status).toBe('added');
    expect(quantities).toEqual([1, 1]);
  });
});
