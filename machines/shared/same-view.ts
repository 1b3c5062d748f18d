/**
 * The compare for `useSelector(actor, (snapshot) => connect(snapshot, send), sameView)`: a
 * connect builds a new object from every snapshot, so identity never holds and a view would
 * re-render on each event; this compares what the view shows by value instead.
 *
 * Functions count as equal. That is sound because a connect's intent methods close over `send`
 * (the same for the actor's life) and over values the view-model also returns: when every value
 * is equal, the older intent sends what the newer one would.
 */
export function sameView(a: unknown, b: unknown): boolean {
  if (Object.is(a, b) || (typeof a === 'function' && typeof b === 'function')) return true;
  // Written short: every first screen carries it (shared/hooks/use-view.ts).
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  // Plain objects and arrays compare by value; class instances (errors, actor refs, dates) only by identity.
  const prototype: unknown = Object.getPrototypeOf(a);
  if (prototype !== Object.getPrototypeOf(b) || (prototype !== Object.prototype && prototype !== Array.prototype && prototype !== null)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && sameView((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
