// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEATURE_CATALOGS } from '../../src/web/shared/i18n/feature-catalogs.ts';
import { ALL_FEATURE_MESSAGES } from '../helpers/feature-messages.ts';

const root = join(import.meta.dirname, '..', '..');

/** The source files whose messages a catalog holds (the `#:` origins lingui extract writes). */
function originsOf(po: string): Set<string> {
  return new Set([...po.matchAll(/^#: (.+)$/gm)].flatMap(([, refs]) => (refs ?? '').split(' ')));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.'))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

describe('feature catalogs', () => {
  const origins = new Map(FEATURE_CATALOGS.map((feature) => [feature, originsOf(readFileSync(join(root, 'i18n', 'features', feature, 'en.po'), 'utf8'))]));

  it('each feature has a catalog with messages in every language', () => {
    for (const feature of FEATURE_CATALOGS) {
      expect(origins.get(feature)?.size, feature).toBeGreaterThan(0);
      for (const language of ['zh-Hant', 'id', 'th']) expect(readFileSync(join(root, 'i18n', 'features', feature, `${language}.po`), 'utf8')).toContain('msgid');
    }
  });

  it("each feature's loader loads its own catalog", async () => {
    expect(ALL_FEATURE_MESSAGES.map(({ feature }) => feature).sort()).toEqual([...FEATURE_CATALOGS].sort());
    for (const { feature, load } of ALL_FEATURE_MESSAGES) {
      // A feature's catalog sits in its folder; a shared unit's (shared/bag/add-to-bag/) in the unit's.
      const [file, ...others] = sourceFiles(join(root, 'src', 'web')).filter((path) => path.endsWith(`/${feature}/messages.ts`));
      expect(others, feature).toEqual([]);
      const source = readFileSync(join(root, file ?? `src/web/features/${feature}/messages.ts`), 'utf8');
      expect(source, feature).toContain(`i18n/features/${feature}/\${catalog}.po`);
      const { messages } = await load('th');
      expect(Object.keys(messages).length, feature).toBeGreaterThan(0);
    }
  });

  it('a component waits for the catalog that holds its own messages', () => {
    let callers = 0;
    for (const file of sourceFiles(join(root, 'src', 'web'))) {
      const waitsFor = [...readFileSync(join(root, file), 'utf8').matchAll(/useFeatureCatalog\(([a-z]+)Messages\)/g)].map(([, feature]) => feature);
      if (waitsFor.length === 0) continue;
      callers += 1;
      // The feature catalogs that hold this file's messages: the one it waits for must be among them.
      const holders = FEATURE_CATALOGS.filter((feature) => origins.get(feature)?.has(file));
      for (const feature of new Set(waitsFor)) {
        expect(holders, `${file} waits for ${feature}Messages`).toContain(feature);
        // Its own feature's loader: the one beside it.
        expect(file.startsWith(`src/web/features/${feature}/`), `${file} waits for ${feature}Messages`).toBe(true);
      }
    }
    expect(callers).toBeGreaterThan(10);
  });
});
