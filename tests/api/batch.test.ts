import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batch } from '../../src/server/db/batch.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/** Several statements of a transaction in one round trip (src/server/db/batch.ts): values written as literals exactly. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 0 });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('batch', () => {
  it('answers each statement’s rows in order, with quotes, placeholders, NULL, numbers and dates in values as they were', async () => {
    const tricky = "O'Brien $1 $2 ; select 1; --";
    const at = new Date('2030-01-02T03:04:05.678Z');
    const [first, second, third] = await t.db.transaction((tx) =>
      batch(tx, [sql`select ${tricky}::text as a, ${null}::text as b, ${42}::int as n`, sql`select ${at}::timestamptz as at, ${true}::boolean as yes`, sql`select 1 where false`]),
    );
    expect(first).toEqual([{ a: tricky, b: null, n: 42 }]);
    expect(new Date((second?.[0] as { at: string | Date }).at).toISOString()).toBe(at.toISOString());
    expect((second?.[0] as { yes: boolean }).yes).toBe(true);
    expect(third).toEqual([]);
  });

  it('a failing statement rolls the whole transaction back', async () => {
    await t.db.execute(sql`create table batch_probe (v text)`);
    await expect(t.db.transaction((tx) => batch(tx, [sql`insert into batch_probe values (${'kept?'})`, sql`select 1/0`]))).rejects.toThrow();
    const rows = await t.db.execute(sql`select count(*)::int as n from batch_probe`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });

  it('refuses a value it cannot write as a literal', async () => {
    await expect(t.db.transaction((tx) => batch(tx, [sql`select ${'a\0b'}::text`]))).rejects.toThrow(/NUL/);
  });
});
