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
  if (Object.is(a, b)) return true;
  if (typeof a === 'function' && typeof b === 'function') return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => sameView(item, b[index]));
  }
  // Class instances (errors, actor refs, dates) are the same only when they are the same object.
  if (!isPlain(a) || !isPlain(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && sameView(a[key], b[key]));
}

function isPlain(value: object): value is Record<string, unknown> {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
