/**
 * A throwaway PostgreSQL cluster for tests: its own data directory in a temp dir, a random port on
 * 127.0.0.1 and its unix socket inside that dir, so it never meets a system cluster. PostgreSQL
 * refuses to run as root, so as root every server command runs as the `postgres` system user the
 * Debian package creates.
 */
import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { isAlive } from '../../src/server/lock.ts';
import { freePort } from '../helpers/ports.ts';

const POSTGRES_USER = 'postgres';
/**
 * The role the store connects as: it owns its database and nothing more (no superuser, no
 * CREATEDB, no CREATEROLE), as a managed PostgreSQL gives it. A step that needs more than the
 * owner's rights fails in these tests as it would in production.
 */
export const APP_ROLE = 'storefront';

/** `/usr/lib/postgresql/<major>/bin` of the newest installed server (or `PG_BIN`), or null. */
export function postgresBinDir(): string | null {
  const override = process.env['PG_BIN'];
  if (override) return existsSync(path.join(override, 'initdb')) ? override : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const majors = readdirSync(root)
    .filter((name) => /^\d+$/.test(name) && existsSync(path.join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] === undefined ? null : path.join(root, majors[0], 'bin');
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

function postgresIds(): { uid: number; gid: number } {
  const result = spawnSync('id', ['-u', POSTGRES_USER], { encoding: 'utf8' });
  const group = spawnSync('id', ['-g', POSTGRES_USER], { encoding: 'utf8' });
  if (result.status !== 0 || group.status !== 0) {
    throw new Error(`Running as root needs the "${POSTGRES_USER}" system user (apt-get install postgresql creates it): ${result.stderr.trim()}`);
  }
  return { uid: Number(result.stdout), gid: Number(group.stdout) };
}

export interface PgCluster {
  port: number;
  /** The temp dir holding `data/`, the server log and the unix socket. */
  dir: string;
  major: number;
  /** `postgres://storefront@127.0.0.1:<port>/<database>`: the store's normal role (trust auth: no password). */
  url(database: string): string;
  /** The cluster's superuser, for what only an administrator does (creating databases, ending sessions). */
  superuserUrl(database: string): string;
  /** A database owned by the normal role, as a managed PostgreSQL hands one out. */
  createDatabase(name: string): Promise<void>;
  /** Stops the server (fast, then immediate) and removes the temp dir; safe to call twice. */
  stop(): Promise<void>;
  /** The server log so far, for failure messages. */
  log(): string;
}

interface Command {
  run(bin: string, args: string[]): Promise<string>;
  runSync(bin: string, args: string[]): void;
}

/** Runs server binaries as `postgres` when we are root, with a locale that always exists. */
function commands(binDir: string, cwd: string): Command {
  // A CI's LANG may name a locale this machine lacks; initdb would refuse it.
  const env = { ...process.env, LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8', PGTZ: 'UTC' };
  const argv = (bin: string, args: string[]): [string, string[]] =>
    isRoot() ? ['runuser', ['-u', POSTGRES_USER, '--', path.join(binDir, bin), ...args]] : [path.join(binDir, bin), args];
  return {
    run: (bin, args) =>
      new Promise((resolve, reject) => {
        const [file, rest] = argv(bin, args);
        // cwd inside the temp dir: `postgres` cannot enter root's working directory.
        execFile(file, rest, { cwd, env, timeout: 120_000 }, (error, stdout, stderr) => {
          if (error) reject(new Error(`${bin} ${args.join(' ')} failed: ${error.message}\n${stdout}${stderr}`));
          else resolve(stdout);
        });
      }),
    runSync: (bin, args) => {
      const [file, rest] = argv(bin, args);
      spawnSync(file, rest, { cwd, env, stdio: 'ignore', timeout: 30_000 });
    },
  };
}

/** The temp dir's parent: `postgres` must be able to reach it, which root's own TMPDIR may not allow. */
function tempParent(): string {
  return isRoot() ? '/tmp' : tmpdir();
}

const DIR_PREFIX = 'bp-pg-';
const OWNER_FILE = 'owner.pid';

/**
 * Stops and removes clusters whose test process died without cleaning up (killed by a timeout or
 * Ctrl-C): a postmaster left running would hold memory until the machine restarts.
 */
function reapStaleClusters(binDir: string): void {
  const parent = tempParent();
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(DIR_PREFIX)) continue;
    const dir = path.join(parent, name);
    let owner: number;
    try {
      owner = Number(readFileSync(path.join(dir, OWNER_FILE), 'utf8'));
    } catch {
      continue; // Not ours, or another run is still creating it.
    }
    if (!Number.isInteger(owner) || owner <= 0 || isAlive(owner)) continue;
    const dataDir = path.join(dir, 'data');
    if (existsSync(path.join(dataDir, 'postmaster.pid'))) commands(binDir, dir).runSync('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startCluster(): Promise<PgCluster> {
  const binDir = postgresBinDir();
  if (!binDir) throw new Error('No PostgreSQL server binaries (initdb) found: run `npx tsx tests/tools/ensure-postgres.ts`');
  const major = Number(path.basename(path.dirname(binDir)));
  reapStaleClusters(binDir);
  const dir = mkdtempSync(path.join(tempParent(), DIR_PREFIX));
  writeFileSync(path.join(dir, OWNER_FILE), String(process.pid));
  const dataDir = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  if (isRoot()) {
    const { uid, gid } = postgresIds();
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const cmd = commands(binDir, dir);
  const log = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');

  let started = false;
  let stopped: Promise<void> | null = null;
  const stopSync = () => {
    // Last resort when the worker exits without afterAll: never leave a postmaster behind.
    if (started) cmd.runSync('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stopSync);

  const stop = () => {
    stopped ??= (async () => {
      try {
        if (started) {
          await cmd.run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']).catch(() => cmd.run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']));
        }
      } finally {
        started = false;
        rmSync(dir, { recursive: true, force: true });
        process.removeListener('exit', stopSync);
      }
    })();
    return stopped;
  };

  try {
    const locale = major >= 15
      ? // ICU collation, as a real deployment's en_US would sort, unlike PGlite's "C": the same
        // responses from both prove no query depends on the collation.
        ['--locale=C.UTF-8', '--locale-provider=icu', '--icu-locale=en-US']
      : ['--locale=C.UTF-8'];
    await cmd.run('initdb', ['-D', dataDir, '-U', POSTGRES_USER, '--auth=trust', '--encoding=UTF8', ...locale, '--no-sync']);

    let port = 0;
    // The free port can be taken between probing and binding; try a few.
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      const options = [
        `-p ${port}`,
        "-c listen_addresses='127.0.0.1'",
        `-c unix_socket_directories='${dir}'`,
        // A throwaway cluster: durability buys nothing and costs seconds.
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
      ].join(' ');
      try {
        started = true;
        await cmd.run('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', options, 'start']);
        break;
      } catch (error) {
        started = existsSync(path.join(dataDir, 'postmaster.pid'));
        if (attempt >= 3 || !/could not bind|already in use/i.test(log())) {
          throw new Error(`${(error as Error).message}\n--- server log ---\n${log()}`);
        }
      }
    }

    const superuserUrl = (database: string) => `postgres://${POSTGRES_USER}@127.0.0.1:${port}/${database}`;
    const asSuperuser = async (statement: string) => {
      const client = new pg.Client({ connectionString: superuserUrl('postgres') });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    // Identifiers cannot be bound parameters; these are the tests' own names, quoted.
    const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
    await asSuperuser(`create role ${ident(APP_ROLE)} login nosuperuser nocreatedb nocreaterole noreplication nobypassrls`);
    return {
      port,
      dir,
      major,
      url: (database) => `postgres://${APP_ROLE}@127.0.0.1:${port}/${database}`,
      superuserUrl,
      log,
      stop,
      createDatabase: (name) => asSuperuser(`create database ${ident(name)} owner ${ident(APP_ROLE)}`),
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
