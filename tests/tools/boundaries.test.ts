import { ESLint } from 'eslint';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const eslint = new ESLint({ cwd: ROOT });

/** Probe files are written where the rule applies (the cycle rule reads imported files from disk), then removed with any folder made for them. */
const written = new Set<string>();
afterEach(() => {
  for (const path of written) rmSync(join(ROOT, path), { recursive: true, force: true });
  written.clear();
});

function probe(path: string, code: string): string {
  let made: string | null = null;
  for (let dir = dirname(path); dir !== '.' && !existsSync(join(ROOT, dir)); dir = dirname(dir)) made = dir;
  if (made) written.add(made);
  mkdirSync(dirname(join(ROOT, path)), { recursive: true });
  writeFileSync(join(ROOT, path), code);
  written.add(path);
  return path;
}

async function lintErrors(path: string, code: string, ruleIds: readonly string[]): Promise<string[]> {
  probe(path, code);
  const [result] = await eslint.lintFiles([join(ROOT, path)]);
  return (result?.messages ?? []).filter((m) => m.ruleId !== null && ruleIds.includes(m.ruleId)).map((m) => m.message);
}

const boundaryErrors = (path: string, code: string) => lintErrors(path, code, ['no-restricted-imports', 'import/no-restricted-paths']);

describe('import boundaries enforced by the linter', () => {
  it('machines import neither React nor the router nor the API client', async () => {
    expect(await boundaryErrors('machines/zz-probe.machine.ts', "import { useState } from 'react';\nexport const a = useState;\n")).not.toEqual([]);
    expect(await boundaryErrors('machines/zz-probe.machine.ts', "import { useLocation } from 'wouter';\nexport const a = useLocation;\n")).not.toEqual([]);
    expect(await boundaryErrors('machines/zz-probe.machine.ts', "import { ofetch } from 'ofetch';\nexport const a = ofetch;\n")).not.toEqual([]);
    expect(await boundaryErrors('machines/zz-probe.machine.ts', "import { createApiClient } from '../src/web/shared/api/client.ts';\nexport const a = createApiClient;\n")).not.toEqual([]);
  });

  it('machines may import xstate, the contract and the config', async () => {
    const code = "import { setup } from 'xstate';\nimport { BADGES } from '../src/contract/catalog.ts';\nimport { COUNTRIES } from '../src/config/countries.ts';\nexport const a = [setup, BADGES, COUNTRIES];\n";
    expect(await boundaryErrors('machines/zz-probe.machine.ts', code)).toEqual([]);
  });

  it('the SPA never imports the server, and the server never imports the SPA', async () => {
    expect(await boundaryErrors('src/web/shared/zz-probe.tsx', "import { createApp } from '../../server/app.ts';\nexport const a = createApp;\n")).not.toEqual([]);
    expect(await boundaryErrors('src/web/shared/zz-probe.tsx', "import { Hono } from 'hono';\nexport const a = Hono;\n")).not.toEqual([]);
    expect(await boundaryErrors('src/server/routes/zz-probe.ts', "import { ROUTES } from '../../web/app/routes.tsx';\nexport const a = ROUTES;\n")).not.toEqual([]);
  });

  it('a route never imports another route; a domain module it may', async () => {
    expect(await boundaryErrors('src/server/routes/zz-probe.ts', "import { brandRoutes } from './brands.ts';\nexport const a = brandRoutes;\n")).toEqual([expect.stringContaining('A route never imports another route')]);
    expect(await boundaryErrors('src/server/routes/zz-probe.ts', "import { signedInUser } from '../account/session.ts';\nexport const a = signedInUser;\n")).toEqual([]);
  });

  it('both sides may import the contract and the config', async () => {
    const code = "import { SlugSchema } from '../../contract/catalog.ts';\nimport { COUNTRIES } from '../../config/countries.ts';\nexport const a = [SlugSchema, COUNTRIES];\n";
    expect(await boundaryErrors('src/server/routes/zz-probe.ts', code)).toEqual([]);
    expect(await boundaryErrors('src/web/zz-probe/zz-probe.tsx', code)).toEqual([]);
  });

  it('the contract and config stay leaves', async () => {
    expect(await boundaryErrors('src/contract/zz-probe.ts', "import { createApp } from '../server/app.ts';\nexport const a = createApp;\n")).not.toEqual([]);
  });
});

