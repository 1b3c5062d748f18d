import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, CLIENT_HEADERS } from '../../src/config/constants.ts';
import { MAX_BODY_BYTES } from '../../src/server/http/validate.ts';
import { BEAUTY_PASS_SEED_PASSWORD, beautyPassSeedEmail } from '../../src/server/db/seed/beauty-pass-members.ts';
import { signIn } from '../helpers/account.ts';
import { apiOperations, type ApiOperation } from '../helpers/openapi-operations.ts';
import { createTestApp, type TestApp } from '../helpers/server.ts';

/*
 * What every operation of the OpenAPI document answers whatever it declares (the answers the
 * document adds to each: src/server/openapi/document.ts): a wrong site header is a 400 naming it,
 * a write without the client's header a 403 (cross-site), and a JSON body over the limit a 413, before anything is read or written. The response contract
 * (tests/helpers/api-contract.ts) holds each answer to the document.
 */

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ seedProducts: 10 });
  // A member's session: an operation that needs one answers as it would for a shopper signed in.
  cookie = await signIn(t.app, beautyPassSeedEmail('rich'), BEAUTY_PASS_SEED_PASSWORD);
});
afterAll(async () => t?.close());

const OPERATIONS = await apiOperations();
/** A path of the operation with each parameter filled (the answer comes before the parameter is looked up). */
const urlOf = (operation: ApiOperation) => `${API_PREFIX}/${operation.path.replace(/\{\w+\}/g, '1')}`;

describe('any operation', () => {
  it.each(OPERATIONS.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))('%s: a wrong X-Site-Country is a 400 that names it', async (_, operation) => {
    const response = await t.app.request(urlOf(operation), {
      method: operation.method,
      headers: { ...CLIENT_HEADERS, 'X-Site-Country': 'zz', 'Content-Type': 'application/json', Cookie: cookie, 'Idempotency-Key': crypto.randomUUID() },
      ...(operation.body ? { body: '{}' } : {}),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors?: { field: string }[] };
    expect(body.errors?.map((error) => error.field)).toEqual(['header.x-site-country']);
  });

  it.each(OPERATIONS.filter((operation) => operation.method !== 'GET').map((operation) => [`${operation.method} ${operation.path}`, operation] as const))('%s: a write without the client\'s headers is refused as cross-site (403)', async (_, operation) => {
    // Neither the web client's header nor the app's pair: what a form on another site can send.
    const { 'X-Platform': _web, 'X-App-Platform': _app, 'X-App-Version': _version, ...headers } = CLIENT_HEADERS;
    const response = await t.app.request(urlOf(operation), {
      method: operation.method,
      headers: { ...headers, 'X-Site-Country': 'sg', 'Content-Type': 'application/json', Cookie: cookie, 'Idempotency-Key': crypto.randomUUID() },
      ...(operation.body ? { body: '{}' } : {}),
    });
    expect(response.status).toBe(403);
  });

  it.each(OPERATIONS.filter((operation) => operation.body !== null).map((operation) => [`${operation.method} ${operation.path}`, operation] as const))('%s: a JSON body over the limit is a 413', async (_, operation) => {
    const response = await t.app.request(urlOf(operation), {
      method: operation.method,
      headers: { ...CLIENT_HEADERS, 'X-Site-Country': 'sg', 'Content-Type': 'application/json', Cookie: cookie, 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify({ padding: 'x'.repeat(MAX_BODY_BYTES) }),
    });
    expect(response.status).toBe(413);
  });
});
