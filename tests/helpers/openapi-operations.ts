import { API_PREFIX, CLIENT_HEADERS } from '../../src/config/constants.ts';
import { createApp } from '../../src/server/app.ts';
import type { Db } from '../../src/server/db/client.ts';
import { OPENAPI_PATH } from '../../src/server/openapi/document.ts';
import type { Operation } from '../../src/server/openapi/declare.ts';
import type { HttpMethod } from '../../src/web/shared/api/retry.ts';

/**
 * The API's operations as the served OpenAPI document lists them: what the fuzzers and the endpoint
 * tests walk, so that a route declared with `endpoint()` is fuzzed and tried without being listed
 * anywhere else.
 */

/** A JSON Schema 2020-12 object of the document (OpenAPI 3.1's own dialect). */
export type JsonSchema = { [keyword: string]: unknown };

export interface OperationParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface ApiOperation {
  /** The document's `operationId`, `{resource}.{operation}`. */
  id: string;
  method: HttpMethod;
  /** Under `API_PREFIX`, without slashes at either end; parameters as `{name}`. */
  path: string;
  /** Spec §7's operation kind (`x-operation`). */
  operation: Operation;
  /** A singular resource (`x-singular`): shown, changed or deleted without an id. */
  singular: boolean;
  description: string;
  /** Its success status (`x-success`); a replay or a challenge may answer another 2xx. */
  status: number;
  /** `Content-Type` of the success answer; null when it has no body. */
  contentType: string | null;
  /** The success answer's schema; null when it has none. */
  response: JsonSchema | null;
  parameters: OperationParameter[];
  /** The JSON body's schema; null when it takes none. */
  body: JsonSchema | null;
  /** The body's top-level field names (through unions and references): what a fuzzer's shaped bodies are made of. */
  bodyFields: string[];
  /** Needs a session: it documents a security requirement (and its 401). */
  auth: boolean;
  /** Every status it documents. */
  statuses: string[];
}

interface DocumentOperation {
  operationId: string;
  description: string;
  'x-operation': Operation;
  'x-singular'?: boolean;
  /** Its success status, among its other answers (a replay's 200, a challenge's 202). */
  'x-success': number;
  parameters?: OperationParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  security?: unknown[];
}

export interface ApiDocument {
  openapi: string;
  paths: Record<string, Partial<Record<Lowercase<HttpMethod>, DocumentOperation>>>;
  components: { schemas: Record<string, JsonSchema> };
}

/** The methods an operation of the document may have. */
export const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** A database that fails any use: the document is made from the routes alone, and must stay so. */
const NO_DATABASE = new Proxy({} as Db, {
  get(_target, key) {
    throw new Error(`the OpenAPI document must not need the database (it read ${String(key)})`);
  },
});

let served: Promise<ApiDocument> | null = null;

/**
 * The document as `GET openapi.json` serves it, from an app with the developer sandbox on (as under
 * `npm run dev` and in the API tests), made once per test file: no database, no seed, a few ms.
 */
export function apiDocument(): Promise<ApiDocument> {
  served ??= (async () => {
    const app = createApp({ db: NO_DATABASE, staticDir: null, log: () => undefined, sandbox: true, pages: null, metrics: { token: null } });
    const response = await app.request(`${API_PREFIX}${OPENAPI_PATH}`, { headers: { ...CLIENT_HEADERS, 'X-Site-Country': 'sg' } });
    if (response.status !== 200) throw new Error(`openapi.json answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as ApiDocument;
  })();
  return served;
}

/** Every operation of the document, in its order. */
export async function apiOperations(): Promise<ApiOperation[]> {
  const document = await apiDocument();
  return Object.entries(document.paths).flatMap(([fullPath, methods]) =>
    METHODS.flatMap((method) => {
      const entry = methods[method.toLowerCase() as Lowercase<HttpMethod>];
      if (!entry) return [];
      const status = String(entry['x-success']);
      if (!entry.responses[status]) throw new Error(`${entry.operationId} does not document its success status ${status}`);
      const [contentType = null] = Object.keys(entry.responses[status]?.content ?? {});
      return [
        {
          id: entry.operationId,
          method,
          path: fullPath.slice(API_PREFIX.length).replace(/^\/+|\/+$/g, ''),
          operation: entry['x-operation'],
          singular: entry['x-singular'] === true,
          description: entry.description,
          status: Number(status),
          contentType,
          response: contentType === null ? null : (entry.responses[status]?.content?.[contentType]?.schema ?? null),
          parameters: entry.parameters ?? [],
          body: entry.requestBody?.content['application/json']?.schema ?? null,
          bodyFields: bodyFieldNames(entry.requestBody?.content['application/json']?.schema ?? null, document.components),
          auth: (entry.security ?? []).length > 0,
          statuses: Object.keys(entry.responses),
        },
      ];
    }),
  );
}

/** The `{name}` parameters of a path, in order. */
export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '');
}

/**
 * The operations at or under any of the paths (`cart` holds `cart` and `cart/bag`, not
 * `cartography`), less those at or under `except`: a fuzzer's share of the API, which grows with a
 * new route there and so fails its coverage check until the route is fuzzed too.
 */
export function operationsUnder(operations: readonly ApiOperation[], paths: readonly string[], except: readonly string[] = []): ApiOperation[] {
  const under = (path: string, root: string) => path === root || path.startsWith(`${root}/`);
  return operations.filter((operation) => paths.some((root) => under(operation.path, root)) && !except.some((root) => under(operation.path, root)));
}

/** The top-level field names of a body schema, through `anyOf`/`oneOf`/`allOf` branches and `$ref`s to the components. */
function bodyFieldNames(schema: JsonSchema | null, components: ApiDocument['components']): string[] {
  const names = new Set<string>();
  const seen = new Set<JsonSchema>();
  const walk = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || seen.has(node as JsonSchema)) return;
    const object = node as JsonSchema;
    seen.add(object);
    const ref = object['$ref'];
    if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) walk(components.schemas[ref.slice('#/components/schemas/'.length)]);
    const properties = object['properties'];
    if (typeof properties === 'object' && properties !== null) for (const name of Object.keys(properties)) names.add(name);
    for (const keyword of ['anyOf', 'oneOf', 'allOf']) {
      const branches = object[keyword];
      if (Array.isArray(branches)) for (const branch of branches) walk(branch);
    }
  };
  walk(schema);
  return [...names];
}
