import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, toOpenApiPath, type OpenApiDocument, type OpenApiMethod } from './kernel/openapi.js';
import type { Route } from './kernel/route.js';
import { ref } from './kernel/schemas.js';
import { BROWSER_PATHS } from './oauth/pages/openapi.js';
import { STORE_SCHEMAS } from './stores/schemas.js';
import { buildFacadeDocument, extraPaths, routes } from './table.js';

const OPTIONS = { publicUrl: 'https://api.example.test', version: '1.0.0' };
const METHODS: readonly string[] = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Validates with an OpenAPI validator that knows nothing of this code; returns the version it used. */
async function validate(document: OpenApiDocument): Promise<string> {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
  return validator.version;
}

/** Every `$ref` string anywhere in `value`. */
function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, member] of Object.entries(value)) {
      if (key === '$ref' && typeof member === 'string') found.push(member);
      else refsIn(member, found);
    }
  }
  return found;
}

/** Resolves a local JSON pointer (`#/components/schemas/X`) against the document. */
function resolvePointer(document: unknown, pointer: string): unknown {
  if (!pointer.startsWith('#/')) return undefined;
  return pointer
    .slice(2)
    .split('/')
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>(
      (node, token) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[token] : undefined),
      document,
    );
}

const operations = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      path,
      method: method as OpenApiMethod,
      operation: operation,
    })),
  );

/** A table exercising what the public-store rows do not: auth, a body, an int32 path parameter, 204, 429. */
const SYNTHETIC: readonly Route[] = [
  {
    method: 'PUT',
    path: '/api/v1/things/:thingId/parts/:index',
    operation: {
      name: 'UpdatePart',
      document: 'mutation UpdatePart($index: Int!) { updatePart(index: $index) { id } }',
    },
    tag: 'Things',
    summary: 'Update a part',
    pathParams: {
      thingId: { type: 'string', description: 'Thing id.', maxLength: 36 },
      index: { type: 'int32', description: 'Index.', minimum: 0 },
    },
    requestBody: { required: true, schema: { type: 'object', properties: { name: { type: 'string' } } } },
    result: (data) => data.updatePart,
    status: (payload) => (payload ? 200 : 201),
    successStatuses: [200, 201],
    responseSchema: ref('PublicStoreDetail'),
    errors: { 404: 'No such thing.', 429: 'Too many updates.' },
    auth: { callers: ['user'], scopes: ['user.profile.write'] },
  },
  {
    method: 'DELETE',
    path: '/api/v1/things/:thingId',
    operation: { name: 'DeleteThing', document: 'mutation DeleteThing($thingId: ID!) { deleteThing(id: $thingId) }' },
    tag: 'Things',
    summary: 'Delete a thing',
    result: () => null,
    status: 204,
    responseSchema: null,
    errors: { 404: 'No such thing.' },
    auth: { callers: ['user', 'business'], scopes: [] },
  },
];

