import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/config/constants.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

let t: TestApp;
let document: { openapi: string; paths: Record<string, Record<string, { operationId: string; 'x-success': number; security?: unknown[]; responses: Record<string, { content?: Record<string, unknown> }> }>> };
beforeAll(async () => {
  t = await createTestApp({});
  const response = await t.app.request(`${API_PREFIX}/openapi.json`);
  expect(response.status).toBe(200);
  document = (await response.json()) as typeof document;
});
afterAll(async () => {
  await t?.close();
});

const operations = () => Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })));

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(document.openapi).toBe('3.1.0');
  });

  it('has one operation per route the API mounts, each with its success answer', () => {
    const mounted = new Set(t.app.routes.filter((route) => route.path.startsWith(`${API_PREFIX}/`) && !route.path.endsWith('*') && route.path !== `${API_PREFIX}/openapi.json`).map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`));
    const documented = operations().map(({ method, path }) => `${method} ${path}`);
    expect(documented.sort()).toEqual([...mounted].sort());
    expect(new Set(operations().map(({ operation }) => operation.operationId)).size).toBe(documented.length);
  });

  // The operations are the API's public contract: adding, removing, renaming one or changing its
  // success status or its need of a session is a decision, made visible in review by this list
  // changing (`npx vitest run tests/api/openapi-document.test.ts -u` writes it again).
  it('lists the same operations as the reviewed list: id, method, path, success status and session', async () => {
    const lines = operations().map(({ path, method, operation }) => {
      // Its success, then any other success it may answer (a replay's 200, a challenge's 202, a 304).
      const success = String(operation['x-success']);
      const others = Object.keys(operation.responses).filter((status) => /^[23]\d\d$/.test(status) && status !== success);
      expect(Object.keys(operation.responses), operation.operationId).toContain(success);
      return `${operation.operationId.padEnd(36)} ${method.padEnd(6)} ${path.slice(API_PREFIX.length + 1).padEnd(48)} ${[success, ...others.map((status) => `(${status})`)].join(',')}${(operation.security ?? []).length > 0 ? ' session' : ''}`;
    });
    expect(lines.length).toBe(102);
    await expect(`${[...lines].sort().join('\n')}\n`).toMatchFileSnapshot('./openapi-operations.txt');
  });
});

describe('/swagger', () => {
  it('is a page of our origin under the strict page policy: no inline script, Swagger UI from our own files', async () => {
    const response = await t.app.request('/swagger');
    expect(response.status).toBe(200);
    const html = await response.text();
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self'(;|\s)/);
    expect(csp).not.toMatch(/unsafe-eval|unsafe-inline'[^;]*;\s*script/);
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
    expect(html).not.toMatch(/https?:\/\//);
    for (const src of [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '')) {
      // The skip link leads to the page's own main landmark.
      if (src === '#main') continue;
      expect(src.startsWith('/swagger/'), src).toBe(true);
      const file = await t.app.request(src);
      expect(file.status, src).toBe(200);
    }
    const init = await (await t.app.request('/swagger/swagger-init.js')).text();
    expect(init).toContain(`${API_PREFIX}/openapi.json`);
    expect(init).toContain('validatorUrl: null');
    expect((await t.app.request('/swagger/package.json')).status).toBe(404);
  });
});
