import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';
import { TEST_TAGS } from './tests/setup/tags.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      include: ['tests/**/*.test.{ts,tsx}', 'machines/**/*.test.ts', 'src/**/*.test.{ts,tsx}'],
      // tests/pg needs a PostgreSQL install: `npm run test:pg` runs it with vitest.pg.config.ts.
      exclude: ['tests/e2e/**', 'tests/pg/**', 'node_modules/**'],
      setupFiles: ['tests/setup/vitest.setup.ts'],
      globalSetup: ['tests/setup/database-images.ts', 'tests/setup/api-contract.ts'],
      tags: TEST_TAGS,
      // API tests each open an in-memory PGlite: give them time on a 2-core machine.
      testTimeout: 30_000,
      hookTimeout: 60_000,
      pool: 'forks',
      maxWorkers: 2,
      projects: undefined,
    },
  }),
);
