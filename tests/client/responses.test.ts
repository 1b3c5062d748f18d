import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, isApiError } from '../../src/web/shared/api/errors.ts';
import { clientFor, rejectionOf, startScriptedServer, type Reply, type ScriptedServer } from './scripted-server.ts';

const Brands = v.object({ data: v.array(v.object({ id: v.number(), name: v.string() })) });
let server: ScriptedServer | undefined;
afterEach(() => server?.close());

async function replyWith(reply: Reply, schema: v.GenericSchema = Brands) {
  server = await startScriptedServer(() => reply);
  return rejectionOf(clientFor(server).resource('brands/').index(schema));
}

describe('responses', () => {
  it('parses a valid body with the schema', async () => {
    server = await startScriptedServer(() => ({ body: { data: [{ id: 1, name: 'Dior', extra: true }] } }));
    await expect(clientFor(server).resource('brands').index(Brands)).resolves.toEqual({ data: [{ id: 1, name: 'Dior' }] });
  });

  it('turns a schema mismatch into kind invalid-response naming the path', async () => {
    const error = await replyWith({ body: { data: [{ id: 1, name: 'Dior' }, { id: '2', name: 'Chanel' }] } });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'invalid-response', status: null });
    expect((error as ApiError).message).toContain('data.1.id');
  });

  it('turns malformed JSON on a 200 into invalid-response', async () => {
    const error = await replyWith({ headers: { 'content-type': 'application/json' }, body: '{"data": [' });
    expect(error).toMatchObject({ kind: 'invalid-response' });
  });

  it('turns an empty 200 into invalid-response unless the schema allows nothing', async () => {
    expect(await replyWith({ status: 200 })).toMatchObject({ kind: 'invalid-response' });
    server = await startScriptedServer(() => ({ status: 204 }));
    await expect(clientFor(server).resource('sessions').delete('me', v.undefined())).resolves.toBeUndefined();
  });

  it('keeps the error body and its field errors on a 400', async () => {
    const body = { message: 'Invalid query', status: 400, errors: [{ field: 'query.page', message: 'must be a whole number' }] };
    const error = await replyWith({ status: 400, body });
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({ kind: 'http', status: 400, body, fields: body.errors });
    expect((error as ApiError).message).toContain('Invalid query');
  });

  it('tolerates an HTML error page', async () => {
    const error = await replyWith({ status: 502, headers: { 'content-type': 'text/html' }, body: '<html><h1>Bad gateway</h1></html>' });
    expect(error).toMatchObject({ kind: 'http', status: 502, body: null, fields: [] });
  });

  it('tolerates malformed JSON and JSON of another shape on an error', async () => {
    expect(await replyWith({ status: 500, headers: { 'content-type': 'application/json' }, body: '{"message":' })).toMatchObject({ kind: 'http', status: 500, body: null });
    expect(await replyWith({ status: 404, body: { error: 'nope' } })).toMatchObject({ kind: 'http', status: 404, body: null, fields: [] });
  });

  it('is not an ApiError for other values', () => {
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError({ kind: 'http' })).toBe(false);
  });
});
