/**
 * Binary, cacheable JSON and redirect rows (issue 7, item 1; issue 9), over HTTP, on a row table run by a small real GraphQL
 * schema: bytes with their content type, a strong ETag, Cache-Control and Content-Disposition, 304 to
 * a matching If-None-Match; 302/303 with Location. The responses are also checked against the OpenAPI
 * document built from the same rows.
 */
import { buildSchema, graphql } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpApp, listenHttp, type HttpListener } from '../../subgraphs/kernel/http/app.js';
import { OpenApiContract, type ContractDocument } from '../../test/contract/openapi-contract.js';
import { contentDisposition, noneMatchHits } from './answer.js';
import type { ExecutionRequest, ExecutionResult, GraphQLExecutor } from './executor.js';
import { buildOpenApiDocument } from './openapi.js';
import type { BinaryPayload, Route } from './route.js';
import { createFacadeRouter } from './router.js';

const SDL = `
  type File { base64: String!, contentType: String!, filename: String! }
  type Greeting { text: String! }
  type Query { badge(name: String!): File, receipt(id: String!): File, next(step: String!): String, greeting(name: String!): Greeting }
`;
/** A real 1x1 PNG, and one that differs in its last byte (another version of the picture). */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const ROOT = {
  badge: ({ name }: { name: string }) => ({
    base64: name === 'new' ? `${PNG.slice(0, -4)}YIA=` : PNG,
    contentType: 'image/png',
    filename: `${name}.png`,
  }),
  receipt: ({ id }: { id: string }) => ({
    base64: Buffer.from(`%PDF-1.7 receipt ${id}`).toString('base64'),
    contentType: 'application/pdf',
    filename: `レシート ${id}.pdf`,
  }),
  next: ({ step }: { step: string }) => `/api/v1/steps/${encodeURIComponent(step)}`,
  greeting: ({ name }: { name: string }) => ({ text: `こんにちは、${name}` }),
};

/** Executes against the schema above: the facade's real path from row to GraphQL and back. */
class SchemaExecutor implements GraphQLExecutor {
  private readonly schema = buildSchema(SDL);
  async execute(request: ExecutionRequest): Promise<ExecutionResult> {
    const result = await graphql({
      schema: this.schema,
      source: request.document,
      variableValues: request.variables,
      rootValue: ROOT,
    });
    return JSON.parse(JSON.stringify(result)) as ExecutionResult;
  }
}

const file =
  (field: string) =>
  (data: Record<string, unknown>): BinaryPayload => {
    const f = data[field] as { base64: string; contentType: string; filename: string };
    return { bytes: Buffer.from(f.base64, 'base64'), contentType: f.contentType, filename: f.filename };
  };
const ROWS: Route[] = [
  {
    method: 'GET',
    path: '/api/v1/badges/:name',
    operation: {
      name: 'Badge',
      document: 'query Badge($name: String!) { badge(name: $name) { base64 contentType filename } }',
    },
    tag: 'test',
    summary: 'A badge picture',
    pathParams: { name: { type: 'string', description: 'Badge name.' } },
    result: file('badge'),
    status: 200,
    responseSchema: null,
    answer: { kind: 'binary', mediaTypes: ['image/png'], cacheControl: 'public, max-age=60', disposition: 'inline' },
    errors: {},
  },
  {
    method: 'GET',
    path: '/api/v1/receipts/:id/pdf',
    operation: {
      name: 'Receipt',
      document: 'query Receipt($id: String!) { receipt(id: $id) { base64 contentType filename } }',
    },
    tag: 'test',
    summary: 'A receipt PDF',
    pathParams: { id: { type: 'string', description: 'Receipt id.' } },
    result: file('receipt'),
    status: 200,
    responseSchema: null,
    answer: {
      kind: 'binary',
      mediaTypes: ['application/pdf'],
      cacheControl: 'private, no-cache',
      disposition: 'attachment',
    },
    errors: {},
  },
  ...([302, 303] as const).map((status): Route => ({
    method: status === 302 ? 'GET' : 'POST',
    path: `/api/v1/go-${status}/:step`,
    operation: { name: `Go${status}`, document: `query Go${status}($step: String!) { next(step: $step) }` },
    tag: 'test',
    summary: `Redirect ${status}`,
    pathParams: { step: { type: 'string', description: 'Step.' } },
    result: (data) => data.next,
    status,
    responseSchema: null,
    answer: { kind: 'redirect' },
    errors: {},
  })),
  {
    method: 'GET',
    path: '/api/v1/greetings/:name',
    operation: { name: 'Greeting', document: 'query Greeting($name: String!) { greeting(name: $name) { text } }' },
    tag: 'test',
    summary: 'A greeting (cacheable public content)',
    pathParams: { name: { type: 'string', description: 'Who is greeted.' } },
    result: (data) => data.greeting,
    status: 200,
    responseSchema: { type: 'object', required: ['text'], properties: { text: { type: 'string' } } },
    answer: { kind: 'cached-json', cacheControl: 'public, max-age=60' },
    errors: {},
  },
];

