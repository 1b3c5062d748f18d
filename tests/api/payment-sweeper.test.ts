import { afterAll, beforeAll, describe } from 'vitest';
import type { Database } from '../../src/server/db/client.ts';
import { prepareDatabase } from '../../src/server/server.ts';
import { paymentSweeperTests } from '../helpers/payment-sweeper.ts';

/** Payments never left half-way, on PGlite (one connection: the two "processes" share it); tests/pg/payment-sweeper.test.ts runs the same on PostgreSQL. */
let database: Database | undefined;
beforeAll(async () => {
  ({ database } = await prepareDatabase({ dataDir: 'memory', seedProducts: 30 }));
}, 60_000);
afterAll(async () => {
  await database?.close();
});

describe('payments settled after their request died, on PGlite', () => {
  paymentSweeperTests(() => {
    if (!database) throw new Error('database not opened');
    return { db: database.db, second: database.db };
  });
});
