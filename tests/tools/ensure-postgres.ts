/**
 * Makes sure a PostgreSQL server (initdb, pg_ctl, postgres) is on this machine for `npm run test:pg`,
 * installing Debian's `postgresql` package with apt-get when missing. The tests start their own
 * throwaway cluster, so the system cluster the package creates is never used.
 */
import { execFileSync } from 'node:child_process';
import { postgresBinDir } from '../pg/cluster.ts';

const found = postgresBinDir();
if (found) {
  console.log(`ensure-postgres: ${found}/initdb is present`);
} else {
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = asRoot ? [] : ['sudo'];
  console.log('ensure-postgres: installing postgresql with apt-get');
  const started = Date.now();
  const run = (args: string[]) => {
    const [command, ...rest] = [...sudo, ...args];
    execFileSync(command ?? 'apt-get', rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  };
  run(['apt-get', 'update', '-qq']);
  // No recommends: the server and its `postgres` user are all the tests need.
  run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'postgresql']);
  const installed = postgresBinDir();
  if (!installed) {
    console.error('ensure-postgres: initdb is still missing after apt-get; set PG_BIN to a PostgreSQL bin directory');
    process.exit(1);
  }
  console.log(`ensure-postgres: installed ${installed} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
