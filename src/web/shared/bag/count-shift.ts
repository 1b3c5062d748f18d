/**
 * The first press of an "Add to bag" button moves the header's count at once, before the button's
 * live part (its machine, the bag's API) has loaded: the press is told here, and the header's count
 * (bag-count.tsx, loaded after hydration) takes it. Kept apart from that store so the first screen
 * carries these few lines and not the store. Nothing is kept for later: a shift no count took is
 * the live part's to make (`precounted` false), so no count can take it twice.
 */
type ShiftListener = (delta: number) => void;

const listeners = new Set<ShiftListener>();

/** Whether a count took it. */
export function shiftBagCount(delta: number): boolean {
  listeners.forEach((listener) => listener(delta));
  return listeners.size > 0;
}

export function onBagCountShift(listener: ShiftListener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
