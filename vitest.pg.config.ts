import { defineConfig } from 'vitest/config';
import { TEST_TAGS } from './tests/setup/tags.ts';

/**
 * `npm run test:pg`: the server against a real PostgreSQL cluster the tests start themselves
 * (tests/pg/cluster.ts). Kept out of `npm run unit`, which must not need a PostgreSQL install.
 */
export default defineConfig({
  test: {
    include: ['tests/pg/**/*.test.ts'],
    environment: 'node',
    tags: TEST_TAGS,
    // initdb, a cluster start and two seeded servers on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    // One cluster per file; files in parallel would only compete for the two cores.
    maxWorkers: 1,
  },
});
