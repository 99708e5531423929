/**
 * The separate-process topology end to end: the real entry points (each subgraph, the worker, the
 * gateway, the facade) as child processes on random ports over one fresh PostgreSQL database, answering exactly
 * as the one-process service does. Needs DATABASE_URL (PGlite is single-process); skipped, loudly,
 * without it, and a failure under CI (test/requirements.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe.skipIf(!databaseUrl)('separate-process topology (subgraphs, gateway, facade as services)', () => {
  let topology: Topology;
  let oneProcess: TestService;

  beforeAll(async () => {
    [topology, oneProcess] = await Promise.all([startTopology(), startTestService()]);
  }, 200_000);

  afterAll(async () => {
    await topology?.stop();
  }, 30_000);

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
