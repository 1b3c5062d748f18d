// @vitest-environment jsdom
import { describe, expect, test } from 'vitest';
import { BAG_COUNT_SHIFT_EVENT, shiftBagCount } from '../../src/web/shared/bag/add-to-bag/count-event.ts';

describe('the first press’s count shift (before the bag code has loaded)', () => {
  test('goes to every count listening and says whether one took it; nothing is kept for a later listener', () => {
    // No count yet (a page without the header's count): not taken, the live part counts it itself.
    expect(shiftBagCount(1)).toBe(false);
    const heard: number[] = [];
    const take = (event: Event) => {
      if (event instanceof CustomEvent && typeof event.detail === 'number') {
        heard.push(event.detail);
        event.preventDefault();
      }
    };
    window.addEventListener(BAG_COUNT_SHIFT_EVENT, take);
    expect(heard).toEqual([]);
    expect(shiftBagCount(1)).toBe(true);
    expect(shiftBagCount(2)).toBe(true);
    expect(heard).toEqual([1, 2]);
    window.removeEventListener(BAG_COUNT_SHIFT_EVENT, take);
    expect(shiftBagCount(5)).toBe(false);
    expect(heard).toEqual([1, 2]);
  });
});
