/**
 * The separate-process topology end to end: the real entry points (each subgraph, the worker, the
 * gateway, the facade) as child processes on random ports over one fresh PostgreSQL database, answering exactly
 * as the one-process service does; live subscriptions served by the gateway process; `/metrics` on every
 * process and one REST call as one trace across them. One topology serves the three (seven processes
 * cost about 40 s of CPU to start), with tracing on in every process. Needs DATABASE_URL (PGlite is
 * single-process); skipped, loudly, without it, and a failure under CI (test/requirements.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENTITIES, ALL_SUBGRAPHS } from '../subgraphs/index.js';
import { createOrm, rootEntityManager, type Orm } from '../subgraphs/kernel/db/orm.js';
import { findClient } from '../subgraphs/identity/oauth-client/client-credentials.js';
import { issueAuthorizationCode } from '../subgraphs/identity/oauth/authorization-code.js';
import { publishEvent, received, TestSubscriber } from '../gateway/subscriptions/subscriptions.fixtures.js';
import { loadEnv } from '../subgraphs/kernel/env.js';
import { CookieClient, formOf } from './fixtures/authorization.fixtures.js';
import { pkce } from './fixtures/oauth.fixtures.js';
import { startTestService, TEST_OPERATOR_TOKEN, type TestService } from './harness.js';
import { hasPostgres } from './requirements.js';
import { startTopology, type Topology } from './separate-topology.js';

const databaseUrl = hasPostgres('topology.e2e.test (separate processes share one database)')
  ? loadEnv().databaseUrl
  : undefined;
/** Demo credentials from processes/demo/demo-data.ts and processes/demo/demo-apps.ts (loaded by `migrate --demo-data`). */
const DEMO_USER = { email: 'hanako@example.com', password: 'hanako loves green tea' };
const DEMO_APPS = {
  consumer: {
    clientId: 'rmp_demo_consumer_app',
    clientSecret: 'rmps_demo_consumer_app_secret_for_demos_only',
    redirectUri: 'http://127.0.0.1:8765/callback',
  },
};
const SAMPLE_STORE = '01900000-0000-7000-8002-000000000001'; // public, さくらマート 渋谷店
const UNKNOWN_STORE = '01900000-0000-7000-8002-0000000fffff';

interface Answer {
  readonly status: number;
  readonly contentType: string | null;
  readonly requestId: string | null;
  readonly body: Record<string, unknown>;
}

async function get(baseUrl: string, path: string, requestId?: string): Promise<Answer> {
  const response = await fetch(`${baseUrl}${path}`, { headers: requestId ? { 'x-request-id': requestId } : {} });
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    requestId: response.headers.get('x-request-id'),
    body: (await response.json()) as Record<string, unknown>,
  };
}

/** A problem without its per-request `traceId`, for comparing two services' answers. */
function withoutTrace({ traceId: _traceId, ...rest }: Record<string, unknown>): Record<string, unknown> {
  return rest;
}

/** The demo partner app of さくらマート (processes/demo/demo-apps.ts) and that business's demo owner. */
const PARTNER = { clientId: 'rmp_demo_sakura_partner', clientSecret: 'rmps_demo_sakura_partner_secret_for_demos_only' };
const OWNER_EMAIL = 'owner@sakura-mart.example';
const BUSINESS_NAME = 'さくらマート株式会社';

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

