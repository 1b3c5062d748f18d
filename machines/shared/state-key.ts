import type { StateValue } from 'xstate';

/** `{ held: { chooseArtist: 'loading' } }` → `held.chooseArtist.loading`: a view's `data-state`. */
export function stateKey(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => (child === undefined ? key : `${key}.${stateKey(child)}`))
    .join(' ');
}
