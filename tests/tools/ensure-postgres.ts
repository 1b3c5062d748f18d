/**
 * Makes sure a PostgreSQL server (initdb, pg_ctl, postgres) is on this machine for `npm run test:pg`,
 * installing Debian's `postgresql` package with apt-get when missing. The tests start their own
 * throwaway cluster, so the system cluster the package creates is never used.
 */
import { postgresBinDir } from '../pg/cluster.ts';
import { aptInstall } from './apt.ts';

const found = postgresBinDir();
if (found) {
  console.log(`ensure-postgres: ${found}/initdb is present`);
} else {
  // No recommends: the server and its `postgres` user are all the tests need.
  aptInstall(['postgresql']);
  if (!postgresBinDir()) {
    console.error('ensure-postgres: initdb is still missing after apt-get; set PG_BIN to a PostgreSQL bin directory');
    process.exit(1);
  }
}
