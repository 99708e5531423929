/**
 * Observability of the separate-process topology, through the real entry points: `/metrics` on
 * every process type (facade, gateway, worker, each subgraph) with the named metrics, and one REST call as
 * one trace across the processes, exported by each over OTLP/HTTP (JSON) to a receiver in this test.
 * Needs DATABASE_URL (skipped, loudly, without it; a failure under CI).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SUBGRAPHS } from '../subgraphs/index.js';
import { hasPostgres } from './requirements.js';
import { startTopology, type Topology } from './separate-topology.js';

const withPostgres = hasPostgres('topology-observability.e2e.test (separate processes share one database)');
const STORE_PATH = '/api/v1/public/stores/01900000-0000-7000-8002-000000000001';

/** One span as OTLP/JSON carries it, with its process's `service.name`. */
interface ExportedSpan {
  readonly service: string;
  readonly name: string;
  readonly traceId: string;
  readonly spanId: string;
  readonly parentSpanId: string;
}

/** Ids are hex in OTLP/JSON; base64 is accepted too. */
const hex = (id: unknown): string =>
  typeof id !== 'string' || id === ''
    ? ''
    : /^[0-9a-f]+$/i.test(id)
      ? id.toLowerCase()
      : Buffer.from(id, 'base64').toString('hex');

interface OtlpBody {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: { stringValue?: string } }[] };
    scopeSpans?: { spans?: Record<string, unknown>[] }[];
  }[];
}

/** A minimal OTLP/HTTP traces receiver on loopback that keeps every span it is sent. */
async function startReceiver(): Promise<{ server: Server; url: string; spans: ExportedSpan[] }> {
  const spans: ExportedSpan[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as OtlpBody;
      for (const resource of body.resourceSpans ?? []) {
        const service = resource.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
        for (const span of (resource.scopeSpans ?? []).flatMap((s) => s.spans ?? [])) {
          spans.push({
            service,
            name: String(span.name),
            traceId: hex(span.traceId),
            spanId: hex(span.spanId),
            parentSpanId: hex(span.parentSpanId),
          });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans };
}

async function metricsOf(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/metrics`);
  expect(response.status, `${baseUrl}/metrics`).toBe(200);
  return response.text();
}

describe.skipIf(!withPostgres)('observability of the separate topology', () => {
  let topology: Topology;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    // Tracing on in every process, exported within 50 ms of a span's end.
    topology = await startTopology({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '50' });
  }, 200_000);

  afterAll(async () => {
    await topology?.stop();
    await new Promise((resolve) => receiver?.server.close(resolve));
  }, 30_000);

  it('answers /metrics on every process with its HTTP, GraphQL, pool and process metrics', async () => {
    expect((await fetch(`${topology.facadeUrl}${STORE_PATH}`)).status).toBe(200);
    const gatewayBase = topology.gatewayUrl.replace(/\/graphql$/, '');
    const bases = {
      facade: topology.facadeUrl,
      gateway: gatewayBase,
      worker: topology.workerUrl,
      ...topology.subgraphUrls,
    };
    expect(Object.keys(bases)).toEqual(['facade', 'gateway', 'worker', ...ALL_SUBGRAPHS.map((m) => m.name)]);
    for (const [name, base] of Object.entries(bases)) {
      const text = await metricsOf(base);
      for (const metric of [
        'http_server_request_duration_seconds',
        'nodejs_eventloop_lag_seconds',
        'process_cpu_user_seconds_total',
      ]) {
        expect(text, `${name}: ${metric}`).toContain(`# TYPE ${metric} `);
      }
    }
    const facade = await metricsOf(topology.facadeUrl);
    expect(facade).toMatch(
      /http_server_request_duration_seconds_count\{method="GET",route="\/api\/v1\/public\/stores\/:storeId",status_code="200"\} [1-9]/,
    );
    const gateway = await metricsOf(gatewayBase);
    expect(gateway).toMatch(
      /graphql_operation_duration_seconds_count\{component="gateway",subgraph="",operation_name="PublicStore",operation_type="query",outcome="success"\} [1-9]/,
    );
    expect(gateway).toMatch(/db_pool_connections\{state="idle"\} \d/);
    const stores = await metricsOf(topology.subgraphUrls.stores!);
    expect(stores).toMatch(
      /graphql_operation_duration_seconds_count\{component="subgraph",subgraph="stores",operation_name="PublicStore__stores__0",operation_type="query",outcome="success"\} [1-9]/,
    );
    expect(stores).toMatch(/db_pool_connections\{state="in_use"\} \d/);
  });

  it('exports one REST call as one trace across facade, gateway and subgraph processes (traceparent on each hop)', async () => {
    const traceId = '5e1d0c7a2b9f4e3d8c6b5a4f3e2d1c0b';
    const response = await fetch(`${topology.facadeUrl}${STORE_PATH}`, {
      headers: { traceparent: `00-${traceId}-1a2b3c4d5e6f7a8b-01` },
    });
    expect(response.status).toBe(200);
    const services = ['retail-media-facade', 'retail-media-gateway', 'retail-media-subgraph-stores'];
    const ofTrace = () => receiver.spans.filter((s) => s.traceId === traceId);
    // Spans arrive in batches per process: wait until each service's spans and the gateway's parent are in.
    const complete = () => {
      const spans = ofTrace();
      const gateway = spans.find((s) => s.service === 'retail-media-gateway' && s.name === 'POST /graphql');
      return (
        services.every((name) => spans.some((s) => s.service === name)) &&
        spans.some((s) => s.spanId === gateway?.parentSpanId)
      );
    };
    for (let i = 0; i < 100 && !complete(); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const spans = ofTrace();
    const seen = new Set(spans.map((s) => s.service));
    for (const service of services) expect(seen.has(service), `${service} in ${[...seen].join(', ')}`).toBe(true);
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    const serverOf = (service: string) => spans.find((s) => s.service === service && s.name === 'POST /graphql');
    // Each hop's server span is the child of a span of the process that called it.
    expect(byId.get(serverOf('retail-media-gateway')?.parentSpanId ?? '')?.service).toBe('retail-media-facade');
    expect(byId.get(serverOf('retail-media-subgraph-stores')?.parentSpanId ?? '')).toMatchObject({
      service: 'retail-media-gateway',
      name: 'gateway.fetch',
    });
    expect(spans.find((s) => s.service === 'retail-media-facade' && s.name.startsWith('GET '))?.parentSpanId).toBe(
      '1a2b3c4d5e6f7a8b',
    );
  });
});
