/**
 * Payments never left half-way on a real PostgreSQL: the app on one pool, a second pool on the same
 * database standing for a second server process, so two sweepers really claim at once.
 * tests/api/payment-sweeper.test.ts runs the same scenarios on PGlite.
 */
import { afterAll, beforeAll, describe } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { prepareDatabase } from '../../src/server/server.ts';
import { runEveryStep } from '../helpers/cleanup.ts';
import { paymentSweeperTests } from '../helpers/payment-sweeper.ts';
import { startCluster, type PgCluster } from './cluster.ts';

let cluster: PgCluster | undefined;
let main: Database | undefined;
let second: Database | undefined;

beforeAll(async () => {
  cluster = await startCluster();
  await cluster.createDatabase('payment_sweeper');
  ({ database: main } = await prepareDatabase({ databaseUrl: cluster.url('payment_sweeper'), seedProducts: 30, log: () => undefined }));
  second = await openDatabase({ kind: 'postgres', url: cluster.url('payment_sweeper') }, () => undefined);
}, 180_000);

afterAll(async () => {
  await runEveryStep([() => second?.close(), () => main?.close(), () => cluster?.stop()]);
}, 60_000);

describe('payments settled after their request died, on PostgreSQL', () => {
  paymentSweeperTests(() => {
    if (!main || !second) throw new Error('database not opened');
    return { db: main.db, second: second.db };
  });
});
