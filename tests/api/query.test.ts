// @vitest-environment node
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { batch, integerArray, jsonOf, queryRows } from '../../src/server/db/query.ts';

/*
 * The one query module (src/server/db/query.ts): values travel as bound parameters, exactly as
 * they were, whatever they hold; reads never see another request's open transaction; errors are
 * PostgreSQL's, with their code. It replaces the tests of the literal batch and the raw prepared read.
 */
let database: Database;
const tricky = "O'Brien $1 $2 ; select 1; -- \\ é";
beforeAll(async () => {
  database = await openDatabase({ kind: 'memory' }, () => undefined);
  await database.db.execute(sql`create table query_probe (id integer primary key, v integer not null, note text)`);
  await database.db.execute(sql`insert into query_probe values (1, 1, ${"it's"}), (2, 5, null)`);
}, 60_000);
afterAll(() => database.close());

describe('queryRows and jsonOf', () => {
  test('answer values as they were sent: quotes, placeholders, null, numbers, dates, integer arrays', async () => {
    const at = new Date('2030-01-02T03:04:05.678Z');
    const [row] = await queryRows<{ a: string; b: null; n: number; at: Date | string; ids: number[] }>(
      database.db,
      sql`select ${tricky}::text as a, ${null}::text as b, ${42}::int as n, ${at}::timestamptz as at, array(select id from query_probe where id = any(${integerArray([2, 3])}) order by id) as ids`,
    );
    expect(row).toMatchObject({ a: tricky, b: null, n: 42, ids: [2] });
    expect(new Date(row?.at ?? 0).toISOString()).toBe(at.toISOString());
    // A statement without any value answers its rows too.
    expect(await queryRows(database.db, sql`select count(*)::int as n from query_probe`)).toEqual([{ n: 2 }]);
  });

  test('jsonOf answers the row as JSON, null without one', async () => {
    const read = (id: number) => jsonOf<{ v: number; note: string | null }>(database.db, sql`select json_build_object('v', v, 'note', note) as r from query_probe where id = ${id}::integer`);
    expect(await read(1)).toEqual({ v: 1, note: "it's" });
    expect(await read(2)).toEqual({ v: 5, note: null });
    expect(await read(3)).toBeNull();
  });

  test("never runs inside another request's transaction: it waits, and sees only what was committed", async () => {
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const rolledBack = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update query_probe set v = 2 where id = 1`);
        entered();
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('rolled back');
      })
      .catch((error: unknown) => error);
    await inside;
    expect(await jsonOf(database.db, sql`select json_build_object('v', v) as r from query_probe where id = ${1}::integer`)).toEqual({ v: 1 });
    expect(await rolledBack).toBeInstanceOf(Error);
  });

  test("an error is PostgreSQL's, with its code, and the session goes on", async () => {
    await expect(queryRows(database.db, sql`select 1 / ${0}::integer`)).rejects.toMatchObject({ code: '22012' });
    expect(await queryRows(database.db, sql`select 1 / ${1}::integer as n`)).toEqual([{ n: 1 }]);
  });
});

describe('batch', () => {
  test("answers each statement's rows in order", async () => {
    const [first, second, third] = await database.db.transaction((tx) => batch(tx, [sql`select ${tricky}::text as a, ${7}::int as n`, sql`select ${true}::boolean as yes`, sql`select 1 where false`]));
    expect(first).toEqual([{ a: tricky, n: 7 }]);
    expect(second).toEqual([{ yes: true }]);
    expect(third).toEqual([]);
  });

  test('a failing statement rolls the whole transaction back', async () => {
    await expect(database.db.transaction((tx) => batch(tx, [sql`insert into query_probe values (9, 9, ${'kept?'})`, sql`select 1/0`]))).rejects.toThrow();
    expect(await queryRows(database.db, sql`select count(*)::int as n from query_probe where id = ${9}::integer`)).toEqual([{ n: 0 }]);
  });
});