describe.skipIf(!databaseUrl)('the separate topology', () => {
  let topology: Topology;
  let oneProcess: TestService;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    // Tracing on in every process, exported within 50 ms of a span's end.
    [topology, oneProcess] = await Promise.all([
      startTopology({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '50' }),
      startTestService(),
    ]);
  }, 200_000);

  afterAll(async () => {
    await topology?.stop();
    await new Promise((resolve) => receiver?.server.close(resolve));
  }, 30_000);

  describe('separate-process topology (subgraphs, gateway, facade as services)', () => {
    it('lists stores by prefecture exactly as the one-process service does', async () => {
      const path = `/api/v1/public/stores?prefecture=${encodeURIComponent('東京都')}&pageSize=100`;
      const [separate, single] = await Promise.all([get(topology.facadeUrl, path), get(oneProcess.url, path)]);
      expect(separate.status).toBe(200);
      expect((separate.body.items as unknown[]).length).toBeGreaterThan(5);
      expect(separate.body).toEqual(single.body);
      expect(separate.contentType).toBe(single.contentType);
    });

    it('answers a store detail exactly as the one-process service does (business resolved across subgraphs)', async () => {
      const path = `/api/v1/public/stores/${SAMPLE_STORE}`;
      const [separate, single] = await Promise.all([get(topology.facadeUrl, path), get(oneProcess.url, path)]);
      expect(separate.status).toBe(200);
      expect(separate.body).toMatchObject({ storeId: SAMPLE_STORE, business: { name: 'さくらマート株式会社' } });
      expect(separate.body).toEqual(single.body);
    });

    it('answers an unknown store with the same 404 problem, echoing X-Request-Id as its traceId', async () => {
      const path = `/api/v1/public/stores/${UNKNOWN_STORE}`;
      const separate = await get(topology.facadeUrl, path, 'topology-e2e-404');
      const single = await get(oneProcess.url, path);
      expect(separate.status).toBe(404);
      expect(separate.contentType).toMatch(/^application\/problem\+json/);
      expect(separate.requestId).toBe('topology-e2e-404');
      expect(separate.body).toMatchObject({
        status: 404,
        code: 'store_not_found',
        instance: path,
        traceId: 'topology-e2e-404',
      });
      expect(withoutTrace(separate.body)).toEqual(withoutTrace(single.body));
    });

    it('answers an invalid parameter with the same 400 problem', async () => {
      const path = '/api/v1/public/stores?page=0';
      const [separate, single] = await Promise.all([
        get(topology.facadeUrl, path, 'topology-e2e-400'),
        get(oneProcess.url, path),
      ]);
      expect(separate.status).toBe(400);
      expect(separate.requestId).toBe('topology-e2e-400');
      expect(separate.body).toMatchObject({
        code: 'validation_failed',
        errors: [expect.objectContaining({ path: 'page' })],
      });
      expect(withoutTrace(separate.body)).toEqual(withoutTrace(single.body));
    });

    it('runs the background jobs in the worker service: an ended browser session is swept', async () => {
      expect((await fetch(`${topology.workerUrl}/healthz`)).status).toBe(200);
      const client = new pg.Client({ connectionString: topology.databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query<{ id: string }>('select "id" from "user_account" where "email" = $1', [
          DEMO_USER.email,
        ]);
        const sessionId = randomUUID();
        await client.query(
          `insert into "browser_session" ("id", "created_at", "updated_at", "token_hash", "user_id", "expires_at",
           "idle_expires_at") values ($1, now(), now(), $2, $3, now() - interval '1 minute', now())`,
          [sessionId, randomBytes(32).toString('hex'), rows[0]?.id],
        );
        const deadline = Date.now() + 15_000;
        for (;;) {
          const left = await client.query('select 1 from "browser_session" where "id" = $1', [sessionId]);
          if (left.rowCount === 0) break;
          expect(Date.now(), 'the worker did not sweep the ended session').toBeLessThan(deadline);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      } finally {
        await client.end();
      }
    });

    it('gives every facade response an X-Request-Id, generated when the caller sent none', async () => {
      const answer = await get(topology.facadeUrl, '/api/v1/public/stores?pageSize=1');
      expect(answer.requestId).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('forwards the caller credential from the gateway to the subgraphs', async () => {
      const mutation =
        'mutation Create($input: CreateBusinessAccountInput!) { createBusinessAccount(input: $input) { id } }';
      const call = async (token?: string) => {
        const response = await fetch(topology.gatewayUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify({
            query: mutation,
            variables: { input: { name: 'Topology Test', ownerEmail: 'topology@example.com' } },
          }),
        });
        return (await response.json()) as {
          data?: { createBusinessAccount?: { id: string } } | null;
          errors?: { extensions?: { code?: string } }[];
        };
      };
      const asOperator = await call(TEST_OPERATOR_TOKEN);
      expect(asOperator.errors).toBeUndefined();
      expect(asOperator.data?.createBusinessAccount?.id).toMatch(/^[0-9a-f-]{36}$/);
      expect((await call()).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect((await call('not-the-operator-token')).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    });

    it('runs the OAuth flow through the separate facade, and every process honours the token and its refresh', async () => {
      const demo = DEMO_APPS.consumer;
      const { verifier, challenge } = pkce();
      const client = new CookieClient(topology.facadeUrl);
      const query = new URLSearchParams({
        client_id: demo.clientId,
        redirect_uri: demo.redirectUri,
        response_type: 'code',
        scope: 'user.profile.read',
        state: 'topology',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }).toString();
      const toSignIn = await client.request(`/oauth/authorize?${query}`);
      expect(toSignIn.status).toBe(302);
      const page = await client.request(toSignIn.headers.get('location')!);
      const form = formOf(await page.text(), '/oauth/sign-in');
      const signedIn = await client.post(form.action, {
        ...form.fields,
        email: DEMO_USER.email,
        password: DEMO_USER.password,
      });
      expect(signedIn.status).toBe(303);
      // A first-party app skips the consent page: straight back to the app with a code.
      const landed = await client.request(signedIn.headers.get('location')!);
      expect(landed.status).toBe(302);
      const callback = new URL(landed.headers.get('location')!);
      expect(`${callback.origin}${callback.pathname}`).toBe(demo.redirectUri);
      expect(callback.searchParams.get('state')).toBe('topology');

      const post = (path: string, body: unknown, token?: string) =>
        fetch(`${topology.facadeUrl}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        });
      const exchanged = await post('/api/v1/auth/token', {
        grantType: 'authorization_code',
        clientId: demo.clientId,
        clientSecret: demo.clientSecret,
        code: callback.searchParams.get('code'),
        redirectUri: demo.redirectUri,
        codeVerifier: verifier,
      });
      expect(exchanged.status).toBe(200);
      const first = (await exchanged.json()) as { accessToken: string; refreshToken: string };

      const viewer = async (token: string) => {
        const response = await fetch(topology.gatewayUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ query: '{ viewer { kind userId } }' }),
        });
        return (await response.json()) as {
          data?: { viewer?: { kind: string } } | null;
          errors?: { extensions?: { reason?: string } }[];
        };
      };
      expect((await viewer(first.accessToken)).data?.viewer?.kind).toBe('user');
      // The identity subgraph process authenticates the token the facade and the gateway forward.
      const device = await post(
        '/api/v1/user/devices',
        { deviceId: 'topology-phone', platform: 'ios' },
        first.accessToken,
      );
      expect(device.status).toBe(201);

      const refreshed = await post('/api/v1/auth/refresh', {
        refreshToken: first.refreshToken,
        clientId: demo.clientId,
        clientSecret: demo.clientSecret,
      });
      expect(refreshed.status).toBe(200);
      const second = (await refreshed.json()) as { accessToken: string };
      expect((await viewer(first.accessToken)).errors?.[0]?.extensions?.reason).toBe('invalid_token');
      expect((await viewer(second.accessToken)).data?.viewer?.kind).toBe('user');
      expect(
        (await post('/api/v1/user/devices', { deviceId: 'x-phone', platform: 'ios' }, first.accessToken)).status,
      ).toBe(401);
    });

    it('serves the receipt pages from the facade service: a sale, its page, the claim through sign-in', async () => {
      const operator = async <T>(query: string, variables: Record<string, unknown>): Promise<T> => {
        const response = await fetch(topology.gatewayUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
          body: JSON.stringify({ query, variables }),
        });
        const result = (await response.json()) as { data?: T; errors?: unknown[] };
        expect(result.errors).toBeUndefined();
        return result.data!;
      };
      const { createTerminal } = await operator<{ createTerminal: { publicTerminalId: string } }>(
        'mutation($input: CreateTerminalInput!) { createTerminal(input: $input) { publicTerminalId } }',
        { input: { storeId: SAMPLE_STORE } },
      );
      const terminal = createTerminal.publicTerminalId;
      await operator(
        'mutation($input: RecordTransactionInput!) { recordTransaction(input: $input) { transactionQrToken } }',
        {
          input: {
            publicTerminalId: terminal,
            totalAmount: 1100,
            items: [{ name: 'おにぎり', unitPrice: 1100, quantity: 1 }],
          },
        },
      );
      const client = new CookieClient(topology.facadeUrl);
      const page = await client.request(`/receipts/terminal/${terminal}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      // The store's name resolves through the gateway service from the stores subgraph service.
      expect(html).toContain('さくらマート 渋谷店');
      expect(html).toContain('¥1,100');
      const claim = formOf(html, `/receipts/terminal/${terminal}/claim`);
      let response = await client.post(claim.action, claim.fields);
      for (let step = 0; step < 8 && response.status >= 300 && response.status < 400; step++) {
        response = await client.request(response.headers.get('location')!);
        if (response.status === 200 && new URL(response.url).pathname === '/oauth/sign-in') {
          const form = formOf(await response.text(), '/oauth/sign-in');
          response = await client.post(form.action, { ...form.fields, ...DEMO_USER });
        }
      }
      expect(response.status).toBe(200);
      expect(new URL(response.url).pathname).toBe('/receipts/callback');
      expect(await response.text()).toContain('レシート一覧に保存されました');
    });

    it('refuses a document over a GraphQL limit and a broken body at the gateway service, as GraphQL errors', async () => {
      const call = (body: string) =>
        fetch(topology.gatewayUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      const aliases = Array.from({ length: 31 }, (_, i) => `a${i}: publicStores { total }`).join(' ');
      const tooMany = await call(JSON.stringify({ query: `{ ${aliases} }` }));
      expect(tooMany.status).toBe(400);
      expect(await tooMany.json()).toMatchObject({ errors: [{ extensions: { code: 'MAX_ALIASES_EXCEEDED' } }] });
      const broken = await call('{"query":');
      expect(broken.status).toBe(400);
      expect(broken.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await broken.json()).toMatchObject({ errors: [{ extensions: { code: 'BAD_REQUEST' } }] });
    });
  });

  describe('live subscriptions in the separate topology (gateway process, PostgreSQL)', () => {
    let orm: Orm;
    let businessAccountId: string;
    const subscribers: TestSubscriber[] = [];

    /** A business token of the さくらマート owner: a code issued as consent would, exchanged at the facade. */
    async function businessToken(): Promise<string> {
      const em = rootEntityManager(orm).fork();
      const client = (await findClient(em, PARTNER.clientId))!;
      const [owner] = await em.execute<{ id: string }[]>('select "id" from "user_account" where "email" = ?', [
        OWNER_EMAIL,
      ]);
      const { code } = await issueAuthorizationCode(em, {
        client,
        userId: owner!.id,
        businessAccountId,
        redirectUri: client.redirectUris[0]!,
        // The read scope of the events published below (order.*): a subscriber gets no other type.
        scopes: ['store.info.read', 'store.orders.read'],
      });
      const response = await fetch(`${topology.facadeUrl}/api/v1/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grantType: 'authorization_code',
          clientId: PARTNER.clientId,
          clientSecret: PARTNER.clientSecret,
          code,
          redirectUri: client.redirectUris[0],
        }),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { accessToken: string }).accessToken;
    }

    const gatewayBase = () => topology.gatewayUrl.replace(/\/graphql$/, '');
    function connect(token: string): TestSubscriber {
      const subscriber = new TestSubscriber(gatewayBase(), { authorization: `Bearer ${token}` });
      subscribers.push(subscriber);
      return subscriber;
    }

    beforeAll(async () => {
      orm = await createOrm({
        env: { databaseUrl: topology.databaseUrl, dataDir: '', debugSql: false },
        entities: ALL_ENTITIES,
        poolSize: 2,
      });
      const [business] = await rootEntityManager(orm)
        .fork()
        .execute<{ id: string }[]>('select "id" from "business_account" where "name" = ?', [BUSINESS_NAME]);
      businessAccountId = business!.id;
    });

    afterEach(async () => {
      await Promise.all(subscribers.splice(0).map((s) => s.dispose()));
    });

    afterAll(async () => {
      await orm?.close(true);
    });

    it('delivers an event published through PostgreSQL NOTIFY to a subscriber of the gateway process', async () => {
      const em = rootEntityManager(orm);
      const marker = await publishEvent(em, businessAccountId);
      const subscriber = connect(await businessToken());
      subscriber.subscribe({ after: marker.id });
      const event = await publishEvent(em, businessAccountId, { type: 'order.created', data: { total: 1280 } });
      expect(await subscriber.waitForEvents(1)).toEqual([received(event)]);
    });

    it('refuses an invalid token and disconnects a token revoked at the facade', async () => {
      expect(await connect('not-a-token').waitForClose()).toEqual({ code: 4401, reason: 'Unauthorized' });

      const token = await businessToken();
      const subscriber = connect(token);
      const marker = await publishEvent(rootEntityManager(orm), businessAccountId);
      subscriber.subscribe({ after: marker.id });
      const event = await publishEvent(rootEntityManager(orm), businessAccountId, { type: 'order.paid' });
      expect(await subscriber.waitForEvents(1)).toEqual([received(event)]);
      const revoked = await fetch(`${topology.facadeUrl}/api/v1/auth/revoke`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      expect(revoked.status).toBe(200);
      expect((await subscriber.waitForClose(15_000)).code).toBe(4401);
    }, 30_000);
  });

  describe('observability of the separate topology', () => {
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
});
