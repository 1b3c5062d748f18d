import { describe, expect, test } from 'vitest';
import { onBagCountShift, shiftBagCount } from '../../src/web/shared/bag/count-shift.ts';

describe('the first press’s count shift (before the bag code has loaded)', () => {
  test('goes to every count listening and says whether one took it; nothing is kept for a later listener', () => {
    // No count yet (a page without the header's count): not taken, the live part counts it itself.
    expect(shiftBagCount(1)).toBe(false);
    const first: number[] = [];
    const stop = onBagCountShift((delta) => first.push(delta));
    expect(first).toEqual([]);
    const second: number[] = [];
    const stopSecond = onBagCountShift((delta) => second.push(delta));
    expect(shiftBagCount(1)).toBe(true);
    expect(shiftBagCount(-1)).toBe(true);
    expect(first).toEqual([1, -1]);
    expect(second).toEqual([1, -1]);
    stop();
    stopSecond();
    expect(shiftBagCount(5)).toBe(false);
    expect(first).toEqual([1, -1]);
  });
});
