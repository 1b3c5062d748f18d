import { describe, expect, test } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { wishlistToggleConnect } from '../../machines/wishlist/wishlist-toggle.connect.ts';
import { wishlistToggleMachine, type WishlistFailure, type WishlistWrite } from '../../machines/wishlist/wishlist-toggle.machine.ts';

/** A toggle whose writes wait until the test answers them, in order. */
function start(wishlisted = false) {
  const writes: { input: WishlistWrite; resolve: () => void; reject: (error: unknown) => void }[] = [];
  const changed: boolean[] = [];
  const failed: { failure: WishlistFailure; wanted: boolean }[] = [];
  const machine = wishlistToggleMachine.provide({
    actors: { saveWishlisted: fromPromise<undefined, WishlistWrite>(({ input }) => new Promise((resolve, reject) => writes.push({ input, resolve: () => resolve(undefined), reject }))) },
    actions: { changed: (_, on: boolean) => changed.push(on), failed: (_, notice: { failure: WishlistFailure; wanted: boolean }) => failed.push(notice) },
  });
  const actor = createActor(machine, { input: { wishlisted } }).start();
  const view = () => wishlistToggleConnect(actor.getSnapshot(), actor.send);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { actor, view, writes, changed, failed, settle };
}

describe('wishlistToggle', () => {
  test('a press shows the heart filled at once and writes it; the answer confirms it', async () => {
    const { view, writes, changed, settle } = start();
    view().toggle(12);
    expect(view()).toMatchObject({ wishlisted: true, busy: true });
    expect(writes.map((write) => write.input)).toEqual([{ wishlisted: true, variantId: 12 }]);
    writes[0]?.resolve();
    await settle();
    expect(view()).toMatchObject({ wishlisted: true, busy: false, failure: null });
    expect(changed).toEqual([true]);
  });

  test('a failed write rolls back to the last confirmed state and tells the app what failed', async () => {
    const { view, writes, failed, changed, settle } = start(true);
    view().toggle();
    expect(view().wishlisted).toBe(false);
    writes[0]?.reject({ kind: 'network' });
    await settle();
    expect(view()).toMatchObject({ wishlisted: true, busy: false, failure: 'failed' });
    expect(failed).toEqual([{ failure: 'failed', wanted: false }]);
    expect(changed).toEqual([]);
  });

  test('a 401 is told as a session that ended', async () => {
    const { view, writes, failed, settle } = start();
    view().toggle();
    writes[0]?.reject({ kind: 'http', status: 401 });
    await settle();
    expect(view().failure).toBe('signedOut');
    expect(failed).toEqual([{ failure: 'signedOut', wanted: true }]);
  });

  test('one write in flight at most: clicks meanwhile are coalesced into one more write', async () => {
    const { view, writes, changed, settle } = start();
    view().toggle();
    view().toggle();
    view().toggle();
    view().toggle();
    expect(writes).toHaveLength(1);
    // Four presses from "off": the heart shows off again; the first write (on) goes on, then one write (off).
    expect(view().wishlisted).toBe(false);
    writes[0]?.resolve();
    await settle();
    expect(writes.map((write) => write.input.wishlisted)).toEqual([true, false]);
    expect(view()).toMatchObject({ wishlisted: false, busy: true });
    writes[1]?.resolve();
    await settle();
    expect(view()).toMatchObject({ wishlisted: false, busy: false });
    expect(changed).toEqual([true, false]);
  });

  test('clicks that cancel out while a write flies cause no second write', async () => {
    const { view, writes, settle } = start();
    view().toggle();
    view().toggle();
    view().toggle();
    writes[0]?.resolve();
    await settle();
    expect(writes).toHaveLength(1);
    expect(view()).toMatchObject({ wishlisted: true, busy: false });
  });

  test('an explicit add of a listed product writes nothing; a remove does', () => {
    const { view, writes } = start(true);
    view().set(true);
    expect(writes).toHaveLength(0);
    view().set(false);
    expect(writes.map((write) => write.input)).toEqual([{ wishlisted: false, variantId: null }]);
  });

  test('the list (loaded, another tab) moves a heart at rest, not one being saved', () => {
    const { view, actor } = start();
    view().sync(true);
    expect(view()).toMatchObject({ wishlisted: true, busy: false });
    view().toggle();
    view().sync(true);
    expect(view().wishlisted).toBe(false);
    expect(actor.getSnapshot().context.confirmed).toBe(true);
  });
});
