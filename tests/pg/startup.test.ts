/**
 * Starting the store as operators do: a role that owns its database and is not superuser, started
 * again and again, and several processes' start-ups at the same instant on an empty database.
 */
import { spawn } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STARTUP_LOCK_KEY } from '../../src/server/db/client.ts';
import { prepareDatabase, type PreparedDatabase } from '../../src/server/server.ts';
import { runEveryStep } from '../helpers/cleanup.ts';
import { APP_ROLE, startCluster, type PgCluster } from './cluster.ts';

const SEED_PRODUCTS = 30;
let cluster: PgCluster | undefined;
const opened: PreparedDatabase[] = [];

function started(): PgCluster {
  if (!cluster) throw new Error('cluster not started');
  return cluster;
}

async function queryAs<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function prepare(database: string): Promise<PreparedDatabase> {
  const prepared = await prepareDatabase({ databaseUrl: started().url(database), seedProducts: SEED_PRODUCTS, log: () => undefined });
  opened.push(prepared);
  return prepared;
}

async function closeAll(): Promise<void> {
  await runEveryStep(opened.splice(0).map((prepared) => () => prepared.database.close()));
}

beforeAll(async () => {
  cluster = await startCluster();
}, 180_000);

afterAll(async () => {
  await runEveryStep([closeAll, () => cluster?.stop()]);
}, 60_000);

describe('a role that owns its database and nothing more', () => {
  it('is what the tests connect as: not superuser, cannot create databases or roles', async () => {
    const [role] = await queryAs<{ rolsuper: boolean; rolcreatedb: boolean; rolcreaterole: boolean; current_user: string }>(
      started().url('postgres'),
      'select rolsuper, rolcreatedb, rolcreaterole, current_user from pg_roles where rolname = current_user',
    );
    expect(role).toEqual({ rolsuper: false, rolcreatedb: false, rolcreaterole: false, current_user: APP_ROLE });
  });

  it('starts, restarts and starts again on the same database, every step on a fresh connection', async () => {
    await started().createDatabase('restarts');
    const first = await prepare('restarts');
    expect(first.seeded).toBe(true);
    await closeAll();
    for (let restart = 0; restart < 3; restart++) {
      const again = await prepare('restarts');
      expect(again.seeded).toBe(false);
      await closeAll();
    }
    // The search function's own settings work for this role on a connection that never loaded pg_trgm.
    const words = await queryAs<{ word: string }>(started().url('restarts'), 'select word from search_similar_words($1, false, $2)', ['lipstik', 'en']);
    expect(words.map((row) => row.word)).toContain('lipstick');
  });
});

describe('processes started at the same instant on an empty database', () => {
  it('all come up, and the migrations and the seed are done once', async () => {
    await started().createDatabase('together');
    const starts = await Promise.allSettled([prepare('together'), prepare('together'), prepare('together'), prepare('together')]);
    expect(starts.map((start) => start.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
    // Exactly one of them found the database empty and seeded it.
    expect(starts.filter((start) => start.status === 'fulfilled' && start.value.seeded)).toHaveLength(1);
    const url = started().url('together');
    const [products] = await queryAs<{ n: string }>(url, 'select count(*) as n from products');
    expect(Number(products?.n)).toBe(SEED_PRODUCTS);
    const migrations = await queryAs<{ hash: string; n: string }>(url, 'select hash, count(*) as n from drizzle.__drizzle_migrations group by hash having count(*) > 1');
    expect(migrations).toEqual([]);
  });

  it('a start killed while it holds the start-up lock does not block the next one', async () => {
    await started().createDatabase('killed');
    const url = started().url('killed');
    // Another session takes the lock the store's start-up waits for, then dies without letting go.
    const holder = spawn(process.execPath, ['-e', `
      const pg = require('pg');
      const client = new pg.Client({ connectionString: ${JSON.stringify(url)} });
      client.connect().then(() => client.query('select pg_advisory_lock($1)', [${JSON.stringify(STARTUP_LOCK_KEY)}])).then(() => console.log('locked'));
      setInterval(() => undefined, 1000);
    `], { cwd: process.cwd(), stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => holder.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve()));
    const waiting = prepare('killed');
    let done = false;
    void waiting.then(() => (done = true), () => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(done).toBe(false);
    holder.kill('SIGKILL');
    const prepared = await waiting;
    expect(prepared.seeded).toBe(true);
  });
});

describe('a connection lost while a request holds it', () => {
  it('fails that request only: the process goes on and the next query gets a new connection', async () => {
    await started().createDatabase('lost');
    const prepared = await prepare('lost');
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => void uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      // A transaction between two statements, as an order's waits for the card processor.
      const transaction = prepared.database.db.transaction(async (tx) => {
        await tx.execute('select 1');
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        await tx.execute('select 1');
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      // An administrator (or a failover) ends every session of the store's role.
      await queryAs(started().superuserUrl('postgres'), 'select pg_terminate_backend(pid) from pg_stat_activity where usename = $1', [APP_ROLE]);
      await expect(transaction).rejects.toThrow();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(uncaught).toEqual([]);
      await expect(prepared.database.ping(5_000)).resolves.toBeUndefined();
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
