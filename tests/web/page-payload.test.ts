import { describe, expect, test } from 'vitest';
import type { PageState } from '../../src/contract/page-state.ts';
import { createPayloadLoader, type PayloadFetch } from '../../src/web/app/page-payload.tsx';

const state: PageState = { snapshots: { 'featured:home': { status: 'active', value: 'success' } }, signedIn: false };

function counting(answers: (PageState | null)[]) {
  const asked: string[] = [];
  const fetchPayload: PayloadFetch = (url) => {
    asked.push(url);
    return Promise.resolve(answers.shift() ?? null);
  };
  return { asked, fetchPayload };
}

describe('payloads of client-side navigations', () => {
  test('one request per page and query while fresh; Back reuses it', async () => {
    const { asked, fetchPayload } = counting([state, state]);
    let now = 0;
    const load = createPayloadLoader(fetchPayload, { now: () => now, freshMs: 1_000 });
    expect(await load('/_payload.json')).toEqual(state);
    expect(await load('/_payload.json')).toEqual(state);
    expect(asked).toEqual(['/_payload.json']);
    now = 1_000;
    await load('/_payload.json');
    expect(asked).toHaveLength(2);
  });

  test('a payload that failed is asked again at the next navigation', async () => {
    const { asked, fetchPayload } = counting([null, state]);
    const load = createPayloadLoader(fetchPayload);
    expect(await load('/sale/_payload.json')).toBeNull();
    expect(await load('/sale/_payload.json')).toEqual(state);
    expect(asked).toHaveLength(2);
  });
});
