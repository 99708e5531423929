/**
 * One REST call is one trace: the facade's span, the gateway's (@apollo/gateway's own
 * `gateway.request` ... `gateway.fetch`) and the subgraph's, under one trace id and each under the
 * one before, collected by an in-memory span exporter. In the one-process topology (the gateway
 * calls subgraphs in-process), and in the separate topology's services started in this process,
 * where the context crosses two HTTP hops as W3C `traceparent` (needs DATABASE_URL).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { startGatewayService } from '../processes/gateway/gateway-service.js';
import { startFacadeService } from '../processes/facade/facade-service.js';
import { ALL_SUBGRAPHS } from '../subgraphs/index.js';
import { loadEnv } from '../subgraphs/kernel/env.js';
import {
  COMPONENT_ATTRIBUTE,
  installTracing,
  resetTracing,
  TRACING_OFF,
} from '../subgraphs/kernel/observability/tracing.js';
import { onFileTeardown } from './file-teardown.js';
import { startSubgraphServer } from '../processes/subgraph/subgraph-service.js';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from './harness.js';

const SAMPLE_STORE = '01900000-0000-7000-8002-000000000001';
const PATH = `/api/v1/public/stores/${SAMPLE_STORE}`;
const SECRETS_KEY = randomBytes(32).toString('base64url');

// Before any service starts: theirs is then a no-op, and every span lands here, sampled.
const exporter = new InMemorySpanExporter();
installTracing(TRACING_OFF, 'test', exporter);
// Later files of this worker get a provider of their own (their services install the default).
onFileTeardown(() => Promise.resolve(resetTracing()));

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** The finished spans of the trace that the server span of `GET PATH` belongs to (waits for it). */
async function traceOfCall(baseUrl: string): Promise<ReadableSpan[]> {
  exporter.reset();
  const response = await fetch(`${baseUrl}${PATH}`);
  expect(response.status).toBe(200);
  const route = '/api/v1/public/stores/:storeId';
  let server: ReadableSpan | undefined;
  for (let i = 0; i < 100 && !server; i++) {
    server = exporter.getFinishedSpans().find((s) => s.name === `GET ${route}`);
    if (!server) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(server, 'the facade server span').toBeDefined();
  return exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === server?.spanContext().traceId);
}

function one(spans: ReadableSpan[], predicate: (span: ReadableSpan) => boolean, what: string): ReadableSpan {
  const found = spans.filter(predicate);
  expect(found.length, `${what} in ${spans.map((s) => s.name).join(', ')}`).toBeGreaterThanOrEqual(1);
  return found[0]!;
}

/** True when `ancestor` is `span`'s parent, grandparent, ... within `spans`. */
function descends(spans: ReadableSpan[], span: ReadableSpan, ancestor: ReadableSpan): boolean {
  const byId = new Map(spans.map((s) => [s.spanContext().spanId, s]));
  for (let parent = span.parentSpanContext?.spanId; parent; parent = byId.get(parent)?.parentSpanContext?.spanId) {
    if (parent === ancestor.spanContext().spanId) return true;
  }
  return false;
}

/** Facade -> gateway -> subgraph, each under the one before, all of one trace. */
function expectOneChain(spans: ReadableSpan[]): ReadableSpan[] {
  const component = (name: string) => (s: ReadableSpan) => s.attributes[COMPONENT_ATTRIBUTE] === name;
  const facade = one(spans, component('facade'), 'the facade span');
  const gateway = one(spans, (s) => s.name === 'gateway.request', 'the gateway span');
  const fetchSpan = one(spans, (s) => s.name === 'gateway.fetch' && s.attributes.service === 'stores', 'the fetch');
  const subgraph = one(
    spans,
    (s) => component('subgraph')(s) && s.attributes['retail_media.subgraph'] === 'stores',
    'the stores subgraph span',
  );
  expect(facade.name).toBe('facade PublicStore');
  expect(descends(spans, gateway, facade), 'gateway under facade').toBe(true);
  expect(descends(spans, subgraph, fetchSpan), 'subgraph under the gateway fetch').toBe(true);
  expect(new Set(spans.map((s) => s.spanContext().traceId)).size).toBe(1);
  return [facade, gateway, fetchSpan, subgraph];
}

describe('a trace of one REST call', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService({ env: { SECRETS_KEY } });
  });
  beforeEach(() => exporter.reset());

  it('shows facade, gateway and subgraph spans in the one-process topology (in-process subgraphs)', async () => {
    expectOneChain(await traceOfCall(service.url));
  });

  it('never names a claim or transaction-QR token in a span name or attribute (the path reads [redacted])', async () => {
    const token = `tq_${'7c'.repeat(16)}`;
    const paths = [`/api/v1/rx/${token}`, `/api/v1/claim-tokens/${token}/qr.png`, `/receipts/rx/${token}`];
    for (const path of paths) await (await fetch(`${service.url}${path}`)).arrayBuffer();
    let servers: ReadableSpan[] = [];
    for (let i = 0; i < 100 && servers.length < paths.length; i++) {
      servers = exporter.getFinishedSpans().filter((s) => String(s.attributes['url.path']).includes('[redacted]'));
      if (servers.length < paths.length) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(servers.map((s) => s.attributes['url.path']).sort()).toEqual(
      paths.map((p) => p.replace(token, '[redacted]')).sort(),
    );
    const recorded = exporter.getFinishedSpans().map((s) => ({ name: s.name, attributes: s.attributes }));
    expect(JSON.stringify(recorded)).not.toContain(token);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'crosses the HTTP hops of the separate topology as traceparent (facade -> gateway -> subgraph)',
    async () => {
      const source = {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
        DATABASE_URL: service.env.databaseUrl ?? '',
        SECRETS_KEY,
      };
      const subgraphs = await Promise.all(
        ALL_SUBGRAPHS.map((m) => startSubgraphServer(m, loadEnv(source), { port: 0 })),
      );
      for (const s of subgraphs) closers.push(() => s.close());
      const urls = Object.fromEntries(
        subgraphs.map((s) => [`SUBGRAPH_${s.name.toUpperCase()}_URL`, `${s.url}/graphql`]),
      );
      const gateway = await startGatewayService(loadEnv({ ...source, ...urls }), 0);
      closers.push(() => gateway.close());
      const facade = await startFacadeService(loadEnv({ ...source, GATEWAY_URL: `${gateway.url}/graphql` }), 0);
      closers.push(() => facade.close());

      const spans = await traceOfCall(facade.url);
      const [facadeSpan, gatewaySpan, fetchSpan, subgraphSpan] = expectOneChain(spans);
      // Each hop is an HTTP server span whose parent is the span that sent it (its traceparent).
      const servers = spans.filter((s) => s.name === 'POST /graphql');
      const gatewayServer = one(
        servers,
        (s) => s.parentSpanContext?.spanId === facadeSpan!.spanContext().spanId,
        'gateway hop',
      );
      const subgraphServer = one(
        servers,
        (s) => s.parentSpanContext?.spanId === fetchSpan!.spanContext().spanId,
        'subgraph hop',
      );
      expect(gatewayServer.parentSpanContext?.isRemote).toBe(true);
      expect(subgraphServer.parentSpanContext?.isRemote).toBe(true);
      expect(descends(spans, gatewaySpan!, gatewayServer)).toBe(true);
      expect(descends(spans, subgraphSpan!, subgraphServer)).toBe(true);
    },
  );
});
