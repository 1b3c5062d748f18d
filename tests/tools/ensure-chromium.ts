/**
 * Makes sure Debian's Chromium and the CJK and Thai fonts are on this machine, installing them
 * with apt-get when missing. Playwright cannot download its own browser here (no internet but the
 * package registries), so the e2e tests run Debian's build at CHROMIUM_PATH.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = asRoot ? [] : ['sudo'];
  console.log(`ensure-chromium: installing ${missing.join(', ')} with apt-get`);
  const run = (args: string[]) => {
    const [command, ...rest] = [...sudo, ...args];
    execFileSync(command ?? 'apt-get', rest, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  };
  run(['apt-get', 'update', '-qq']);
  run(['apt-get', 'install', '-y', '-qq', 'fontconfig', ...missing]);
  if (!existsSync(CHROMIUM_PATH)) {
    console.error(`ensure-chromium: ${CHROMIUM_PATH} is still missing after apt-get; set CHROMIUM_PATH`);
    process.exit(1);
  }
}
