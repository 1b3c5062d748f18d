import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = Number(process.env.E2E_PORT ?? 18080);
// The local OpenID Connect issuer Google sign-in is tested against (no internet here).
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? 18081);
const oidcClientId = 'beauty-pass-e2e.apps.example';
// A fresh data directory per run: the e2e tests see the deterministic seed, never a developer's data.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'beauty-pass-e2e-'));

export default defineConfig({
  testDir: 'tests/e2e',
  // Two workers, a browser each, one file at a time per worker (a file's tests keep their order).
  // The server is not what a test waits on (p50 1.2 ms over a run's 3,000 requests): the browsers
  // are, axe's color-contrast rule most of all, and one browser left a core idle a third of the
  // time. 88 tests: 21.8 min with one worker, 16.3 with two. Specs use their own accounts, so the
  // order of files across workers does not matter (the seeded Beauty Pass members are one spec's).
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  // The accessibility reporter writes the axe table (page × width → violations) of the run.
  reporter: [['list'], ['./tests/e2e/accessibility-reporter.ts']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Flags for Debian's Chromium in this sandbox: no GPU, no network chatter that the closed network refuses.
      args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: [
    {
      command: 'node --import tsx tests/tools/oidc-issuer-server.ts',
      url: `http://127.0.0.1:${oidcPort}/.well-known/openid-configuration`,
      env: { E2E_OIDC_PORT: String(oidcPort), E2E_OIDC_CLIENT_ID: oidcClientId },
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      // `npm run e2e` builds the SPA and the server bundle first; the server then runs and serves dist/web as `npm start` does.
      command: 'node --enable-source-maps dist/server/main.mjs',
      url: `http://127.0.0.1:${port}/api/web/v1/layouts`,
      // SANDBOX: the machine visualizer (/sandbox/machines) is a production page only with the flag.
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED_PRODUCTS: '400',
        SANDBOX: '1',
        // A client is its `X-Forwarded-For` when it sends one (a browser never does): the popular
        // searches spec stands in for several shoppers through the API.
        TRUST_PROXY: '1',
        // E-gift cards due today reach the sandbox mailbox within a second, not a minute.
        GIFT_CARD_SEND_INTERVAL_MS: '1000',
        // Links in emails (the reset link in the sandbox mailbox) on the origin the tests browse.
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        OIDC_GOOGLE_ISSUER: `http://127.0.0.1:${oidcPort}`,
        OIDC_GOOGLE_CLIENT_ID: oidcClientId,
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
