/**
 * `npm run i18n:compile`: compiles the emails' catalogs (`i18n/mail/<catalog>.po`) into
 * `i18n/mail/<catalog>.json`, the form the server loads (i18n.ts). Lingui's own compiler
 * (`createCompiledCatalog`, what `lingui compile` runs) with its JSON output, for this one catalog
 * only: the SPA's catalogs are compiled by the Vite plugin as they are imported.
 *
 * Why compiled files and not the .po at run time: Lingui's docs load compiled catalogs in Node (no
 * bundler plugin to compile them on import), and `@lingui/core` carries no message compiler when
 * NODE_ENV is production. Why JSON: tsx (`npm run dev`), Vitest and the server bundle
 * (src/server/bundle.ts, rolldown) all import it as it is, so the bundle carries the catalogs and
 * nothing has to be copied beside it.
 *
 * `--check` writes nothing and exits 1 when a translation is missing or a compiled file is not what
 * its .po compiles to (`npm run i18n:check` runs it after extracting).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';

const root = fileURLToPath(new URL('../../..', import.meta.url));
/** Where lingui.config.ts keeps the emails' catalog, `{locale}` to fill in. */
export const MAIL_CATALOG_PATH = 'i18n/mail/{locale}';

export interface CompiledMailCatalog {
  locale: string;
  file: string;
  source: string;
  /** Ids with no translation: the file is not written while any is missing. */
  missing: string[];
}

export async function compileMailCatalogs(): Promise<CompiledMailCatalog[]> {
  const config = getConfig({ cwd: root, configPath: `${root}lingui.config.ts`, skipValidation: true });
  const catalog = (await getCatalogs(config)).find((candidate) => candidate.path === `${root}${MAIL_CATALOG_PATH}`);
  if (!catalog) throw new Error(`lingui.config.ts declares no catalog at ${MAIL_CATALOG_PATH}`);
  const { sourceLocale } = config;
  if (!sourceLocale) throw new Error('lingui.config.ts names no sourceLocale');
  return Promise.all(
    config.locales.map(async (locale) => {
      const { messages, missing } = await catalog.getTranslations(locale, { sourceLocale, fallbackLocales: config.fallbackLocales ?? {} });
      const { source, errors } = createCompiledCatalog(locale, messages, { strict: true, namespace: 'json' });
      if (errors.length > 0) throw new Error(`i18n/mail/${locale}.po: ${errors.map((error) => `${JSON.stringify(error.id)}: ${error.error.message}`).join('; ')}`);
      return { locale, file: `${root}${MAIL_CATALOG_PATH.replace('{locale}', locale)}.json`, source: `${source}\n`, missing: missing.map((entry) => entry.id) };
    }),
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const check = process.argv.includes('--check');
  const problems: string[] = [];
  for (const compiled of await compileMailCatalogs()) {
    const name = compiled.file.slice(root.length);
    for (const id of compiled.missing) problems.push(`${name.replace(/\.json$/, '.po')}: no translation for ${JSON.stringify(id)}`);
    if (compiled.missing.length > 0) continue;
    let current: string | null = null;
    try {
      current = readFileSync(compiled.file, 'utf8');
    } catch {
      current = null;
    }
    if (current === compiled.source) continue;
    if (check) problems.push(`${name} is not what its .po compiles to: run npm run i18n:compile`);
    else {
      writeFileSync(compiled.file, compiled.source);
      console.log(`Compiled ${name}`);
    }
  }
  if (problems.length > 0) {
    for (const problem of problems) console.error(problem);
    process.exit(1);
  }
  if (check) console.log('i18n/mail: the compiled email catalogs match their .po files');
}