const document = buildOpenApiDocument(ROWS, { publicUrl: 'http://127.0.0.1', version: '0.0.0' });
const contract = new OpenApiContract(document as unknown as ContractDocument);
let listener: HttpListener;

beforeAll(async () => {
  const app = createHttpApp();
  app.use(
    '/api/v1',
    createFacadeRouter(
      ROWS.map((r) => ({ ...r, path: r.path.slice('/api/v1'.length) })),
      new SchemaExecutor(),
    ),
  );
  listener = await listenHttp(app, 0, '127.0.0.1');
});
afterAll(() => listener.close());

/** Fetches and checks the answer against the document, like the end-to-end tests' contract check. */
async function call(path: string, init: RequestInit = {}) {
  const response = await fetch(`${listener.url}${path}`, { redirect: 'manual', ...init });
  const bytes = Buffer.from(await response.arrayBuffer());
  const exchange = {
    method: init.method ?? 'GET',
    url: `${listener.url}${path}`,
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: bytes.toString('latin1'),
  };
  expect(contract.check(exchange)).toEqual([]);
  return { response, bytes };
}

describe('binary rows', () => {
  it('answer the bytes with their type, a strong ETag, Cache-Control and Content-Disposition', async () => {
    const { response, bytes } = await call('/api/v1/badges/old');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(bytes.equals(Buffer.from(PNG, 'base64'))).toBe(true);
    expect(response.headers.get('content-length')).toBe(String(bytes.length));
    expect(response.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(response.headers.get('content-disposition')).toBe(`inline; filename="old.png"; filename*=UTF-8''old.png`);
  });

  it('answer 304 without a body to a matching If-None-Match, and 200 when the bytes changed', async () => {
    const etag = (await call('/api/v1/badges/old')).response.headers.get('etag')!;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const { response, bytes } = await call('/api/v1/badges/old', { headers: { 'if-none-match': header } });
      expect(response.status).toBe(304);
      expect(bytes.length).toBe(0);
      expect(response.headers.get('etag')).toBe(etag);
      expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    }
    const changed = await call('/api/v1/badges/new', { headers: { 'if-none-match': etag } });
    expect(changed.response.status).toBe(200);
    expect(changed.response.headers.get('etag')).not.toBe(etag);
  });

  it('offer a PDF as an attachment under its exact (non-ASCII) name', async () => {
    const { response, bytes } = await call('/api/v1/receipts/r1/pdf');
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(bytes.toString()).toBe('%PDF-1.7 receipt r1');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="____ r1.pdf"; filename*=UTF-8''${encodeURIComponent('レシート r1.pdf')}`,
    );
  });

  it('are documented as binary media with the ETag, Cache-Control, Content-Disposition and the 304', () => {
    const badge = document.paths['/api/v1/badges/{name}']!.get!;
    expect(badge.responses['200']).toMatchObject({
      content: { 'image/png': { schema: { type: 'string', format: 'binary', contentMediaType: 'image/png' } } },
      headers: {
        ETag: expect.any(Object),
        'Cache-Control': expect.any(Object),
        'Content-Disposition': expect.any(Object),
      },
    });
    expect(badge.responses['304']).not.toHaveProperty('content');
    expect(badge.parameters).toContainEqual({ $ref: '#/components/parameters/If-None-Match' });
  });
});

describe('cacheable JSON rows', () => {
  it('answer JSON with a strong ETag, Cache-Control and Vary: Accept', async () => {
    const { response, bytes } = await call('/api/v1/greetings/花子');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(JSON.parse(bytes.toString())).toEqual({ text: 'こんにちは、花子' });
    expect(response.headers.get('content-length')).toBe(String(bytes.length));
    expect(response.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    expect(response.headers.get('vary')).toMatch(/\bAccept\b/);
  });

  it('answer 304 without a body to a matching If-None-Match, and 200 when the content or media type differs', async () => {
    const etag = (await call('/api/v1/greetings/a')).response.headers.get('etag')!;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const { response, bytes } = await call('/api/v1/greetings/a', { headers: { 'if-none-match': header } });
      expect(response.status).toBe(304);
      expect(bytes.length).toBe(0);
      expect(response.headers.get('etag')).toBe(etag);
      expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    }
    const changed = await call('/api/v1/greetings/b', { headers: { 'if-none-match': etag } });
    expect(changed.response.status).toBe(200);
    expect(changed.response.headers.get('etag')).not.toBe(etag);
    const asText = await call('/api/v1/greetings/a', { headers: { 'if-none-match': etag, accept: 'text/plain' } });
    expect(asText.response.status).toBe(200);
    expect(asText.response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(asText.response.headers.get('etag')).not.toBe(etag);
  });

  it('are documented with the ETag, Cache-Control, the If-None-Match parameter and the 304', () => {
    const greeting = document.paths['/api/v1/greetings/{name}']!.get!;
    expect(greeting.responses['200']).toMatchObject({
      content: { 'application/json': { schema: expect.any(Object) } },
      headers: { ETag: expect.any(Object), 'Cache-Control': expect.any(Object) },
    });
    expect(greeting.responses['304']).not.toHaveProperty('content');
    expect(greeting.parameters).toContainEqual({ $ref: '#/components/parameters/If-None-Match' });
  });
});

describe('redirect rows', () => {
  it.each([
    [302, 'GET'],
    [303, 'POST'],
  ])('answer %i with Location and no body', async (status, method) => {
    const { response, bytes } = await call(`/api/v1/go-${status}/pay now`, { method });
    expect(response.status).toBe(status);
    expect(response.headers.get('location')).toBe('/api/v1/steps/pay%20now');
    expect(bytes.length).toBe(0);
    const operation = document.paths[`/api/v1/go-${status}/{step}`]![method === 'GET' ? 'get' : 'post']!;
    expect(operation.responses[String(status)]).toEqual({
      description: status === 302 ? 'Found' : 'See Other',
      headers: { 'X-Request-Id': expect.any(Object), Location: { $ref: '#/components/headers/Location' } },
    });
  });

  it('must be 302 or 303', () => {
    const wrong = { ...ROWS[2]!, status: 200 };
    expect(() => createFacadeRouter([wrong], new SchemaExecutor())).toThrow(/302 or 303/);
    expect(() => buildOpenApiDocument([wrong], { publicUrl: 'http://x', version: '0' })).toThrow(/302 or 303/);
  });
});

describe('the header rules', () => {
  it('match If-None-Match weakly, by any listed tag or *', () => {
    expect(noneMatchHits(undefined, '"a"')).toBe(false);
    expect(noneMatchHits('"b", "c"', '"a"')).toBe(false);
    expect(noneMatchHits('"a"', '"ab"')).toBe(false);
    expect(noneMatchHits(' W/"a" ', '"a"')).toBe(true);
  });

  it('write a Content-Disposition without a file name as the type alone', () => {
    expect(contentDisposition('attachment', undefined)).toBe('attachment');
    expect(contentDisposition('inline', 'a "b".png')).toBe(
      `inline; filename="a _b_.png"; filename*=UTF-8''a%20%22b%22.png`,
    );
  });
});
