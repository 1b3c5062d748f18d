/**
 * Makes sure Debian's Chromium and the CJK and Thai fonts are on this machine, installing them
 * with apt-get when missing. Playwright cannot download its own browser here (no internet but the
 * package registries), so the e2e tests run Debian's build at CHROMIUM_PATH.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { aptInstall } from './apt.ts';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function hasFonts(lang: string): boolean {
  const result = spawnSync('fc-list', [`:lang=${lang}`, 'family'], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.trim().length > 0;
}

const missing: string[] = [];
if (!existsSync(CHROMIUM_PATH)) missing.push('chromium');
if (!hasFonts('zh-tw')) missing.push('fonts-noto-cjk');
if (!hasFonts('th')) missing.push('fonts-thai-tlwg');

if (missing.length === 0) {
  console.log(`ensure-chromium: ${CHROMIUM_PATH} and the CJK/Thai fonts are present`);
} else {
  // With recommends, as before: fontconfig's and Chromium's own.
  aptInstall(['fontconfig', ...missing], { recommends: true });
  if (!existsSync(CHROMIUM_PATH)) {
    console.error(`ensure-chromium: ${CHROMIUM_PATH} is still missing after apt-get; set CHROMIUM_PATH`);
    process.exit(1);
  }
}
