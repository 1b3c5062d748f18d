import { closeSync, existsSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { todayIn } from '../../src/contract/calendar-day.ts';
import { openDatabase, type Db } from '../../src/server/db/client.ts';
import { prepareDatabase, type PreparedDatabase } from '../../src/server/server.ts';

/** Where this run keeps its database images (tests/setup/database-images.ts makes the directory and the migrated image). */
export const DATABASE_IMAGES_ENV = 'TEST_DATABASE_IMAGES';
const MIGRATED_IMAGE = 'migrated.tar';
/** Longer than any machine takes to seed one image; then a file makes its own rather than fail. */
const IMAGE_WAIT_MS = 60_000;

/**
 * A fresh in-memory database, migrated and seeded with `seedProducts` products, as a server
 * prepares it. Most of the 5 s that costs is PGlite's initdb, which loading a dump of a database
 * already made skips (about 1 s). So a run keeps images (PGlite's `dumpDataDir`): one migrated and
 * empty, made before the tests, and one per seed size, made by the first file that asks while the
 * other worker waits for it. A database from an image still takes the server's start-up steps,
 * which find their work done. The seed dates its Beauty Pass members from Singapore's today, so a
 * seeded image serves that day only.
 */
export async function preparedMemoryDatabase(seedProducts: number): Promise<PreparedDatabase> {
  const dir = process.env[DATABASE_IMAGES_ENV];
  if (!dir) return prepareDatabase({ dataDir: 'memory', seedProducts });
  const seeded = path.join(dir, `seeded-${seedProducts}-${todayIn('SG')}.tar`);
  if (existsSync(seeded) || (!claim(seeded) && (await appeared(seeded)))) {
    return prepareDatabase({ dataDir: 'memory', seedProducts, memoryImage: readImage(seeded) });
  }
  const migrated = path.join(dir, MIGRATED_IMAGE);
  const made = await prepareDatabase({ dataDir: 'memory', seedProducts, ...(existsSync(migrated) ? { memoryImage: readImage(migrated) } : {}) });
  try {
    await writeImage(made.database.db, seeded);
  } finally {
    await made.database.close();
  }
  // Its maker too starts from the image: a database loaded from a dump is not quite the one dumped
  // (each sequence moves on past the values PostgreSQL had logged ahead), and every file of a run
  // gets the same ids.
  return prepareDatabase({ dataDir: 'memory', seedProducts, memoryImage: readImage(seeded) });
}

/** Writes the migrated, empty image into `dir` (before any test file runs). */
export async function writeMigratedImage(dir: string): Promise<void> {
  const database = await openDatabase({ kind: 'memory' });
  try {
    await database.migrate();
    await writeImage(database.db, path.join(dir, MIGRATED_IMAGE));
  } finally {
    await database.close();
  }
}

/** True when this process is the one to make `file` (its lock file did not exist). */
function claim(file: string): boolean {
  try {
    closeSync(openSync(`${file}.lock`, 'wx'));
    return true;
  } catch {
    return false;
  }
}

async function appeared(file: string): Promise<boolean> {
  const deadline = Date.now() + IMAGE_WAIT_MS;
  while (Date.now() < deadline) {
    if (existsSync(file)) return true;
    await sleep(100);
  }
  return false;
}

function readImage(file: string): Blob {
  return new Blob([readFileSync(file)]);
}

async function writeImage(db: Db, file: string): Promise<void> {
  const client: unknown = (db as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) throw new TypeError('only an in-memory PGlite database has an image');
  const image = await client.dumpDataDir('none');
  // Written aside and renamed (atomic): a reader never sees half an image.
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, new Uint8Array(await image.arrayBuffer()));
  renameSync(partial, file);
  rmSync(`${file}.lock`, { force: true });
}
