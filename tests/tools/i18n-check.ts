/**
 * Fails the build on any missing translation: extracts the messages from the code into the four
 * languages' catalogs (so a string added without extraction is caught too), then requires a
 * non-empty msgstr for every message in every catalog lingui.config.ts declares: the storefront's
 * (`i18n/<catalog>.po`) and each feature's (`i18n/features/<feature>/<catalog>.po`). Exits 1 with
 * the list of what is missing.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOGS } from '../../src/config/languages.ts';
import linguiConfig from '../../lingui.config.ts';
import { findUntranslated } from './po.ts';

const root = join(import.meta.dirname, '..', '..');
/** Every catalog of the config, as a path under i18n/ with `{locale}` to fill in. */
const catalogPaths = (linguiConfig.catalogs ?? []).map(({ path }) => path.replace(/^<rootDir>\/i18n\//, ''));
if (catalogPaths.length < 2 || catalogPaths.some((path) => !path.endsWith('{locale}'))) {
  console.error(`i18n-check: unexpected catalog paths in lingui.config.ts: ${JSON.stringify(catalogPaths)}`);
  process.exit(1);
}
execFileSync(process.execPath, [join(root, 'node_modules/@lingui/cli/dist/lingui.js'), 'extract', '--clean'], { cwd: root, stdio: 'pipe' });

let missing = 0;
let total = 0;
for (const catalog of CATALOGS) {
  total = 0;
  for (const name of catalogPaths.map((path) => `${path.replace('{locale}', catalog)}.po`)) {
    const result = findUntranslated(readFileSync(join(root, 'i18n', name), 'utf8'));
    total += result.total;
    for (const id of result.untranslated) {
      console.error(`i18n/${name}: no translation for ${JSON.stringify(id)}`);
      missing += 1;
    }
  }
}
if (total === 0) {
  console.error('i18n-check: the catalogs hold no messages; extraction found nothing');
  process.exit(1);
}
if (missing > 0) {
  console.error(`i18n-check: ${missing} missing translation(s); run npm run i18n:extract and translate them`);
  process.exit(1);
}
console.log(`i18n-check: ${total} messages translated in ${CATALOGS.length} catalogs (${CATALOGS.join(', ')})`);
