/**
 * The scale suite's PostgreSQL: a throwaway cluster (tests/pg/cluster.ts) with a normal role that
 * owns an empty database, as a managed PostgreSQL gives an operator, a superuser pool for the
 * suite's own SQL (the races' set-up, the checks afterwards), and a restart of the server.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { postgresBinDir, startCluster, type PgCluster } from '../pg/cluster.ts';

export const APP_DATABASE = 'storefront';

export interface ScaleDatabase {
  cluster: PgCluster;
  /** What the servers connect with: the normal role, owner of the database. */
  appUrl: string;
  /** The suite's own pool, as the `postgres` superuser, on the same database. */
  admin: pg.Pool;
  /** `pg_ctl restart -m fast`: every connection of every process is cut; answers the restart's duration in ms. */
  restart(): Promise<number>;
  close(): Promise<void>;
}

export async function startScaleDatabase(): Promise<ScaleDatabase> {
  const cluster = await startCluster();
  try {
    // The cluster's own normal role owns the database, as a managed PostgreSQL hands one out.
    await cluster.createDatabase(APP_DATABASE);
    const admin = new pg.Pool({ connectionString: cluster.superuserUrl(APP_DATABASE), max: 4 });
    // A restart ends the pool's idle connections: the pool replaces them, the event must not end the suite.
    admin.on('error', () => undefined);
    const appUrl = cluster.url(APP_DATABASE);
    const [role] = (await admin.query<{ rolsuper: boolean; owner: boolean }>('select rolsuper, pg_get_userbyid(d.datdba) = rolname as owner from pg_roles, pg_database d where rolname = $1 and d.datname = $2', [new URL(appUrl).username, APP_DATABASE])).rows;
    if (role?.rolsuper !== false || !role.owner) throw new Error(`the servers' role must be a normal role owning ${APP_DATABASE}: ${JSON.stringify(role)}`);
    return {
      cluster,
      appUrl,
      admin,
      restart: () => restartCluster(cluster),
      close: async () => {
        await admin.end().catch(() => undefined);
        await cluster.stop();
      },
    };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

/** Runs `pg_ctl restart` on the cluster's data directory (as `postgres` when we are root); its options are the ones it started with (postmaster.opts). */
async function restartCluster(cluster: PgCluster): Promise<number> {
  const binDir = postgresBinDir();
  if (!binDir) throw new Error('no PostgreSQL binaries');
  const pgCtl = path.join(binDir, 'pg_ctl');
  const args = ['-D', path.join(cluster.dir, 'data'), '-l', path.join(cluster.dir, 'server.log'), '-m', 'fast', '-w', '-t', '60', 'restart'];
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', pgCtl, ...args]] : [pgCtl, args];
  const started = performance.now();
  // stdio ignored: the postmaster it starts would otherwise hold our pipes open.
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(file, argv, { cwd: cluster.dir, stdio: 'ignore', env: { ...process.env, LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8' } });
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`pg_ctl restart exited ${code}:\n${cluster.log().slice(-2_000)}`);
  return performance.now() - started;
}
