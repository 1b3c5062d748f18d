import { ESLint } from 'eslint';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: join(import.meta.dirname, '..', '..') });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import boundaries enforced by the linter', () => {
  it('machines import neither React nor the router nor the API client', async () => {
    expect(await boundaryErrors('machines/x.machine.ts', "import { useState } from 'react';\nexport const a = useState;\n")).not.toEqual([]);
    expect(await boundaryErrors('machines/x.machine.ts', "import { useLocation } from 'wouter';\nexport const a = useLocation;\n")).not.toEqual([]);
    expect(await boundaryErrors('machines/x.machine.ts', "import { ofetch } from 'ofetch';\nexport const a = ofetch;\n")).not.toEqual([]);
    expect(await boundaryErrors('machines/x.machine.ts', "import { createApiClient } from '../src/web/api/client.ts';\nexport const a = createApiClient;\n")).not.toEqual([]);
  });

  it('machines may import xstate, the contract and the config', async () => {
    const code = "import { setup } from 'xstate';\nimport { BADGES } from '../src/contract/catalog.ts';\nimport { COUNTRIES } from '../src/config/countries.ts';\nexport const a = [setup, BADGES, COUNTRIES];\n";
    expect(await boundaryErrors('machines/x.machine.ts', code)).toEqual([]);
  });

  it('the SPA never imports the server, and the server never imports the SPA', async () => {
    expect(await boundaryErrors('src/web/screens/X.tsx', "import { createApp } from '../../server/app.ts';\nexport const a = createApp;\n")).not.toEqual([]);
    expect(await boundaryErrors('src/web/screens/X.tsx', "import { Hono } from 'hono';\nexport const a = Hono;\n")).not.toEqual([]);
    expect(await boundaryErrors('src/server/routes/x.ts', "import { ROUTES } from '../../web/routes.tsx';\nexport const a = ROUTES;\n")).not.toEqual([]);
  });

  it('both sides may import the contract and the config', async () => {
    const code = "import { ProductListQuerySchema } from '../../contract/catalog.ts';\nimport { COUNTRIES } from '../../config/countries.ts';\nexport const a = [ProductListQuerySchema, COUNTRIES];\n";
    expect(await boundaryErrors('src/web/screens/X.tsx', code)).toEqual([]);
    expect(await boundaryErrors('src/server/routes/x.ts', code)).toEqual([]);
  });

  it('the contract and config stay leaves', async () => {
    expect(await boundaryErrors('src/contract/x.ts', "import { createApp } from '../server/app.ts';\nexport const a = createApp;\n")).not.toEqual([]);
  });
});
