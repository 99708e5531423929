/**
 * A database outage answers 503 (REST, with Retry-After), UNAVAILABLE (GraphQL) and a 503 page
 * (/oauth), never a 500, is logged once per outage, and ends by itself when the database is back.
 * The service reaches the real PostgreSQL through a TCP proxy that the test cuts and restores, so it
 * needs DATABASE_URL (skipped, loudly, on the embedded database; a failure under CI).
 */
import { getIntrospectionQuery, type IntrospectionQuery } from 'graphql';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAllInOne, type RunningService } from '../processes/all-in-one/all-in-one.js';
import { loadEnv } from '../subgraphs/kernel/env.js';
import { createTestDatabase, withClient, type TestDatabase } from './fixtures/database.js';
import { TEST_OPERATOR_TOKEN } from './harness.js';
import { publicQueries, restReadPaths, type ReadCaller } from './read-paths.js';
import { hasPostgres } from './requirements.js';
import { TcpProxy } from './tcp-proxy.js';

const databaseUrl = hasPostgres('database-outage.e2e.test (cuts a real connection behind a TCP proxy)');

const b64 = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A well-formed access token of an unknown key: checking it reads the database. */
const FORGED_TOKEN = `${b64({ alg: 'EdDSA', typ: 'at+jwt', kid: 'kid-not-cached-0001' })}.${b64({ sub: 'x' })}.${'A'.repeat(86)}`;
const AUTHORIZE =
  '/oauth/authorize?client_id=rmp_demo_consumer_app&redirect_uri=http%3A%2F%2F127.0.0.1%3A8765%2Fcallback&response_type=code&scope=user.profile.read&state=s';

interface Answer {
  readonly status: number;
  readonly retryAfter: string | null;
  readonly body: string;
}

