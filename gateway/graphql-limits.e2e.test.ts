/**
 * Issue 6, item 2: the GraphQL entries refuse documents over their limits before executing anything,
 * each refusal a 400 with its own code: the gateway's /graphql of the one-process service, and a
 * subgraph server of the separate topology (the stores subgraph, started in-process on its own port).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storesSubgraph } from '../subgraphs/stores/index.js';
import { startSubgraphServer, type RunningSubgraph } from '../processes/subgraph/subgraph-service.js';
import { startTestService, type TestService } from '../test/harness.js';

interface GraphQLAnswer {
  readonly status: number;
  readonly ms: number;
  readonly contentType: string | null;
  readonly body: { data?: unknown; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

async function post(url: string, query: string): Promise<GraphQLAnswer> {
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as GraphQLAnswer['body'];
  return {
    status: response.status,
    ms: performance.now() - started,
    contentType: response.headers.get('content-type'),
    body,
  };
}

const codes = (answer: GraphQLAnswer) => (answer.body.errors ?? []).map((e) => e.extensions?.code);
const aliases = (n: number, field: string) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ')} }`;
const nested = (depth: number) => `${'{ a '.repeat(depth)}${'}'.repeat(depth)}`;

let service: TestService;
let subgraph: RunningSubgraph;
beforeAll(async () => {
  // A tight cost limit shows the variable is read; the facade's own operations still fit under it.
  service = await startTestService({ env: { GRAPHQL_MAX_COST: '400' } });
  subgraph = await startSubgraphServer(storesSubgraph, service.env, { port: 0 });
});
afterAll(async () => {
  await subgraph?.close();
});

describe('GraphQL limits at the gateway', () => {
  it('refuses 10,000 aliases of publicStores(pageSize: 100) at once, before executing anything', async () => {
    const query = aliases(10_000, 'publicStores(pageSize: 100) { items { storeId: id name address } total }');
    const answer = await post(`${service.url}/graphql`, query);
    expect(answer.status).toBe(400);
    expect(codes(answer)).toEqual(['MAX_TOKENS_EXCEEDED']);
    expect(answer.body.errors?.[0]?.extensions).toMatchObject({ reason: 'max_tokens_exceeded', limit: 2000 });
    expect(answer.body.data).toBeUndefined();
    expect(answer.ms).toBeLessThan(1000);
  });

  it('refuses more aliases than allowed, even in a short document', async () => {
    const answer = await post(`${service.url}/graphql`, aliases(31, 'publicStores(pageSize: 100) { total }'));
    expect(answer.status).toBe(400);
    expect(codes(answer)).toEqual(['MAX_ALIASES_EXCEEDED']);
    expect(answer.body.errors?.[0]?.message).toBe('Aliases limit of 30 exceeded, found 31.');
  });

  it('refuses depth 200', async () => {
    const answer = await post(`${service.url}/graphql`, nested(200));
    expect(answer.status).toBe(400);
    expect(codes(answer)).toContain('MAX_DEPTH_EXCEEDED');
    expect(answer.ms).toBeLessThan(1000);
  });

  it('refuses too many directives', async () => {
    const answer = await post(`${service.url}/graphql`, `{ __typename ${'@skip(if: false) '.repeat(21)}}`);
    expect(answer.status).toBe(400);
    expect(codes(answer)).toContain('MAX_DIRECTIVES_EXCEEDED');
  });

  it('refuses a document over the configured cost (GRAPHQL_MAX_COST)', async () => {
    const answer = await post(
      `${service.url}/graphql`,
      aliases(20, 'publicStores { items { name nameKana address prefecture storeType placeId } total page pageSize }'),
    );
    expect(answer.status).toBe(400);
    expect(codes(answer)).toEqual(['MAX_COST_EXCEEDED']);
  });

  it('still answers the REST facade under those limits', async () => {
    const answer = await service.rest('GET', '/api/v1/public/stores/01900000-0000-7000-8002-000000000001');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ business: { name: 'さくらマート株式会社' } });
  });

  it('refuses a body over 1 MiB with 413 as a GraphQL error', async () => {
    const answer = await post(`${service.url}/graphql`, `{ __typename }${' '.repeat(1024 * 1024)}`);
    expect(answer.status).toBe(413);
    expect(codes(answer)).toEqual(['PAYLOAD_TOO_LARGE']);
  });
});

describe('GraphQL limits at a subgraph server', () => {
  it('refuses too many aliases and too deep a document', async () => {
    const tooMany = await post(`${subgraph.url}/graphql`, aliases(31, 'publicStores { total }'));
    expect(tooMany.status).toBe(400);
    expect(codes(tooMany)).toEqual(['MAX_ALIASES_EXCEEDED']);
    const deep = await post(`${subgraph.url}/graphql`, nested(200));
    expect(deep.status).toBe(400);
    expect(codes(deep)).toContain('MAX_DEPTH_EXCEEDED');
  });

  it('refuses 10,000 aliases by their tokens', async () => {
    const answer = await post(`${subgraph.url}/graphql`, aliases(10_000, 'publicStores(pageSize: 100) { total }'));
    expect(answer.status).toBe(400);
    expect(codes(answer)).toEqual(['MAX_TOKENS_EXCEEDED']);
    expect(answer.ms).toBeLessThan(1000);
  });
});
