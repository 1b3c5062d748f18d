/**
 * What a shared visualizer URL holds: either the events sent (as indices into the model's event
 * list at each step, so payloads such as errors survive the trip) and how many of them are applied,
 * or a generated path and the step reached on it.
 *
 * `?events=2.0.3&at=2` · `?path=4&step=1` · no query: the initial state.
 */
export type Selection = { kind: 'events'; indices: number[]; at: number | null } | { kind: 'path'; path: number; step: number };

const WHOLE = /^\d{1,6}$/;

function whole(text: string | null): number | null {
  return text !== null && WHOLE.test(text) ? Number(text) : null;
}

export function parseSelection(search: string): Selection {
  const params = new URLSearchParams(search);
  const path = whole(params.get('path'));
  if (path !== null) return { kind: 'path', path, step: whole(params.get('step')) ?? 0 };
  const raw = params.get('events') ?? '';
  const parts = raw === '' ? [] : raw.split('.');
  // A malformed part ends the list there: the valid prefix of a damaged link still opens.
  const bad = parts.findIndex((part) => !WHOLE.test(part));
  const indices = (bad === -1 ? parts : parts.slice(0, bad)).map(Number);
  return { kind: 'events', indices, at: whole(params.get('at')) };
}

export function selectionSearch(selection: Selection): string {
  const params = new URLSearchParams();
  if (selection.kind === 'path') {
    params.set('path', String(selection.path));
    params.set('step', String(selection.step));
  } else if (selection.indices.length > 0) {
    params.set('events', selection.indices.join('.'));
    if (selection.at !== null && selection.at !== selection.indices.length) params.set('at', String(selection.at));
  }
  return params.toString();
}

export function machineHref(id: string, selection?: Selection): string {
  const search = selection ? selectionSearch(selection) : '';
  return `/sandbox/machines/${encodeURIComponent(id)}${search ? `?${search}` : ''}`;
}