describe('buildOpenApiDocument', () => {
  const document = buildFacadeDocument(OPTIONS);

  it('is a valid OpenAPI 3.1 document by an independent validator', async () => {
    expect(document.openapi).toBe('3.1.1');
    expect(await validate(document)).toBe('3.1');
    expect(document.servers).toEqual([{ url: OPTIONS.publicUrl, description: expect.any(String) }]);
    expect(document.info.version).toBe('1.0.0');
  });

  it('lists exactly the routes of the table, by method and path', () => {
    const fromTable = [
      ...routes.map((route) => `${route.method} ${toOpenApiPath(route.path)}`),
      ...Object.entries(extraPaths).flatMap(([path, item]) =>
        Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    ].sort();
    const fromDocument = operations(document)
      .map(({ method, path }) => `${method.toUpperCase()} ${path}`)
      .sort();
    expect(fromDocument).toEqual(fromTable);
    expect(new Set(fromTable).size).toBe(fromTable.length);
    for (const item of Object.values(document.paths))
      for (const key of Object.keys(item)) expect(METHODS).toContain(key);
  });

  it('names each operation after its GraphQL operation, uniquely, and shows the document', () => {
    const byKey = new Map(routes.map((route) => [`${route.method.toLowerCase()} ${toOpenApiPath(route.path)}`, route]));
    const tableOperations = operations(document).filter(({ path, method }) => byKey.has(`${method} ${path}`));
    expect(tableOperations).toHaveLength(routes.length);
    const ids = tableOperations.map(({ path, method, operation }) => {
      const route = byKey.get(`${method} ${path}`)!;
      expect(operation.operationId).toBe(route.operation.name);
      expect(operation['x-graphql-operation']).toBe(route.operation.document);
      expect(operation.tags).toEqual([route.tag]);
      return operation.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('resolves every $ref to a component', () => {
    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(0);
    for (const pointer of refs) expect(resolvePointer(document, pointer), pointer).toBeDefined();
  });

  it('declares every path template parameter, and only those', () => {
    for (const { path, operation } of operations(document)) {
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]).sort();
      const declared = operation.parameters
        .filter((p) => p.in === 'path')
        .map((p) => p.name as string)
        .sort();
      expect(declared, path).toEqual(templated);
    }
  });

  it('documents the browser endpoints with X-Request-Id and a 500 too', () => {
    for (const { path, operation } of operations(document).filter(({ path }) => path in BROWSER_PATHS)) {
      expect(operation.parameters).toContainEqual({ $ref: '#/components/parameters/X-Request-Id' });
      expect(Object.keys(operation.responses), path).toEqual(expect.arrayContaining(['302', '400', '500']));
      for (const response of Object.values(operation.responses))
        expect(response.headers).toHaveProperty('X-Request-Id');
    }
  });

  it('gives every response X-Request-Id, every error a problem body, and every operation a 500', () => {
    for (const { path, operation } of operations(document).filter(({ path }) => !(path in extraPaths))) {
      expect(operation.parameters).toContainEqual({ $ref: '#/components/parameters/X-Request-Id' });
      expect(Object.keys(operation.responses), path).toContain('500');
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(response.headers, `${path} ${status}`).toMatchObject({
          'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
        });
        if (Number(status) >= 400) {
          // The OAuth endpoints answer what OAuth clients parse: application/json with error + problem fields.
          const oauth = routes.some((r) => toOpenApiPath(r.path) === path && r.errorFormat === 'oauth');
          expect(response.content).toEqual(
            oauth
              ? { 'application/json': { schema: { $ref: '#/components/schemas/OAuthProblem' } } }
              : { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
          );
        }
      }
    }
  });

  it('documents the public store search parameters and choices', () => {
    const search = document.paths['/api/v1/public/stores']!.get!;
    const pageSize = search.parameters.find((p) => p.name === 'pageSize');
    expect(pageSize).toMatchObject({
      in: 'query',
      required: false,
      schema: { type: 'integer', format: 'int32', default: 30, minimum: 1 },
    });
    expect(search.parameters.find((p) => p.name === 'q')).toMatchObject({ schema: { type: 'string', maxLength: 100 } });
    expect(Object.keys(search.responses)).toEqual(['200', '400', '431', '500', '503']);
    expect(search.responses['200']!.content).toEqual({
      'application/json': { schema: ref('PublicStoreListResponse') },
      'text/json': { schema: ref('PublicStoreListResponse') },
      'text/plain': { schema: ref('PublicStoreListResponse') },
    });
    expect(search.description).toMatch(/clamped to 100/);
    expect(search.description).toMatch(/page past the last is 200 with no items/);
    expect(search.security).toBeUndefined();

    const detail = document.paths['/api/v1/public/stores/{storeId}']!.get!;
    // A malformed id is a 404 like an unknown one; only text no input may carry (NUL) is a 400.
    expect(Object.keys(detail.responses)).toEqual(['200', '400', '404', '431', '500', '503']);
    expect(detail.description).toMatch(/malformed/);
  });

  it('throws when two rows share an operation name', () => {
    expect(() => buildOpenApiDocument([...routes, { ...routes[0]!, path: '/api/v1/elsewhere' }], OPTIONS)).toThrow(
      /used by two routes/,
    );
  });
});

describe('buildOpenApiDocument on rows with auth, a body and 204', () => {
  const document = buildOpenApiDocument(SYNTHETIC, { ...OPTIONS, schemas: STORE_SCHEMAS });
  const update = document.paths['/api/v1/things/{thingId}/parts/{index}']!.put!;
  const remove = document.paths['/api/v1/things/{thingId}']!.delete!;

  it('stays valid OpenAPI 3.1', async () => {
    expect(await validate(document)).toBe('3.1');
  });

  it('declares bearer auth and applies it with the scopes', () => {
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
    expect(update.security).toEqual([{ bearerAuth: ['user.profile.write'] }]);
    expect(remove.security).toEqual([{ bearerAuth: [] }]);
    expect(update.responses['401']!.headers).toHaveProperty('WWW-Authenticate');
    expect(update.responses['403']!.description).toMatch(/user\.profile\.write/);
    expect(remove.responses['403']).toBeUndefined();
  });

  it('documents the body, its media types and the conventions that come with it', () => {
    expect(update.requestBody).toMatchObject({ required: true });
    expect(Object.keys(update.requestBody!.content as object)).toEqual([
      'application/json',
      'text/json',
      'application/*+json',
    ]);
    expect(Object.keys(update.responses)).toEqual([
      '200',
      '201',
      '400',
      '401',
      '403',
      '404',
      '413',
      '415',
      '429',
      '431',
      '500',
      '503',
    ]);
    expect(update.parameters.find((p) => p.name === 'index')).toMatchObject({
      in: 'path',
      required: true,
      schema: { type: 'integer', format: 'int32', minimum: 0 },
    });
  });

  it('adds rate-limit headers where 429 is listed', () => {
    expect(update.responses['429']!.headers).toHaveProperty('Retry-After');
    expect(update.responses['200']!.headers).toHaveProperty('RateLimit-Policy');
    expect(remove.responses['204']!.headers).not.toHaveProperty('RateLimit');
  });

  it('answers 204 without content and no 400 for a plain string path parameter', () => {
    expect(remove.responses['204']).not.toHaveProperty('content');
    expect(Object.keys(remove.responses)).toEqual(['204', '401', '404', '431', '500', '503']);
  });
});
