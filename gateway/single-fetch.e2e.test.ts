/**
 * The gateway's single-fetch short path (single-fetch.ts): an operation that one subgraph answers
 * whole takes @apollo/gateway's own path once, then goes straight to the subgraph, and the caller
 * cannot tell the two apart. Each operation is sent twice and both answers must be equal; the spans
 * show which path each took (the gateway's own path always has `gateway.postprocessing`).
 */
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { installTracing, resetTracing, TRACING_OFF } from '../subgraphs/kernel/observability/tracing.js';
import { onFileTeardown } from '../test/file-teardown.js';
import { startTestService, type TestService } from '../test/harness.js';

// Before the service starts: every span lands here, sampled.
const exporter = new InMemorySpanExporter();
installTracing(TRACING_OFF, 'test', exporter);
// Later files of this worker get a provider of their own (their services install the default).
onFileTeardown(() => Promise.resolve(resetTracing()));

const STORE = '01900000-0000-7000-8002-000000000001';
const UNKNOWN_STORE = '01900000-0000-7000-8002-0000000000ff';

let service: TestService;
beforeAll(async () => {
  service = await startTestService();
});
afterAll(() => service.close());
beforeEach(() => exporter.reset());

interface Answer {
  readonly status: number;
  readonly body: unknown;
  /** Span names of the request, in the order they ended. */
  readonly spans: string[];
}

async function post(query: string, variables: Record<string, unknown> = {}, operationName?: string): Promise<Answer> {
  exporter.reset();
  const response = await service.call('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables, ...(operationName ? { operationName } : {}) }),
  });
  const body: unknown = await response.json();
  // The HTTP server span ends last, after the response is written.
  for (let i = 0; i < 100 && !exporter.getFinishedSpans().some((s) => s.name.startsWith('POST')); i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { status: response.status, body, spans: exporter.getFinishedSpans().map((s) => s.name) };
}

/** The first and the second answer to the same operation. */
async function twice(query: string, variables: Record<string, unknown> = {}, operationName?: string) {
  const first = await post(query, variables, operationName);
  const second = await post(query, variables, operationName);
  return { first, second };
}

// The gateway's own path checks the variables in `gateway.validate` on every request, even one it refuses.
const viaGateway = (answer: Answer) => answer.spans.includes('gateway.validate');
const direct = (answer: Answer) => !viaGateway(answer) && answer.spans.includes('gateway.request');

describe('the single-fetch short path', () => {
  it('answers a single-subgraph query straight from the subgraph after the first time, with the same answer', async () => {
    const query = `query Listing($prefecture: String, $pageSize: Int) {
      publicStores(prefecture: $prefecture, pageSize: $pageSize) {
        total
        items { storeId: id name ...Where __typename }
      }
    }
    fragment Where on Store { prefecture prefectureCode ... on Store { address } }`;
    const { first, second } = await twice(query, { prefecture: '13', pageSize: 5 });
    expect(first.status).toBe(200);
    expect(viaGateway(first)).toBe(true);
    expect(direct(second), second.spans.join(', ')).toBe(true);
    expect(second.spans).toContain('gateway.fetch');
    expect(second.spans).not.toContain('gateway.postprocessing');
    expect(second.body).toStrictEqual(first.body);
    const listing = (second.body as { data: { publicStores: { items: unknown[] } } }).data.publicStores;
    expect(listing.items.length).toBeGreaterThan(0);
    expect(JSON.stringify(second.body)).not.toContain('serviceName');
  });

  it('keeps the gateway path for an operation that spans subgraphs', async () => {
    const query = `query { publicStore(storeId: "${STORE}") { name business { id name } } }`;
    const { first, second } = await twice(query);
    expect(viaGateway(first) && viaGateway(second)).toBe(true);
    expect(second.body).toStrictEqual(first.body);
  });

  it('keeps the gateway path for introspection mixed with data', async () => {
    const query = `query { __type(name: "Store") { name } publicStores(pageSize: 1) { total } }`;
    const { first, second } = await twice(query);
    expect(viaGateway(second)).toBe(true);
    expect(second.body).toStrictEqual(first.body);
    expect((second.body as { data: { __type: { name: string } } }).data.__type.name).toBe('Store');
  });

  it("passes a subgraph's errors on in the gateway's shape (code, path, serviceName)", async () => {
    const query = `query One($id: ID!) { publicStore(storeId: $id) { name } }`;
    const { first, second } = await twice(query, { id: UNKNOWN_STORE });
    expect(direct(second), second.spans.join(', ')).toBe(true);
    expect(second.body).toStrictEqual(first.body);
    expect(second.body).toMatchObject({
      data: null,
      errors: [{ path: ['publicStore'], extensions: { code: 'NOT_FOUND', serviceName: 'stores' } }],
    });
  });

  it('refuses variables that do not coerce as the gateway does, before any fetch', async () => {
    const query = `query Listing($pageSize: Int) { publicStores(pageSize: $pageSize) { total } }`;
    await post(query, { pageSize: 2 });
    const gateway = await post(`${query} `, { pageSize: 'many' });
    const shortPath = await post(query, { pageSize: 'many' });
    expect(direct(shortPath), shortPath.spans.join(', ')).toBe(true);
    expect(shortPath.status).toBe(gateway.status);
    expect(shortPath.body).toStrictEqual(gateway.body);
    expect(shortPath.spans).not.toContain('gateway.fetch');
  });

  it('runs the operation the caller named, in a document of several', async () => {
    const query = `query A { publicStores(pageSize: 1) { pageSize } } query B { publicStores(pageSize: 2) { page pageSize } }`;
    const { first, second } = await twice(query, {}, 'B');
    expect(direct(second), second.spans.join(', ')).toBe(true);
    expect(second.body).toStrictEqual({ data: { publicStores: { page: 1, pageSize: 2 } } });
    expect(second.body).toStrictEqual(first.body);
  });
});
