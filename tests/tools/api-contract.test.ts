import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/config/constants.ts';
import { contractOf, documentedPairs } from '../helpers/api-contract.ts';
import type { ApiDocument } from '../helpers/openapi-operations.ts';

/*
 * The response contract's checker (tests/helpers/api-contract.ts) on a small document: what it
 * lets through and what it fails, so that the API suite's use of it proves what it claims.
 */

const ERROR = { content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } };
const DOCUMENT = {
  openapi: '3.1.0',
  components: { schemas: { ApiError: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } } },
  paths: {
    [`${API_PREFIX}/things/{id}`]: {
      get: {
        operationId: 'things.show',
        description: '',
        'x-operation': 'show',
        'x-success': 200,
        responses: {
          '200': { content: { 'application/json': { schema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'], additionalProperties: false } } } },
          '304': {},
          '404': ERROR,
          '5XX': ERROR,
        },
      },
    },
    [`${API_PREFIX}/things/mine`]: {
      get: { operationId: 'things.mine', description: '', 'x-operation': 'show', 'x-success': 200, responses: { '200': { content: { 'image/svg+xml': { schema: { type: 'string' } } } } } },
    },
  },
} as unknown as ApiDocument;

const check = contractOf(DOCUMENT);
const json = (status: number, body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers } });
const url = (path: string) => `${API_PREFIX}/${path}`;

describe('the response contract', () => {
  it('answers the pair a documented answer exercised', async () => {
    expect(await check('GET', url('things/7'), json(200, { id: 7 }))).toBe('things.show 200 application/json');
    expect(await check('GET', url('things/7'), new Response(null, { status: 304 }))).toBe('things.show 304 -');
    expect(await check('GET', url('things/7'), json(404, { message: 'Not found' }))).toBe('things.show 404 application/json');
  });

  it('prefers a literal path to a parameter, as the router does', async () => {
    expect(await check('GET', url('things/mine'), new Response('<svg/>', { headers: { 'Content-Type': 'image/svg+xml' } }))).toBe('things.mine 200 image/svg+xml');
  });

  it('fails a status its operation does not document', async () => {
    await expect(check('GET', url('things/7'), json(409, { message: 'Conflict' }))).rejects.toThrow(/answered 409, which its operation does not document/);
  });

  it('takes a server failure under the documented range', async () => {
    expect(await check('GET', url('things/7'), json(503, { message: 'Try again' }))).toBe('things.show 5XX application/json');
  });

  it('fails a content type the status does not document, and a body where none is documented', async () => {
    await expect(check('GET', url('things/7'), new Response('<p>7</p>', { headers: { 'Content-Type': 'text/html' } }))).rejects.toThrow(/as text\/html; the document says application\/json/);
    await expect(check('GET', url('things/7'), new Response(null, { status: 304, headers: { 'Content-Type': 'application/json' } }))).rejects.toThrow(/the document says no content/);
  });

  it('fails a body its schema refuses, and a body that is not JSON', async () => {
    await expect(check('GET', url('things/7'), json(200, { id: 'seven' }))).rejects.toThrow(/schema refuses:\n\s+\/id: must be integer/);
    await expect(check('GET', url('things/7'), json(200, { id: 7, extra: true }))).rejects.toThrow(/must NOT have additional properties/);
    await expect(check('GET', url('things/7'), json(404, { reason: 'no message' }))).rejects.toThrow(/must have required property 'message'/);
    await expect(check('GET', url('things/7'), new Response('{', { headers: { 'Content-Type': 'application/json' } }))).rejects.toThrow(/not JSON/);
  });

  it('reads a compressed body as the server sent it', async () => {
    const body = brotliCompressSync(Buffer.from(JSON.stringify({ id: 'seven' })));
    await expect(check('GET', url('things/7'), new Response(body, { headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'br' } }))).rejects.toThrow(/\/id: must be integer/);
  });

  it('leaves alone what the document does not have: another path, another method, a page', async () => {
    expect(await check('GET', url('elsewhere'), json(500, {}))).toBeNull();
    expect(await check('DELETE', url('things/7'), json(500, {}))).toBeNull();
    expect(await check('GET', '/products/lip-tint', new Response('<html>', { headers: { 'Content-Type': 'text/html' } }))).toBeNull();
  });

  it('lists every documented pair for the report, with no content as -', () => {
    expect(documentedPairs(DOCUMENT).map((pair) => `${pair.operation} ${pair.status} ${pair.contentType}`)).toEqual([
      'things.show 200 application/json',
      'things.show 304 -',
      'things.show 404 application/json',
      'things.show 5XX application/json',
      'things.mine 200 image/svg+xml',
    ]);
  });
});
