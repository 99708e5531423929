/**
 * The facade's HTTP conventions, on a synthetic route table and a recording executor:
 * the transport rules hold for every row, whatever operation it runs.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpApp, listenHttp, type HttpListener } from '../../subgraphs/kernel/http/app.js';
import { createFacadeRouter } from './router.js';
import type { ExecutionRequest, ExecutionResult, GraphQLExecutor } from './executor.js';
import type { Route } from './route.js';

class RecordingExecutor implements GraphQLExecutor {
  readonly requests: ExecutionRequest[] = [];
  next: ExecutionResult = { data: { echo: { ok: true } } };

  async execute(request: ExecutionRequest): Promise<ExecutionResult> {
    this.requests.push(request);
    return this.next;
  }
}

const echo = { name: 'Echo', document: 'mutation Echo($body: JSON) { echo(body: $body) { ok } }' };
const ROUTES: Route[] = [
  {
    method: 'POST',
    path: '/things/:id',
    operation: echo,
    tag: 'test',
    summary: 'echo',
    pathParams: { id: { type: 'string', description: 'id' } },
    requestBody: { required: false, schema: { type: ['object', 'null'] } },
    variables: ({ path, body }) => ({ id: path.id, body }),
    result: (data) => data.echo,
    status: (payload) => ((payload as { created?: boolean }).created ? 201 : 200),
    responseSchema: null,
    errors: {},
  },
  {
    method: 'DELETE',
    path: '/things/:id',
    operation: echo,
    tag: 'test',
    summary: 'delete',
    result: () => null,
    status: 204,
    responseSchema: null,
    errors: {},
  },
];

let executor: RecordingExecutor;
let listener: HttpListener;

beforeAll(async () => {
  executor = new RecordingExecutor();
  const app = createHttpApp();
  app.use('/api', createFacadeRouter(ROUTES, executor));
  listener = await listenHttp(app, 0, '127.0.0.1');
});
afterAll(() => listener.close());
// Each test starts from a successful answer, whichever test ran before it.
beforeEach(() => {
  executor.next = { data: { echo: { ok: true } } };
});

function post(body: string | undefined, contentType = 'application/json', headers: Record<string, string> = {}) {
  return fetch(`${listener.url}/api/things/a1`, {
    method: 'POST',
    headers: { ...(body === undefined ? {} : { 'content-type': contentType }), ...headers },
    ...(body === undefined ? {} : { body }),
  });
}

describe('request bodies', () => {
  it.each(['application/json', 'text/json', 'application/merge-patch+json', 'application/json; charset=utf-8'])(
    'accepts %s',
    async (type) => {
      executor.next = { data: { echo: { ok: true } } };
      const response = await post('{"a":1,"unknownField":"ignored"}', type);
      expect(response.status).toBe(200);
      expect(executor.requests.at(-1)?.variables).toEqual({ id: 'a1', body: { a: 1, unknownField: 'ignored' } });
    },
  );

  it('accepts a JSON null body and no body at all', async () => {
    expect((await post('null')).status).toBe(200);
    expect(executor.requests.at(-1)?.variables).toEqual({ id: 'a1', body: null });
    expect((await post(undefined)).status).toBe(200);
  });

  it('answers malformed JSON with 400 and runs nothing', async () => {
    const before = executor.requests.length;
    const response = await post('{"a":');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'malformed_json', status: 400, instance: '/api/things/a1' });
    expect(executor.requests.length).toBe(before);
  });

  it('answers a body over 1 MiB with 413', async () => {
    const response = await post(JSON.stringify({ big: 'x'.repeat(1024 * 1024) }));
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await response.json()).toMatchObject({ code: 'body_too_large' });
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/xml'])(
    'answers %s with 415',
    async (type) => {
      const response = await post('a=1', type);
      expect(response.status).toBe(415);
      expect(await response.json()).toMatchObject({ code: 'unsupported_media_type' });
    },
  );
});

describe('results', () => {
  it('takes the success status from the payload when the row says so', async () => {
    executor.next = { data: { echo: { created: true } } };
    expect((await post('{}')).status).toBe(201);
  });

  it('answers 204 with an empty body', async () => {
    const response = await fetch(`${listener.url}/api/things/a1`, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });

  it('maps the first GraphQL error to a problem and forwards credentials and the request id', async () => {
    executor.next = {
      data: null,
      errors: [{ message: 'Taken.', extensions: { code: 'CONFLICT', reason: 'already_claimed' } }],
    };
    const response = await post('{}', 'application/json', { authorization: 'Bearer abc', 'x-request-id': 'r-42' });
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ code: 'already_claimed', detail: 'Taken.', traceId: 'r-42' });
    expect(executor.requests.at(-1)).toMatchObject({
      authorization: 'Bearer abc',
      requestId: 'r-42',
      operationName: 'Echo',
    });
  });

  it("names a service's invalid body members by JSON pointer and a path parameter by its name", async () => {
    const errors = [
      { path: 'answers[0].rating', message: 'must be 1 to 5' },
      { path: 'line_items.1.title', message: 'must not be blank' },
      { path: 'id', message: 'is not a thing' },
    ];
    executor.next = {
      data: null,
      errors: [{ message: 'The request is invalid.', extensions: { code: 'BAD_USER_INPUT', reason: 'x', errors } }],
    };
    const response = await post('{}');
    expect(response.status).toBe(400);
    expect(((await response.json()) as { errors: { path: string }[] }).errors.map((e) => e.path)).toEqual([
      '/answers/0/rating',
      '/line_items/1/title',
      'id',
    ]);
  });

  it('names text no database can store by its JSON pointer into the body', async () => {
    const response = await post(JSON.stringify({ 'a/b': ['ok', 'x\u0000'] }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation_failed', errors: [{ path: '/a~1b/1' }] });
  });

  it('never leaks an unexpected error', async () => {
    executor.next = {
      data: null,
      errors: [{ message: 'column "x" does not exist', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
    };
    const response = await post('{}');
    expect(response.status).toBe(500);
    const body = JSON.stringify(await response.json());
    expect(body).not.toContain('column');
    expect(body).toContain('traceId');
  });
});
