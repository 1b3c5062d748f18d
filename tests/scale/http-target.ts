/**
 * The race helpers' target (tests/helpers/cart.ts `CartTarget`) over real HTTP: requests to one
 * origin (HAProxy, or one process directly), SQL on the suite's own pool. Every answer's
 * `X-Served-By` (set by HAProxy) is counted, so a scenario can show its requests were spread over
 * every process.
 */
import type pg from 'pg';
import type { CartTarget } from '../helpers/cart.ts';

export interface CountingTarget extends CartTarget {
  /** Answers per process since the last `resetSpread()`. */
  spread(): Map<string, number>;
  resetSpread(): void;
}

export function httpTarget(base: string, sql: pg.Pool): CountingTarget {
  let served = new Map<string, number>();
  return {
    request: async (path, init) => {
      const response = await fetch(`${base}${path}`, init).catch(
        // No answer at all (a reset): an outcome the race counts and reports, named by its cause, instead of ending the race.
        (error: unknown) => new Response(JSON.stringify({ code: `no_answer:${(error as Error & { cause?: { code?: string } }).cause?.code ?? 'error'}` }), { status: 599, headers: { 'Content-Type': 'application/json' } }),
      );
      const by = response.headers.get('x-served-by') ?? 'direct';
      served.set(by, (served.get(by) ?? 0) + 1);
      return response;
    },
    query: async <T>(text: string) => (await sql.query(text)).rows as T[],
    spread: () => served,
    resetSpread: () => {
      served = new Map();
    },
  };
}

/** `s1 40, s2 41, s3 39`. */
export function formatSpread(spread: ReadonlyMap<string, number>): string {
  return [...spread]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, n]) => `${name} ${n}`)
    .join(', ');
}
