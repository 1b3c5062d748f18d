// @vitest-environment node
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { readPreparedJson, type PreparedRead } from '../../src/server/db/prepared.ts';

const PROBE: PreparedRead = { name: 'prepared_probe_read', text: `select json_build_object('v', v, 'note', note) as r from prepared_probe where id = $1::integer` };

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ kind: 'memory' }, () => undefined);
  await database.db.execute(sql`create table prepared_probe (id integer primary key, v integer not null, note text)`);
  await database.db.execute(sql`insert into prepared_probe values (1, 1, 'it''s'), (2, 5, null)`);
});
afterAll(() => database.close());

describe('a prepared read on PGlite', () => {
  test('answers the row as JSON, null without one, the same on every call', async () => {
    expect(await readPreparedJson(database.db, PROBE, [1])).toEqual({ v: 1, note: "it's" });
    expect(await readPreparedJson(database.db, PROBE, [2])).toEqual({ v: 5, note: null });
    expect(await readPreparedJson(database.db, PROBE, [3])).toBeNull();
    expect(await readPreparedJson(database.db, PROBE, [1])).toEqual({ v: 1, note: "it's" });
  });

  test('never runs inside another request\'s transaction: it waits, and sees only what was committed', async () => {
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const rolledBack = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update prepared_probe set v = 2 where id = 1`);
        entered();
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('rolled back');
      })
      .catch((error: unknown) => error);
    await inside;
    // Read while the transaction is open: inside it, this would be 2, a value never committed.
    expect(await readPreparedJson(database.db, PROBE, [1])).toEqual({ v: 1, note: "it's" });
    expect(await rolledBack).toBeInstanceOf(Error);
  });

  test('an error is PostgreSQL\'s, with its code, and the session goes on', async () => {
    const BAD: PreparedRead = { name: 'prepared_probe_bad', text: `select json_build_object('v', 1 / $1::integer) as r` };
    await expect(readPreparedJson(database.db, BAD, [0])).rejects.toMatchObject({ code: '22012', message: 'division by zero' });
    expect(await readPreparedJson(database.db, BAD, [1])).toEqual({ v: 1 });
    expect(await readPreparedJson(database.db, PROBE, [2])).toEqual({ v: 5, note: null });
  });
});
