/**
 * Makes sure Debian's Firefox ESR is on this machine, installing it with apt-get when missing, as
 * ensure-chromium.ts does for Chromium. The e2e suite's second engine: its smoke journey
 * (tests/e2e/firefox-smoke.spec.ts) drives this build through WebDriver BiDi with puppeteer-core,
 * which needs no browser download of its own (Playwright's Firefox is a patched build it would
 * have to download; Debian's it cannot drive).
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { aptInstall } from './apt.ts';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export function ensureFirefox(): void {
  if (existsSync(FIREFOX_PATH)) {
    console.log(`ensure-firefox: ${FIREFOX_PATH} is present`);
    return;
  }
  aptInstall(['firefox-esr']);
  if (!existsSync(FIREFOX_PATH)) {
    console.error(`ensure-firefox: ${FIREFOX_PATH} is still missing after apt-get; set FIREFOX_PATH`);
    process.exit(1);
  }
}

// Run as a script (`tsx tests/tools/ensure-firefox.ts`, in `npm run e2e`); imported, it only names the path.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) ensureFirefox();
