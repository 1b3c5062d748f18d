import { fromPromise } from 'xstate';

/** A `load` actor that answers from `outcomes` in order (the last one repeats): a value resolves, an Error rejects. */
export function scriptedLoad(outcomes: unknown[]) {
  let calls = 0;
  const load = fromPromise<unknown, undefined>(async () => {
    const outcome = outcomes[Math.min(calls, outcomes.length - 1)];
    calls += 1;
    if (outcome instanceof Error) throw outcome;
    return outcome;
  });
  return { load, calls: () => calls };
}
