import { createContext, type ComponentType } from 'react';
import type { AddTarget } from './add-target.ts';

export interface AddToBagLiveProps {
  target: AddTarget;
  productName: string;
  /** The press that loaded it already moved the header's count (): its first add does not again. */
  precounted?: boolean;
}

/**
 * Where the shared "Add to bag" button finds its live part (the bag feature's machine, API and
 * messages): the shell provides it as a lazy component (app.tsx), since shared code imports no
 * feature. Null: no bag here (a lone component under test), the button stays a plain button.
 */
export const AddToBagLiveContext = createContext<ComponentType<AddToBagLiveProps> | null>(null);

/**
 * The first press of an "Add to bag" button moves the header's count at once, before the button's
 * live part (its machine, the bag's API) has loaded: the button dispatches this cancelable window
 * event (`detail`: the units) and the header's count (bag-count.tsx, loaded after hydration) takes
 * it and cancels it, so the button knows it was counted. An event rather than a shared module: a
 * module of its own was one more file on every first screen. Nothing is kept for later: a press no
 * count took is the live part's to count (`precounted` false), so no count can take it twice.
 */
export const BAG_COUNT_SHIFT_EVENT = 'bp:bag-count-shift';

/** Tells the header's count of `units` more; whether a count took them. */
export function shiftBagCount(units: number): boolean {
  return !window.dispatchEvent(new CustomEvent(BAG_COUNT_SHIFT_EVENT, { detail: units, cancelable: true }));
}