describe('the house: shared → features → app, features walled off from each other', () => {
  it('a feature importing another feature fails, naming the rule', async () => {
    const errors = await boundaryErrors('src/web/features/catalog/zz-probe.ts', "import { createProductApi } from '../product/product-api.ts';\nexport const a = createProductApi;\n");
    expect(errors).toEqual([expect.stringContaining('Features never import each other')]);
  });

  it('a feature made today is walled in from its first file', async () => {
    // The feature list is read from the folder: a new folder is covered without editing the config.
    probe('src/web/features/zz-probe/index.ts', 'export const probe = 1;\n');
    const fresh = new ESLint({ cwd: ROOT });
    probe('src/web/features/catalog/zz-probe.ts', "import { probe } from '../zz-probe/index.ts';\nexport const a = probe;\n");
    const [result] = await fresh.lintFiles([join(ROOT, 'src/web/features/catalog/zz-probe.ts')]);
    expect(result?.messages.filter((m) => m.ruleId === 'import/no-restricted-paths')).toHaveLength(1);
  });

  it('a feature may import its own files, shared/, the contract and the config', async () => {
    const code = [
      "import { createProductApi } from './product-api.ts';",
      "import { useApi } from '../../shared/api/api-provider.tsx';",
      "import { SLUG_PATTERN } from '../../../contract/patterns.ts';",
      "import { COUNTRIES } from '../../../config/countries.ts';",
      'export const a = [createProductApi, useApi, SLUG_PATTERN, COUNTRIES];',
      '',
    ].join('\n');
    expect(await boundaryErrors('src/web/features/product/zz-probe.ts', code)).toEqual([]);
  });

  it('shared/ imports no feature and not the shell', async () => {
    expect(await boundaryErrors('src/web/shared/zz-probe.ts', "import { createProductApi } from '../features/product/product-api.ts';\nexport const a = createProductApi;\n")).toEqual([
      expect.stringContaining('shared/ imports no feature'),
    ]);
    expect(await boundaryErrors('src/web/shared/zz-probe.ts', "import { ROUTES } from '../app/routes.tsx';\nexport const a = ROUTES;\n")).toEqual([expect.stringContaining('shared/ never imports the shell')]);
  });

  it('features never import the shell; the shell may import features', async () => {
    expect(await boundaryErrors('src/web/features/catalog/zz-probe.ts', "import { ROUTES } from '../../app/routes.tsx';\nexport const a = ROUTES;\n")).toEqual([
      expect.stringContaining('Features never import the shell'),
    ]);
    expect(await boundaryErrors('src/web/app/zz-probe.ts', "import { createProductApi } from '../features/product/product-api.ts';\nexport const a = createProductApi;\n")).toEqual([]);
  });

  it('an import cycle fails', async () => {
    probe('src/web/shared/zz-probe-b.ts', "import { a } from './zz-probe-a.ts';\nexport const b = () => a;\n");
    const errors = await lintErrors('src/web/shared/zz-probe-a.ts', "import { b } from './zz-probe-b.ts';\nexport const a = () => b;\n", ['import/no-cycle']);
    expect(errors).toEqual([expect.stringContaining('Dependency cycle')]);
  });

  it('file and folder names are kebab-case, with role suffixes', async () => {
    const naming = ['check-file/filename-naming-convention', 'check-file/folder-naming-convention'];
    expect(await lintErrors('src/web/shared/zzProbe.ts', 'export const a = 1;\n', naming)).not.toEqual([]);
    expect(await lintErrors('machines/zz-probe/zzProbe.machine.ts', 'export const a = 1;\n', naming)).not.toEqual([]);
    expect(await lintErrors('src/web/features/zzProbe/zz-probe.ts', 'export const a = 1;\n', naming)).not.toEqual([]);
    expect(await lintErrors('machines/zz-probe/zz-probe.connect.ts', 'export const a = 1;\n', naming)).toEqual([]);
  });
});
