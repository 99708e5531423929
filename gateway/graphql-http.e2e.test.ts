/**
 * Issue 6, item 4: `/graphql` answers a broken request body as the GraphQL-over-HTTP spec asks (JSON
 * with `errors`, 400 / 413 / 415), never express's HTML page or a stack, at the gateway and at a
 * subgraph server, in test and production mode; and no path of those apps answers HTML.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSubgraphServer, type RunningSubgraph } from '../processes/subgraph/subgraph-service.js';
import { storesSubgraph } from '../subgraphs/stores/index.js';
import { startTestService, type TestService } from '../test/harness.js';

interface Answer {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
}

async function send(url: string, body: string | Uint8Array, headers: Record<string, string>): Promise<Answer> {
  const response = await fetch(url, { method: 'POST', headers, body });
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    text: await response.text(),
  };
}

/** A GraphQL error response: JSON, one error with a code, nothing of a stack or a file path. */
function expectGraphQLError(answer: Answer, status: number, code: string): void {
  expect(answer.status).toBe(status);
  expect(answer.contentType).toMatch(/^application\/(graphql-response\+)?json/);
  expect(answer.text).not.toMatch(/<html|<pre|\bat .+\(|\/work\/|node_modules/i);
  const body = JSON.parse(answer.text) as { errors: { message: string; extensions: { code: string } }[] };
  expect(body.errors).toHaveLength(1);
  expect(body.errors[0]?.extensions.code).toBe(code);
  expect(body.errors[0]?.message).toEqual(expect.any(String));
}

const JSON_TYPE = { 'content-type': 'application/json' };
const QUERY = JSON.stringify({ query: '{ __typename }' });

let service: TestService;
let subgraph: RunningSubgraph;
let productionSubgraph: RunningSubgraph;
beforeAll(async () => {
  service = await startTestService({ demoData: false });
  subgraph = await startSubgraphServer(storesSubgraph, service.env, { port: 0 });
  productionSubgraph = await startSubgraphServer(
    storesSubgraph,
    { ...service.env, nodeEnv: 'production' },
    { port: 0 },
  );
});
afterAll(async () => {
  await subgraph?.close();
  await productionSubgraph?.close();
});

const entries = () => [
  ['gateway', `${service.url}/graphql`],
  ['subgraph server', `${subgraph.url}/graphql`],
  ['subgraph server in production', `${productionSubgraph.url}/graphql`],
];

describe.each([0, 1, 2])('broken bodies at /graphql (entry %i)', (index) => {
  const url = () => entries()[index]![1]!;

  it('answers malformed JSON with 400', async () => {
    expectGraphQLError(await send(url(), '{"query": "{ __typename }"', JSON_TYPE), 400, 'BAD_REQUEST');
  });

  it('answers a body over 1 MiB with 413', async () => {
    const big = JSON.stringify({ query: `{ __typename }${' '.repeat(1024 * 1024)}` });
    expectGraphQLError(await send(url(), big, JSON_TYPE), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('answers an unknown charset with 415', async () => {
    const answer = await send(url(), QUERY, { 'content-type': 'application/json; charset=foo' });
    expectGraphQLError(answer, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers any Content-Encoding with 415, gzip included', async () => {
    const gzip = await send(url(), gzipSync(QUERY), { ...JSON_TYPE, 'content-encoding': 'gzip' });
    expectGraphQLError(gzip, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const unknown = await send(url(), QUERY, { ...JSON_TYPE, 'content-encoding': 'x-unknown' });
    expectGraphQLError(unknown, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers in application/graphql-response+json when the client accepts it', async () => {
    const answer = await send(url(), '{', { ...JSON_TYPE, accept: 'application/graphql-response+json' });
    expect(answer.contentType).toMatch(/^application\/graphql-response\+json/);
    expectGraphQLError(answer, 400, 'BAD_REQUEST');
  });

  it('answers an operationName that names no operation with 400, not 500', async () => {
    for (const operationName of ['Missing', '']) {
      const body = JSON.stringify({ query: 'query A { __typename } query B { __typename }', operationName });
      expectGraphQLError(await send(url(), body, JSON_TYPE), 400, 'OPERATION_RESOLUTION_FAILURE');
    }
    const unnamed = JSON.stringify({ query: 'query A { __typename } query B { __typename }' });
    expectGraphQLError(await send(url(), unnamed, JSON_TYPE), 400, 'OPERATION_RESOLUTION_FAILURE');
  });

  it('stops checking variables at 50 problems: 10,000 broken list items get one short 400, a few get each reported', async () => {
    const query = 'mutation ($input: UpdateShopAppInput!) { updateShopApp(shopId: "x", input: $input) { shopId } }';
    const body = (items: number) =>
      JSON.stringify({ query, variables: { input: { navigation: Array.from({ length: items }, () => ({})) } } });
    const many = await send(url(), body(10_000), JSON_TYPE);
    expectGraphQLError(many, 400, 'BAD_USER_INPUT');
    expect(many.text.length).toBeLessThan(2_000);
    const error = (JSON.parse(many.text) as { errors: { message: string; extensions: { reason?: string } }[] })
      .errors[0]!;
    expect(error.extensions.reason).toBe('too_many_variable_errors');
    expect(error.message).toContain('input.navigation[0]');
    const few = await send(url(), body(3), JSON_TYPE);
    expect(few.status).toBe(400);
    const errors = (JSON.parse(few.text) as { errors: { extensions: { code: string } }[] }).errors;
    expect(errors).toHaveLength(6);
    expect(errors.every((e) => e.extensions.code === 'BAD_USER_INPUT')).toBe(true);
  });

  it('answers a subscription over HTTP with 400, not 500', async () => {
    const body = JSON.stringify({ query: 'subscription { __typename }' });
    expectGraphQLError(await send(url(), body, JSON_TYPE), 400, 'OPERATION_RESOLUTION_FAILURE');
  });

  it('answers a persisted-query hash that does not match its query with 400 BAD_USER_INPUT, over POST and GET', async () => {
    const query = '{ __typename }';
    for (const sha256Hash of ['0'.repeat(64), 'not-a-hash', 42, null]) {
      const extensions = { persistedQuery: { version: 1, sha256Hash } };
      const post = await send(url(), JSON.stringify({ query, extensions }), JSON_TYPE);
      const params = new URLSearchParams({ query, extensions: JSON.stringify(extensions) });
      const get = await fetch(`${url()}?${params.toString()}`, { headers: { 'apollo-require-preflight': 'true' } });
      const answers = [
        post,
        { status: get.status, contentType: get.headers.get('content-type') ?? '', text: await get.text() },
      ];
      for (const answer of answers) {
        expectGraphQLError(answer, 400, 'BAD_USER_INPUT');
        expect(answer.text, String(sha256Hash)).toContain('provided sha does not match query');
        expect(answer.text).toContain('persisted_query_hash_mismatch');
      }
    }
  });

  it('answers an unknown persisted-query hash without a query PersistedQueryNotFound, over POST and GET', async () => {
    for (const sha256Hash of ['f'.repeat(64), 'not-a-hash']) {
      const extensions = JSON.stringify({ persistedQuery: { version: 1, sha256Hash } });
      const post = await send(url(), `{"extensions":${extensions}}`, JSON_TYPE);
      const get = await fetch(`${url()}?${new URLSearchParams({ extensions }).toString()}`, {
        headers: { 'apollo-require-preflight': 'true' },
      });
      const answers = [
        post,
        { status: get.status, contentType: get.headers.get('content-type') ?? '', text: await get.text() },
      ];
      for (const answer of answers) {
        expectGraphQLError(answer, 200, 'PERSISTED_QUERY_NOT_FOUND');
        expect(answer.text).toContain('PersistedQueryNotFound');
      }
    }
  });

  it('still answers a good request', async () => {
    const answer = await send(url(), QUERY, JSON_TYPE);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toEqual({ data: { __typename: 'Query' } });
  });
});

describe('suggestions in errors', () => {
  const UPDATE = 'mutation ($input: UpdateShopAppInput!) { updateShopApp(shopId: "x", input: $input) { shopId } }';

  it('are made outside production only, for a variable’s unknown input field too', async () => {
    const body = JSON.stringify({ query: UPDATE, variables: { input: { navigatio: [] } } });
    const test = await send(`${subgraph.url}/graphql`, body, JSON_TYPE);
    expect(test.text).toMatch(/Did you mean .*navigation/);
    const production = await send(`${productionSubgraph.url}/graphql`, body, JSON_TYPE);
    expectGraphQLError(production, 400, 'BAD_USER_INPUT');
    expect(production.text).toContain('navigatio');
    expect(production.text).not.toMatch(/Did you mean|"navigation"/);
  });
});

describe('no HTML from the GraphQL services', () => {
  it('answers an unknown path of a subgraph server with a 404 problem', async () => {
    const response = await fetch(`${subgraph.url}/nothing-here`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await response.json()).toMatchObject({ status: 404, code: 'route_not_found' });
  });

  it('answers a malformed path with a 400 problem, not an HTML page', async () => {
    const response = await fetch(`${service.url}/api/v1/public/stores/%E0%A4%A`);
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/json/);
  });

  it('hides field suggestions in production only', async () => {
    const query = JSON.stringify({ query: '{ publicStorez { total } }' });
    const test = JSON.parse((await send(`${subgraph.url}/graphql`, query, JSON_TYPE)).text) as {
      errors: { message: string }[];
    };
    expect(test.errors[0]?.message).toMatch(/Did you mean/);
    const production = JSON.parse((await send(`${productionSubgraph.url}/graphql`, query, JSON_TYPE)).text) as {
      errors: { message: string }[];
    };
    expect(production.errors[0]?.message).not.toMatch(/Did you mean|publicStore\b/);
  });
});