describe.skipIf(!databaseUrl)('database outage', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let service: RunningService;
  const logLines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const target = new URL(database.env.DATABASE_URL ?? '');
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    const proxied = new URL(target);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(await proxy.start());
    service = await startAllInOne(
      loadEnv({
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
        SEED_DEMO_DATA: 'true',
        DATA_DIR: 'memory://',
        DATABASE_URL: proxied.toString(),
      }),
    );
    const write = process.stderr.write.bind(process.stderr);
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        try {
          logLines.push(JSON.parse(line) as Record<string, unknown>);
        } catch {
          // not one of ours
        }
      }
      return write(chunk);
    });
  });

  afterAll(async () => {
    vi.restoreAllMocks();
    await service?.close();
    await proxy?.stop();
    await database?.drop();
  });

  async function call(path: string, init: RequestInit = {}): Promise<Answer> {
    const response = await fetch(`${service.url}${path}`, init);
    return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.text() };
  }

  const graphql = (query: string, token?: string, variables: Record<string, unknown> = {}): Promise<Answer> =>
    call('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });

  /** Every way in, each touching the database before or while it runs. */
  const requests: Record<string, () => Promise<Answer>> = {
    'REST public directory': () => call('/api/v1/public/stores?q=mart'),
    'REST with a bearer token (checked against the database first)': () =>
      call('/api/v1/user/devices/device-1', { method: 'DELETE', headers: { authorization: `Bearer ${FORGED_TOKEN}` } }),
    'REST token endpoint': () =>
      call('/api/v1/auth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grantType: 'authorization_code',
          clientId: 'rmp_demo_consumer_app',
          clientSecret: 'wrong',
          code: 'x',
          redirectUri: 'http://127.0.0.1:8765/callback',
        }),
      }),
    'GraphQL query': () => graphql('{ publicStores(pageSize: 5) { page items { name } } }'),
    'GraphQL with a bearer token (context creation)': () => graphql('{ __typename }', FORGED_TOKEN),
    'GraphQL as the operator': () =>
      graphql('{ publicStores(pageSize: 5) { page items { name } } }', TEST_OPERATOR_TOKEN),
    'authorization page': () => call(AUTHORIZE, { headers: { accept: 'text/html' } }),
  };

  function expectUnavailable(name: string, answer: Answer): void {
    expect(answer.status, `${name}: ${answer.body.slice(0, 300)}`).not.toBe(500);
    if (name.startsWith('GraphQL')) {
      const body = JSON.parse(answer.body) as { errors?: { extensions?: { code?: string } }[] };
      expect(body.errors?.[0]?.extensions?.code, name).toBe('UNAVAILABLE');
      expect(answer.body).not.toMatch(/ECONNREFUSED|terminated|stack/i);
      return;
    }
    expect(answer.status, name).toBe(503);
    expect(Number(answer.retryAfter), name).toBeGreaterThan(0);
    expect(answer.body).not.toMatch(/ECONNREFUSED|terminated|at .*\.js/);
    if (name === 'authorization page') expect(answer.body).toContain('<html');
    else expect(answer.body).toMatch(/unavailable/);
  }

  async function untilRecovered(): Promise<void> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const answer = await requests['REST public directory']!();
      if (answer.status === 200 || Date.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('answers normally while the database is reachable', async () => {
    expect((await requests['REST public directory']!()).status).toBe(200);
    expect((await requests['REST with a bearer token (checked against the database first)']!()).status).toBe(401);
    expect([200, 302]).toContain((await requests['authorization page']!()).status);
  });

  /** The server of the test database, as the database's owner (to take it offline). */
  async function asOwner(sql: string, values: unknown[] = []): Promise<void> {
    await withClient(process.env.DATABASE_URL ?? '', (client) => client.query(sql, values));
  }

  /**
   * The database refuses the service by name: connecting answers SQLSTATE 55000 ("not currently
   * accepting connections", as a database under maintenance does; a dropped or renamed one answers
   * 3D000), and the connections already open are terminated (57P01).
   */
  async function allowConnections(allowed: boolean): Promise<void> {
    const name = new URL(database.env.DATABASE_URL ?? '').pathname.slice(1);
    await asOwner(`alter database "${name}" allow_connections ${String(allowed)}`);
    if (!allowed) {
      await asOwner('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
    }
  }

  /** Ways the database becomes unavailable, and how each ends. */
  const OUTAGES: Readonly<Record<string, { begin(): Promise<void>; end(): Promise<void> }>> = {
    'connections are cut': { begin: () => proxy.setMode('drop'), end: () => proxy.setMode('pass') },
    'connections are refused': { begin: () => proxy.setMode('closed'), end: () => proxy.setMode('pass') },
    'the database does not accept connections': {
      begin: () => allowConnections(false),
      end: () => allowConnections(true),
    },
  };

  /** What every way in answers during an outage, one at a time and concurrently, and what /readyz says. */
  async function expectEveryAnswerUnavailable(): Promise<void> {
    for (const [name, request] of Object.entries(requests)) expectUnavailable(name, await request());
    // Under concurrency too.
    const entries = Object.entries(requests);
    const answers = await Promise.all(
      Array.from({ length: 28 }, (_, i) => entries[i % entries.length]!).map(async ([name, request]) => ({
        name,
        answer: await request(),
      })),
    );
    for (const { name, answer } of answers) expectUnavailable(name, answer);
    // The process is alive but not ready: a load balancer stops sending here, an orchestrator does not restart it.
    expect((await call('/healthz')).status).toBe(200);
    const notReady = await call('/readyz');
    expect({ status: notReady.status, body: JSON.parse(notReady.body) as unknown }).toEqual({
      status: 503,
      body: { status: 'unavailable' },
    });
  }

  for (const [outageName, outage] of Object.entries(OUTAGES)) {
    it(`answers 503 / UNAVAILABLE, never 500, while ${outageName}; recovers after`, async () => {
      const before = logLines.length;
      await outage.begin();
      try {
        await expectEveryAnswerUnavailable();
      } finally {
        await outage.end();
      }
      await untilRecovered();
      for (const [name, request] of Object.entries(requests).slice(0, 3)) {
        expect((await request()).status, name).not.toBe(503);
      }
      expect((await requests['GraphQL query']!()).body).toContain('items');
      expect((await call('/readyz')).status).toBe(200);

      const outageLines = logLines.slice(before).filter((l) => String(l.message).startsWith('database '));
      expect(outageLines.map((l) => l.message)).toEqual([
        'database unavailable; requests answer 503 until it recovers',
        'database available again',
      ]);
      expect(outageLines[0]).toMatchObject({ level: 'error' });
      expect(JSON.stringify(outageLines[0])).not.toContain('[object Object]');
      expect(Number(outageLines[1]?.failedRequests)).toBeGreaterThanOrEqual(30);
      expect(logLines.slice(before).filter((l) => l.level === 'error')).toHaveLength(1);
    });
  }

  /** A user-only row is called with a token whose check reads the database; the operator's does not. */
  const CREDENTIALS: Readonly<Record<ReadCaller, string | undefined>> = {
    anonymous: undefined,
    operator: TEST_OPERATOR_TOKEN,
    user: FORGED_TOKEN,
  };

  const graphqlCode = (answer: Answer): unknown =>
    (JSON.parse(answer.body) as { errors?: { extensions?: { code?: unknown } }[] }).errors?.[0]?.extensions?.code;

  /**
   * The reads that answer without the database, and why; every other GET row and public query must
   * answer 503 / UNAVAILABLE while the database is down.
   */
  const WITHOUT_DATABASE: Readonly<Record<string, string>> = {
    'GET /.well-known/oauth-authorization-server': 'metadata built from the configuration',
    'Query.authorizationServerMetadata': 'metadata built from the configuration',
    'Query.prefectures': 'a fixed vocabulary',
    'Query.storeTypes': 'a fixed vocabulary',
    'Query.introspectToken': 'a token that is not a JWT is inactive without a lookup',
    'GET /api/v1/wallet/apple/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier':
      'Apple Wallet is not configured here: no pass type is known',
    'Query.appleWalletUpdatedSerials': 'Apple Wallet is not configured here: no pass type is known',
    'GET /api/v1/wallet/apple/v1/passes/:passTypeIdentifier/:serialNumber':
      'a request without the ApplePass authorization is refused first',
    'Query.appleWalletLatestPass': 'a request without the ApplePass authorization is refused first',
  };

  /** Why `answer` is not what a read `name` owes during an outage, or null when it is. */
  function outageFault(name: string, answer: Answer & { readonly problem: boolean }): string | null {
    if (name in WITHOUT_DATABASE) return answer.status >= 500 ? `${name}: ${answer.status}` : null;
    if (answer.status === 503 && Number(answer.retryAfter) > 0 && answer.problem) return null;
    return `${name}: ${answer.status} retry-after=${answer.retryAfter} ${answer.body.slice(0, 200)}`;
  }

  it('every read path answers 503 with Retry-After (each GET row of the route table, each public query)', async () => {
    const introspection = JSON.parse((await graphql(getIntrospectionQuery())).body) as { data: IntrospectionQuery };
    const queries = publicQueries(introspection.data);
    const reads = restReadPaths();
    expect(reads.length).toBeGreaterThan(20);
    expect(queries.length).toBeGreaterThan(15);

    await proxy.setMode('drop');
    const faults: (string | null)[] = [];
    try {
      for (const read of reads) {
        const token = CREDENTIALS[read.caller];
        const response = await fetch(`${service.url}${read.path}`, {
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
        const problem = response.headers.get('content-type')?.startsWith('application/problem+json') ?? false;
        const answer = { status: response.status, retryAfter: response.headers.get('retry-after'), problem };
        faults.push(outageFault(read.name, { ...answer, body: await response.text() }));
      }
      for (const query of queries) {
        const answer = await graphql(query.document, undefined, query.variables);
        const code = graphqlCode(answer);
        // Over GraphQL the outage is the UNAVAILABLE code (HTTP 200 with errors, as graphql-over-http has it).
        const status =
          code === 'UNAVAILABLE' ? 503 : code === undefined ? 200 : code === 'INTERNAL_SERVER_ERROR' ? 500 : 400;
        faults.push(outageFault(query.operation, { ...answer, status, retryAfter: '5', problem: true }));
      }
    } finally {
      await proxy.setMode('pass');
      await untilRecovered();
    }
    expect(faults.filter(Boolean)).toEqual([]);
  });
});
