/**
 * The first press of an "Add to bag" button moves the header's count at once, before the button's
 * live part (its machine, the bag's API) has loaded: the press (shared/ui/product-actions.ts)
 * dispatches this cancelable window event (`detail`: the units) and the header's count
 * (shared/bag/bag-count.tsx, loaded after hydration) takes it and cancels it, so the button knows
 * it was counted. An event rather than a shared store: the count's code is never on a first screen.
 * Nothing is kept for later: a press no count took is the live part's to count (`precounted`
 * false), so no count can take it twice.
 */
export const BAG_COUNT_SHIFT_EVENT = 'bp:bag-count-shift';

/** Tells the header's count of `units` more; whether a count took them. */
export function shiftBagCount(units: number): boolean {
  return !window.dispatchEvent(new CustomEvent(BAG_COUNT_SHIFT_EVENT, { detail: units, cancelable: true }));
}
